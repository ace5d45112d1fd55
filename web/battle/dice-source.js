// Where a battle's dice come from, on the Battle screen's form: the seed (the app rolls), the players'
// own dice at the table, a public beacon round or both players' commit–reveal (one at a time:
// pycore/fair/origin.py), and whether the side hit chooses its casualties. With fair dice (a beacon or
// commit–reveal), the options declared up front (fair-rounds.js): when the attacker decides, and a
// retreat condition.
//
// Not for: the beacon's or the commitment's own panels (beacon-panel.js, commit-panel.js).

import {el} from "../kit/dom.js";
import {newSeed} from "../kit/seed.js";
import {toggle} from "../kit/battle-form.js";
import {createFairOptions} from "./fair-rounds.js";

/** onChange(): a source picked or the seed edited by the player. */
export function createDiceSource({onChange}) {
  const referee = toggle("referee", "I roll my own dice", "Roll real dice at the table and tap in what you rolled; Luckdial applies the rules.");
  const beacon = toggle("beacon-mode", "Dice from a public beacon (forum play)",
    "Declare the battle now: its dice come from a round of the League of Entropy's public beacon drawn 5 minutes later. Post the link before then — nobody, you included, can know the dice when you post.");
  const commit = toggle("commit-mode", "Dice made by both players (no network)",
    "Commit–reveal: you post a commitment, your opponent replies with any phrase, you reveal. The dice come from both, so neither can choose them.");
  const choose = toggle("choose-casualties", "Choose casualties", "Pause at every hit so the side that lost units picks them (Luckdial suggests cheapest first).");
  const seed = el("input", {id: "seed", name: "seed", type: "text", autocomplete: "off", autocapitalize: "off",
    spellcheck: "false", value: newSeed(), "aria-describedby": "seed-hint"});
  const reseed = el("button", {type: "button", class: "small", id: "new-seed"}, "New seed");
  const seedBox = el("div", {class: "field", id: "seed-box"}, el("label", {for: "seed"}, "Seed"),
    el("div", {class: "seed-row"}, seed, reseed),
    el("p", {class: "hint", id: "seed-hint"}, "The same seed always rolls the same dice."));
  const fair = createFairOptions({onChange});
  const node = el("fieldset", {class: "settings seed-field"}, el("legend", {class: "visually-hidden"}, "How to play"),
    referee.node, beacon.node, commit.node, fair.node, seedBox, choose.node);
  const sources = {referee, beacon, commit};
  const fairMode = () => beacon.input.checked || commit.input.checked;
  const shown = () => {
    seedBox.hidden = Object.values(sources).some((t) => t.input.checked);
    fair.show(fairMode());
  };
  for (const source of Object.values(sources)) {
    source.input.addEventListener("change", () => {
      if (source.input.checked) for (const other of Object.values(sources)) if (other !== source) other.input.checked = false;
      shown();
      onChange();
    });
  }
  choose.input.addEventListener("change", () => onChange());
  seed.addEventListener("input", () => onChange());
  reseed.addEventListener("click", () => { seed.value = newSeed(); onChange(); });

  shown();
  return {
    node, seed,
    /** Whether a fair battle is decided round by round (else fought out at once: fair-rounds.js). */
    roundByRound: () => fair.roundByRound(),
    /** "seed", "referee", "beacon" or "commit". */
    mode: () => Object.keys(sources).find((key) => sources[key].input.checked) || "seed",
    /** The request with this source: an empty dice list (the players' dice, asked round by round) or the seed. */
    apply(request) {
      const out = {...request};
      if (choose.input.checked) out.choose_casualties = true;
      if (referee.input.checked) out.dice = [];
      else if (!fairMode()) out.seed = seed.value;
      return fairMode() ? fair.apply(out) : out;
    },
    fill(request) {
      referee.input.checked = Array.isArray(request.dice);
      beacon.input.checked = Boolean(request.beacon);
      commit.input.checked = Boolean(request.commit);
      choose.input.checked = Boolean(request.choose_casualties);
      if (typeof request.seed === "string") seed.value = request.seed;
      if (request.beacon || request.commit) fair.set(request);
      shown();
    },
    reseed() { seed.value = newSeed(); },
    /** Where an error on the seed or the declared retreat points (kit/feedback.js markField). */
    target(field) {
      if (field === "seed") return {nodes: [], controls: [seed], anchor: seedBox, label: "Seed"};
      return field === "retreat_at_units" && fairMode() ? fair.target : null;
    },
  };
}
