// A&A Chess in the battle log (seed 003): the lines of a chess fire — the total with
// what joined or was carried, what the remainder did, and what is carried on
// ("carried 4", "deficit −2"). The variant picker is the battle form's (kit/variant-picker.js).

import {el} from "../kit/dom.js";

function ensureStyle() {
  if (!document.querySelector('link[href="battle/chess.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "battle/chess.css"}));
  }
}

/** The lines of one chess fire in the log (below the firing units). */
export function chessFireLines(fire) {
  ensureStyle();
  const lines = [];
  const parts = [`Power ${fire.power}`];
  if (fire.joined) parts.push(` + ${fire.joined} from the subs`);
  if (fire.carry_in) parts.push(` ${fire.carry_in > 0 ? "+" : "−"} ${Math.abs(fire.carry_in)} carried`);
  if (fire.joined || fire.carry_in) parts.push(` = ${fire.total}`);
  const by = fire.group === "aa" ? 5 : 6;
  const sure = fire.sure_hits === 1 ? "1 sure hit" : `${fire.sure_hits} sure hits`;
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
  const total = fire.total ?? fire.power;
  const scored = fire.sure_hits > Math.floor(total / by);
  if (scored) return `remainder ${rest} scores a hit`;
  if (fire.carry_out) return `remainder ${rest}`;
  return `remainder ${rest} ignored`;
}
