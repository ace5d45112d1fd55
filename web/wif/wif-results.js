// The WiF 67 screen's answers: the roll (when there is one), the odds and modifiers counted, the chance
// of each result, Assault and Blitz side by side, and the link to the combat. Everything from pycore
// reaches the page as text (textContent).
//
// Not for: the form (wif-form.js) or asking pycore (wif.js).

import {el, clear, append} from "../kit/dom.js";
import {copyInto} from "../kit/copy.js";
import {shareUrl} from "../kit/share.js";
import {pct, plain, signed} from "./wif-state.js";
import {wifLuckLine} from "../kit/luck-words.js";

function renderRoll(rollCard, roll, request) {
  clear(rollCard);
  rollCard.hidden = !roll;
  if (!roll) return;
  const dice = el("div", {class: "wif-dice"},
    ...roll.dice.map((d) => el("span", {class: "wif-die", dataset: {value: d}}, String(d))),
    roll.fraction !== null ? el("span", {class: "wif-die fraction", dataset: {value: roll.fraction},
      title: "Fractional d10"}, String(roll.fraction)) : null);
  append(rollCard, [
    el("div", {class: "wif-roll-head"},
      el("span", {class: "wif-cell-big", id: "wif-roll-cell"}, roll.cell),
      el("span", {class: "wif-row-tag"}, `row ${roll.row}`, el("small", {}, `total ${roll.total}`))),
    dice,
    el("p", {class: "wif-side attacker", id: "wif-roll-attacker"}, roll.attacker),
    el("p", {class: "wif-side defender", id: "wif-roll-defender"}, roll.defender),
    el("p", {class: "wif-roll-text", id: "wif-roll-how"}, roll.how),
    wifLuckLine(roll.luck) ? el("p", {class: "wif-luck", id: "wif-roll-luck"}, wifLuckLine(roll.luck)) : null,
    request?.seed ? el("p", {class: "hint"}, "Seed: ", el("code", {}, request.seed)) : null]);
}

function renderSummary(oddsSummary, result) {
  clear(oddsSummary);
  const lines = [
    ["Odds", `${result.odds.text} → ${signed(result.odds_modifier)}`],
    ...result.modifiers.map((m) => [m.count ? `${m.label} ×${m.count}` : m.label,
      `${signed(m.counted)}${m.note ? ` (${m.note})` : ""}`]),
  ];
  if (result.city.capped) lines.push(["City total", `${signed(result.city.total)} → counts 0`]);
  lines.push(["Total modifier", signed(result.total_modifier)]);
  const dl = el("dl", {class: "wif-lines"});
  for (const [name, value] of lines) dl.append(el("dt", {}, name), el("dd", {}, value));
  append(oddsSummary, [el("h3", {}, `${result.table === "blitz" ? "Blitz" : "Assault"} table`), dl,
    el("p", {class: "hint", id: "wif-fraction-note"}, result.fraction_roll.needed ? `Fractional d10: ${result.fraction_roll.note}.` : ""),
    result.overrun_possible ? el("p", {class: "hint"}, "+16 or more: enough for an overrun (World in Flames option 67).") : null]);
}

function renderSums(sums, summary) {
  clear(sums);
  const tile = (id, value, label) => el("div", {class: "wif-tile", id}, el("strong", {}, value), el("span", {}, label));
  sums.append(
    tile("wif-p-no-loss", pct(summary.p_attacker_loses_nothing), "attacker loses nothing"),
    tile("wif-p-retreat", pct(summary.p_defender_retreats_or_worse), "defender retreats or worse"),
    tile("wif-e-attacker", plain(summary.expected_attacker_losses), "attacker losses on average"),
    tile("wif-e-defender", plain(summary.expected_defender_losses), "defender losses on average"));
}

function renderDistribution(distribution, outcomes, rolled) {
  clear(distribution);
  const top = Math.max(...outcomes.map((o) => o.probability));
  for (const o of outcomes) {
    const bar = el("span", {class: "wif-bar"});
    bar.style.width = `${(100 * o.probability) / top}%`;
    const rows = o.rows.length === 1 ? `row ${o.rows[0]}` : `rows ${o.rows[0]}–${o.rows[o.rows.length - 1]}`;
    distribution.append(el("li", {class: `wif-outcome${o.cell === rolled ? " rolled" : ""}`, dataset: {cell: o.cell}},
      el("details", {},
        el("summary", {},
          el("span", {class: "wif-cell"}, o.cell),
          el("span", {class: "wif-track"}, bar),
          el("span", {class: "wif-pct"}, pct(o.probability))),
        el("p", {}, o.text), el("p", {class: "hint"}, rows))));
  }
}

function renderCompare(compare, tables, current) {
  clear(compare);
  const head = el("tr", {}, el("td", {}, ""), el("th", {scope: "col"}, "Assault"), el("th", {scope: "col"}, "Blitz"));
  const row = (label, key, fmt) => el("tr", {}, el("th", {scope: "row"}, label),
    ...["assault", "blitz"].map((t) => el("td", {class: t === current ? "current" : ""}, fmt(tables[t][key]))));
  compare.append(el("table", {},
    el("thead", {}, head),
    el("tbody", {},
      row("Attacker loses nothing", "p_attacker_loses_nothing", pct),
      row("Defender retreats or worse", "p_defender_retreats_or_worse", pct),
      row("Defender takes a loss", "p_defender_takes_a_loss", pct),
      row("Attacker losses (avg)", "expected_attacker_losses", plain),
      row("Defender losses (avg)", "expected_defender_losses", plain))));
}

export function createWifResults() {
  const rollCard = el("section", {class: "wif-roll", id: "wif-roll", "aria-live": "polite", hidden: true});
  const oddsSummary = el("div", {class: "wif-summary", id: "wif-summary"});
  const sums = el("div", {class: "wif-sums", id: "wif-sums"});
  const distribution = el("ol", {class: "wif-distribution", id: "wif-distribution", "aria-label": "Chance of every result"});
  const compare = el("div", {class: "wif-compare", id: "wif-compare"});
  const linkField = el("input", {id: "wif-link", type: "url", readOnly: true, "aria-label": "Link to this combat"});
  const shareStatus = el("p", {class: "hint", id: "wif-share-status", role: "status"});
  const shareButton = el("button", {type: "button", class: "small", id: "wif-share"}, "Copy link");
  const sharePanel = el("div", {class: "share-panel", id: "wif-share-panel", hidden: true},
    el("label", {for: linkField.id}, "Link to this combat"),
    el("div", {class: "seed-row"}, linkField, shareButton), shareStatus);
  const node = el("section", {class: "wif-results", id: "wif-results", "aria-label": "Results", hidden: true},
    rollCard, oddsSummary, el("h3", {}, "Chance of every result"), sums, distribution,
    el("h3", {}, "Assault and Blitz compared"), compare, sharePanel);
  shareButton.addEventListener("click", async () => {
    shareStatus.textContent = await copyInto(linkField, linkField.value) ? "Link copied." : "Copy the link above to share it.";
  });

  return {
    node, rollCard,
    /** pycore's answer (request: the roll's request, or null for a preview). */
    render(result, request) {
      node.hidden = false;
      renderRoll(rollCard, result.roll, request);
      renderSummary(oddsSummary, result);
      renderSums(sums, result.summary);
      renderDistribution(distribution, result.outcomes, result.roll?.cell);
      renderCompare(compare, result.tables, result.table);
      linkField.value = shareUrl(result.link);
      sharePanel.hidden = false;
      shareStatus.textContent = result.roll ? "This link replays this very roll." : "This link opens this combat.";
    },
  };
}
