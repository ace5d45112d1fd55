// The Odds screen's "More" options, folded away under the battle form: the attacker's round limit and
// retreat rules (retreat-rules.js) — of wave 1 when the plan has more waves (plan-form.js). They are the
// calculator's alone (docs/api.md calc); the battle itself is the shared form's.
//
// Not for: the request's arithmetic (calc-state.js moreFields, moreOf).

import {el} from "../kit/dom.js";
import {moreFields, moreOf} from "./calc-state.js";
import {createRetreatRules} from "./retreat-rules.js";
import {createSeaOptions} from "./sea-options.js";
import {rulesOn} from "./plan-state.js";

/** onChange(): an option changed by the player. */
export function createMore({onChange}) {
  const edited = () => { summarize(); onChange(); };
  const rules = createRetreatRules({idBase: "calc", onChange: edited});
  const sea = createSeaOptions({onChange: edited});
  sea.sea = false;
  const summary = el("span", {class: "more-state"});
  const title = el("span", {}, "More: round limit, retreat");
  const more = el("details", {class: "more calc-more", id: "calc-more"},
    el("summary", {}, title, summary),
    el("p", {class: "hint"}, "The attacker retreats after a round when any of these rules says so. " +
      "His chance to win is the one the calculator would give from there, both sides fighting on."),
    ...rules.nodes, sea.node);
  const node = el("fieldset", {class: "settings"}, el("legend", {class: "visually-hidden"}, "More options"), more);

  let waves = 1;
  function titled() {
    title.textContent = waves > 1 ? "Wave 1: round limit, retreat" : `More: round limit, retreat${sea.node.hidden ? "" : ", sea rules"}`;
  }

  function summarize() {
    const on = rulesOn(rules.read()) + sea.on;
    summary.textContent = on ? ` · ${on} on` : "";
  }

  return {
    node,
    /** The request with these options (only what differs from the defaults). */
    apply: (request) => sea.apply({...request, ...moreFields(rules.read())}),
    fill(request) {
      rules.fill(moreOf(request));
      sea.fill(request);
      summarize();
    },
    /** With later waves these are wave 1's rules: the summary says so. */
    set waves(count) { waves = count; titled(); },
    /** The battle's kind: the sea rules are shown at sea only. */
    set kind(kind) { sea.sea = kind === "sea"; titled(); },
    /** Where an error on an option points (kit/feedback.js markField): the row, opened. */
    target(field) {
      const found = rules.target(field.split(".")[0]) || sea.target(field);
      return found && {...found, reveal: () => { more.open = true; }};
    },
  };
}
