// The battle screen: pick a ruleset, a luck system and the forces, then roll
// round by round. Each roll asks pycore to replay the battle from its seed
// with one round more (the same seed always gives the same dice), so the
// state of a battle is just its request — which is also its share link.

import {el, clear} from "./dom.js";
import {BUILT_IN, SYSTEM_NOTES} from "./rulesets.js";
import {createForces} from "./forces.js";
import {renderRound, outcomeText, listUnits} from "./log.js";
import {newSeed} from "./seed.js";

const OFFLINE_HINT = "You seem to be offline on a first visit — connect once, then Luckdial works offline.";

const motion = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

// The ruleset and system a group plays all evening are remembered on this device.
const PREFS = "luckdial.battle.prefs";
function loadPrefs() {
  try {
    return JSON.parse(localStorage.getItem(PREFS)) || {};
  } catch {
    return {};
  }
}
function savePrefs(prefs) {
  try {
    localStorage.setItem(PREFS, JSON.stringify(prefs));
  } catch {
    // storage refused (private mode): nothing to remember, nothing lost
  }
}

export function init(client, section) {
  let data = BUILT_IN;
  let battle = null; // {base: resolve request without rounds/choices, result}
  let busy = false;
  let engine = "loading"; // "loading" | "ready" | "failed"
  let percent = 0;

  // ---- form ---------------------------------------------------------------
  const rulesetSelect = el("select", {id: "ruleset", name: "ruleset"});
  const systemNote = el("p", {class: "hint", id: "system-note"});
  const systemBox = el("div", {class: "segmented", role: "radiogroup", "aria-label": "Luck system", id: "system"});
  const attacker = createForces({side: "attacker", title: "Attacker", stat: "attack"});
  const defender = createForces({side: "defender", title: "Defender", stat: "defense"});
  const seedInput = el("input", {id: "seed", name: "seed", type: "text", autocomplete: "off", autocapitalize: "off",
    spellcheck: "false", value: newSeed(), "aria-describedby": "seed-hint"});
  const seedButton = el("button", {type: "button", class: "small", id: "new-seed"}, "New seed");
  const settings = el("fieldset", {class: "settings"},
    el("legend", {class: "visually-hidden"}, "Battle settings"),
    el("div", {class: "field"}, el("label", {for: "ruleset"}, "Ruleset"), rulesetSelect),
    el("div", {class: "field"}, el("span", {class: "label", id: "system-label"}, "Luck system"), systemBox, systemNote));
  const seedField = el("fieldset", {class: "settings seed-field"},
    el("legend", {class: "visually-hidden"}, "Dice seed"),
    el("div", {class: "field"}, el("label", {for: "seed"}, "Seed"),
      el("div", {class: "seed-row"}, seedInput, seedButton),
      el("p", {class: "hint", id: "seed-hint"}, "The same seed always rolls the same dice.")));
  const form = el("form", {class: "battle-form", id: "battle-form", novalidate: true},
    settings, attacker.node, defender.node, seedField);

  // ---- log, outcome, share --------------------------------------------------
  const logHeader = el("div", {class: "log-header"});
  const rounds = el("div", {class: "rounds"});
  const outcome = el("div", {class: "outcome", id: "outcome", role: "status", hidden: true});
  const linkField = el("input", {id: "share-link", type: "url", readOnly: true, "aria-label": "Link to this battle"});
  const shareStatus = el("p", {class: "hint", id: "share-status", role: "status"});
  const sharePanel = el("div", {class: "share-panel", id: "share-panel", hidden: true},
    el("label", {for: "share-link"}, "Link to this battle"), linkField, shareStatus);
  const log = el("section", {class: "log", id: "battle-log", "aria-label": "Battle log", hidden: true},
    el("h2", {}, "Battle log"), logHeader, rounds, outcome, sharePanel);

  // ---- sticky action bar ----------------------------------------------------
  const message = el("div", {class: "message", id: "battle-message", role: "alert", hidden: true});
  const rollButton = el("button", {type: "button", class: "primary", id: "roll"}, "Roll round 1");
  const pressButton = el("button", {type: "button", class: "primary", id: "press"}, "Press on");
  const retreatButton = el("button", {type: "button", class: "secondary", id: "retreat"}, "Retreat");
  const shareButton = el("button", {type: "button", class: "primary", id: "share"}, "Share this battle");
  const newButton = el("button", {type: "button", class: "secondary", id: "new-battle"}, "New battle");
  const progress = el("progress", {class: "load-progress", max: 100, value: 0, "aria-label": "Loading Python"});
  const actions = el("div", {class: "actions"}, message, progress,
    el("div", {class: "buttons"}, rollButton, pressButton, retreatButton, shareButton, newButton));

  section.replaceChildren(form, log, actions);

  // ---- helpers --------------------------------------------------------------
  const currentRuleset = () => data.rulesets.find((r) => r.id === rulesetSelect.value) || data.rulesets[0];
  const currentSystem = () => systemBox.querySelector("input:checked")?.value || "dice";
  const battleUnits = (ruleset) => ruleset.units.filter((u) => data.battle_units.includes(u.id));
  const note = (id) => data.systems.find((s) => s.id === id)?.summary || SYSTEM_NOTES[id] || "";
  const unitNames = () => new Map(currentRuleset().units.map((u) => [u.id, u.name]));

  function fillPickers() {
    const chosen = rulesetSelect.value || loadPrefs().ruleset || "classic";
    rulesetSelect.replaceChildren(...data.rulesets.map((r) => el("option", {value: r.id}, r.name)));
    rulesetSelect.value = data.rulesets.some((r) => r.id === chosen) ? chosen : data.rulesets[0].id;
    const system = systemBox.querySelector("input:checked")?.value || loadPrefs().system || "lowluck";
    systemBox.replaceChildren(...data.systems.map((s) => {
      const input = el("input", {type: "radio", name: "system", id: `system-${s.id}`, value: s.id, checked: s.id === system});
      input.addEventListener("change", () => { systemNote.textContent = note(s.id); edited(); });
      return el("label", {for: `system-${s.id}`, class: "segment"}, input, el("span", {}, s.name));
    }));
    if (!systemBox.querySelector("input:checked")) systemBox.querySelector("input").checked = true;
    systemNote.textContent = note(currentSystem());
    fillUnits();
  }

  function fillUnits() {
    attacker.setUnits(battleUnits(currentRuleset()));
    defender.setUnits(battleUnits(currentRuleset()));
  }

  function showMessage(text, kind = "error", detail = "") {
    message.replaceChildren(text, detail ? el("span", {class: "detail"}, detail) : "");
    message.hidden = !text;
    message.classList.toggle("info", kind === "info");
    message.setAttribute("role", kind === "info" ? "status" : "alert");
  }

  // Point at the field a pycore error names: "seed", "attacker.units.tank", …
  function markField(field) {
    const path = (field || "").split(".");
    for (const node of [rulesetSelect, systemBox, seedInput]) {
      node.classList.remove("invalid");
      node.removeAttribute("aria-invalid");
    }
    attacker.markInvalid(null);
    defender.markInvalid(null);
    const side = {attacker, defender}[path[0]];
    if (side) side.markInvalid(path[1] === "units" && path[2] ? path[2] : true);
    const single = {ruleset: rulesetSelect, system: systemBox, seed: seedInput}[path[0]];
    if (single) {
      single.classList.add("invalid");
      single.setAttribute("aria-invalid", "true");
    }
  }

  function showError(error, prefix = "") {
    showMessage(prefix + (error?.message || "Something went wrong."));
    markField(error?.field);
  }

  function edited() {
    if (!battle) {
      showMessage("");
      markField(null);
    }
  }

  function setPhase() {
    const result = battle?.result;
    const fighting = result && result.outcome === "in_progress";
    const over = result && !fighting;
    const setup = !result;
    const n = result ? result.rounds.length : 0;
    rollButton.hidden = !setup;
    pressButton.hidden = retreatButton.hidden = !fighting;
    shareButton.hidden = newButton.hidden = !over;
    progress.hidden = engine !== "loading";
    progress.value = percent;
    if (engine === "loading") rollButton.textContent = `Loading Python… ${percent}%`;
    else if (engine === "failed") rollButton.textContent = "Battle engine unavailable";
    else rollButton.textContent = busy ? "Rolling…" : "Roll round 1";
    if (busy) pressButton.textContent = "Rolling…";
    else pressButton.replaceChildren("Press on", el("span", {class: "sub"}, ` (round ${n + 1})`));
    rollButton.disabled = engine !== "ready" || busy;
    pressButton.disabled = retreatButton.disabled = busy;
    const locked = Boolean(battle) || busy;
    settings.disabled = seedField.disabled = locked;
    attacker.setDisabled(locked);
    defender.setDisabled(locked);
    form.classList.toggle("locked", locked);
    // During a battle the log's header shows the set-up: the form steps aside.
    form.hidden = Boolean(battle);
  }

  // ---- the battle -------------------------------------------------------------
  function renderLog() {
    const result = battle?.result;
    log.hidden = !result;
    clear(rounds);
    outcome.hidden = true;
    sharePanel.hidden = true;
    if (!result) return;
    const names = unitNames();
    const system = result.system?.name || battle.base.system.name;
    const rulesetName = currentRuleset().name;
    const systemName = data.systems.find((s) => s.id === system)?.name || system;
    logHeader.replaceChildren(
      el("p", {class: "setup-line"}, `${rulesetName} · ${systemName} · seed “${result.seed ?? battle.base.seed}”`),
      el("p", {class: "start"}, el("strong", {}, "Attacker: "), listUnits(battle.base.attacker.units, names, "nothing")),
      el("p", {class: "start"}, el("strong", {}, "Defender: "), listUnits(battle.base.defender.units, names, "nothing")));
    result.rounds.forEach((round, i) => rounds.append(renderRound(round, {
      names, system, last: i === result.rounds.length - 1, outcome: result.outcome})));
    const words = outcomeText(result, names);
    if (words) {
      outcome.hidden = false;
      outcome.className = `outcome ${result.outcome}`;
      outcome.textContent = words;
    }
    const last = words ? outcome : rounds.lastElementChild;
    last?.scrollIntoView({block: "end", behavior: motion()});
  }

  async function play(request) {
    busy = true;
    setPhase();
    const envelope = await client.call(request);
    busy = false;
    if (!envelope.ok) {
      showError(envelope.error);
      setPhase();
      return false;
    }
    showMessage("");
    markField(null);
    const {rounds: _r, choices: _c, ...base} = request;
    battle = {base, result: envelope.result};
    history.replaceState(null, "", "#" + envelope.result.link);
    renderLog();
    setPhase();
    return true;
  }

  function formRequest() {
    savePrefs({ruleset: rulesetSelect.value, system: currentSystem()});
    return {op: "resolve", ruleset: rulesetSelect.value, system: {name: currentSystem()},
      attacker: {units: attacker.getCounts()}, defender: {units: defender.getCounts()}, seed: seedInput.value};
  }

  rollButton.addEventListener("click", () => play({...formRequest(), rounds: 1}));
  pressButton.addEventListener("click", () => play({...battle.base, rounds: battle.result.rounds.length + 1}));
  retreatButton.addEventListener("click", () => {
    const n = battle.result.rounds.length;
    play({...battle.base, rounds: n, choices: [...Array(n - 1).fill("press"), "retreat"]});
  });
  shareButton.addEventListener("click", async () => {
    const url = location.href.split("#")[0] + "#" + battle.result.link;
    linkField.value = url;
    sharePanel.hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      shareStatus.textContent = "Link copied. Anyone who opens it sees this very battle.";
    } catch {
      linkField.focus();
      linkField.select();
      shareStatus.textContent = "Copy the link above to share this very battle.";
    }
    sharePanel.scrollIntoView({block: "end", behavior: motion()});
  });
  newButton.addEventListener("click", () => {
    battle = null;
    seedInput.value = newSeed();
    history.replaceState(null, "", location.pathname + location.search);
    renderLog();
    setPhase();
    window.scrollTo({top: 0, behavior: motion()});
  });
  seedButton.addEventListener("click", () => { seedInput.value = newSeed(); edited(); });
  rulesetSelect.addEventListener("change", () => { fillUnits(); edited(); });
  form.addEventListener("input", edited);
  form.addEventListener("submit", (event) => event.preventDefault());

  // ---- share links --------------------------------------------------------------
  async function openLink(fragment) {
    battle = null;
    renderLog();
    attacker.setCounts({});
    defender.setCounts({});
    showMessage("Opening the shared link…", "info");
    setPhase();
    const envelope = await client.call({op: "share", decode: fragment});
    if (!envelope.ok) {
      showError(envelope.error, "This link is damaged or was edited: ");
      return;
    }
    const request = envelope.result.request;
    if (request.op !== "resolve") { // another screen's link: that screen opens it
      showMessage("");
      return;
    }
    rulesetSelect.value = request.ruleset;
    fillUnits();
    const radio = systemBox.querySelector(`input[value="${CSS.escape(request.system.name)}"]`);
    if (radio) radio.checked = true;
    systemNote.textContent = note(currentSystem());
    attacker.setCounts(request.attacker.units);
    defender.setCounts(request.defender.units);
    if (typeof request.seed === "string") seedInput.value = request.seed;
    await play(request);
  }

  window.addEventListener("hashchange", () => {
    const hash = location.hash;
    if (engine === "ready" && hash.startsWith("#v1.") && hash !== "#" + battle?.result?.link) openLink(hash.slice(1));
  });

  // ---- start --------------------------------------------------------------------
  fillPickers();
  setPhase();
  client.onProgress(({done, total}) => {
    percent = total ? Math.min(99, Math.floor((100 * done) / total)) : 0;
    setPhase();
  });
  const link = location.hash.startsWith("#v1.") ? location.hash.slice(1) : null;
  if (link) showMessage("Opening the shared link once Python is ready…", "info");

  return new Promise((resolve) => {
    client.onFailed((reason) => {
      engine = "failed";
      const offline = !navigator.onLine || /fetch|network|stalled|nothing arrived|load/i.test(reason);
      showMessage(`Could not load the battle engine. ${offline ? OFFLINE_HINT : "Please reload the page."}`, "error", reason);
      setPhase();
      resolve();
    });
    client.onReady(async () => {
      try {
        const envelope = await client.call({op: "rulesets"});
        if (envelope.ok) {
          data = envelope.result;
          fillPickers();
        } else {
          showError(envelope.error, "Could not read the rulesets: ");
        }
        engine = "ready";
        setPhase();
        if (link) await openLink(link);
      } catch (error) {
        showMessage("Luckdial failed while starting the battle screen. Please report it.", "error", String(error));
      } finally {
        resolve();
      }
    });
  });
}
