// What the battle form shows before Python is ready: the six rulesets and
// their land battle units, from the unit table of RULES.md §1. Once the worker
// answers {"op": "rulesets"}, pycore's own data replaces this.

const LAND = {
  infantry: ["Infantry", 1, 2],
  artillery: ["Artillery", 2, 2],
  mech_infantry: ["Mech. infantry", 1, 2],
  tank: ["Tank", 3, 3],
  fighter: ["Fighter", 3, 4],
  tactical_bomber: ["Tactical bomber", 3, 3],
  bomber: ["Bomber", 4, 1],
};

function units(ids, overrides = {}) {
  return ids.map((id) => {
    const [name, attack, defense] = LAND[id];
    return {id, name, attack, defense, ...(overrides[id] || {})};
  });
}

const STANDARD = ["infantry", "artillery", "tank", "fighter", "bomber"];

export const BUILT_IN = {
  rulesets: [
    {id: "classic", name: "Classic (2nd edition)", units: units(["infantry", "tank", "fighter", "bomber"], {tank: {defense: 2}})},
    {id: "revised", name: "Revised", units: units(STANDARD)},
    {id: "anniversary", name: "Anniversary", units: units(STANDARD)},
    {id: "1942-2e", name: "1942 (2nd edition)", units: units(STANDARD)},
    {id: "1940-2e", name: "1940 (2nd edition)", units: units(["infantry", "artillery", "mech_infantry", "tank", "fighter", "tactical_bomber", "bomber"])},
    {id: "big-world-1942", name: "Big World 1942", units: units(STANDARD)},
  ],
  systems: [{id: "dice", name: "Dice"}, {id: "lowluck", name: "Low Luck"}],
  battle_units: Object.keys(LAND),
};

/** One line under the system picker, until pycore's own `summary` arrives. */
export const SYSTEM_NOTES = {
  dice: "Every unit rolls a die and hits on its value or less.",
  lowluck: "Add up the power: each 6 is a sure hit, one die decides the rest.",
};

/** "3 tanks", "1 fighter", "2 infantry" — lower case, English plural. */
export function countName(count, name) {
  const lower = name.replace(/\b(?!AA\b)\w+/g, (word) => word.toLowerCase());
  if (count === 1 || /(infantry|artillery)$/i.test(lower)) return `${count} ${lower}`;
  return `${count} ${lower}s`;
}
