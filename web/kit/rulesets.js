// What the battle form shows before Python is ready: the six rulesets, their
// units (docs/rules.md §1 unit table) and which units each kind of battle allows.
// Once the worker answers {"op": "rulesets"}, pycore's own data replaces this;
// keep it in step with pycore (same ids, values, order and battle_units).

const UNIT = {
  // id: [name, domain]
  infantry: ["Infantry", "land"],
  artillery: ["Artillery", "land"],
  mech_infantry: ["Mech. infantry", "land"],
  tank: ["Tank", "land"],
  fighter: ["Fighter", "air"],
  tactical_bomber: ["Tactical bomber", "air"],
  bomber: ["Bomber", "air"],
  transport: ["Transport", "sea"],
  submarine: ["Submarine", "sea"],
  destroyer: ["Destroyer", "sea"],
  cruiser: ["Cruiser", "sea"],
  carrier: ["Carrier", "sea"],
  battleship: ["Battleship", "sea"],
  aa_gun: ["AA gun", "land"],
};

// [id, attack, defense, cost, hit points] in pycore's order.
const TABLES = {
  classic: ["Classic (2nd edition)", ["battleship"], [
    ["infantry", 1, 2, 3, 1], ["tank", 3, 2, 5, 1], ["fighter", 3, 4, 12, 1], ["bomber", 4, 1, 15, 1],
    ["transport", 0, 1, 8, 1], ["submarine", 2, 2, 8, 1], ["carrier", 1, 3, 18, 1], ["battleship", 4, 4, 24, 1],
    ["aa_gun", 0, 0, 5, 1]]],
  revised: ["Revised", ["battleship"], [
    ["infantry", 1, 2, 3, 1], ["artillery", 2, 2, 4, 1], ["tank", 3, 3, 5, 1], ["fighter", 3, 4, 10, 1],
    ["bomber", 4, 1, 15, 1], ["transport", 0, 1, 8, 1], ["submarine", 2, 2, 8, 1], ["destroyer", 3, 3, 12, 1],
    ["carrier", 1, 3, 16, 1], ["battleship", 4, 4, 24, 2], ["aa_gun", 0, 0, 5, 1]]],
  anniversary: ["Anniversary", ["cruiser", "battleship"], [
    ["infantry", 1, 2, 3, 1], ["artillery", 2, 2, 4, 1], ["tank", 3, 3, 5, 1], ["fighter", 3, 4, 10, 1],
    ["bomber", 4, 1, 12, 1], ["transport", 0, 0, 7, 1], ["submarine", 2, 1, 6, 1], ["destroyer", 2, 2, 8, 1],
    ["cruiser", 3, 3, 12, 1], ["carrier", 1, 2, 14, 1], ["battleship", 4, 4, 20, 2], ["aa_gun", 0, 0, 6, 1]]],
  "1942-2e": ["1942 Second Edition", ["cruiser", "battleship"], [
    ["infantry", 1, 2, 3, 1], ["artillery", 2, 2, 4, 1], ["tank", 3, 3, 6, 1], ["fighter", 3, 4, 10, 1],
    ["bomber", 4, 1, 12, 1], ["transport", 0, 0, 7, 1], ["submarine", 2, 1, 6, 1], ["destroyer", 2, 2, 8, 1],
    ["cruiser", 3, 3, 12, 1], ["carrier", 1, 2, 14, 1], ["battleship", 4, 4, 20, 2], ["aa_gun", 0, 0, 5, 1]]],
  "1940-2e": ["1940 Second Edition", ["cruiser", "battleship"], [
    ["infantry", 1, 2, 3, 1], ["artillery", 2, 2, 4, 1], ["mech_infantry", 1, 2, 4, 1], ["tank", 3, 3, 6, 1],
    ["fighter", 3, 4, 10, 1], ["tactical_bomber", 3, 3, 11, 1], ["bomber", 4, 1, 12, 1], ["transport", 0, 0, 7, 1],
    ["submarine", 2, 1, 6, 1], ["destroyer", 2, 2, 8, 1], ["cruiser", 3, 3, 12, 1], ["carrier", 0, 2, 16, 2],
    ["battleship", 4, 4, 20, 2], ["aa_gun", 0, 0, 5, 1]]],
  "big-world-1942": ["Big World: 1942 (TripleA)", ["battleship"], [
    ["infantry", 1, 2, 3, 1], ["artillery", 2, 2, 4, 1], ["tank", 3, 3, 5, 1], ["fighter", 3, 4, 10, 1],
    ["bomber", 4, 1, 14, 1], ["transport", 0, 1, 8, 1], ["submarine", 2, 2, 8, 1], ["destroyer", 2, 2, 8, 1],
    ["cruiser", 3, 3, 10, 1], ["carrier", 1, 1, 14, 1], ["battleship", 4, 4, 22, 2], ["aa_gun", 0, 0, 5, 1]]],
};

function ruleset(id) {
  const [name, bombard, table] = TABLES[id];
  const units = table.map(([unit, attack, defense, cost, hit_points]) =>
    ({id: unit, name: UNIT[unit][0], attack, defense, cost, hit_points, domain: UNIT[unit][1]}));
  const ids = (domain) => units.filter((u) => u.domain === domain && u.id !== "aa_gun").map((u) => u.id);
  const land = [...ids("land"), ...ids("air")];
  const sea = [...ids("air"), ...ids("sea")];
  // docs/rules.md §2 (pycore/forces.py default_order_of_loss): cheapest first; among equal costs the weaker
  // unit in the role (attack when attacking, defence when defending), then the ruleset's order.
  const cheapest = (value) => units.map((u, index) => ({u, index}))
    .sort((a, b) => a.u.cost - b.u.cost || a.u[value] - b.u[value] || a.index - b.index).map(({u}) => u.id);
  return {id, name, units,
    order_of_loss: {attacker: cheapest("attack"), defender: cheapest("defense")},
    battle_units: {
      land: {attacker: land, defender: [...land, "aa_gun"]},
      sea: {attacker: sea, defender: sea},
      amphibious: {attacker: [...land, ...ids("sea").filter((u) => bombard.includes(u))], defender: [...land, "aa_gun"]},
    }};
}

export const BUILT_IN = {
  rulesets: Object.keys(TABLES).map(ruleset),
  // Every system pycore has, in its order, so the luck-system control never grows after loading.
  systems: [{id: "dice", name: "Dice"}, {id: "lowluck", name: "Low Luck"}, {id: "colored", name: "Coloured dice"},
    {id: "chess", name: "A&A Chess", variants: [{id: "orthodox", name: "Orthodox"}, {id: "ryof", name: "RYOF"}, {id: "ryof6", name: "RYOF<6"}, {id: "cof", name: "COF"}, {id: "cofr", name: "COF+R"}]},
    {id: "biased", name: "Biased dice"}],
  kinds: ["land", "sea", "amphibious"],
  tech: [
    {id: "jet_power", name: "Jet Power"}, {id: "super_subs", name: "Super Subs"},
    {id: "heavy_bombers", name: "Heavy Bombers"}, {id: "radar", name: "Radar"},
    {id: "advanced_artillery", name: "Advanced Artillery"},
  ],
};

/** One line under the system picker, until pycore's own `summary` arrives. */
export const SYSTEM_NOTES = {
  dice: "Every unit rolls a die and hits on its value or less.",
  lowluck: "Add up the power: each 6 is a sure hit; one die for the rest.",
  colored: "Units roll by colour, a die per 3 of a type; dice are matched high to high, a tie costs both. More luck than Low Luck, less than dice.",
  chess: "Diceless: add up the power, each 6 is a hit; the variant says what the remainder does.",
  biased: "Every unit rolls a d10: a 1 hits on 1, a 2 on 1–3, a 3 on 1–6, a 4 on 1–8, a 5 on 1–9, a 6 always.",
};

/** "3 tanks", "1 fighter", "2 infantry" — lower case, English plural. */
export function countName(count, name) {
  const lower = name.replace(/\b(?!AA\b)\w+/g, (word) => word.toLowerCase());
  if (count === 1 || /(infantry|artillery)$/i.test(lower)) return `${count} ${lower}`;
  return `${count} ${lower}s`;
}

/** "3 tanks, 1 fighter" in the ruleset's unit order; `none` when empty. */
export function listUnits(counts, names, none = "nothing") {
  const parts = [];
  const order = [...names.keys(), ...Object.keys(counts || {}).filter((id) => !names.has(id))];
  for (const id of order) {
    const count = counts?.[id];
    if (count > 0) parts.push(countName(count, names.get(id) || id));
  }
  return parts.length ? parts.join(", ") : none;
}

/** "tanks", "infantry", "AA guns": a unit's name in the plural, lower case. */
export const pluralName = (name) => countName(2, name).slice(2);
const listWords = (words) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`);

/**
 * Why a unit another ruleset offers is not on the form: "Classic has no artillery or
 * destroyers (Revised and later do) and no cruisers (Anniversary and later do)." Units are
 * those of this kind of battle; empty when the ruleset lacks none.
 */
export function missingUnitsNote(data, rulesetId, kind) {
  const rulesets = data.rulesets;
  const offered = (r) => new Set(Object.values(r.battle_units?.[kind] || {}).flat());
  const at = rulesets.findIndex((r) => r.id === rulesetId);
  if (at < 0) return "";
  const mine = offered(rulesets[at]);
  const groups = new Map(); // "Revised and later" → [unit names]
  const seen = new Set();
  for (const [index, other] of rulesets.entries()) {
    for (const id of offered(other)) {
      if (mine.has(id) || seen.has(id)) continue;
      seen.add(id);
      const unit = other.units.find((u) => u.id === id);
      const having = rulesets.filter((r) => offered(r).has(id));
      const later = rulesets.slice(index).every((r) => offered(r).has(id));
      const who = later && index < rulesets.length - 1 ? `${shortName(other)} and later`
        : listWords(having.map(shortName)).replace(/ or /, " and ");
      groups.set(who, [...(groups.get(who) || []), pluralName(unit?.name || id)]);
    }
  }
  if (!groups.size) return "";
  const parts = [...groups].map(([who, names]) => `no ${listWords(names)} (${who} ${/ and |, /.test(who) ? "do" : "does"})`);
  const joined = parts.length < 2 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `${shortName(rulesets[at])} has ${joined}.`;
}

function shortName(ruleset) {
  return ruleset.name.replace(/\s*\(.*\)$/, "");
}
