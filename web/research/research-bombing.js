// The bombing part of the Research screen: a raid form (op "bombing"), the fees a nation owes this
// turn, and the end-of-turn settlement. The fees owed live in the research game (research-store.js)
// so they survive a reload until the turn is settled. An AA gun's rockets (the Rockets tech) strike the same
// factory, with or without bombers: one under dice and Low Luck, up to 20 under A&A Chess (docs/rules.md §5
// "Rockets"); their die is rolled, or entered, like the raid's.

import {copyInto} from "../kit/copy.js";
import {shareUrl} from "../kit/share.js";
import {inWords} from "../kit/feedback.js";
import {el, clear, append} from "../kit/dom.js";
import {newSeed} from "./research-store.js";
import {stepper, segmented, diceKeypad} from "../kit/widgets.js";

const RULESETS = [["classic", "Classic"], ["revised", "Revised"], ["anniversary", "Anniversary"],
  ["1942-2e", "1942 (2nd ed.)"], ["1940-2e", "1940 (2nd ed.)"], ["big-world-1942", "Big World 1942"]];
// Short enough for the select at 360 px (at most 24 characters; longer ones were cut).
const LL_RULES = [["standard", "Standard: 2–3 per bomber"], ["A", "A: 3 a bomber set aside"],
  ["B", "B: AA, survivors 1–6"], ["C", "C: AA, survivors 3–4"]];
const VARIANTS = [["orthodox", "Orthodox"], ["ryof", "RYOF"], ["ryof6", "RYOF<6 (fractions rolled)"], ["cof", "COF"], ["cofr", "COFR"]];

// The players' own dice, in the order pycore asks for them (AA fire, then damage, then the fee; the rocket's
// die wherever pycore asks for it: the pads are shown in the order asked).
const DICE_KINDS = [["aa", "AA dice"], ["damage", "Damage dice"], ["fee", "Fee dice"], ["rockets", "Rocket die"]];
const DIE_WORDS = {aa: ["AA die", "AA dice"], damage: ["damage die", "damage dice"], fee: ["fee die", "fee dice"],
  rockets: ["rocket die", "rocket dice"]};
/** Rockets on one factory: one under dice and Low Luck (seed 002), up to 20 under A&A Chess (docs/research.md). */
const MOST_ROCKETS = {dice: 1, lowluck: 1, chess: 20};

/** The dice pycore says the raid still lacks (error.detail.dice_needed: {kind, count, sides}), or null. */
function diceNeeded(error) {
  const need = error?.detail?.dice_needed;
  return need && DICE_KINDS.some(([kind]) => kind === need.kind) ? need : null;
}

const options = (pairs) => pairs.map(([value, text]) => el("option", {value}, text));

// A raid's fields in the player's words (pycore names them "rolls.fee", "settle.money", … docs/api.md bombing).
const RAID_WORDS = {"rolls.aa": "AA dice", "rolls.damage": "Damage dice", "rolls.fee": "Fee dice",
  "rolls.rockets": "Rocket die", rockets: "Rockets", bombers: "Bombers",
  system: "Luck system", rule: "Low Luck rule", ruleset: "Ruleset", variant: "Variant", value: "Territory value",
  "settle.money": "Money", "settle.bombers": "Bombers owned", "settle.fees": "Fees owed"};
/** An error of a bombing request in words, its field path left out. */
export function raidWords(error) {
  const key = Object.keys(RAID_WORDS).find((name) => error?.field === name || error?.field?.startsWith(`${name}[`) ||
    error?.field?.startsWith(`${name}.`));
  return inWords(error, key ? RAID_WORDS[key] : "");
}

function whole(input, label, max, {optional = false} = {}) {
  const raw = input.value.trim();
  if (!raw && optional) return {value: undefined};
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > max) return {problem: `${label} must be a whole number from 0 to ${max}, got "${raw}".`};
  return {value: n};
}

export function createBombing(client, {nation, changed, ready = () => true}) {
  const system = el("select", {id: "bomb-system"}, options([["lowluck", "Low Luck"], ["dice", "Dice"], ["chess", "A&A Chess"]]));
  const bombersStep = stepper("bomb-bombers", "Bombers", {min: 1, max: 99, value: 1, onChange: () => setupChanged()});
  const bombers = bombersStep.input;
  const rocketsStep = stepper("bomb-rockets", "Rockets", {min: 0, max: MOST_ROCKETS.lowluck, value: 0, onChange: () => { rocketsChanged(); setupChanged(); }});
  rocketsStep.input.setAttribute("aria-describedby", "bomb-rockets-hint");
  const rockets = rocketsStep.input;
  const rocketsHint = el("p", {class: "hint rd-rockets-hint", id: "bomb-rockets-hint"});
  const aa = el("input", {id: "bomb-aa", type: "checkbox", checked: true});
  const heavy = el("input", {id: "bomb-heavy", type: "checkbox"});
  const rule = el("select", {id: "bomb-rule"}, options(LL_RULES));
  const ruleset = el("select", {id: "bomb-ruleset"}, options(RULESETS));
  const variant = el("select", {id: "bomb-variant"}, options(VARIANTS));
  const value = el("input", {id: "bomb-value", type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "—"});
  const ruleField = el("div", {class: "field"}, el("label", {for: "bomb-rule"}, "Low Luck rule"), rule);
  const rulesetField = el("div", {class: "field", hidden: true}, el("label", {for: "bomb-ruleset"}, "Ruleset"), ruleset);
  const variantField = el("div", {class: "field", hidden: true}, el("label", {for: "bomb-variant"}, "Variant"), variant);
  const error = el("p", {class: "rd-field-error", id: "bomb-error", role: "alert", hidden: true});
  // Who rolls: the app (a fresh seed per raid) or the players, whose dice are asked for as pycore needs them.
  const diceMode = segmented("bomb-dice", "Who rolls the raid's dice", [["app", "App rolls"], ["own", "I roll my own dice"]],
    () => { showMode(); probe(); });
  diceMode.value = "app";
  const pads = Object.fromEntries(DICE_KINDS.map(([kind, label]) =>
    [kind, diceKeypad(`bomb-own-${kind}`, label, {onChange: () => { pads[kind].invalid = false; say(error, ""); probe(); }})]));
  for (const pad of Object.values(pads)) pad.node.hidden = true;
  const padBox = el("div", {class: "rd-pads", id: "bomb-own-pads"}, Object.values(pads).map((pad) => pad.node));
  const ownStatus = el("p", {class: "hint rd-own-status", id: "bomb-own-status", role: "status"});
  const ownPanel = el("div", {id: "bomb-own", hidden: true},
    el("p", {class: "hint"}, "Roll at the table, then tap each die. The dice the raid needs are asked for in order: AA fire first, then damage, then the fee."),
    padBox, ownStatus);
  const raidButton = el("button", {type: "submit", class: "primary", id: "bomb-raid"}, "Raid");
  const form = el("form", {class: "rd-card", id: "bomb-form", novalidate: true},
    el("h3", {}, "Strategic bombing raid"),
    el("div", {class: "field"}, el("label", {for: "bomb-system"}, "System"), system),
    el("div", {class: "field rd-inline"}, el("label", {for: "bomb-bombers"}, "Bombers"), bombersStep.node),
    el("div", {class: "field rd-inline", id: "bomb-rockets-field"}, el("label", {for: "bomb-rockets"}, "Rockets"), rocketsStep.node),
    rocketsHint,
    el("label", {class: "rd-check"}, aa, " The factory has AA"),
    el("label", {class: "rd-check"}, heavy, " Heavy Bombers"),
    ruleField, rulesetField, variantField,
    el("div", {class: "field rd-inline"}, el("label", {for: "bomb-value"}, "Territory value (cap)"), value),
    el("div", {class: "field"}, el("span", {class: "label"}, "Dice"), diceMode.node, ownPanel),
    error, el("div", {class: "buttons rd-buttons"}, raidButton));
  const outcome = el("div", {class: "rd-card rd-raid", id: "bomb-result", role: "status", hidden: true});

  const owed = el("strong", {id: "bomb-owed"}, "0");
  const money = el("input", {id: "settle-money", type: "text", inputmode: "numeric", autocomplete: "off"});
  const owned = el("input", {id: "settle-bombers", type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "—"});
  const settleError = el("p", {class: "rd-field-error", id: "settle-error", role: "alert", hidden: true});
  const settleButton = el("button", {type: "submit", class: "primary", id: "settle"}, "Settle end of turn");
  const settleResult = el("p", {class: "rd-next", id: "settle-result", role: "status", hidden: true});
  const settleForm = el("form", {class: "rd-card", id: "settle-form", novalidate: true},
    el("h3", {}, "End of turn: bombing fees"),
    el("p", {}, "Fees owed this turn: ", owed),
    el("div", {class: "field rd-inline"}, el("label", {for: "settle-money"}, "Money after income"), money),
    el("div", {class: "field rd-inline"}, el("label", {for: "settle-bombers"}, "Bombers owned"), owned),
    el("p", {class: "hint"}, "Unpaid fees cost one bomber per 2.5 lacking, rounded against the attacker (the Low Luck A&A rules, §5d)."),
    settleError, el("div", {class: "buttons rd-buttons"}, settleButton), settleResult);
  const log = el("ol", {class: "rd-history", id: "bomb-log", reversed: true});
  const logBox = el("section", {class: "rd-card", "aria-label": "Bombing log"}, el("h3", {}, "Bombing log"), log);
  const node = el("div", {id: "research-bombing", hidden: true}, form, outcome, settleForm, logBox);

  system.addEventListener("change", () => {
    ruleField.hidden = system.value !== "lowluck";
    rulesetField.hidden = system.value !== "dice";
    variantField.hidden = system.value !== "chess";
    sayRockets();
  });

  /** What a rocket does under the system chosen, in a line; the − + stop at what the system allows. */
  function sayRockets() {
    const most = MOST_ROCKETS[system.value] ?? 1;
    rocketsStep.limits = {min: 0, max: most};
    if (rocketsStep.value > most) { rocketsStep.value = most; rocketsChanged(); } // chess's 5 rockets are dice's one
    rocketsHint.textContent = system.value === "chess"
      ? "Your AA guns' rockets (Rockets tech) at this factory: 3 damage each, no bomber needed."
      : "Your AA gun's rocket (Rockets tech): one die of damage, at most the territory's value; one rocket a factory, no bomber needed.";
  }

  /** With a rocket a raid may have no bomber (seed 002): the bombers may go down to 0. */
  function rocketsChanged() {
    bombersStep.limits = {min: rocketsStep.value > 0 ? 0 : 1, max: 99};
  }
  sayRockets();
  // Any change of the raid's setup may change the dice it needs (not the dice pads' own buttons).
  for (const type of ["input", "change"]) {
    form.addEventListener(type, (event) => { if (!ownPanel.contains(event.target) && event.target.name !== "bomb-dice") setupChanged(); });
  }

  const say = (box, text) => { box.hidden = !text; box.textContent = text || ""; };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const current = nation();
    if (!current) return;
    const {request, problem} = setup();
    say(error, problem);
    if (problem) return;
    const own = diceMode.value === "own";
    if (own) request.rolls = ownRolls();
    else request.seed = newSeed();
    raidButton.disabled = true;
    const envelope = await client.call(request);
    raidButton.disabled = false;
    if (!envelope.ok) {
      // The players' dice stay as entered; the pad pycore names is marked.
      const kind = /^rolls\.(aa|damage|fee|rockets)/.exec(envelope.error.field || "")?.[1];
      if (own && kind) pads[kind].invalid = true;
      return say(error, raidWords(envelope.error));
    }
    const r = envelope.result;
    showRaid(outcome, r, own);
    const fired = r.rockets ? `, ${r.rockets} rocket${r.rockets === 1 ? "" : "s"}` : "";
    let line = `Raid: ${r.bombers} bombers${fired} (${r.system}${r.rule ? " " + r.rule : ""}${own ? ", own dice" : ""}), damage ${r.damage.total}`;
    if (r.fee && r.fee.refund === undefined) {
      current.bombing.owed += r.fee.total;
      line += `, fee ${r.fee.total} owed`;
    } else if (r.fee) line += `, fee ${r.fee.total} paid from the ${r.fee.reserve} set aside`;
    current.bombing.log.push(line + ".");
    if (own) {
      for (const pad of Object.values(pads)) pad.clear(); // the next raid is rolled anew
      probe();
    }
    changed();
    render();
  });

  // ---- the request, and the players' own dice ---------------------------------------------
  function setup() {
    const count = whole(bombers, "Bombers", 99);
    const cap = whole(value, "Territory value", 99, {optional: true});
    const fired = whole(rockets, "Rockets", 20);
    const problem = count.problem || cap.problem || fired.problem ||
      (count.value < 1 && !fired.value ? "At least 1 bomber raids, or a rocket strikes." : "");
    if (problem) return {problem};
    const request = {op: "bombing", system: system.value, bombers: count.value, aa: aa.checked, heavy_bombers: heavy.checked};
    if (fired.value) request.rockets = fired.value; // pycore refuses more than its system allows, with the reason
    if (cap.value !== undefined) request.territory_value = cap.value;
    if (system.value === "lowluck") request.rule = rule.value;
    if (system.value === "dice") request.ruleset = ruleset.value;
    if (system.value === "chess") request.variant = variant.value;
    return {request};
  }

  /** What the players entered, for every pad shown (an unfinished pad as far as it goes). */
  function ownRolls() {
    const rolls = {};
    for (const [kind] of DICE_KINDS) if (!pads[kind].node.hidden) rolls[kind] = pads[kind].values;
    return rolls;
  }

  function showMode() {
    const own = diceMode.value === "own";
    ownPanel.hidden = !own;
    raidButton.textContent = own ? "Raid with my dice" : "Raid";
  }

  let probing = 0;
  function setupChanged() {
    say(error, "");
    probe();
  }

  /**
   * Asks pycore which dice the raid needs, one kind at a time: the request goes without a seed and
   * with the finished pads, and pycore names the next dice it lacks (error.detail.dice_needed). The
   * AA dice decide how many bombers are left to roll damage, so the pads after a changed one are
   * asked for again; what was entered is kept. The page counts no rule itself.
   */
  async function probe() {
    const id = ++probing;
    if (diceMode.value !== "own") return;
    const {request, problem} = setup();
    if (problem) return say(ownStatus, `Set up the raid first: ${problem}`);
    if (!ready()) return say(ownStatus, "The dice needed are shown once the rules are loaded.");
    const rolls = {};
    const needed = [];
    let status = "";
    for (let asked = 0; asked <= DICE_KINDS.length; asked++) {
      const envelope = await client.call({...request, rolls: {...rolls}});
      if (id !== probing) return; // the setup or a die changed meanwhile: a newer probe answers
      if (envelope.ok) {
        const total = needed.reduce((sum, kind) => sum + pads[kind].count, 0);
        status = total ? `All ${total} ${total === 1 ? "die" : "dice"} entered: press “Raid with my dice”.`
          : "This raid rolls no dice: press “Raid with my dice”.";
        break;
      }
      const need = diceNeeded(envelope.error);
      if (!need || needed.includes(need.kind)) { status = raidWords(envelope.error); break; }
      needed.push(need.kind);
      pads[need.kind].need(need.count, need.sides);
      pads[need.kind].title = `${DICE_KINDS.find(([k]) => k === need.kind)[1]}: ${need.count} × d${need.sides}`;
      if (!pads[need.kind].complete) {
        const left = need.count - pads[need.kind].values.length;
        status = `Tap ${left} more ${DIE_WORDS[need.kind][left === 1 ? 0 : 1]} (1–${need.sides}).`;
        break;
      }
      rolls[need.kind] = pads[need.kind].values;
    }
    for (const [kind] of DICE_KINDS) pads[kind].node.hidden = !needed.includes(kind);
    for (const kind of needed) padBox.append(pads[kind].node); // in the order pycore asked for them
    say(ownStatus, status);
  }

  settleForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const current = nation();
    if (!current) return;
    const cash = whole(money, "Money", 99999);
    const fleet = whole(owned, "Bombers owned", 9999, {optional: true});
    const problem = cash.problem || fleet.problem;
    say(settleError, problem);
    if (problem) return;
    const settle = {fees: current.bombing.owed, money: cash.value};
    if (fleet.value !== undefined) settle.bombers = fleet.value;
    const envelope = await client.call({op: "bombing", settle});
    if (!envelope.ok) return say(settleError, raidWords(envelope.error));
    const s = envelope.result.settle;
    say(settleResult, s.text);
    current.bombing.owed = 0;
    current.bombing.log.push(`Settled: ${s.text}`);
    changed();
    render();
  });

  // A raid shared by link (docs/links.md): shown on its own card, never added to this device's fees.
  const shared = el("div", {class: "rd-card rd-raid", id: "shared-raid", role: "status", hidden: true});
  async function openShared(request) {
    const envelope = await client.call(request);
    shared.hidden = false;
    if (!envelope.ok) {
      shared.replaceChildren(el("p", {class: "rd-field-error"}, `This raid's link could not be replayed: ${raidWords(envelope.error)}`));
      return;
    }
    showRaid(shared, envelope.result, Boolean(request.rolls));
    shared.prepend(el("h3", {}, "Shared raid"));
  }

  function render() {
    const current = nation();
    if (!current) return;
    owed.textContent = String(current.bombing.owed);
    clear(log);
    for (const line of [...current.bombing.log].reverse()) log.append(el("li", {class: "rd-step"}, el("span", {class: "rd-text"}, line)));
    if (!current.bombing.log.length) log.append(el("li", {class: "hint"}, "No raid yet."));
  }

  return {node, render, probe, shared, openShared};
}

// The raid's result on a card: damage, the dice, where they came from, and a link that reopens it.
function showRaid(box, r, own) {
  const diceLine = (label, values, id) => (values?.length
    ? el("p", {class: "rd-dice", id}, `${label}: `, values.map((v) => el("span", {class: "die numeric rd-die", dataset: {value: String(v)}}, String(v))))
    : null);
  const prefix = box.id === "shared-raid" ? "shared" : "bomb";
  const linkField = el("input", {id: `${prefix}-raid-link`, type: "url", readOnly: true, "aria-label": "Link to this raid", hidden: true});
  const shareButton = el("button", {type: "button", class: "small", id: `${prefix}-raid-share`}, "Share this raid");
  shareButton.addEventListener("click", async () => {
    if (await copyInto(linkField, shareUrl(r.link))) shareButton.textContent = "Link copied";
  });
  append(clear(box), [ // dom.js append skips the nulls of lines that do not apply
    el("p", {class: "rd-big", id: `${prefix}-damage`}, `Damage ${r.damage.total}`),
    r.bombers ? el("p", {}, `${r.bombers} bomber${r.bombers === 1 ? "" : "s"}, ${r.shot_down} shot down, ${r.surviving} over the target.`) : null,
    r.rockets ? el("p", {id: `${prefix}-rocket`}, rocketWords(r)) : null,
    r.damage.per_bomber?.length ? el("p", {}, `Per bomber: ${r.damage.per_bomber.join(", ")}`) : null,
    diceLine("AA dice", r.aa_fire.rolls, `${prefix}-aa-dice`),
    diceLine("Damage dice", r.damage.rolls, `${prefix}-damage-dice`),
    diceLine("Fee dice", r.fee?.rolls, `${prefix}-fee-dice`),
    diceLine("Rocket die", r.rocket?.rolls, `${prefix}-rocket-dice`),
    el("p", {class: "hint", id: `${prefix}-rolled-by`}, own ? "Your own dice." : "The app rolled."),
    r.dice_source ? el("p", {class: "hint", id: `${prefix}-dice-source`, dataset: {kind: r.dice_source.kind}}, `Dice: ${r.dice_source.label}`) : null,
    r.fee ? el("p", {class: "rd-fee", id: `${prefix}-fee`}, `Fee ${r.fee.total} (${r.fee.per_bomber.join(" + ")}), ${r.fee.due}.` +
      (r.fee.refund !== undefined ? ` Set aside ${r.fee.reserve}, ${r.fee.refund} back.` : "")) : null,
    ...r.notes.map((n) => el("p", {class: "hint"}, n)),
    r.link ? el("div", {class: "rd-tools"}, shareButton) : null,
    r.link ? linkField : null]);
  box.hidden = false;
}

/**
 * The rockets' damage in words, from pycore's result (docs/research.md): A&A Chess 3 each; dice the die, cut
 * to the territory's value; Low Luck its sure part and the die that adds 1. Then what the raid's cap leaves.
 */
export function rocketWords(r) {
  const rocket = r.rocket;
  if (!rocket) return `Rockets: ${r.rockets} × 3 damage (A&A Chess).`;
  const die = rocket.rolls?.[0];
  const cut = rocket.limit !== null && rocket.limit !== undefined ? `, at most the territory's value ${rocket.limit}` : "";
  let how;
  if (rocket.kind === "lowluck") {
    how = rocket.at ? `${rocket.sure} sure, plus 1 on a die of ${rocket.at} or less: rolled ${die}${cut}`
      : `${rocket.sure} sure, no die${cut}`;
  } else how = `rolled ${die}${cut}`;
  const capped = rocket.after_cap < rocket.damage ? ` The raid's cap leaves ${rocket.after_cap} of it.` : "";
  return `Rocket: ${rocket.damage} damage (${how}).${capped}`;
}
