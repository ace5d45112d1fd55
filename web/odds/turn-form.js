// The Turn panel on the Odds screen, under the battle form: one army over several territories (docs/api.md
// `plan_turn`, docs/rules.md §9.5). The pool is the attacker on the form, said in words; territory 1 is the
// form's defender; "+ Add a territory" adds a compact card with its defenders' steppers (kit/forces.js), its
// value in IPCs and an optional chance it must be taken with. "Plan the turn" asks the calculator's own worker
// (calc-run.js `ask`: Cancel ends it) and shows the answer in words (turn-view.js); the answer's link is the
// page's address and the panel's share link, and a turn's link opens the panel filled in (openLink). "Money to
// spend" is the op's `budget`: empty, the pool is the units the player has; with money, it is what could be
// bought, and the plan spends at most that. "Post it on a forum" copies pycore's post of the answer (the op's
// `report`, its link back to this page absolute), as the Battle screen copies a battle's.
//
// Not for: the turn as data and its words (turn-state.js), drawing the answer (turn-view.js). The pool
// attacks: a turn as defender (pycore's `side: "defender"`) is not entered here yet.

import {el, motion} from "../kit/dom.js";
import {createForces} from "../kit/forces.js";
import {unitsFor} from "../kit/battle-options.js";
import {segmented, stepper} from "../kit/widgets.js";
import {showMessage} from "../kit/feedback.js";
import {createSharePanel, pageAddress} from "../kit/share.js";
import {forumCopyPanel} from "../kit/copy.js";
import {remember} from "../kit/history.js";
import {LINK_START_SECONDS} from "./calc-state.js";
import {MOST_TERRITORIES, addTerritory, emptyTurn, formError, nameOf, removeTerritory, rolesOf, turnOf, turnPlace,
  turnRequest, unitWords} from "./turn-state.js";
import {turnAnswer} from "./turn-view.js";

/** A territory's own fields: its name, its value in IPCs, the chance it must be taken with. */
function createFields(idBase, n, onEdit) {
  const name = el("input", {id: `${idBase}-name`, type: "text", maxlength: 40, autocomplete: "off", placeholder: `Territory ${n}`});
  const nameRow = el("div", {class: "field turn-name"}, el("label", {for: name.id}, "Name (optional)"), name);
  const value = stepper(`${idBase}-value`, `Territory ${n}: value in IPCs`, {min: 0, max: 1000, raw: true, onChange: onEdit});
  const worth = el("span", {class: "stat"}, "IPCs, yours if you take it");
  const valueRow = el("div", {class: "fold-row", id: `${idBase}-value-field`},
    el("label", {for: value.input.id, class: "unit-name"}, "Worth", worth), value.node);
  const target = el("input", {id: `${idBase}-target`, type: "text", inputmode: "decimal", autocomplete: "off",
    "aria-describedby": `${idBase}-target-hint`});
  const targetRow = el("div", {class: "fold-row", id: `${idBase}-target-field`},
    el("label", {for: target.id, class: "unit-name"}, "Take it with at least",
      el("span", {class: "stat", id: `${idBase}-target-hint`}, "% chance; empty: any")),
    el("span", {class: "pct-input"}, target, el("span", {"aria-hidden": "true"}, "%")));
  name.addEventListener("input", onEdit);
  target.addEventListener("input", onEdit);
  const rows = {name: [nameRow, name], value: [valueRow, value.input], target: [targetRow, target]};
  return {
    nodes: [nameRow, valueRow, targetRow], valueRow, worth,
    read: () => ({name: name.value, value: value.input.value, target: target.value}),
    show(entered) { name.value = entered.name; value.value = entered.value; target.value = entered.target; },
    /** Where an error on one of these fields points (kit/feedback.js markField). */
    place: (what, label) => (rows[what] ? {nodes: [rows[what][0]], controls: [rows[what][1]], anchor: rows[what][0], label} : null),
  };
}

/** A fold of units on a card (kit/forces.js rows), summed up in words on its summary once filled. */
function createUnits({idBase, side, title, summary, open, onEdit}) {
  const forces = createForces({side, title, stat: side === "attacker" ? "attack" : "defense", legend: false, idBase});
  const army = el("span", {class: "more-state"});
  // The summary's words in one span: on a narrow phone they wrap as a line of text, beside the fold's marker.
  const node = el("details", {class: "more card-units", id: `${idBase}-units`, open}, el("summary", {}, el("span", {}, summary, army)), forces.node);
  const box = {node, forces, given: null, names: new Map()};
  const say = () => { army.textContent = ` · ${unitWords(forces.getCounts(), box.names, "none yet")}`; };
  forces.onChange((byPlayer) => { say(); if (byPlayer) onEdit(); });
  return Object.assign(box, {
    /** The rows of the units these may be; what the card was given goes in them. */
    setUnits(list, names) {
      box.names = names;
      forces.setUnits(list);
      if (box.given) { forces.setCounts(box.given); box.given = null; }
      say();
    },
    read: () => (box.given ? {...box.given} : forces.getCounts()),
  });
}

/**
 * A territory's card: territory 1 (`n` 1) is the form's other side, said in a line; a later one has its
 * enemy's steppers (attacking: its defenders; defending: the threat) and a Remove button. Defending, each
 * card also folds the player's units already there.
 */
function createCard(n, side, {onEdit, onRemove = null, open = false}) {
  const idBase = `calc-turn-${n}`;
  const {enemy} = rolesOf(side);
  const fields = createFields(idBase, n, onEdit);
  const title = el("span", {class: "side-name"}, `Territory ${n}`);
  const remove = onRemove && el("button", {type: "button", class: "small", id: `${idBase}-remove`, "aria-label": `Remove territory ${n}`}, "Remove");
  remove?.addEventListener("click", onRemove);
  const who = n === 1 ? el("p", {class: "turn-who", id: `${idBase}-enemy`}) : null;
  const units = n === 1 ? null : createUnits({idBase, side: enemy, title: `Territory ${n}`, open, onEdit,
    summary: enemy === "defender" ? "Defenders" : "Attackers"});
  const there = side === "defender" ? createUnits({idBase: `${idBase}-there`, side: "defender", title: `Territory ${n}, yours`,
    summary: "Yours already there", open: false, onEdit}) : null;
  const node = el("section", {class: `plan-card ${enemy}`, id: idBase, "aria-label": `Territory ${n}`},
    el("div", {class: "plan-card-head"}, title, remove), fields.nodes[0], who, units?.node, there?.node, ...fields.nodes.slice(1));
  return {
    node, fields, who, units, there,
    read: () => ({...fields.read(), units: units ? units.read() : {}, there: there ? there.read() : {}}),
    show(entered) {
      fields.show(entered);
      if (units) units.given = {...entered.units};
      if (there) { there.given = {...(entered.there || {})}; there.node.open = Object.keys(entered.there || {}).length > 0; }
    },
    setUnits(ctx, names) {
      if (!ctx) return;
      units?.setUnits(unitsFor(ctx.data, ctx.ruleset, ctx.kind, enemy), names);
      there?.setUnits(unitsFor(ctx.data, ctx.ruleset, ctx.kind, "defender"), names);
    },
  };
}

/**
 * "Money to spend": pycore's `budget` (docs/api.md plan_turn), typed or stepped; empty is no limit. Sent as
 * typed, so a wrong one is pycore's to name, marked here.
 */
function createBudget(onEdit) {
  const step = stepper("calc-turn-budget", "Money to spend, in IPCs", {min: 0, max: 10000, raw: true, onChange: onEdit});
  step.value = ""; // no budget until one is typed or stepped
  step.input.placeholder = "∞"; // "no limit" shows as "no" in a stepper's box on a phone
  step.input.setAttribute("aria-describedby", "calc-turn-budget-hint");
  const row = el("div", {class: "fold-row turn-budget", id: "calc-turn-budget-field"},
    el("label", {for: step.input.id, class: "unit-name"}, "Money to spend",
      el("span", {class: "stat", id: "calc-turn-budget-hint"}, "IPCs; empty: no limit")), step.node);
  return {
    node: row,
    read: () => step.input.value,
    show(typedBudget) { step.value = typedBudget ?? ""; },
    place: () => ({nodes: [row], controls: [step.input], anchor: row, label: "Money to spend"}),
  };
}

// ---- the panel's logic: functions of its state `s` -----------------------------------------------------
const names = (s) => s.form.names();
const kindOf = (s) => s.form.kind();
const read = (s) => ({side: s.side, budget: s.budget.read(), first: s.first.read(), others: s.cards.map((card) => card.read())});

/** The request the panel asks: the form's battle, the player's side of it the pool. */
const request = (s) => turnRequest(s.form.request(), read(s));

const SIDE_WORDS = {attacker: "attacker", defender: "defender"};

/**
 * The pool in words: the units the player has, or, with money to spend, the units the plan may buy (pycore's
 * `budget`: `available` is then what could be bought).
 */
function sayPool(s, asked = s.form.request()) {
  const {mine} = rolesOf(s.side);
  const pool = unitWords(asked[mine]?.units, names(s), "");
  const money = String(s.budget.read()).trim();
  const head = money ? "Units you could buy" : "Your units";
  s.pool.textContent = pool ? `${head}: ${pool}.` : `${head}: none yet. Add them to the ${SIDE_WORDS[mine]} above.`;
  s.money.textContent = money ? `The plan spends at most ${money} IPCs on them.` : "";
  s.money.hidden = !money;
}

/** The pool and territory 1's enemy in words, and what the kind of battle and the side allow. */
function follow(s) {
  const asked = s.form.request();
  const {enemy} = rolesOf(s.side);
  sayPool(s, asked);
  s.first.who.textContent = `${enemy === "defender" ? "Defenders" : "Attackers"}: ` +
    `${unitWords(asked[enemy]?.units, names(s), "none yet")} (the ${SIDE_WORDS[enemy]} above).`;
  const sea = kindOf(s) === "sea";
  for (const card of [s.first, ...s.cards]) {
    card.fields.valueRow.hidden = sea;
    card.fields.worth.textContent = s.side === "defender" ? "IPCs, lost if it falls" : "IPCs, yours if you take it";
    card.fields.nodes[2].hidden = sea || s.side === "defender"; // a target is a chance to take: attacking, on land
    card.setUnits(s.ctx, names(s));
  }
  s.add.hidden = s.cards.length + 1 >= MOST_TERRITORIES;
  s.state.textContent = ` · ${s.side === "defender" ? "defending" : "attacking"} ${s.cards.length + 1} territor${s.cards.length ? "ies" : "y"}`;
}

/** The cards of `turn`, drawn again (an edit of the turn's shape, the side switched, a link); `open`: the last card's units. */
function draw(s, turn, {open = false} = {}) {
  s.side = turn.side === "defender" ? "defender" : "attacker";
  s.sideChoice.value = s.side;
  s.hint.textContent = HINTS[s.side];
  s.budget.show(turn.budget);
  s.first = createCard(1, s.side, {onEdit: () => edited(s)});
  s.first.show(turn.first);
  s.cards = turn.others.map((entered, index) => {
    const card = createCard(index + 2, s.side, {onEdit: () => edited(s), open: open && index === turn.others.length - 1,
      onRemove: () => { draw(s, removeTerritory(read(s), index)); edited(s); s.add.focus({preventScroll: true}); }});
    card.show(entered);
    return card;
  });
  s.list.replaceChildren(s.first.node, ...s.cards.map((card) => card.node));
  follow(s);
}

const HINTS = {
  attacker: "Which territories to attack this turn, and with what. Your units are the attacker above, territory 1 " +
    "the defender above. Every split is worked out exactly, for the most IPCs on average.",
  defender: "Where to place your units against the attacks you expect. Your units are the defender above, the " +
    "attack on territory 1 the attacker above. Every split is worked out exactly, for the most IPCs on average.",
};

/** The player changed the turn: the old answer's words go. */
function edited(s) {
  s.say("");
  s.form.clearError();
}

function setBusy(s, busy) {
  s.busy = busy;
  s.go.hidden = busy;
  s.cancel.hidden = !busy;
  s.status.hidden = !busy;
  s.status.replaceChildren(...(busy ? [el("span", {class: "spinner", "aria-hidden": "true"}), "Planning the turn…"] : []));
  for (const part of [s.list, s.add, s.sideChoice.node, s.budget.node]) part.toggleAttribute("inert", busy);
}

/** An error: the field it names marked where it was entered (the form's, or a card's), the words said here. */
function failed(s, error) {
  if (error?.type === "cancelled") return s.say("Cancelled. Your territories are kept: change them or try again.", "info");
  const place = turnPlace(error?.field, s.side);
  const {words, note} = s.form.showError(formError(error, s.side), () => target(s, place));
  s.say(note && !s.details.contains(note) ? `${words} (marked in red above)` : words);
  note?.scrollIntoView({block: "center", behavior: motion()});
}

/** Where a turn's field is in the panel, for markField; null: the form's own (the pool, territory 1's enemy). */
function target(s, place) {
  if (!place || place.part === "form") return null;
  const reveal = () => { s.details.open = true; };
  if (place.part === "budget") return {...s.budget.place(), reveal};
  if (place.part === "panel") return {nodes: [s.list], controls: [], anchor: null, label: "Plan a turn", reveal};
  const card = place.part === "first" ? s.first : s.cards[place.index];
  const n = place.part === "first" ? 1 : place.index + 2;
  const label = `${nameOf(card?.fields.read().name, n)}${{value: ", value", target: ", chance", name: ", name"}[place.what] || ""}`;
  if (!card) return {nodes: [s.list], controls: [], anchor: null, label, reveal};
  const fold = {units: card.units, there: card.there}[place.what];
  if (fold) return {...fold.forces.target(place.unit), reveal: () => { reveal(); fold.node.open = true; }};
  return {...(card.fields.place(place.what, label) || {nodes: [card.node], controls: [], anchor: card.node.firstChild, label}), reveal};
}

/** "Plan the turn": the request asked, its answer drawn and linked. */
async function plan(s) {
  if (s.busy) return;
  if (s.run().engine !== "ready") return s.say("The rules are still loading: try again in a moment.", "info");
  const asked = request(s);
  s.say("");
  s.form.clearError();
  setBusy(s, true);
  // report.page: the post links back here (never part of the turn's link).
  const envelope = await s.run().ask({...asked, report: {page: pageAddress()}});
  setBusy(s, false);
  if (!envelope.ok) return failed(s, envelope.error);
  show(s, asked, envelope.result);
}

function show(s, asked, result) {
  const sea = asked.battles[0]?.kind === "sea";
  const heading = el("h2", {tabindex: "-1", id: "calc-turn-heading"}, "Your turn, planned");
  s.answer.replaceChildren(heading, turnAnswer(result, names(s), {sea, side: asked.side || "attacker", budget: asked.budget}));
  s.answer.hidden = false;
  s.shareRow.hidden = !result.link;
  s.share.hide();
  s.post = result.report || null;
  s.postPanel.reset();
  s.postPanel.node.hidden = !s.post;
  if (result.link) {
    s.link = result.link;
    history.replaceState(history.state, "", "#" + result.link);
    s.share.link = result.link;
    const places = asked.battles.map((b) => b.name).join(", ");
    remember({screen: "odds", key: result.link, link: result.link, label: `Turn: ${places}`});
  }
  heading.focus({preventScroll: true});
  heading.scrollIntoView({block: "start", behavior: motion()});
}

/** A turn's link, decoded by pycore (app.js routes it to the Odds screen): the form and the panel filled, then planned unless long. */
async function openLink(s, envelope, fragment) {
  if (fragment && fragment === s.link) return;
  const linked = envelope.result.request;
  const read = turnOf(linked);
  if (!read) return s.say("This link holds no territory to plan.");
  s.form.fill(read.form);
  draw(s, read.turn);
  s.details.open = true;
  s.details.scrollIntoView({block: "start", behavior: motion()});
  s.link = fragment || "";
  const cost = await s.client.call({...linked, estimate: true});
  const estimate = cost.ok ? cost.result.estimate : null;
  if (estimate && estimate.seconds > LINK_START_SECONDS) {
    return s.say(`Not started yet: this turn takes ${estimate.words}. Tap Plan the turn to start it.`, "info");
  }
  await plan(s);
}

function build(s) {
  s.pool = el("p", {class: "turn-pool", id: "calc-turn-pool"});
  s.hint = el("p", {class: "hint", id: "calc-turn-hint"});
  s.money = el("p", {class: "turn-money", id: "calc-turn-money", hidden: true});
  s.budget = createBudget(() => { sayPool(s); edited(s); });
  s.sideChoice = segmented("calc-turn-side", "Your side this turn", [["attacker", "I attack"], ["defender", "I defend"]],
    (side) => { draw(s, {...read(s), side}); edited(s); });
  s.list = el("div", {class: "turn-cards", id: "calc-turn-cards"});
  s.add = el("button", {type: "button", class: "small", id: "calc-turn-add"}, "+ Add a territory");
  s.go = el("button", {type: "button", class: "primary", id: "calc-turn-go"}, "Plan the turn");
  s.cancel = el("button", {type: "button", class: "secondary", id: "calc-turn-cancel", hidden: true}, "Cancel");
  s.status = el("p", {class: "calc-running", id: "calc-turn-status", role: "status", hidden: true});
  const message = el("div", {class: "message", id: "calc-turn-message", role: "alert", hidden: true});
  s.say = (text, look = "error") => showMessage(message, text, look);
  s.answer = el("section", {class: "turn-answer", id: "calc-turn-answer", "aria-labelledby": "calc-turn-heading", hidden: true});
  s.share = createSharePanel("calc-turn", "turn");
  const shareButton = el("button", {type: "button", class: "small", id: "calc-turn-share"}, "Share this turn");
  s.shareRow = el("div", {class: "calc-share-row", hidden: true}, shareButton);
  s.postPanel = forumCopyPanel({ids: {button: (format) => `calc-turn-copy-${format}`, box: "calc-turn-post-fallback",
    status: "calc-turn-copy-status"}, boxLabel: "The turn's post to copy", text: (format) => s.post?.[format] ?? null});
  s.postPanel.node.id = "calc-turn-post";
  s.postPanel.node.hidden = true;
  s.state = el("span", {class: "more-state"});
  s.details = el("details", {class: "more", id: "calc-turn"},
    el("summary", {}, el("span", {}, "Plan a turn: one army over several territories", s.state)),
    el("div", {class: "field turn-side"}, el("span", {class: "label", id: "calc-turn-side-label"}, "Your side"), s.sideChoice.node),
    s.hint, s.pool, s.money, s.budget.node, s.list, el("div", {class: "plan-buttons"}, s.add),
    message, s.status, el("div", {class: "buttons turn-buttons"}, s.go, s.cancel), s.answer, s.shareRow, s.share.node, s.postPanel.node);
  s.box = el("fieldset", {class: "settings turn", id: "calc-turn-box"}, el("legend", {class: "visually-hidden"}, "Plan a turn"), s.details);
  s.add.addEventListener("click", () => {
    draw(s, addTerritory(read(s)), {open: true});
    edited(s);
    const card = s.cards.at(-1);
    card.node.scrollIntoView({block: "nearest"});
    card.node.querySelector("input")?.focus({preventScroll: true});
  });
  s.go.addEventListener("click", () => plan(s));
  s.cancel.addEventListener("click", () => s.run().cancel());
  shareButton.addEventListener("click", () => s.share.share());
  // Enter in a field of the panel plans the turn (not the form's Calculate, which the form's own Enter presses).
  s.details.addEventListener("keydown", (event) => {
    const field = /** @type {HTMLElement} */ (event.target);
    if (event.key !== "Enter" || !field.matches("input")) return;
    event.preventDefault();
    event.stopPropagation();
    if (!s.go.hidden) plan(s);
  });
}

/**
 * The panel. form: the Odds screen's battle form; client: the page's worker (a link's estimate); run(): the
 * calculator (calc-run.js) whose worker plans the turn — {ask(request), cancel(), engine}.
 */
export function createTurnPanel({form, client, run}) {
  const s = {form, client, run, ctx: null, side: "attacker", first: null, cards: [], busy: false, link: "", post: null};
  build(s);
  draw(s, emptyTurn());
  form.onContext((ctx) => { s.ctx = ctx; follow(s); }); // every change of the battle, a fill's too
  return {
    node: s.box,
    openLink: (envelope, fragment) => openLink(s, envelope, fragment),
    /** The request the panel would ask now (tests, and a reader of the code). */
    request: () => request(s),
  };
}
