// A&A Chess's variants on the battle form (seed 003): one card per variant with its line of
// explanation, shown under the luck system when A&A Chess is chosen. Its look is in kit/style.css.

import {el} from "./dom.js";

// Until pycore's own list (rulesets op, system "chess" → variants) arrives.
export const VARIANTS = [
  {id: "orthodox", name: "Orthodox", summary: "No dice: each 6 is a hit; a remainder of 5 hits for the attacker, 4 or 5 for the defender."},
  {id: "ryof", name: "RYOF", summary: "As orthodox, and a remainder it ignores is rolled: a hit on that number or less."},
  {id: "ryof6", name: "RYOF<6", summary: "Every remainder is rolled (AA's too); a remainder never hits by itself."},
  {id: "cof", name: "COF", summary: "No dice: remainders carry into the next assault; one that scores leaves a deficit."},
  {id: "cofr", name: "COF+R", summary: "As COF, and in the battle's last assault each side rolls for its leftover."},
];

/** The variant radios; `onChange` after a pick. `setVariants` takes pycore's list. */
export function createVariantPicker({idBase = "chess", onChange = () => {}} = {}) {
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
