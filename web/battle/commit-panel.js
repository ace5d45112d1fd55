// Commit–reveal on the Battle screen (pycore/fair/commit.py, docs/links.md): two players make the dice
// together with no network. The attacker's page makes a secret and posts only its commitment; the
// defender replies with any phrase; the attacker reveals. The secret stays on the attacker's device
// (localStorage, keyed by the commitment) until the reveal. The panel's stage is data-commit =
// "committed" | "reply" | "replied" | "reveal" | "waiting" | "decide" | "revealed".
// Round by round (docs/links.md "Fair dice, round by round") the same stages come once per draw: the
// defender's phrase after each decision, then the attacker's key of that draw; the secret stays on the
// attacker's device to the end (it seeds the chain of keys the commitment binds).

import {copyInto} from "../kit/copy.js";
import {el} from "../kit/dom.js";
import {inWords} from "../kit/feedback.js";
import {shareUrl} from "../kit/share.js";

const STORE = "luckdial.commit.";

function newSecret() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function keep(hash, secret) {
  try {
    localStorage.setItem(STORE + hash, secret);
    return true;
  } catch {
    return false; // private mode: the secret lives only in this tab
  }
}

function secretFor(hash, memory) {
  try {
    return localStorage.getItem(STORE + hash) || memory.get(hash) || null;
  } catch {
    return memory.get(hash) || null;
  }
}

// The phrases replied from this device: only their author reads "You replied"; a third device opening
// the reply link is a reader, told who replied.
const REPLIED = "luckdial.replied.";

function keepReply(hash, draw, here) {
  here.add(`${hash}.${draw}`);
  try {
    localStorage.setItem(`${REPLIED}${hash}.${draw}`, "1");
  } catch {
    // private mode: this tab remembers it
  }
}

function repliedHere(hash, draw, here) {
  try {
    return here.has(`${hash}.${draw}`) || localStorage.getItem(`${REPLIED}${hash}.${draw}`) === "1";
  } catch {
    return here.has(`${hash}.${draw}`);
  }
}

export function createCommitPanel({client, onReveal, onRevealed = onReveal}) {
  const memory = new Map();
  const replies = new Set();
  const say = el("p", {class: "beacon-state", id: "commit-state", role: "status"});
  const phrase = el("input", {id: "commit-phrase", type: "text", autocomplete: "off", maxlength: 200,
    placeholder: "e.g. rain on the steppe"});
  // The panel's one action at each stage is as big as the action bar's buttons (panel-action): a small
  // button beside a large "Share this battle" read as the lesser step.
  const replyButton = el("button", {type: "button", class: "primary panel-action", id: "commit-reply"}, "Make my reply link");
  const phraseRow = el("div", {class: "commit-phrase", hidden: true},
    el("label", {class: "label", for: "commit-phrase"}, "Your phrase — any words: they are your half of the dice"),
    phrase, replyButton);
  const linkField = el("input", {id: "commit-link", type: "url", readOnly: true, "aria-label": "Link to post"});
  const copyButton = el("button", {type: "button", class: "small", id: "commit-copy"}, "Copy the link");
  const linkRow = el("div", {class: "beacon-link-row", hidden: true}, linkField, copyButton);
  const revealButton = el("button", {type: "button", class: "primary panel-action", id: "commit-reveal", hidden: true}, "Reveal and roll");
  const node = el("section", {class: "beacon-panel", id: "commit-panel", hidden: true, "aria-label": "Commit and reveal"},
    el("h2", {}, "Dice made by both players"), say, phraseRow, linkRow, revealButton);
  let current = null;

  copyButton.addEventListener("click", async () => {
    if (await copyInto(linkField, linkField.value)) copyButton.textContent = "Copied";
  });

  function show(stage, text, {link = "", askPhrase = false, reveal = false} = {}) {
    node.hidden = false;
    node.dataset.commit = stage;
    say.textContent = text;
    linkRow.hidden = !link;
    linkField.value = link;
    copyButton.textContent = "Copy the link";
    phraseRow.hidden = !askPhrase;
    revealButton.hidden = !reveal;
  }

  replyButton.addEventListener("click", async () => {
    const words = phrase.value.trim();
    if (!words) {
      say.textContent = "Type any phrase first: it is your half of the dice.";
      phrase.focus();
      return;
    }
    const request = current.commit.draws
      ? {...current, commit: {...current.commit, draws: [...current.commit.draws, {phrase: words}]}}
      : {...current, commit: {hash: current.commit.hash, phrase: words}};
    const envelope = await client.call({op: "share", encode: request});
    if (!envelope.ok) {
      say.textContent = inWords(envelope.error);
      return;
    }
    history.replaceState(null, "", "#" + envelope.result.link);
    current = request;
    keepReply(request.commit.hash, request.commit.draws?.length || 1, replies);
    show("replied", "Post this link as your reply. The attacker reveals next; the dice then come from both of you.",
      {link: shareUrl(envelope.result.link)});
  });

  revealButton.addEventListener("click", async () => {
    const secret = secretFor(current.commit.hash, memory);
    if (!secret) return;
    if (!current.commit.draws) {
      onReveal({...current, commit: {...current.commit, secret}});
      return;
    }
    // Round by round: pycore works out this draw's key from the secret (pycore/fair/commit.py), never put in a link.
    revealButton.disabled = true;
    const envelope = await client.call({op: "share", reveal: current, secret});
    revealButton.disabled = false;
    if (!envelope.ok) {
      say.textContent = inWords(envelope.error);
      return;
    }
    onRevealed(envelope.result.request);
  });

  return {
    node,
    /** The attacker commits: returns the commitment link's request, or an error envelope. */
    async commit(battle, {roundByRound = false} = {}) {
      const secret = newSecret();
      const envelope = await client.call({op: "share", commit: battle, secret, ...(roundByRound ? {round_by_round: true} : {})});
      if (!envelope.ok) return envelope;
      memory.set(envelope.result.hash, secret);
      const kept = keep(envelope.result.hash, secret);
      history.replaceState(null, "", "#" + envelope.result.link);
      current = {...battle, commit: {hash: envelope.result.hash, ...(roundByRound ? {draws: []} : {})}};
      show("committed", "Post this link: it holds the battle and a commitment to a secret kept on this device" +
        (kept ? "" : " (this tab only: keep it open)") + ". When the defender replies, open the reply link here to reveal.",
        {link: shareUrl(envelope.result.link)});
      return envelope;
    },
    /** A commit link opened before its reveal: the defender's phrase, or the attacker's reveal. */
    opened(request) {
      current = request;
      const secret = secretFor(request.commit.hash, memory);
      if (!request.commit.phrase) {
        if (secret) show("committed", "Your commitment: post its link and wait for the defender's reply.", {link: location.href});
        else show("reply", "The attacker committed to this battle. Reply with any phrase — the dice come from your phrase and the attacker's secret, so neither of you can choose them.", {askPhrase: true});
      } else if (secret) {
        show("reveal", `The defender replied “${request.commit.phrase}”. Reveal your secret to roll; the reveal link then shows the battle to everyone.`, {reveal: true});
      } else {
        const who = repliedHere(request.commit.hash, 1, replies) ? "You replied" : "The defender replied";
        show("waiting", `${who} “${request.commit.phrase}”. Waiting for the attacker's reveal (the attacker opens this link on the device that made the commitment).`);
      }
    },
    revealed() {
      show("revealed", "Revealed: the secret matches the commitment, so neither player could choose these dice.");
    },
    /**
     * A round-by-round battle as pycore answered it: who acts next. waiting.needs "phrase" (the defender
     * replies), "key" (the attacker reveals on his device), next_draw (the attacker presses on or retreats),
     * or nothing (over).
     */
    staged(request, result) {
      current = request;
      const secret = secretFor(request.commit.hash, memory);
      const waiting = result.waiting?.kind === "draw" ? result.waiting : null;
      const round = waiting?.round || result.next_draw?.round;
      if (waiting?.needs === "phrase") {
        if (secret) {
          show("committed", `Post this link. The defender replies with any phrase for round ${round}'s dice; open the ` +
            "reply here to reveal them.", {link: location.href});
        } else {
          show("reply", `Reply with any phrase for round ${round}'s dice: they come from your phrase and the attacker's ` +
            "committed key, so neither of you can choose them.", {askPhrase: true});
          phrase.value = "";
        }
      } else if (waiting?.needs === "key") {
        const said = request.commit.draws.at(-1).phrase;
        if (secret) show("reveal", `The defender replied “${said}”. Reveal round ${round}'s dice.`, {reveal: true});
        else {
          const who = repliedHere(request.commit.hash, request.commit.draws.length, replies) ? "You replied" : "The defender replied";
          show("waiting", `${who} “${said}”. Waiting for the attacker to reveal round ${round}'s dice.`);
        }
      } else if (result.next_draw) {
        show("decide", `Round ${round - 1} is over. Attacker: press on or retreat — after pressing on, the defender ` +
          `replies with a phrase for round ${round}'s dice.`);
      } else {
        show("revealed", "Revealed draw by draw: every key matches the commitment, so neither player could choose these dice.");
      }
    },
    reset() {
      current = null;
      node.hidden = true;
      delete node.dataset.commit;
    },
  };
}
