// A&A Chess on the battle screen (seed 003): the variant picker, one line of
// explanation per variant, and the log lines of a chess fire — the total with
// what joined or was carried, what the remainder did, and what is carried on
// ("carried 4", "deficit −2").

import {el} from "../kit/dom.js";

// Until pycore's own list (rulesets op, system "chess" → variants) arrives.
export const VARIANTS = [
  {id: "orthodox", name: "Orthodox", summary: "No dice: each 6 is a hit; a remainder of 5 hits for the attacker, 4 or 5 for the defender."},
  {id: "ryof", name: "RYOF", summary: "As orthodox, and a remainder it ignores is rolled: a hit on that number or less."},
  {id: "ryof6", name: "RYOF<6", summary: "Every remainder is rolled (AA's too); a remainder never hits by itself."},
  {id: "cof", name: "COF", summary: "No dice: remainders carry into the next assault; one that scores leaves a deficit."},
  {id: "cofr", name: "COF+R", summary: "As COF, and in the battle's last assault each side rolls for its leftover."},
];

function ensureStyle() {
  if (!document.querySelector('link[href="battle/chess.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "battle/chess.css"}));
  }
}

/** The variant radios; `onChange` after a pick. `setVariants` takes pycore's list. */
export function createVariantPicker({idBase = "chess", onChange = () => {}} = {}) {
  ensureStyle();
  let variants = VARIANTS;
  const list = el("div", {class: "variant-list", role: "radiogroup", "aria-label": "A&A Chess variant", id: `${idBase}-variant`});
  const node = el("div", {class: "variant-field", id: `${idBase}-variant-field`, hidden: true},
    el("span", {class: "label", id: `${idBase}-variant-label`}, "A&A Chess variant"), list);

  function draw(chosen) {
    list.replaceChildren(...variants.map((v) => {
      const input = el("input", {type: "radio", name: `${idBase}-variant`, id: `${idBase}-variant-${v.id}`, value: v.id,
        checked: v.id === chosen});
      input.addEventListener("change", onChange);
      return el("label", {class: "variant", for: `${idBase}-variant-${v.id}`}, input,
        el("span", {class: "variant-text"}, el("strong", {}, v.name), el("span", {class: "variant-line"}, v.summary)));
    }));
    if (!list.querySelector("input:checked")) list.querySelector("input").checked = true;
  }
  const get = () => list.querySelector("input:checked")?.value || "orthodox";
  draw("orthodox");
  return {
    node,
    get,
    set(variant) { draw(variant || "orthodox"); },
    show(flag) { node.hidden = !flag; },
    setVariants(given) { if (given?.length) { const keep = get(); variants = given; draw(keep); } },
    name(id) { return variants.find((v) => v.id === id)?.name || id; },
  };
}

/** The lines of one chess fire in the log (below the firing units). */
export function chessFireLines(fire) {
  const lines = [];
  const parts = [`Power ${fire.power}`];
  if (fire.joined) parts.push(` + ${fire.joined} from the subs`);
  if (fire.carry_in) parts.push(` ${fire.carry_in > 0 ? "+" : "−"} ${Math.abs(fire.carry_in)} carried`);
  if (fire.joined || fire.carry_in) parts.push(` = ${fire.total}`);
  const by = fire.group === "aa" ? 5 : 6;
  // pycore counts a remainder that scores among the sure hits (docs/api.md): the line shows the quotient alone,
  // and the remainder's line its hit ("Power 10 ÷ 6: 1 sure hit / remainder 4 scores a hit / 2 hits").
  const quotient = fire.sure_hits - (scoredAlone(fire, by) ? 1 : 0);
  const sure = quotient === 1 ? "1 sure hit" : `${quotient} sure hits`;
  lines.push(el("p", {class: "power"}, `${parts.join("")} ÷ ${by}: ${sure}`));
  const words = remainderWords(fire, by);
  if (words) lines.push(el("p", {class: "remainder"}, words));
  const carried = fire.carry_out;
  if (carried) {
    lines.push(el("p", {class: `carry ${carried > 0 ? "carried" : "deficit"}`},
      carried > 0 ? `carried ${carried}` : `deficit −${-carried}`, el("span", {class: "sub"}, " into the next assault")));
  }
  if (fire.passed) lines.push(el("p", {class: "carry passed"}, `${fire.passed} joins the main attack`));
  return lines;
}

function remainderWords(fire, by) {
  const rest = fire.remainder;
  if (!rest) return "";
  if (fire.dice.length) return ""; // the die shows it
  if (fire.passed) return `remainder ${rest}`;
  if (scoredAlone(fire, by)) return `remainder ${rest} scores a hit`;
  if (fire.carry_out) return `remainder ${rest}`;
  return `remainder ${rest} ignored`;
}

/** Whether the remainder scored a hit by itself: pycore says so (remainder_hit); an older answer by its count. */
function scoredAlone(fire, by) {
  if ("remainder_hit" in fire) return Boolean(fire.remainder_hit);
  return fire.remainder > 0 && !fire.dice.length && fire.sure_hits > Math.floor((fire.total ?? fire.power) / by);
}
