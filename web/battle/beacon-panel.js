// The Battle screen's panel for a battle declared on a public beacon round (docs/links.md):
// the time by which the declaration must be posted, a countdown while the round is not drawn,
// and the verdict once it is checked. Its state is on the panel as data-beacon =
// "pending" | "verified" | "unreachable" | "invalid", so a reader and a test see the same thing.
// The fetching and the BLS check are kit/beacon.js's; this module only says what happened.
// A battle decided round by round (docs/links.md "Fair dice, round by round") has one beacon round per
// draw: the panel lists them with the time each is drawn (#beacon-draws), so a reader can compare each
// with the time of the post that declared it, and checks every one (each signature offline, the last
// one fetched once drawn).

import {copyInto} from "../kit/copy.js";
import {el} from "../kit/dom.js";

export function createBeaconPanel({onRetry}) {
  if (!document.querySelector('link[href="battle/beacon.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "battle/beacon.css"}));
  }
  const state = el("p", {class: "beacon-state", id: "beacon-state", role: "status"});
  const deadline = el("p", {class: "beacon-deadline", id: "beacon-deadline"});
  const countdown = el("p", {class: "beacon-countdown numeric", id: "beacon-countdown", "aria-live": "off"});
  const linkField = el("input", {id: "beacon-link", type: "url", readOnly: true, "aria-label": "Link to this declared battle"});
  const copyButton = el("button", {type: "button", class: "small", id: "beacon-copy"}, "Copy the link");
  const linkRow = el("div", {class: "beacon-link-row", hidden: true}, linkField, copyButton);
  const retryButton = el("button", {type: "button", class: "small", id: "beacon-retry", hidden: true}, "Try again");
  const drawList = el("ol", {class: "beacon-draws", id: "beacon-draws", hidden: true, "aria-label": "Beacon rounds of this battle"});
  const node = el("section", {class: "beacon-panel", id: "beacon-panel", hidden: true, "aria-label": "Public beacon"},
    el("h2", {}, "Dice from a public beacon"), state, deadline, countdown, linkRow, retryButton, drawList);
  let timer = null;
  let waiter = null;

  copyButton.addEventListener("click", async () => {
    if (await copyInto(linkField, linkField.value)) copyButton.textContent = "Copied";
  });
  retryButton.addEventListener("click", () => onRetry());

  function setState(name, text) {
    node.dataset.beacon = name;
    node.hidden = false;
    state.textContent = text;
    retryButton.hidden = name !== "unreachable";
  }

  function stopTimers() {
    clearInterval(timer);
    timer = null;
    if (waiter) waiter.resolve(null);
    waiter = null;
  }

  /** Waits until round time (a countdown on the page); resolves true then, null if reset meanwhile. */
  function waitFor(at) {
    stopTimers();
    const tick = () => {
      const left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
      countdown.textContent = `Drawn in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      if (left <= 0) {
        clearInterval(timer);
        timer = null;
        const done = waiter;
        waiter = null;
        done?.resolve(true);
      }
    };
    return new Promise((resolve) => {
      waiter = {resolve};
      tick();
      timer = setInterval(tick, 250);
    });
  }

  /** A round not in the link yet: not drawn before its time; drawn after it, even if this page could not fetch it. */
  function sayMissing(roundTime) {
    for (const span of drawList.querySelectorAll("li.pending > .sub")) {
      const at = roundTime(Number(span.parentElement.dataset.round));
      span.textContent = Date.now() < at ? " — not drawn yet" : " — not fetched yet";
    }
  }

  return {
    node,
    /** The declarer's view: the link to post, and by when. */
    declare(request, url) {
      linkField.value = url;
      linkRow.hidden = false;
      copyButton.textContent = "Copy the link";
      node.dataset.role = "declarer";
    },
    /** A reader's view of a declaration link. */
    opened() {
      linkRow.hidden = true;
      node.dataset.role = "reader";
    },
    reset() {
      stopTimers();
      node.hidden = true;
      delete node.dataset.beacon;
      countdown.textContent = deadline.textContent = state.textContent = "";
      linkRow.hidden = true;
      drawList.hidden = true;
      drawList.replaceChildren();
    },
    /**
     * A round-by-round battle: one line per draw — which battle round's dice it gave (pycore's
     * dice_source.draws, or the round it waits for), its beacon round and the time it is drawn.
     */
    async showDraws(request, result) {
      const {clockTime, roundTime} = await import("../kit/beacon.js");
      const began = new Map((result?.dice_source?.draws || []).map((d) => [d.draw, d.from.round]));
      if (result?.waiting?.kind === "draw") began.set(result.waiting.draw, result.waiting.round);
      drawList.replaceChildren(...request.beacon.draws.map((draw, i) => {
        const at = clockTime(roundTime(draw.round));
        const round = began.get(i + 1);
        const what = round ? `Round ${round}${i && began.get(i) === round ? " (after a choice)" : ""}` : `Draw ${i + 1}`;
        return el("li", {class: draw.signature ? "drawn" : "pending", dataset: {round: draw.round}},
          `${what}: public beacon round ${draw.round}, drawn at ${at}`,
          draw.signature ? "" : el("span", {class: "sub"}));
      }));
      sayMissing(roundTime);
      drawList.hidden = false;
      node.hidden = false;
    },
    /** A round-by-round battle waits for the attacker: press on (a new round is declared then) or retreat. */
    decide(round) {
      stopTimers();
      countdown.textContent = deadline.textContent = "";
      linkRow.hidden = true;
      setState("verified", `Round ${round - 1} is over, its dice verified. Attacker: press on — round ${round}'s ` +
        "dice then come from a beacon round drawn 5 minutes after your choice — or retreat.");
    },
    /** Verifies every drawn round a round-by-round link holds, offline; false (said, state invalid) if one is not genuine. */
    async verifyDraws(request) {
      const beacon = await import("../kit/beacon.js");
      for (const draw of request.beacon.draws.filter((d) => d.signature)) {
        const result = await beacon.checkRound(draw.round, {signature: draw.signature});
        if (result.state !== "verified") {
          setState(result.state === "invalid" ? "invalid" : "unreachable", result.state === "invalid"
            ? `Refused: public beacon round ${draw.round} in this link is not genuine — ${result.reason}. No dice are shown; the battle's setup is below.`
            : `Could not check public beacon round ${draw.round}: ${result.reason}.`);
          return false;
        }
      }
      return true;
    },
    /**
     * Checks the declared round until it is drawn: the request to fight once verified
     * (with the round's signature, which the link then keeps), or null (unreachable, invalid, reset).
     */
    async check(request, battleRound = null) {
      const beacon = await import("../kit/beacon.js");
      const draws = request.beacon.draws;
      if (draws && !(await this.verifyDraws(request))) return null;
      const round = draws ? draws.at(-1).round : request.beacon.round;
      if (draws && draws.at(-1).signature) {
        stopTimers();
        countdown.textContent = deadline.textContent = "";
        const rounds = draws.map((d) => d.round);
        setState("verified", `Drawn from public beacon round${rounds.length > 1 ? "s" : ""} ` +
          `${rounds.length > 1 ? `${rounds.slice(0, -1).join(", ")} and ${rounds.at(-1)}` : rounds[0]} — each ` +
          "verified against the League of Entropy's quicknet public key.");
        return request;
      }
      const at = beacon.roundTime(round);
      const whose = battleRound ? `round ${battleRound}'s dice` : "the dice";
      for (;;) {
        deadline.textContent = deadlineWords(node.dataset.role, beacon.clockTime(at), round, whose, Date.now() >= at);
        sayMissing(beacon.roundTime);
        setState("pending", `Checking public beacon round ${round}…`);
        const known = request.beacon.signature ? {signature: request.beacon.signature} : null;
        const result = await beacon.checkRound(round, known);
        if (result.state === "pending") {
          setState("pending", `Not drawn yet: public beacon round ${round} is drawn at ${beacon.clockTime(at)}. ` +
            "The battle is fought as soon as it is.");
          if (!(await waitFor(at))) return null;
          continue;
        }
        countdown.textContent = "";
        if (result.state === "verified") {
          setState("verified", `Drawn from public beacon round ${round} — verified against the League of Entropy's ` +
            "quicknet public key.");
          if (draws) return {...request, beacon: {draws: [...draws.slice(0, -1), {round, signature: result.signature}]}};
          return {...request, beacon: {round, signature: result.signature}};
        }
        if (result.state === "invalid") {
          setState("invalid", `Refused: the answer for public beacon round ${round} is not genuine — ${result.reason}. ` +
            "No dice are shown; the battle's setup is below.");
          return null;
        }
        setState("unreachable", `Could not reach the public beacon for round ${round}` +
          `${navigator.onLine ? "" : " (this device is offline)"}: ${result.reason}. The battle's setup is shown below; ` +
          "try again once online.");
        return null;
      }
    },
  };
}

/**
 * By when a declaration must have been posted, in the tense of the page's clock: the round's time may
 * have passed while the page waited (offline, or opened late), and a page saying "post it before" a
 * time gone by would ask the impossible.
 */
export function deadlineWords(role, time, round, whose, passed) {
  const drawn = passed ? "was drawn" : "is drawn";
  if (role !== "declarer") {
    return `Fair only if it was posted before ${time}, when public beacon round ${round} ${drawn} (it gives ${whose}): ` +
      "check the post's time.";
  }
  return passed
    ? `Fair only if you posted it before ${time}, when public beacon round ${round} was drawn (it gives ${whose}): ` +
      "the post's own time shows it."
    : `Post it before ${time} — public beacon round ${round} is drawn then and gives ${whose}, ` +
      "so the post's own time proves nobody could know them.";
}
