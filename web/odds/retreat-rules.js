// One wave's retreat rules, in the player's words: a round limit, retreat at N units, below X % chance
// to win, keep N land units, and the rules that weigh what the battle is worth (docs/rules.md §9.3):
// retreat when pressing on is expected to lose IPCs, when an aircraft is likely to be lost next round,
// and the strafe. Wave 1's sit in the More options (calc-more.js), each later wave's in its card
// (plan-card.js): the same controls, ids from `idBase`. A later wave's card has one more (`wave`): "Only draws AA
// fire, then retreats" (rounds 0, land battles only: the other rules are hidden with it); wave 1 cannot leave
// before round 1 (docs/rules.md §9.1).
//
// Not for: the request's arithmetic (calc-state.js moreFields, moreOf).

import {el} from "../kit/dom.js";
import {stepper} from "../kit/widgets.js";
import {NO_RULES, definedOf} from "./calc-state.js";
import {RULE_WORDS} from "./plan-state.js";

/** A percentage field ("80" %), empty for never. */
function percentField(id, hint) {
  const input = el("input", {id, type: "text", inputmode: "decimal", autocomplete: "off", placeholder: "never",
    "aria-describedby": hint});
  return {input, node: el("span", {class: "pct-input"}, input, el("span", {"aria-hidden": "true"}, "%"))};
}

const row = (id, label, stat, control) => el("div", {class: "fold-row", id: `${id}-field`},
  el("label", {for: id, class: "unit-name"}, label, stat), control);

const stat = (text, id) => el("span", {class: "stat", id}, text);

/** The reason the other rules are hidden while the wave only draws the AA fire (pycore refuses them with it). */
export const BEFORE_ROUND_1_REASON = "No round limit or retreat rule with it: the wave fights no round, so none would apply.";

/** idBase: the start of every id ("calc", "calc-wave-2"); onChange(): a rule changed by the player; wave: a later
 * wave's card (with the AA-only choice). */
export function createRetreatRules({idBase, onChange, wave = false}) {
  const p = idBase;
  // A link's rules the controls cannot show (calc-state.js rulesBeyondControls), kept until the player changes them.
  let beyond = {};
  const rounds = stepper(`${p}-rounds`, "Round limit", {min: 0, max: 100, onChange: () => {
    const {beforeRound1, ...rest} = beyond;
    beyond = rest;
    onChange();
  }});
  const retreatUnits = stepper(`${p}-retreat-units`, "Retreat at this many units", {min: 0, max: 999, onChange});
  const below = percentField(`${p}-retreat-below`, `${p}-retreat-below-hint`);
  const air = percentField(`${p}-retreat-air`, `${p}-retreat-air-hint`);
  const strafe = percentField(`${p}-retreat-strafe`, `${p}-retreat-strafe-hint`);
  const margin = stepper(`${p}-retreat-margin`, "Margin in IPCs", {min: -1000, max: 1000, raw: true, onChange});
  // Keep N land units (docs/api.md `keep_land`: true is 1): a stepper, 0 = off.
  const keepCount = stepper(`${p}-keep-land`, "Land units to keep", {min: 0, max: 999, onChange});
  const aaOnly = wave ? el("input", {type: "checkbox", id: `${p}-aa-only`}) : null;
  const profit = el("input", {type: "checkbox", id: `${p}-retreat-profit`});
  const toggleRow = (id, input, text, hint) => el("div", {class: "toggle-field", id: `${id}-field`},
    el("label", {class: "toggle", for: id}, input, el("span", {class: "toggle-text"}, text)), el("p", {class: "hint"}, hint));
  const marginRow = row(`${p}-retreat-margin`, "Margin", stat("IPCs pressing on must gain over retreating; 0 = the best rule"), margin.node);
  const reason = el("p", {class: "hint rule-reason", id: `${p}-aa-only-reason`, hidden: true}, BEFORE_ROUND_1_REASON);
  const fields = {
    rounds: row(`${p}-rounds`, "Round limit", stat("0 = fight to the end"), rounds.node),
    ...(wave ? {aa_only: el("div", {class: "rule-aa-only"}, toggleRow(`${p}-aa-only`, aaOnly, "Only draws AA fire, then retreats",
      "Its aircraft take the AA fire, then the whole wave leaves before round 1."),
    reason)} : {}),
    retreat_at_units: row(`${p}-retreat-units`, "Retreat at", stat("units left; 0 = never"), retreatUnits.node),
    retreat_below: row(`${p}-retreat-below`, "Retreat below", stat("% chance to win; empty = never", `${p}-retreat-below-hint`), below.node),
    retreat_profit: el("div", {class: "rule-profit", id: `${p}-retreat-profit-box`},
      toggleRow(`${p}-retreat-profit`, profit, "Retreat when pressing on is expected to lose IPCs",
        "Each round, what fighting on is worth (this wave, the later waves and the counter-attack) against retreating now: " +
        "the best moment to retreat."),
      marginRow),
    retreat_air_loss: row(`${p}-retreat-air`, "Retreat when an aircraft is likely to be lost next round",
      stat("above this %; empty = never", `${p}-retreat-air-hint`), air.node),
    retreat_strafe: row(`${p}-retreat-strafe`, "Strafe: retreat once the defender is likely wiped out",
      stat("above this % for the next round; empty = never", `${p}-retreat-strafe-hint`), strafe.node),
    keep_land: row(`${p}-keep-land`, "Keep land units", stat("lost last, so the attacker can take the territory; 0 = off"),
      keepCount.node),
  };
  const controls = {rounds: rounds.input, retreat_at_units: retreatUnits.input, retreat_below: below.input,
    keep_land: keepCount.input, retreat_profit: margin.input, retreat_air_loss: air.input,
    retreat_strafe: strafe.input};
  const showMargin = () => { marginRow.hidden = !profit.checked; };
  // While the wave only draws the AA fire the rules read after a round are hidden (kept as entered, not asked),
  // with the reason said in their place: the card stays short and says why they went.
  const hideOthers = () => {
    const on = Boolean(aaOnly?.checked) && !fields.aa_only.hidden;
    reason.hidden = !on;
    for (const [name, node] of Object.entries(fields)) if (name !== "aa_only") node.hidden = on;
  };
  // Where the AA-only choice is offered: land battles (nothing fires before round 1 at sea; an amphibious assault's
  // land units cannot retreat), under a system the plan's chains work (set kind, set ownCalculator).
  const shape = {kind: "land", own: false};
  const place = () => {
    if (wave) fields.aa_only.hidden = shape.kind !== "land" || (shape.own && !aaOnly.checked);
    hideOthers();
  };
  for (const input of [below.input, air.input, strafe.input]) input.addEventListener("input", () => onChange());
  aaOnly?.addEventListener("change", () => { hideOthers(); onChange(); });
  profit.addEventListener("change", () => { showMargin(); onChange(); });
  showMargin();

  /** The rules as the fields show them (calc-state.js moreFields reads them). */
  function read() {
    const keep = Number(keepCount.value) || 0;
    const shown = {rounds: rounds.input.value, retreatUnits: retreatUnits.input.value, retreatBelow: below.input.value,
      keepLand: keep > 0, ...(keep > 1 ? {keepLandCount: keep} : {}), profit: profit.checked, margin: margin.input.value,
      airLoss: air.input.value, strafe: strafe.input.value};
    if (!wave) return {...shown, ...beyond};
    // A later wave's card shows rounds 0 as its AA-only choice: nothing is kept beyond.
    return {...shown, ...(aaOnly.checked && !fields.aa_only.hidden ? {beforeRound1: true} : {})};
  }

  return {
    nodes: Object.values(fields),
    read,
    /** Show rules (calc-state.js moreOf); missing ones are off. */
    fill(shown) {
      const rules = {...NO_RULES, ...shown};
      rounds.value = rules.rounds;
      retreatUnits.value = rules.retreatUnits;
      below.input.value = rules.retreatBelow;
      keepCount.value = rules.keepLand ? rules.keepLandCount ?? 1 : 0;
      profit.checked = rules.profit;
      margin.value = rules.margin;
      air.input.value = rules.airLoss;
      strafe.input.value = rules.strafe;
      beyond = wave ? {} : definedOf(rules, ["beforeRound1"]);
      if (wave) aaOnly.checked = Boolean(rules.beforeRound1);
      showMargin();
      place();
    },
    /** The AA-only choice is for land battles (nothing fires before round 1 at sea; an amphibious assault's land
     * units cannot retreat): hidden in others, where it is not asked. */
    set kind(kind) {
      if (!wave) return;
      shape.kind = kind;
      place();
    },
    /** A system worked by its own calculator (A&A Chess, coloured dice) takes no wave that leaves before round 1:
     * the choice is not offered there, unless it is on (a link's, or the player's before he changed the system),
     * where it stays in sight with pycore's refusal at it. */
    set ownCalculator(own) {
      if (!wave) return;
      shape.own = own;
      place();
    },
    /** Where an error on one of these rules points (kit/feedback.js markField), by its field ("retreat_below"). */
    target(name, label = RULE_WORDS[name]) {
      if (!fields[name]) return null;
      if (name === "rounds" && aaOnly?.checked) { // rounds 0 is the AA-only choice: the error is said there, in its words
        return {nodes: [fields.aa_only], controls: [aaOnly], anchor: fields.aa_only, label: label.replace(/round limit$/, "only draws AA fire")};
      }
      const node = name === "retreat_profit" && profit.checked ? marginRow : fields[name];
      return {nodes: [node], controls: [controls[name]], anchor: node, label};
    },
  };
}
