// The Luck screen: the game journal on this device — battles added from the Battle screen
// ("Add to game journal", offered through kit/screens.js) or pasted as links, who was luckier over the
// game (pycore's `journal` op sums them exactly), shared as a link and as forum text. A journal link opens
// here: shown as it was sent, its battles added to this device's journal only on request.
//
// Each function takes `g`: the screen's state (the journal, pycore's answer, the view).
// Not for: the data (journal-state.js), storage (journal-store.js), the paste (journal-import.js), the DOM
// (journal-view.js).

import {el} from "../kit/dom.js";
import {offer} from "../kit/screens.js";
import {linkWords, restOf} from "../kit/feedback.js";
import {newSeed} from "../kit/seed.js";
import {pageAddress} from "../kit/share.js";
import {bound} from "../kit/bound.js";
import {addBattle, battleLabel, clearJournal, emptyJournal, journalFromRequest, journalRequest, namesProblem,
  newBattle, removeBattle, restoreBattles, swapSides} from "./journal-state.js";
import {lastSides, openJournalStore, rememberSides} from "./journal-store.js";
import {importLinks, importWords} from "./journal-import.js";
import {createJournalView} from "./journal-view.js";

const newId = () => newSeed(12);

/** The journal shown: a shared one being looked at, else this device's. */
const shown = (g) => g.viewing || g.journal;

/** Ask pycore for the sums of the journal shown and draw them (an older answer arriving late is dropped). */
async function recount(g) {
  const journal = shown(g);
  const asked = ++g.asked;
  g.answer = null;
  g.view.render(g.journal, null, {viewing: g.viewing});
  if (!journal.battles.length || g.engine !== "ready") return;
  // report.page: the post's link back is absolute, as the battle's is (never part of the link itself).
  const envelope = await g.client.call({...journalRequest(journal), report: {page: pageAddress()}});
  if (asked !== g.asked) return;
  if (!envelope.ok) {
    g.view.say(`The journal could not be counted: ${restOf(envelope.error)}`);
    return;
  }
  g.answer = envelope.result;
  g.view.render(g.journal, g.answer, {viewing: g.viewing});
}

/** Keep `journal` as this device's (merged with another tab's changes) and count it again. */
function commit(g, journal) {
  const saved = g.store.save(journal);
  g.journal = saved.journal;
  const notes = saved.notes.map((note) => note.text).join(" ");
  if (saved.problem || notes) g.view.say([saved.problem, notes].filter(Boolean).join(" "), {look: saved.problem ? "error" : "info"});
  return recount(g);
}

/** A battle from the Battle screen: {request, result, names, attacker, defender} → {problem, count}. */
function add(g, {request, result, names, attacker, defender}) {
  const problem = namesProblem(attacker, defender);
  if (problem) return {problem, count: g.journal.battles.length};
  if (!result?.luck) return {problem: "This battle has no luck to add (its luck system rolls no dice).", count: g.journal.battles.length};
  rememberSides(attacker, defender);
  g.view.setSides({attacker, defender});
  const battle = newBattle({attacker, defender, label: battleLabel(request, result, names), luck: result.luck, link: result.link},
    {id: newId(), added: Date.now()});
  const added = addBattle(g.journal, battle);
  if (added.problem) return {problem: added.problem, count: g.journal.battles.length};
  g.view.say("");
  commit(g, added.journal);
  return {problem: null, count: g.journal.battles.length};
}

async function paste(g, text, sides) {
  const {status, refused, go} = g.view.paste;
  const problem = namesProblem(sides.attacker, sides.defender);
  if (problem) {
    status.textContent = problem;
    return;
  }
  if (g.engine !== "ready") {
    status.textContent = "The rules are still loading: try again in a moment. The pasted text is kept.";
    return;
  }
  go.disabled = true;
  status.textContent = "Reading the links…";
  refused.replaceChildren();
  const known = new Set(g.journal.battles.map((b) => b.link).filter(Boolean));
  const got = await importLinks(text, (request) => g.client.call(request), {sides, known, newId, now: Date.now});
  go.disabled = false;
  status.textContent = importWords(got);
  refused.replaceChildren(...got.refused.map((sentence) => el("li", {}, sentence)));
  if (!got.battles.length) return;
  rememberSides(sides.attacker, sides.defender);
  let journal = g.journal;
  for (const battle of got.battles) {
    const added = addBattle(journal, battle);
    if (added.problem) {
      refused.append(el("li", {}, added.problem));
      break;
    }
    journal = added.journal;
  }
  if (!got.refused.length) g.view.paste.text.value = ""; // nothing left to fix: the box is emptied
  await commit(g, journal);
}

function remove(g, id) {
  const index = g.journal.battles.findIndex((b) => b.id === id);
  g.undo = {kind: "remove", battles: [g.journal.battles[index]]};
  g.view.say(`Battle ${index + 1} removed.`, {undo: true, look: "info"});
  commit(g, removeBattle(g.journal, id));
}

function clear(g) {
  const {journal, undo} = clearJournal(g.journal);
  g.undo = {kind: "clear", battles: undo};
  g.view.say(`The journal is cleared (${undo.length} battles).`, {undo: true, look: "info"});
  commit(g, journal);
}

function undoLast(g) {
  if (!g.undo) return;
  const back = g.undo.battles;
  g.undo = null;
  g.view.say(back.length === 1 ? "The battle is back." : `The ${back.length} battles are back.`, {look: "info"});
  const journal = restoreBattles(g.journal, back);
  commit(g, {...journal, battles: [...journal.battles].sort((a, b) => a.added - b.added)});
}

async function share(g) {
  if (!g.answer) return;
  if (!g.answer.link) {
    g.view.say(`No link: ${g.answer.link_reason}.`);
    return;
  }
  await g.view.share.share(g.answer.link);
}

/** pycore's forum post of the journal (`result.report`, escaped as the battle's) in `format`, or null while it is counted. */
function post(g, format) {
  return g.answer?.report?.[format] ?? null;
}

/** A shared journal's link (app.js): shown as sent; this device's journal is untouched until "Add". */
async function openLink(g, envelope) {
  const linked = journalFromRequest(envelope.result.request, newId, Date.now());
  if (!g.journal.battles.length) {
    g.view.say(`Opened a shared journal of ${linked.battles.length} battles: it is now this device's journal.`, {look: "info"});
    window.scrollTo(0, 0);
    return commit(g, linked);
  }
  g.viewing = linked;
  g.view.say("");
  window.scrollTo(0, 0); // the banner first: the page may have been scrolled on another screen
  return recount(g);
}

function keep(g) {
  const taken = g.viewing.battles.map((battle, i) => ({...battle, added: Date.now() + i}));
  g.viewing = null;
  let journal = g.journal;
  for (const battle of taken) journal = addBattle(journal, battle).journal;
  g.view.say(`${taken.length} battles added to your journal.`, {look: "info"});
  commit(g, journal);
}

function leave(g) {
  g.viewing = null;
  g.view.say("");
  recount(g);
}

/** Another tab changed the journal: its changes merged into this tab's. */
function pull(g) {
  const got = g.store.pull(g.journal);
  if (!got) return;
  g.journal = got.journal;
  const notes = got.notes.map((note) => note.text).join(" ");
  if (got.problem || notes) g.view.say([got.problem, notes].filter(Boolean).join(" "), {look: got.problem ? "error" : "info"});
  recount(g);
}

/** Build the screen; resolves once the rules are loaded and the journal counted. */
export function init(client, section, {problem = null} = {}) {
  if (!document.querySelector('link[href="journal/journal.css"]')) {
    document.head.append(el("link", {rel: "stylesheet", href: "journal/journal.css"}));
  }
  const store = openJournalStore();
  const loaded = store.load();
  const g = {client, store, journal: loaded.journal || emptyJournal(), viewing: null, answer: null, undo: null, asked: 0,
    engine: client.state === "ready" ? "ready" : "loading"};
  const act = bound(g, {paste, swap: (s, id) => commit(s, swapSides(s.journal, id)), remove, clear, undo: undoLast, share,
    post, keep, leave});
  g.view = createJournalView(act);
  g.view.setSides(lastSides());
  section.replaceChildren(g.view.node);
  if (loaded.problem || problem) g.view.say(loaded.problem || problem);
  store.onChange(() => pull(g));
  g.view.render(g.journal, null);
  offer("journal", {
    add: (battle) => add(g, battle),
    lastSides,
    openLink: (envelope) => openLink(g, envelope),
    linkProblem: (text) => g.view.say(text),
    linkDamaged: (error) => g.view.say(linkWords(error, "Your journal is kept.")),
  });
  return new Promise(/** @param {(value?: void) => void} resolve */ (resolve) => {
    client.onFailed(() => {
      g.engine = "failed";
      resolve();
    });
    client.onReady(async () => {
      g.engine = "ready";
      await recount(g);
      resolve();
    });
  });
}
