// The controller: collects inputs, makes one engine call per tap, hands the answer to the view, and
// keeps the work safe (autosave to local storage, the link in the address bar, undo and redo).
// It knows no rule system: the systems, their forms and their cards all come from the engine.

import * as engine from "./engine.js";
import { banner, clearBanners, el, fieldError, once, q, rearm } from "./dom.js";
import { SchemaForm, holds } from "./forms.js";
import { askBeforeReplace, download, fileName, showLink, wireReplaceDialog } from "./keep.js";
import { DELETED_KEPT_DAYS, Library, linkHash, openStorage } from "./library.js";
import { renderLibrary } from "./library-view.js";
import { renderConditions, renderTurnBar, renderTurnOrder } from "./turns-view.js";
import { blocksCatalog, setUpBlocks, sheetDialogOpened } from "./blocks-view.js";
import { drawQr } from "./qr-view.js";
import { makeSnapshotLater } from "./snapshot.js";
import { watchForUpdates, whenFree } from "./update.js";
import { clearOptionError, faceTyped, redrawOptions, renderLatest, renderLog, renderOdds, renderOptions, renderPrompt,
  markTabsCut, renderReferenceTables, renderRoster, renderSystemPicker, renderTabs, showOptionError } from "./view.js";

let current = null;        // {encounter, view, fragment}: the engine's last answer
let systems = new Map();   // id -> the system's schema (options, sheet, actions, catalog)
let system = null;         // the current encounter's system schema
let actionId = null;       // the action tab on show (null while the options offer none)
let options = {};          // the encounter's rule options in effect, {name: value}: what a `when` on an option reads
let optionsFollowed = "";  // the same as text, as the tabs and forms last followed them
const actionForms = new Map();
let sheetForm = null;
let editing = null;        // the id of the combatant whose sheet the dialog edits, or null when adding
let pickNext = "actor";    // the role the next tap on a card sets (see pick): shown on the cards and in the hint
let pending = null;        // typed dice being asked for: {ask, faces, needs, encounter}
let turnFollowed = null;   // whose turn it is, as the action forms follow it
let roundFollowed = null;  // the fight's round, as the action forms follow it (a per-round choice starts afresh)
const formFollowed = new Map();   // action id -> whose turn its form last followed (a form follows when shown)
let conditionsOf = null;   // the combatant whose conditions and note the dialog shows
let entry = null;          // the library entry on screen, {id, rev}, or null while the encounter is not saved
let unsaved = false;       // the encounter on screen has changes its last write did not keep (storage refused it)
const WAITING = ["add-combatant", "roll", "type-dice", "share", "new-encounter", "library", "turn-start", "turn-next",
  "turn-delay"];   // need the engine
const heldTaps = [];       // taps on WAITING controls or cards while the engine loads, made once it is ready

// -- engine answers ---------------------------------------------------------------------------------

function run(method, request, onError = (error) => banner(error.message)) {
  const response = engine.call(method, request);
  if (!response.ok) {
    if (response.error.kind === "internal") console.error(response.error.trace);
    onError(response.error);
    return null;
  }
  return response.result;
}

function show(result) {
  // Resolving a prompt closes it before showing the result: one still open here belongs to the encounter being
  // replaced (undone, edited, another opened), and its dice must never be applied to this one.
  if (pending) cancelPrompt("the encounter changed before the dice were used");
  keepHeldLog(result.view);
  current = result;
  useSystem(result.view.system.id);
  const view = result.view;
  followOptions(view.options);
  q("system-name").textContent = view.system.name;
  q("system-name").title = view.system.source;
  renderLog(view.log);
  renderLatest(view.log.length ? view.log[view.log.length - 1] : null);
  const undo = q("undo");
  undo.disabled = !view.can_undo;
  undo.title = view.can_undo ? `Undo: ${view.undo_label} (Ctrl+Z)` : "Nothing to undo";
  const redo = q("redo");
  redo.disabled = !view.can_redo;
  redo.title = view.can_redo ? `Redo: ${view.redo_label} (Ctrl+Shift+Z)` : "Nothing to redo";
  renderOptions(system.options, view.options, view.options_fixed, changeOption);
  q("open-tables").hidden = !system.tables?.length;
  followRound(view.fight);
  actionForms.get(actionId)?.refresh();   // the others are refreshed when their tab is chosen (selectAction)
  followTurn(view.fight);
  renderTurnBar(view.fight, view.roster.length > 0, actNow);
  renderTurnOrder(view.fight, { onReorder: reorder, onAct: actNow });
  if (q("conditions-dialog").open) drawConditions();
  drawRoster();
  oddsAfterPaint();
}

// A request that moves the encounter on says how much of its log the page holds; the answer's view then sends
// only the entries after the first `log_kept`, and the page keeps its own (the same objects, still drawn).
function held(request) {
  return { ...request, encounter: current.encounter, log_held: current.view.log.length };
}

function keepHeldLog(view) {
  if (view.log_kept > 0) view.log = current.view.log.slice(0, view.log_kept).concat(view.log);
}

function commit(result) {
  pickNext = "actor";   // the encounter moved on: a new pick starts with the actor (see pick)
  show(result);
  showChanged();
  keep(result);
  showLink(result.fragment);
}

// The cards a change redrew (the one hit, the one added) are marked for a moment, and the first is scrolled into
// view if it is off the screen: after a roll the person sees the wound it made, wherever the page was scrolled to.
// A change that redrew the whole roster (another encounter) marks nothing.
let redrawnCards = [];

// A redrawn card is a new node, so its mark starts afresh; where it lies is read a frame later, once the browser
// has laid the change out anyway (reading it now would lay out a long log inside the tap).
function showChanged() {
  const cards = redrawnCards;
  if (!cards.length || cards.length === current.view.roster.length && cards.length > 1) return;
  for (const node of cards) node.classList.add("changed");
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (!cards[0].isConnected) return;
    const box = cards[0].getBoundingClientRect();
    const dockTop = q("dock").getBoundingClientRect().top;
    const headerBottom = document.querySelector("header.bar").getBoundingClientRect().bottom;
    if (box.bottom > dockTop || box.top < headerBottom) cards[0].scrollIntoView({ block: "nearest" });
  }));
}

// The dock's height, for the page to leave free at its foot (and for scrolling to keep clear of it), and the
// action column's left edge, which the dock keeps to on a landscape tablet (a desktop's scrollbar moves it).
// Set only when they change, and on the elements that use them: a custom property changed on the root would
// restyle every element of the page (a long log's thousands), on the tap that changed the newest result.
function watchDock() {
  const dock = q("dock");
  const panel = q("action-panel");
  let height = -1;
  let left = -1;
  const sync = () => {
    const nowHeight = dock.offsetHeight;
    const nowLeft = Math.round(panel.getBoundingClientRect().left);
    if (nowHeight !== height) {
      height = nowHeight;
      document.body.style.paddingBottom = `${height + 10}px`;
      document.documentElement.style.scrollPaddingBottom = `${height + 8}px`;
    }
    if (nowLeft !== left) {
      left = nowLeft;
      dock.style.setProperty("--dock-left", `${left}px`);
    }
  };
  const observer = new ResizeObserver(sync);
  observer.observe(dock);
  observer.observe(panel);
  sync();
}

// Build the tabs, forms and dialog for a system the first time an encounter of it is shown. The options are
// read first, so the forms are built following the encounter's options, not the last system's.
function useSystem(id) {
  if (system?.id === id) return;
  system = systems.get(id);
  options = optionsIn(current.view.options);
  optionsFollowed = JSON.stringify(options);
  actionForms.clear();
  formFollowed.clear();
  for (const action of system.actions) {
    const container = document.createElement("div");
    actionForms.set(action.id, new SchemaForm(container, action.inputs, context(), (name, type) => actionChanged(type)));
  }
  sheetForm = new SchemaForm(q("sheet-fields"), system.sheet, context(), (name, type) => {
    rearm("sheet");   // a field changed after a refusal: Add (or Save) is a new tap
    checkLater(checkSheet, type);
  });
  selectAction(shownActions()[0]?.id ?? null);
}

// The gear picks offer the system's catalog and the game master's own stat-block gear (js/blocks-view.js).
function context() {
  const shown = system;
  return { roster: () => current?.view.roster ?? [], get catalog() { return blocksCatalog(shown); }, options: () => options };
}

// Each of the system's options at its value in the view, else at its default (a view may leave a default out).
function optionsIn(values) {
  return Object.fromEntries(system.options.map((option) => [option.name, values?.[option.name] ?? option.default]));
}

// Options that differ from those last followed (set, or another encounter opened) change what the forms offer:
// the tabs show the actions offered now (the one on show, if no longer offered, gives way to the first that is),
// and every form, each action's and the sheet's, follows its conditions on them at once, `defaults` included.
// Compared as text only here, once per answer of the engine; a keystroke reads `options` as it stands.
function followOptions(values) {
  const now = optionsIn(values);
  const text = JSON.stringify(now);
  if (text === optionsFollowed) return;
  options = now;
  optionsFollowed = text;
  for (const form of actionForms.values()) form.refresh();
  sheetForm.refresh();
  const shown = shownActions();
  if (shown.some((action) => action.id === actionId)) drawTabs();
  else selectAction(shown[0]?.id ?? null);
}

// -- boot -------------------------------------------------------------------------------------------

const { storage, refused: storageRefused } = openStorage();
const library = new Library(storage);
const TAB_ENTRY = "woundbook.open";   // sessionStorage: the entry this tab has open, across its reloads
let migrated = [];
try {
  migrated = library.migrate();
} catch (error) {
  console.error(error);   // the old keys stay as they are, and are tried again next visit
}
// A players' view link opens the read-only view and nothing else: no saved encounter is painted, opened or written.
const PLAYER_LINK = /^#?p1\./;   // a player view link (rules/player.py), with or without its "#"
const playerFragment = PLAYER_LINK.test(location.hash) ? location.hash.slice(1) : null;
if (playerFragment) document.documentElement.dataset.mode = "player";
const startId = playerFragment ? null : tabEntry() ?? library.last();
const startDoc = startId ? library.readDoc(startId) : null;
const startCards = startDoc?.ok ? library.cards(startId) : null;   // kept for the entry saved last only
if (startCards) {
  renderRoster(startCards.roster, {}, null);
  q("system-name").textContent = startCards.system?.name ?? "";
  q("encounter-name").textContent = library.meta(startId)?.name ?? "";
}
watchDock();
waitForEngine();
// Saved cards are painted first, then the engine starts; with none to paint (a first visit), it starts at once.
if (!startCards?.roster.length) engine.start();
requestAnimationFrame(() => setTimeout(() => {
  performance.mark("woundbook:first-frame");   // read by the bench
  engine.start();
}));

// The entry this tab had open before a reload, unless it has been deleted meanwhile (in another tab).
function tabEntry() {
  try {
    const id = sessionStorage.getItem(TAB_ENTRY);
    const meta = id ? library.meta(id) : null;
    return meta && !meta.deleted ? id : null;
  } catch {
    return null;
  }
}

engine.ready.then(playerFragment ? showPlayerView : start, engineFailed);

function start() {
  // A player link followed while the page was starting as the game master's: start again as the player view.
  if (PLAYER_LINK.test(location.hash)) return location.reload();
  const answer = run("systems", {});
  systems = new Map(answer.systems.map((one) => [one.id, one]));
  wireEvents();
  setUpBlocks({ call: engine.call, system: () => system, sheetForm: () => sheetForm, roster: () => current.view.roster,
    openAdd, editing: () => editing });
  library.purgeDeleted();   // reads every entry: after the first frame, not before it
  loadFirstEncounter();
  makeHeldTaps();
  watchForUpdates();
  makeSnapshotLater();
}

// -- while the engine loads: the controls that need it say they are waiting, and a tap on one of them (or on a
// card, to choose who acts) is kept and made as soon as the engine is ready, in the order it was made.

function waitForEngine() {
  for (const id of WAITING) {
    q(id).disabled = false;
    q(id).setAttribute("aria-busy", "true");
  }
  document.addEventListener("click", holdTap, true);
}

function holdTap(event) {
  const control = event.target.closest?.("[data-testid]");
  const card = event.target.closest?.('[data-testid="combatant"]');
  const id = WAITING.includes(control?.dataset.testid) ? control.dataset.testid : null;
  if (!id && !card) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldTaps.push(id ? { control: id } : { card: card.dataset.id });
  (id ? control : card).classList.add("tap-held");
  const taps = heldTaps.length === 1 ? "your tap is kept" : `your ${heldTaps.length} taps are kept`;
  q("engine-message").textContent = `Loading the rules engine; ${taps}.`;
}

function stopWaiting(enabled) {
  document.removeEventListener("click", holdTap, true);
  for (const id of WAITING) {
    q(id).removeAttribute("aria-busy");
    q(id).classList.remove("tap-held");
    q(id).disabled = !enabled;
  }
}

function makeHeldTaps() {
  stopWaiting(true);
  for (const tap of heldTaps.splice(0)) {
    const target = tap.control ? q(tap.control)
      : q("roster").querySelector(`[data-id="${CSS.escape(tap.card)}"] [data-testid="combatant-name"]`);
    if (target && !target.disabled) target.click();
  }
}

function engineFailed() {
  stopWaiting(false);   // engine.js has shown why
  if (heldTaps.length) banner("Your taps could not be made: the rules engine did not start. Reload to try again.");
}

function loadFirstEncounter() {
  if (storageRefused) {
    banner(`This browser does not let Woundbook save anything (${storageRefused.name}): encounters last only while `
      + "this tab is open. Use Share to keep a link or a file.", "storage");
  }
  let base = null;
  if (startId) {
    const meta = library.meta(startId);
    if (startDoc.ok) {
      base = run("open_link", { link: startDoc.doc.fragment }, (error) => unreadable(startId, error.message));
    } else if (startDoc.raw !== null) {
      unreadable(startId, startDoc.reason);
    }
    if (base) entry = { id: startId, rev: meta?.rev ?? 1 };
  }
  if (migrated.length && base) {
    banner(`Your saved encounters are now kept in a list (Encounters): ${migrated.map((one) => `“${one.name}”`).join(" and ")}.`, "info");
  }
  if (base) open(base);
  const link = location.hash.slice(1);
  const ownOlderLink = base && (link === base.fragment || library.meta(entry.id)?.links?.includes(linkHash(link)));
  if (link && !ownOlderLink) openLink(link, base ? "Your encounter is unchanged." : "");
  if (!current) startEntry(run("new", { system: systems.keys().next().value }), { name: "Encounter" });
}

// -- the library: every encounter is an entry; nothing the page replaces is dropped --------------------

function nowWords() {
  return new Date().toLocaleString(undefined, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
}

// Put an engine answer on screen as the open entry (entry already set), and remember it for this tab.
function open(result) {
  unsaved = false;
  freshForms();
  show(result);
  showLink(result.fragment);
  remember();
}

// Another encounter (New, one from the library or a link) starts with forms as the schema makes them: nothing
// chosen in the one left (a tactic, a target, a sheet half typed) carries into it. show() builds them afresh.
function freshForms() {
  system = null;
  turnFollowed = null;
  roundFollowed = null;
  pickNext = "actor";
}

// This tab has the entry open: a reload here reopens it, and a new tab opens the entry opened last.
function remember() {
  if (entry) {
    try { sessionStorage.setItem(TAB_ENTRY, entry.id); } catch { /* a new tab opens the last one instead */ }
    library.setLast(entry.id);
  }
  showEntryName();
}

function showEntryName() {
  const name = entry ? library.meta(entry.id)?.name ?? "" : "Not saved";
  q("encounter-name").textContent = name;
  q("encounter-name").title = !entry ? "This encounter is not saved in this browser"
    : storageRefused ? "This encounter's name in your encounters, kept only while this tab is open"
      : "This encounter's name in your encounters";
}

function entryName(id) {
  return library.meta(id)?.name ?? "the encounter";
}

// Leave the open entry for another. One that holds no work (no event, default options, never renamed) is not
// worth keeping; any other stays in the library. Returns the entry left, to go back to ({id, rev, unsaved}: whether
// changes on screen were not kept in it), or null.
function leave() {
  if (!entry) return null;
  const left = { ...entry, unsaved };
  entry = null;
  const meta = library.meta(left.id);
  // Only while no other tab has saved into it since: their work in it is not this tab's to drop.
  if (meta && !meta.renamed && meta.rev === left.rev && current && !holdsWork(current.view)) {
    library.forget(left.id);
    return null;
  }
  return meta ? left : null;
}

// Whether replacing the encounter on screen would drop changes: its last write was refused, or this browser keeps
// nothing beyond the tab (then the tab's own list holds them only until it closes, or a reload).
function unsavedWork() {
  return Boolean(current) && (unsaved || Boolean(storageRefused) && holdsWork(current.view));
}

// Replace the encounter on screen by `go`, asking first when that would drop unsaved changes (js/keep.js).
function replacing(what, go, cancel = () => {}) {
  if (!unsavedWork()) return go();
  askBeforeReplace(what, { download: downloadEncounter, replace: go, cancel });
}

// Where the entry left behind is kept, in words that are true: without the changes not kept, or only in this tab.
function keptWords(left) {
  const name = `“${entryName(left.id)}”`;
  if (storageRefused) return `${name} is in Encounters until this tab is closed: this browser keeps nothing.`;
  return left.unsaved ? `${name} is kept in Encounters as it was last saved, without the changes that could not be saved.`
    : `${name} is kept in Encounters.`;
}

function holdsWork(view) {
  const defaults = Object.fromEntries(system.options.map((option) => [option.name, option.default]));
  const changed = Object.entries(view.options).some(([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name]));
  return view.log.length > 0 || view.can_redo || changed;
}

// A new entry for an encounter the engine answered, opened here. Returns whether it could be saved.
function startEntry(result, { name, origin = null } = {}) {
  const made = library.create(result, { name: `${name} of ${nowWords()}`, origin });
  entry = made.ok ? { id: made.meta.id, rev: made.meta.rev } : null;
  open(result);
  if (made.ok) toldPurged();
  else notSaved(made.error);
  return made.ok;
}

function backTo(left) {
  return left ? { label: "Go back to it", run: () => openEntry(left.id) } : null;
}

// The encounter in a link: the entry it was opened as before, or a new entry. `unchanged` ends a refusal's words.
function openLink(link, unchanged) {
  const opened = run("open_link", { link }, (error) =>
    banner(`This share link could not be opened: ${error.message}. ${unchanged}`.trim()));
  if (!opened) return false;
  const known = library.findByLink(link, opened.fragment);
  if (known && known.id === entry?.id) return true;
  // Not followed after all: the address bar shows the encounter on screen again.
  replacing("Opening the link replaces it.", () => openLinkNow(link, opened, known),
    () => history.replaceState(null, "", `#${current.fragment}`));
  return true;
}

function openLinkNow(link, opened, known) {
  if (known) {
    const left = switchTo(known.id);
    if (left === false) return false;
    const sameState = current.fragment === opened.fragment;
    banner(sameState ? `You opened this link before: it is “${known.name}” in your encounters.`
      : `You opened this link before: this is “${known.name}” from your encounters, as you left it.`, "info",
    sameState ? backTo(left) : { label: "Open the link's version as a new entry", run: () => {
      const before = leave();
      if (startEntry(opened, { name: "Shared encounter" })) entryOpened("the link's version", before);
    } });
    return true;
  }
  const left = leave();
  if (startEntry(opened, { name: "Shared encounter", origin: link })) entryOpened("the shared encounter", left);
  else if (left) {
    banner(left.unsaved || storageRefused ? keptWords(left) : `“${entryName(left.id)}” is unchanged in Encounters.`,
      "info", backTo(left));
  }
  return true;
}

// Says where the encounter opened is saved, and what was kept: when nothing was left behind (a first visit, an
// empty encounter), there is nothing to say.
function entryOpened(what, left) {
  if (!left) return;
  const name = entryName(entry.id);
  banner(`Opened ${what} as “${name}”. ${keptWords(left)}`, "info", backTo(left));
}

// Open a saved entry in place of the one on screen. Returns the entry left (or null), or false when the saved
// entry could not be read (the encounter on screen then stays).
function switchTo(id) {
  const read = library.readDoc(id);
  if (!read.ok) {
    unreadable(id, read.reason);
    return false;
  }
  const result = run("open_link", { link: read.doc.fragment }, (error) => unreadable(id, error.message));
  if (!result) return false;
  const left = entry?.id === id ? null : leave();
  entry = { id, rev: library.meta(id)?.rev ?? 1 };
  open(result);
  return left;
}

function openEntry(id) {
  replacing(`Opening “${entryName(id)}” replaces it.`, () => {
    const left = switchTo(id);
    if (left !== false) {
      clearBanners("tabs");
      if (left) banner(`Opened “${entryName(id)}”. ${keptWords(left)}`, "info", backTo(left));
    }
    if (q("library-dialog").open) drawLibrary();
  });
}

// A saved entry that cannot be read is never written over: it stays as it is, and can be downloaded.
function unreadable(id, reason) {
  library.markUnreadable(id, reason);
  const name = entryName(id);
  banner(`Your saved encounter “${name}” could not be read (${reason}). It is kept in your encounters exactly as `
    + "it was, and never written over.", "unreadable", { label: "Download it", run: () => downloadRaw(id) });
}

function downloadRaw(id) {
  const raw = library.rawDoc(id);
  if (raw === null) return banner("That saved encounter is no longer in this browser's storage.");
  download(raw, fileName(entryName(id), "txt"), "text/plain");
}

function notSaved(error) {
  unsaved = true;
  toldPurged();
  const why = error.name === "QuotaExceededError" ? "your browser's storage is full" : `the browser refused to save it (${error.name})`;
  banner(`Not saved: ${why}. The encounter on screen works, but it is not kept in this browser; download it to `
    + "keep it (Share can open the file later).", "storage", { label: "Download it", run: downloadEncounter });
}

// A write kept the encounter on screen. Where the browser keeps nothing beyond the tab, the banner saying so stays.
function kept() {
  unsaved = false;
  if (!storageRefused) clearBanners("storage");
  toldPurged();
}

// Deleted entries removed for good to make room (js/library.js) are named, never dropped without a word.
function toldPurged() {
  const gone = library.takePurged();
  if (gone.length) {
    banner(`To make room in this browser's storage, ${gone.length === 1 ? "a deleted encounter was" : "deleted encounters were"} `
      + `removed for good: ${gone.map((name) => `“${name}”`).join(", ")}.`, "purged");
  }
}

// Save the encounter on screen into its entry. Another tab's newer work is never written over: this tab's change
// then goes into a new entry of its own. An entry another tab deleted is brought back by a change here, with a word.
function keep(result) {
  if (!entry) {
    const made = library.create(result, { name: `Encounter of ${nowWords()}` });
    if (!made.ok) return notSaved(made.error);
    entry = { id: made.meta.id, rev: made.meta.rev };
    kept();
    return remember();
  }
  let saved = library.save(entry.id, entry.rev, result);
  if (saved.deleted) {
    saved = library.save(entry.id, entry.rev, result, { restore: true });
    const id = entry.id;
    if (saved.ok) {
      banner(`“${saved.meta.name}” had been deleted in another tab; this change is saved into it, so it is back in `
        + "your encounters.", "tabs", { label: "Delete it again", run: () => deleteEntry(id) });
    }
  }
  if (saved.ok) {
    entry.rev = saved.meta.rev;
    return kept();
  }
  if (saved.error) return notSaved(saved.error);
  const theirs = entry.id;
  const name = saved.unreadable ? "Encounter" : entryName(theirs);
  const made = library.create(result, { name: `${name} (this tab's copy)` });
  if (!made.ok) {
    entry = null;
    return notSaved(made.error);
  }
  entry = { id: made.meta.id, rev: made.meta.rev };
  kept();
  remember();
  clearBanners("tabs");
  banner(saved.conflict
    ? `“${name}” was changed in another tab, so this change is saved as a new entry, “${made.meta.name}”. Nothing was written over.`
    : saved.unreadable ? `The details of this encounter's entry in Encounters could not be read, so this change is saved `
      + `as a new entry, “${made.meta.name}”. The damaged entry is kept as it was.`
      : `“${name}” was removed in another tab, so this encounter is saved as a new entry, “${made.meta.name}”.`, "tabs",
  saved.conflict ? { label: `Open “${name}” as the other tab left it`, run: () => openEntry(theirs) } : null);
}

// Another tab wrote to the library: the list follows, and a change to the entry on screen is offered here.
function storageChanged(event) {
  const id = Library.changedEntry(event.key);
  if (!id) return;
  if (q("library-dialog").open) drawLibrary();
  if (entry && id === entry.id) checkEntryFresh();
}

// Whether another tab saved the entry on screen since this tab did (heard through a storage event, or found
// when this tab comes back into view, since a frozen tab hears nothing).
function checkEntryFresh() {
  if (!entry) return;
  const meta = library.meta(entry.id);
  if (meta?.deleted) {
    banner(`“${meta.name}” was deleted in another tab. It stays on screen here, and a change made here brings it back `
      + "into your encounters.", "tabs");
  } else if (meta?.rev > entry.rev) {
    const id = entry.id;
    banner(`“${meta.name}” was changed in another tab. Changes made here will be saved as a copy.`, "tabs",
      { label: "Load the newer version", run: () => openEntry(id) });
  }
  showEntryName();
}

function openLibrary() {
  rearm("library");
  drawLibrary();
  q("library-dialog").showModal();
}

function drawLibrary() {
  renderLibrary({ entries: library.list(), deleted: library.list({ deleted: true }), open: entry?.id ?? null,
    memoryOnly: Boolean(storageRefused), unsaved }, {
    // Each button acts once, and the list's buttons share one key: the list is redrawn by a tap, and the entry
    // that moves up under the finger is not tapped by its second half (js/dom.js once()).
    onOpen: onceInList((id) => { q("library-dialog").close(); openEntry(id); }),
    onRename: (id, name) => {
      const renamed = library.rename(id, name);
      if (!renamed.ok) return renamed.error?.message ?? "That entry is gone.";
      drawLibrary();
      showEntryName();
      return null;
    },
    onDuplicate: onceInList((id) => {
      const copy = library.duplicate(id);
      if (!copy.ok) banner(copy.error ? `The copy could not be saved: ${copy.error.message}` : "That entry is gone.");
      drawLibrary();
    }),
    onDelete: onceInList(deleteEntry),
    onRestore: onceInList((id) => { library.restore(id); drawLibrary(); }),
    onErase: onceInList((id) => {
      const name = entryName(id);
      const erased = library.erase(id);
      drawLibrary();
      banner(erased.ok ? `“${name}” is deleted for good.` : `“${name}” was not deleted for good: ${erased.error.message}.`,
        "info");
    }),
    onDownload: downloadRaw,
  });
}

const onceInList = (handler) => once("library", handler);

// Delete an entry (kept 30 days), or, when storage cannot even mark it (full, and nothing deleted to make room),
// for good at the game master's word. Deleting the one on screen replaces it: asked first if it holds changes not kept.
function deleteEntry(id) {
  if (entry?.id !== id) return deleteNow(id);
  replacing(`Deleting “${entryName(id)}” takes it off the screen.`, () => deleteNow(id));
}

function deleteNow(id, forGood = false) {
  const name = entryName(id);
  const deleted = forGood ? (library.forget(id), { ok: true }) : library.remove(id);
  if (!deleted.ok) {
    return banner(`“${name}” could not be deleted: ${deleted.error?.message ?? "it is gone"}.`, "error",
      deleted.error ? { label: "Delete it for good", run: () => deleteNow(id, true) } : null);
  }
  toldPurged();
  const wasOpen = entry?.id === id;
  if (wasOpen) {
    entry = null;
    const next = library.list().find((meta) => !meta.unreadable);
    if (!next || switchTo(next.id) === false) startEntry(run("new", { system: system.id }), { name: "Encounter" });
  }
  drawLibrary();
  if (forGood) return banner(`“${name}” is deleted for good.`, "info");
  banner(`Deleted “${name}”. It is kept for ${DELETED_KEPT_DAYS} days under Deleted in your encounters.`, "info", { label: "Undo", run: () => {
    library.restore(id);
    if (wasOpen) openEntry(id);
    else if (q("library-dialog").open) drawLibrary();
  } });
}

// -- the roster: tap a card to choose who acts, tap another to choose the target ---------------------

function roleInputs() {
  // A combatant input hidden by `when` (a helper only some rolls use) is not filled by a tap.
  const form = actionForms.get(actionId);
  const inputs = (currentAction()?.inputs ?? []).filter((input) => input.kind === "combatant" && !form.fields.get(input.name)?.node.hidden);
  return { actor: inputs.find((input) => input.role === "actor"), target: inputs.find((input) => input.role === "target") };
}

// The role the next tap sets: the one pickNext says while the action on show has it, else the only one it has.
function nextRole({ actor, target }) {
  if (pickNext === "actor" && actor) return "actor";
  if (target) return "target";
  return actor ? "actor" : null;
}

function drawRoster(refusal = "") {
  const form = actionForms.get(actionId);
  const roles = roleInputs();
  const { actor, target } = roles;
  const next = nextRole(roles);
  const picks = {
    actor: actor ? form.rawValue(actor.name) : null,
    target: target ? form.rawValue(target.name) : null,
    labels: { actor: actor?.label, target: target?.label },
    turn: current.view.fight?.current ?? null,
    next,   // "actor" or "target": what a tap on a card sets now (a badge on the cards says it), or null
  };
  redrawnCards = renderRoster(current.view.roster, picks, {
    onPick: pick, onTap: tapWidget, onMark: markByHand, onEdit: openEdit, onDuplicate: duplicateCombatant,
    onRemove: removeCombatant, onConditions: openConditions,
  });
  const role = next === "actor" ? actor : next === "target" ? target : null;
  const hint = !current.view.roster.length || !role ? "" : `Tap a card: ${role.label.toLowerCase()}`;
  q("pick-hint").textContent = refusal ? `${refusal} ${hint}.`.trim() : hint;
  q("pick-hint").classList.toggle("field-error", Boolean(refusal));
}

// One rule in every system, whoever's turn it is: a tap on a card sets the role the hint and the cards' badges
// say (first the actor, then the target, and so on in turn). A new pick starts with the actor whenever the turn
// passes, the action on show changes or the encounter changes. Someone who cannot act, tapped for the actor, is
// refused in words in the hint, and the tap still sets the actor: he never silently becomes the target.
function pick(id) {
  const form = actionForms.get(actionId);
  const roles = roleInputs();
  const { actor, target } = roles;
  const card = current.view.roster.find((one) => one.id === id);
  const role = nextRole(roles);
  if (!card || !role) return;
  if (role === "actor") {
    if (!card.can_act) {
      return drawRoster(`${card.name} cannot act (${card.status.text.toLowerCase()}), so is not the ${actor.label.toLowerCase()}.`);
    }
    form.set(actor.name, id);
    if (target && form.rawValue(target.name) === id) {   // never both: someone else until the next tap sets it
      const other = current.view.roster.find((one) => one.id !== id);
      if (other) form.set(target.name, other.id);
    }
    pickNext = target ? "target" : "actor";
  } else {
    if (actor && form.rawValue(actor.name) === id) {
      return drawRoster(`${card.name} is the ${actor.label.toLowerCase()}: the ${target.label.toLowerCase()} is someone else.`);
    }
    form.set(target.name, id);
    pickNext = "actor";
  }
  actionChanged();
}

// A tap on a part of a card the engine marked (a level of a track) presets that action when it is the one on
// show (marking by hand: the tap says which level); on any other action a tap anywhere on a card picks the card,
// so a tap meant for the attacker never leaves the attack. No text field takes the focus: a tablet's keyboard
// opens only when the person taps a field.
function tapWidget(id, tap) {
  if (tap.action !== actionId) return pick(id);
  const form = actionForms.get(tap.action);
  form.set(tap.combatant, id);
  // A card the form will not take there (the shooter's own, as his target) is picked as any card is, and its
  // presets are not applied: a tap never changes an input of someone else's action.
  if (form.rawValue(tap.combatant) !== id) return pick(id);
  for (const [name, value] of Object.entries(tap.inputs)) form.set(name, value);
  actionChanged();
}

// The card's explicit control for marking by hand: the action its widgets' taps name, with the card chosen.
function markByHand(id, action) {
  if (!shownActions().some((one) => one.id === action)) return;   // not offered under the options in effect
  selectAction(action);
  const form = actionForms.get(action);
  const input = form.inputs.find((one) => one.kind === "combatant");
  if (input) form.set(input.name, id);
  actionChanged();
  q("action-tabs").querySelector('[aria-selected="true"]')?.focus({ preventScroll: true });
  q("action-panel").scrollIntoView({ block: "nearest" });
}

// -- the action panel -------------------------------------------------------------------------------

function currentAction() {
  return system.actions.find((action) => action.id === actionId);
}

// The actions offered under the options in effect: one with a `when` only while an option has one of its values.
// A `when` on an action names an option (docs/api.md); one naming an input would read nothing here.
function shownActions() {
  return system.actions.filter((action) => holds(action.when, () => undefined, options));
}

// An action whose verb is null only shows its odds (a comparison): it has nothing to resolve; nor has no action.
function resolves(id) {
  const action = system.actions.find((one) => one.id === id);
  return Boolean(action) && action.verb !== null;
}

// The tabs of the actions offered, the one on show selected.
function drawTabs() {
  renderTabs(shownActions(), actionId, (next) => { selectAction(next); drawRoster(); updateOdds(); });
}

// id: an action offered, or null when the options offer none (a system that is not well formed): then no form,
// no button and no odds are shown, and nothing breaks.
function selectAction(id) {
  rearm("resolve");   // another action chosen: a tap on Roll now is a new one
  actionId = id;
  drawTabs();
  const form = actionForms.get(id);
  q("action-form").replaceChildren(...(form ? [form.container] : []));
  form?.refresh();
  followInForm(id);
  const action = currentAction();
  q("roll").textContent = action?.verb || "Roll";
  q("roll").hidden = !resolves(id);
  q("type-dice").hidden = !resolves(id) || action.dice === false;
  q("odds").hidden = !action?.odds;
  q("odds-summary").hidden = !action?.odds;
  pickNext = "actor";
  cancelPrompt();
  fieldError("action-error", "");
}

// type: the form event ("input" while typing, "change"); none for a change made by a tap on a card or a tab.
function actionChanged(type = null) {
  rearm("resolve");   // the form changed: a tap on Roll now is a new one
  cancelPrompt();
  fieldError("action-error", "");
  drawRoster();
  updateOdds();
  if (type) checkLater(checkAction, type);
}

// Text the engine can check (a damage, a notation) is checked as it is typed: once the person pauses, or leaves
// the field, the engine's word shows at the field, before Roll (or Add). Only fields the person has changed are
// told off: an input not reached yet is not an error.
const CHECK_PAUSE_MS = 450;
const CHECK_CHANGE_MS = 60;   // after the frame the change paints
let checkTimer = 0;

function checkLater(check, type) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, type === "input" ? CHECK_PAUSE_MS : CHECK_CHANGE_MS);
}

function checkAction() {
  const form = actionForms.get(actionId);
  if (!current || !resolves(actionId) || !current.view.roster.length) return;
  const answer = engine.call("check", { encounter: current.encounter, action: actionId, inputs: form.values() });
  form.clearErrors();
  form.showRead(answer.ok ? answer.result.read : null);
  if (!answer.ok) form.showError(answer.error.field, answer.error.message, { touchedOnly: true });
}

function checkSheet() {
  if (!q("sheet-dialog").open) return;
  const request = { encounter: current.encounter, sheet: sheetForm.values() };
  if (editing) request.combatant = editing;
  const answer = engine.call("check", request);
  sheetForm.clearErrors();
  sheetForm.showRead(answer.ok ? answer.result.read : null);
  if (!answer.ok) sheetForm.showError(answer.error.field, answer.error.message, { touchedOnly: true });
}

function showActionError(error) {
  if (!actionForms.get(actionId)?.showError(error.field, error.message)) fieldError("action-error", error.message);
}

// After a resolution the odds change too, but the result comes first: the odds are worked out once the frame
// with the result is painted, and the chart says it is updating meanwhile.
// Odds that take long (a comparison against a long roster) are worked out a little at a time: each call has
// ODDS_BUDGET_MS, an answer with `more` is drawn as it stands (the chart busy, saying what is left), and the same
// request goes again in a task of its own, so a keystroke or a tap in between is handled at once and starts over.
let oddsWanted = 0;
const ODDS_BUDGET_MS = 20;

function oddsAfterPaint() {
  const wanted = ++oddsWanted;
  q("odds-chart").setAttribute("aria-busy", "true");
  requestAnimationFrame(() => setTimeout(() => { if (wanted === oddsWanted) updateOdds(); }));
}

function updateOdds() {
  const wanted = ++oddsWanted;   // whatever was waiting for the next frame, or for more, is drawn now
  q("odds-chart").removeAttribute("aria-busy");
  const action = currentAction();
  if (!action?.odds) return;
  if (current.view.roster.length === 0) return renderOdds(null, "add combatants to see the odds.");
  const request = { encounter: current.encounter, action: actionId, inputs: actionForms.get(actionId).values(),
    budget_ms: ODDS_BUDGET_MS };
  const more = () => {
    const odds = run("odds", request, (error) => renderOdds(null, error.field
      ? `they appear when the action is complete (${error.message}).` : "they appear when the action is complete."));
    if (odds) renderOdds(odds);
    if (!odds?.more) return;
    q("odds-chart").setAttribute("aria-busy", "true");
    setTimeout(() => {
      if (wanted !== oddsWanted) return;      // the form, the encounter or the action changed meanwhile
      q("odds-chart").removeAttribute("aria-busy");
      more();
    });
  };
  more();
}

// mode "app": the app rolls what `faces` lacks. mode "given": only typed faces; the engine asks for the rest.
function resolve(mode, faces = {}, inputs = actionForms.get(actionId)?.values(), action = actionId) {
  if (!resolves(action)) return;   // Enter in a comparison's form resolves nothing
  rollFor({ method: "act", body: { action, inputs }, about: diceFor(action, inputs) }, mode, faces);
}

// ask: {method, body, about}: a request that may roll (an action, or the fight moved on), and who its dice are for.
function rollFor(ask, mode, faces = {}) {
  fieldError("action-error", "");
  fieldError("dice-error", "");
  const result = run(ask.method, held({ ...ask.body, dice: mode, faces }), (error) => {
    if (pending) fieldError("dice-error", error.message);  // answering a prompt: the error belongs there
    else if (ask.method === "act") showActionError(error);
    else banner(error.message);
  });
  if (!result) return;
  if (result.needs) {
    pending = { ask, faces: { ...faces }, needs: result.needs, encounter: current.encounter };
    renderPrompt(result.needs, ask.about);
    // The first face button takes the focus, not the text field: a tablet's keyboard would open over the faces.
    // A keyboard's user types the faces anyway (promptKey) and presses Enter.
    q("dice-faces").querySelector("button")?.focus({ preventScroll: true });
    return;
  }
  const prompted = Boolean(pending);
  cancelPrompt();
  commit(result);
  if (prompted) q("roll").focus({ preventScroll: true });   // the prompt's controls are gone: focus goes back to Roll
}

// Who a prompt's dice are for, from the action's combatant inputs ("Attacker: Cyrus · Target: Bandit"), so dice
// are not typed for the wrong fight when the newest result on screen is about another.
function diceFor(action, inputs) {
  const names = new Map(current.view.roster.map((card) => [card.id, card.name]));
  const inputsOf = system.actions.find((one) => one.id === action)?.inputs ?? [];
  return inputsOf.filter((input) => input.kind === "combatant" && names.has(inputs[input.name]))
    .map((input) => `${input.label}: ${names.get(inputs[input.name])}`).join(" \u00b7 ");
}

// A prompt closed for a reason (its encounter was replaced) says so; closed by the person or by its own
// resolution, it says nothing.
function cancelPrompt(reason = "") {
  if (pending && reason) {
    banner(`The dice prompt for the ${pending.needs.roll} roll was closed: ${reason}. Nothing was applied; `
      + "tap Roll or Type my dice again.", "prompt");
  }
  pending = null;
  renderPrompt(null);
}

// Dice typed for a prompt resolve against the encounter the prompt was opened for, or not at all.
function promptStillHolds() {
  if (pending && pending.encounter === current.encounter) return true;
  cancelPrompt("the encounter changed before the dice were used");
  return false;
}

// A keyboard's user types faces wherever the prompt's focus is (on a face button, say): the keys go to the entry.
function promptKey(event) {
  if (!pending || event.ctrlKey || event.metaKey || event.altKey || event.target === q("dice-entry")) return;
  if (event.key.length !== 1 || !/[0-9+\-\[\] ,]/.test(event.key)) return;
  if (event.key === " " && event.target.matches("button")) return;   // Space presses the focused button
  event.preventDefault();
  rearm("resolve");
  const entry = q("dice-entry");
  entry.focus({ preventScroll: true });
  entry.value += event.key;
  faceTyped();
}

function useTypedDice(event) {
  event?.preventDefault();
  if (!promptStillHolds()) return;
  const text = q("dice-entry").value.trim();
  if (!text) return fieldError("dice-error", `Tap or type the faces of the ${pending.needs.dice} you rolled.`);
  rollFor(pending.ask, "given", { ...pending.faces, [pending.needs.roll]: text });
}

function rollTheRest() {
  if (!promptStillHolds()) return;
  const text = q("dice-entry").value.trim();
  const faces = text ? { ...pending.faces, [pending.needs.roll]: text } : pending.faces;
  rollFor(pending.ask, "app", faces);
}

// -- the fight: turns, rounds, conditions and notes ---------------------------------------------------

// Start fight, Next turn, Delay, Act now: the engine moves the fight on; a round's start may roll initiative, with
// dice asked for as an action's are, in the way the last roll was made (typed dice stay typed).
function moveTurn(move, extra = {}) {
  // Only a round's start asks for dice (initiative): the prompt says which round.
  const round = move === "start" ? 1 : (current.view.fight?.round ?? 0) + 1;
  rollFor({ method: "turn", body: { move, ...extra }, about: `Round ${round} begins` }, lastDiceMode());
}

// How the encounter's latest roll was made: "app" when the app rolled every die of it, "given" when any was typed
// in, or when nothing has been rolled yet. Read from the document, so an action that rolls nothing (a wound marked
// by hand) changes nothing, and a reload or a link asks the same way.
function lastDiceMode() {
  const { events = [], cursor = events.length } = current.encounter ?? {};
  for (let index = Math.min(cursor, events.length) - 1; index >= 0; index -= 1) {
    const rolls = Object.entries(events[index].dice ?? {});
    if (!rolls.length) continue;
    const app = events[index].app ?? {};
    return rolls.every(([name, faces]) => app[name] === faces.length) ? "app" : "given";
  }
  return "given";
}

// Act now, on a held turn in the order or in the dock: one key with the other turn controls (wireEvents).
const actNow = once("turn", (id) => moveTurn("act", { id }));

function reorder(order) {
  const result = run("turn", held({ move: "order", order }), (error) => { banner(error.message); show(current); });
  if (result) commit(result);
}

// The actor of every action follows the turn: when it passes to someone, the form on show takes him as its actor
// (a form that would refuse him keeps its own), and any other form does when it is next shown; the next tap on a
// card picks the target.
function followTurn(fight) {
  const now = fight?.current ?? null;
  if (now === turnFollowed) return;
  turnFollowed = now;
  if (!now) return;
  followInForm(actionId);
  pickNext = "actor";   // a new turn, a new pick: the next tap sets the actor, as the badges say
}

// Leaving a round (the next one starts, the fight ends, an undo goes back into the round before) puts every
// per-round choice (`each_round`: a tactic, a stance, an aim) back to its default, in every form: it is chosen
// afresh each round. One made before the fight starts is for its first round, and stays.
function followRound(fight) {
  const round = fight?.round ?? null;
  if (round === roundFollowed) return;
  const left = roundFollowed;
  roundFollowed = round;
  if (left) for (const form of actionForms.values()) form.startRound();
}

function followInForm(id) {
  if (!turnFollowed || formFollowed.get(id) === turnFollowed) return;
  formFollowed.set(id, turnFollowed);
  const actor = system.actions.find((one) => one.id === id)?.inputs
    .find((input) => input.kind === "combatant" && input.role === "actor");
  if (actor) actionForms.get(id)?.set(actor.name, turnFollowed);
}

// The hint's button: the action the rules ask of the one whose turn it is ("stunned: try to recover"), preset.
function goToHint() {
  const hint = current.view.fight?.hint;
  if (!hint?.action || !shownActions().some((one) => one.id === hint.action)) return;
  selectAction(hint.action);
  const form = actionForms.get(hint.action);
  for (const [name, value] of Object.entries(hint.inputs ?? {})) form.set(name, value);
  actionChanged();
  q("roll").focus({ preventScroll: true });
}

function openConditions(id) {
  conditionsOf = id;
  for (const menu of document.querySelectorAll("details.card-menu[open]")) menu.open = false;
  fieldError("conditions-error", "");
  q("condition-name").value = "";
  q("condition-rounds").value = "";
  q("note-text").value = current.view.roster.find((one) => one.id === id)?.note ?? "";
  rearm("conditions");
  drawConditions();
  q("conditions-dialog").showModal();
  q("conditions-title").focus({ preventScroll: true });   // not a text field: a tablet's keyboard stays shut
}

function drawConditions() {
  const card = current.view.roster.find((one) => one.id === conditionsOf);
  if (!card) { q("conditions-dialog").close(); return; }
  // Remove acts once: the list is redrawn, and the next condition's Remove comes up under the finger.
  renderConditions(card, once("conditions", (index) => tableChange("condition", { change: "remove", index })));
}

function addCondition(event) {
  event.preventDefault();
  const name = q("condition-name").value.trim();
  if (!name) return fieldError("conditions-error", "Name the condition (for example Blinded or On fire).");
  const rounds = q("condition-rounds").value.trim();
  if (rounds && !/^[0-9]{1,4}$/.test(rounds)) {
    return fieldError("conditions-error", `Rounds: ${JSON.stringify(rounds.slice(0, 12))} is not a number of rounds; `
      + "type a whole number, or leave it empty to keep the condition until removed.");
  }
  if (tableChange("condition", { change: "add", name, rounds: rounds ? Number(rounds) : null })) {
    q("condition-name").value = "";
    q("condition-rounds").value = "";
  }
}

function tableChange(method, body) {
  fieldError("conditions-error", "");
  const result = run(method, held({ id: conditionsOf, ...body }), (error) => fieldError("conditions-error", error.message));
  if (result) commit(result);
  return Boolean(result);
}

// -- combatants: add, edit, copy, remove -------------------------------------------------------------

function openAdd() {
  editing = null;
  sheetForm.reset();
  q("sheet-title").textContent = "Add a combatant";
  q("sheet-submit").textContent = "Add";
  fieldError("sheet-error", "");
  sheetDialogOpened();
  openSheetDialog();
}

function openEdit(id) {
  const card = current.view.roster.find((one) => one.id === id);
  editing = id;
  sheetForm.reset();
  sheetForm.load(card.sheet);
  q("sheet-title").textContent = `Edit ${card.name}`;
  q("sheet-submit").textContent = "Save";
  fieldError("sheet-error", "");
  sheetDialogOpened();
  openSheetDialog();
  checkLater(checkSheet, "change");   // what the engine read in the sheet shows under its fields at once
}

// Opened by a tap on a touch screen, the dialog starts on its title, so no on-screen keyboard covers the sheet
// before the person taps a field; opened from a keyboard or with a mouse, it starts at the first field.
let lastInput = matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
addEventListener("pointerdown", (event) => { lastInput = event.pointerType; }, true);
addEventListener("keydown", () => { lastInput = "keyboard"; }, true);

function openSheetDialog() {
  const touch = lastInput === "touch";
  q("sheet-title").toggleAttribute("autofocus", touch);
  rearm("sheet");
  q("sheet-dialog").showModal();
  if (!touch) sheetForm.focusFirst();
}

function submitSheet(event) {
  event.preventDefault();
  sheetForm.clearErrors();
  fieldError("sheet-error", "");
  const request = held({ sheet: sheetForm.values() });
  if (editing) request.id = editing;
  const result = run(editing ? "edit" : "add", request, (error) => {
    if (!sheetForm.showError(error.field, error.message)) fieldError("sheet-error", error.message);
  });
  if (!result) return;
  q("sheet-dialog").close();
  commit(result);
}

function duplicateCombatant(id) {
  const result = run("duplicate", held({ id }));
  if (result) commit(result);
}

function removeCombatant(id) {
  const result = run("remove", held({ id }));
  if (result) commit(result);
}

// -- undo, redo, share, new, options ------------------------------------------------------------------

function undo() {
  if (!current?.view.can_undo) return;
  const result = run("undo", held({}));
  if (result) commit(result);
}

function redo() {
  if (!current?.view.can_redo) return;
  const result = run("redo", held({}));
  if (result) commit(result);
}

// Share opens on the players' view, its QR code made at once: a game master who turns the tablet to the table
// shows only what players may see. The whole encounter (notes and every sheet) is a second choice, folded below,
// for another device of the game master or another game master; its code is made when it is unfolded.
function share() {
  const url = `${location.href.split("#")[0]}#${current.fragment}`;
  q("share-link").value = url;
  q("share-size").textContent = `${url.length.toLocaleString()} characters: the whole encounter, notes and every sheet `
    + "included. A file keeps it too.";
  drawPlayerShare();
  const dialog = q("share-dialog");
  if (!dialog.open) {
    q("whole-share").open = false;   // each opening starts on the players' view, whatever was unfolded last time
    dialog.showModal();
  }
  drawWholeShare();
}

function drawWholeShare() {
  if (q("whole-share").open) drawQr(q("share-link").value, q("share-qr"), "QR code of the whole encounter's link");
}

// -- the players' view -------------------------------------------------------------------------------

// The page as a player sees it: the snapshot in the link, drawn with the same cards, order and log, and no
// controls (app.css hides them under html[data-mode="player"]). A damaged link says so and shows nothing.
function showPlayerView() {
  stopWaiting(false);
  window.addEventListener("hashchange", () => location.reload());
  watchForUpdates();
  const result = run("open_player", { link: playerFragment },
    (error) => banner(`This player view cannot be shown: ${error.message}.`));
  if (!result) return;
  const view = result.player;
  try {
    q("system-name").textContent = view.system.name;
    q("encounter-name").textContent = "Player view";
    renderRoster(view.roster, { turn: view.fight.current }, null);
    // The link keeps only what differs from a game master's view: the rest is the same for every player view.
    renderTurnOrder({ ...view.fight, by_initiative: true, how: "", hint: null,
      order: view.fight.order.map((entry) => ({ label: "", ...entry })) }, {});
    renderLog(view.log.map((entry) => ({ ...entry, steps: [] })));
    const now = view.fight.order.find((one) => one.id === view.fight.current);
    q("player-status").textContent = view.fight.started
      ? [`Round ${view.fight.round}`, view.fight.phase || null, now ? `${now.name}'s turn` : null].filter(Boolean).join(" \u00b7 ")
      : "Not in a fight";
    q("player-view").hidden = false;
  } catch (error) {
    console.error(error);
    q("roster").replaceChildren();
    banner("This player view link is damaged: ask the game master for a new one.");
  }
}

// The share dialog's player link, made afresh whenever the choices change; the choices are remembered for the
// encounter in this browser (a player link itself carries none of them).
const PLAYERS_KEY = "woundbook.players.";

function playerChoices() {
  try {
    const kept = JSON.parse(storage?.getItem(PLAYERS_KEY + (entry?.id ?? "")) ?? "null");
    if (kept && Array.isArray(kept.players)) return kept;
  } catch { /* a choice that cannot be read starts afresh: it is only a preference */ }
  return { players: [], npcs: "status" };
}

function drawPlayerShare() {
  const chosen = playerChoices();
  const box = q("player-pcs");
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (const card of current.view.roster) {
    box.append(el("label", { class: "inline" },
      el("input", { type: "checkbox", testid: "player-pc", dataset: { id: card.id },
        checked: chosen.players.includes(card.id), onchange: makePlayerLink }),
      el("span", { text: card.name, dir: "auto" })));
  }
  q(`player-npcs-${chosen.npcs}`).checked = true;
  makePlayerLink();
}

function makePlayerLink() {
  const players = [...q("player-pcs").querySelectorAll("input:checked")].map((box) => box.dataset.id);
  const npcs = q("player-npcs-tracks").checked ? "tracks" : "status";
  try {
    storage?.setItem(PLAYERS_KEY + (entry?.id ?? ""), JSON.stringify({ players, npcs }));
  } catch { /* not kept: the link below still works */ }
  const result = run("player_link", { encounter: current.encounter, players, npcs },
    (error) => { q("player-size").textContent = error.message; });
  if (!result) return;
  const url = `${location.href.split("#")[0]}#${result.fragment}`;
  q("player-link").value = url;
  q("player-size").textContent = `${url.length.toLocaleString()} characters; it opens read-only.`;
  drawQr(url, q("player-qr"), "QR code of the player view link");
}

async function copyPlayerLink() {
  try {
    await navigator.clipboard.writeText(q("player-link").value);
    q("player-size").textContent = "Copied to the clipboard.";
  } catch {
    q("player-size").textContent = "Select the link and copy it (the browser did not allow copying).";
  }
}

async function copyShare() {
  const input = q("share-link");
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    q("share-size").textContent = "Copied to the clipboard.";
  } catch {
    q("share-size").textContent = "Select the link and copy it (the browser did not allow copying).";
  }
}

function downloadEncounter() {
  download(JSON.stringify(current.encounter), fileName(entry ? entryName(entry.id) : "encounter"));
}

async function openFile(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  const text = await file.text();
  const opened = run("open_file", { text }, (error) =>
    banner(`This file could not be opened: ${error.message}. Your encounter is unchanged.`));
  if (!opened) return;
  q("share-dialog").close();
  replacing("Opening the file replaces it.", () => {
    const left = leave();
    const name = file.name.replace(/\.json$/i, "").replace(/^woundbook-/, "") || "Encounter from a file";
    if (startEntry(opened, { name: `${name}, opened` })) entryOpened("the encounter from the file", left);
  });
}

// Asked first, when the encounter on screen holds changes not kept: the New dialog then says where it stays.
function openNew() {
  replacing("Starting a new encounter replaces it.", () => {
    renderSystemPicker([...systems.values()], system.id);
    rearm("new");
    q("new-dialog").showModal();
  });
}

function startNew(event) {
  event.preventDefault();
  const chosen = q("new-form").querySelector("input[name=system]:checked")?.value ?? system.id;
  q("new-dialog").close();
  const result = run("new", { system: chosen });
  if (!result) return;
  const left = leave();
  // Leaving an empty encounter keeps nothing: the banner about the one kept before it stays.
  if (startEntry(result, { name: "Encounter" }) && left) {
    banner(`Started a new encounter. ${keptWords(left)}`, "info", backTo(left));
  }
}

// value: the option's new value (a choice's value, a table's whole list of rows). A refused change leaves
// the encounter as it was and puts the values on screen back; the error shows at the option when it has a
// place for one (a table), else in a banner.
function changeOption(option, value) {
  clearOptionError(option.name);
  const options = { ...current.view.options, [option.name]: value };
  const result = run("set_options", { encounter: current.encounter, options }, (error) => {
    redrawOptions();
    show(current);
    if (!showOptionError(option.name, error.message, error.field)) banner(error.message);
  });
  if (result) commit(result);
}

// -- the system's reference tables, to read at the table or print ------------------------------------

function openTables() {
  renderReferenceTables(system);
  document.documentElement.classList.add("printing-tables");   // print shows only the tables while open
  q("tables-dialog").showModal();
}

// A modal dialog sits in the top layer, which paper does not lay out as the page: it is not as wide as the
// paper and need not break between pages. For the printing only, the dialog is reopened as a non-modal one
// (in the page's flow) and made modal again after.
let tablesPrinting = false;

function beforePrint() {
  const dialog = q("tables-dialog");
  if (!dialog.open || !dialog.matches(":modal")) return;
  tablesPrinting = true;
  dialog.close();
  dialog.show();
}

function afterPrint() {
  if (!tablesPrinting) return;
  tablesPrinting = false;
  const dialog = q("tables-dialog");
  dialog.close();
  dialog.showModal();
}

function tablesClosed() {
  // The close event comes a moment after close(): reopened for printing by then, the dialog is still open.
  if (!q("tables-dialog").open) document.documentElement.classList.remove("printing-tables");
}

// -- events -----------------------------------------------------------------------------------------

function wireEvents() {
  // A tap acts once (js/dom.js once()): a resolution and the prompt that answers it share a key, as the turn's
  // controls do (Start fight gives way to Next turn in the same spot); a face tapped or a form changed rearms it.
  const resolving = (handler) => once("resolve", handler);
  const turning = (handler) => once("turn", handler);
  q("action-form").addEventListener("submit", resolving((event) => { event.preventDefault(); resolve("app"); }));
  q("roll").addEventListener("click", resolving(() => resolve("app")));
  q("type-dice").addEventListener("click", resolving(() => resolve("given")));
  q("dice-prompt").addEventListener("submit", resolving(useTypedDice));
  q("dice-prompt").addEventListener("keydown", promptKey);   // the prompt wires its entry and ⌫ itself (view.js)
  q("dice-prompt").addEventListener("input", () => rearm("resolve"));
  q("dice-prompt").addEventListener("click", (event) => {
    if (event.target.closest?.('[data-testid="dice-face"], [data-testid="dice-backspace"]')) rearm("resolve");
  });
  q("dice-app-rest").addEventListener("click", resolving(rollTheRest));
  q("dice-cancel").addEventListener("click", () => { cancelPrompt(); q("roll").focus({ preventScroll: true }); });
  q("odds-summary").addEventListener("click", () => q("odds").scrollIntoView({ block: "start" }));
  q("add-combatant").addEventListener("click", openAdd);
  q("sheet-form").addEventListener("submit", once("sheet", submitSheet));
  q("sheet-cancel").addEventListener("click", () => q("sheet-dialog").close());
  q("undo").addEventListener("click", undo);
  q("redo").addEventListener("click", redo);
  q("share").addEventListener("click", share);
  q("share-copy").addEventListener("click", copyShare);
  q("player-copy").addEventListener("click", copyPlayerLink);
  q("whole-share").addEventListener("toggle", drawWholeShare);
  for (const choice of ["player-npcs-status", "player-npcs-tracks"]) q(choice).addEventListener("change", makePlayerLink);
  q("share-download").addEventListener("click", downloadEncounter);
  q("share-open-file").addEventListener("change", openFile);
  q("new-encounter").addEventListener("click", openNew);
  q("new-form").addEventListener("submit", once("new", startNew));
  q("new-cancel").addEventListener("click", () => q("new-dialog").close());
  q("open-tables").addEventListener("click", openTables);
  q("tables-print").addEventListener("click", () => window.print());
  q("tables-dialog").addEventListener("close", tablesClosed);
  window.addEventListener("beforeprint", beforePrint);
  window.addEventListener("afterprint", afterPrint);
  q("options-form").addEventListener("submit", (event) => event.preventDefault());   // Enter in a cell sends nothing more
  q("action-tabs").addEventListener("scroll", markTabsCut, { passive: true });      // the tabs' cut edges follow
  window.addEventListener("resize", markTabsCut, { passive: true });
  document.addEventListener("click", (event) => {
    for (const menu of document.querySelectorAll("details.card-menu[open]")) {
      if (!menu.contains(event.target)) menu.open = false;
    }
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target.matches?.("input, select, textarea");
    if (typing || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
  });
  window.addEventListener("hashchange", () => {
    const link = location.hash.slice(1);
    // A player view link followed in this tab: the page starts again as the player view (read-only, saving nothing);
    // this encounter is saved already, and waits in Encounters.
    // Waiting for a dice prompt, the page goes on writing the game master's link as changes are made: the link
    // followed is put back into the address bar when the view opens, not read from it.
    if (PLAYER_LINK.test(link)) {
      return replacing("Opening the player view in this tab replaces it.",
        () => whenFree("This tab opens the player view", () => {
          history.replaceState(null, "", `#${link}`);
          location.reload();
        }), () => history.replaceState(null, "", `#${current.fragment}`));
    }
    if (link && link !== current.fragment) openLink(link, "Your encounter is unchanged.");
  });
  window.addEventListener("storage", storageChanged);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") checkEntryFresh(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) checkEntryFresh(); });
  q("library").addEventListener("click", openLibrary);
  q("turn-start").addEventListener("click", turning(() => moveTurn("start")));
  q("turn-next").addEventListener("click", turning(() => moveTurn("next")));
  q("turn-delay").addEventListener("click", turning(() => moveTurn("delay")));
  q("turn-end").addEventListener("click", turning(() => moveTurn("end")));
  q("turn-hint-go").addEventListener("click", goToHint);
  q("conditions-form").addEventListener("submit", once("conditions", addCondition));
  q("conditions-form").addEventListener("input", () => rearm("conditions"));   // a condition typed: a new one
  q("note-save").addEventListener("click", once("conditions", () => tableChange("note", { text: q("note-text").value })));
  q("conditions-close").addEventListener("click", () => q("conditions-dialog").close());
  q("library-close").addEventListener("click", () => q("library-dialog").close());
  wireReplaceDialog();
}
