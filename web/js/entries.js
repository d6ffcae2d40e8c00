// The library's entries as the controller keeps them: the encounter on screen is always one, saved as it
// changes; opening another (a link, a file, an entry) leaves the one before kept, and nothing is dropped.

import { banner, clearBanners, q } from "./dom.js";
import { askBeforeReplace, download, fileName } from "./keep.js";
import { DELETED_KEPT_DAYS, Library, held } from "./library.js";
import { askPersistence } from "./library-backup.js";
import { library, storageRefused, toldPurged } from "./library-store.js";
import { app, replace, tell } from "./state.js";
import { run } from "./ask.js";

export { library, storage, storageRefused, toldPurged } from "./library-store.js";

const TAB_ENTRY = "woundbook.open";   // sessionStorage: the entry this tab has open, across its reloads
// The entry this tab had open before a reload, unless it has been deleted meanwhile (in another tab).
export function tabEntry() {
  try {
    const id = sessionStorage.getItem(TAB_ENTRY);
    const meta = id ? library.meta(id) : null;
    return meta && !meta.deleted ? id : null;
  } catch {
    return null;
  }
}

// -- the library: every encounter is an entry; nothing the page replaces is dropped --------------------

function nowWords() {
  return new Date().toLocaleString(undefined, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
}

// Put an engine answer on screen as the open entry (entry already set), and remember it for this tab.
export function open(result) {
  app.unsaved = false;
  if (app.entry && library.meta(app.entry.id)?.unreadable) library.update(app.entry.id, { unreadable: null });   // it reads
  freshForms();
  replace(result);
  remember();
}

// Another encounter (New, one from the library or a link) starts with forms as the schema makes them: nothing
// chosen in the one left (a tactic, a target, a sheet half typed) carries into it. show() builds them afresh.
function freshForms() {
  app.system = null;
  app.turnFollowed = null;
  app.roundFollowed = null;
  app.pickNext = "actor";
}

// This tab has the entry open: a reload here reopens it, and a new tab opens the entry opened last.
function remember() {
  if (app.entry) {
    try { sessionStorage.setItem(TAB_ENTRY, app.entry.id); } catch { /* a new tab opens the last one instead */ }
    library.setLast(app.entry.id);
  }
  showEntryName();
}

export function showEntryName() {
  const stored = app.entry ? library.meta(app.entry.id)?.name : null;
  if (stored) app.entry.name = stored;   // renamed here or in another tab: the name to save it under if it goes
  const name = app.entry ? stored ?? "" : "Not saved";
  q("encounter-name").textContent = name;
  q("encounter-name").title = !app.entry ? "This encounter is not saved in this browser"
    : storageRefused ? "This encounter's name in your encounters, kept only while this tab is open"
      : "This encounter's name in your encounters";
}

export function entryName(id) {
  return library.meta(id)?.name ?? "the encounter";
}

// Leave the open entry for another. One that holds no work (no event, default options, never renamed) is not
// worth keeping; any other stays in the library. Returns the entry left, to go back to ({id, rev, unsaved}: whether
// changes on screen were not kept in it), or null.
export function leave() {
  if (!app.entry) return null;
  const left = { ...app.entry, unsaved: app.unsaved };
  app.entry = null;
  const meta = library.meta(left.id);
  // Only while no other tab has saved into it since: their work in it is not this tab's to drop.
  if (meta && !meta.renamed && Library.same(held(meta), left) && app.current && !holdsWork(app.current.view)) {
    library.forget(left.id);
    return null;
  }
  return meta ? left : null;
}

// Whether replacing the encounter on screen would drop changes: its last write was refused, or this browser keeps
// nothing beyond the tab (then the tab's own list holds them only until it closes, or a reload).
function unsavedWork() {
  return Boolean(app.current) && (app.unsaved || Boolean(storageRefused) && holdsWork(app.current.view));
}

// Replace the encounter on screen by `go`, asking first when that would drop unsaved changes (js/keep.js).
export function replacing(what, go, cancel = () => {}) {
  if (!unsavedWork()) return go();
  askBeforeReplace(what, { download: downloadEncounter, replace: go, cancel });
}

// Where the entry left behind is kept, in words that are true: without the changes not kept, or only in this tab.
export function keptWords(left) {
  const name = `“${entryName(left.id)}”`;
  if (storageRefused) return `${name} is in Encounters until this tab is closed: this browser keeps nothing.`;
  return left.unsaved ? `${name} is kept in Encounters as it was last saved, without the changes that could not be saved.`
    : `${name} is kept in Encounters.`;
}

function holdsWork(view) {
  const defaults = Object.fromEntries(app.system.options.map((option) => [option.name, option.default]));
  const changed = Object.entries(view.options).some(([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name]));
  return view.log.length > 0 || view.can_redo || changed;
}

// A new entry for an encounter the engine answered, opened here. Returns whether it could be saved.
export function startEntry(result, { name, origin = null } = {}) {
  const made = library.create(result, { name: `${name} of ${nowWords()}`, origin });
  app.entry = made.ok ? holding(made.meta) : null;
  open(result);
  if (made.ok) toldPurged();
  else notSaved(made.error);
  return made.ok;
}

export function backTo(left) {
  return left ? { label: "Go back to it", run: () => openEntry(left.id) } : null;
}

// The encounter in a link: the entry it was opened as before, or a new entry. `unchanged` ends a refusal's words.
export function openLink(link, unchanged) {
  const opened = run("open_link", { link }, (error) =>
    banner(`This share link could not be opened: ${error.message}. ${unchanged}`.trim()));
  if (!opened) return false;
  const known = library.findByLink(link, opened.fragment);
  if (known && known.id === app.entry?.id) return true;
  // Not followed after all: the address bar shows the encounter on screen again.
  replacing("Opening the link replaces it.", () => openLinkNow(link, opened, known),
    () => history.replaceState(null, "", `#${app.current.fragment}`));
  return true;
}

function openLinkNow(link, opened, known) {
  if (known) {
    const left = switchTo(known.id);
    if (left === false) return false;
    const sameState = app.current.fragment === opened.fragment;
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
export function entryOpened(what, left) {
  if (!left) return;
  const name = entryName(app.entry.id);
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
  const left = app.entry?.id === id ? null : leave();
  app.entry = holding(library.meta(id) ?? { id });
  open(result);
  return left;
}

export function openEntry(id) {
  replacing(`Opening “${entryName(id)}” replaces it.`, () => {
    const left = switchTo(id);
    if (left !== false) {
      clearBanners("tabs");
      if (left) banner(`Opened “${entryName(id)}”. ${keptWords(left)}`, "info", backTo(left));
    }
    tell("library");
  });
}

// A saved entry that cannot be read is never written over: it stays as it is, and can be downloaded.
export function unreadable(id, reason) {
  library.markUnreadable(id, reason);
  const name = entryName(id);
  banner(`Your saved encounter “${name}” could not be read (${reason}). It is kept in your encounters exactly as `
    + "it was, and never written over.", "unreadable", { label: "Download it", run: () => downloadRaw(id) });
}

// The saved text as it is: a file *Open file* reads back when it is an entry's document ({"fragment": …}), else
// plain text to keep.
export function downloadRaw(id) {
  const raw = library.rawDoc(id);
  if (raw === null) return banner("That saved encounter is no longer in this browser's storage.");
  let json = false;
  try { json = typeof JSON.parse(raw)?.fragment === "string"; } catch { /* damaged: kept as text */ }
  download(raw, fileName(entryName(id), json ? "json" : "txt"), json ? "application/json" : "text/plain");
}

export function downloadEncounter() {
  download(JSON.stringify(app.current.encounter), fileName(app.entry ? entryName(app.entry.id) : "encounter"));
}

// Delete an entry (kept 30 days), or, when storage cannot even mark it (full, and nothing deleted to make room),
// for good at the game master's word. Deleting the one on screen replaces it: asked first if it holds changes not kept.
export function deleteEntry(id) {
  if (app.entry?.id !== id) return deleteNow(id);
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
  const wasOpen = app.entry?.id === id;
  if (wasOpen) {
    app.entry = null;
    const next = library.list().find((meta) => !meta.unreadable);
    if (!next || switchTo(next.id) === false) startEntry(run("new", { system: app.system.id }), { name: "Encounter" });
  }
  tell("library");
  if (forGood) return banner(`“${name}” is deleted for good.`, "info");
  banner(`Deleted “${name}”. It is kept for ${DELETED_KEPT_DAYS} days under Deleted in your encounters.`, "info", { label: "Undo", run: () => {
    library.restore(id);
    if (wasOpen) openEntry(id);
    else tell("library");
  } });
}

function notSaved(error) {
  app.unsaved = true;
  toldPurged();
  const why = error.name === "QuotaExceededError" ? "your browser's storage is full" : `the browser refused to save it (${error.name})`;
  banner(`Not saved: ${why}. The encounter on screen works, but it is not kept in this browser; download it to `
    + "keep it (Share can open the file later).", "storage", { label: "Download it", run: downloadEncounter });
}

// A write kept the encounter on screen. Where the browser keeps nothing beyond the tab, the banner saying so stays.
function kept() {
  app.unsaved = false;
  askPersistence();   // once there is work to lose: the browser is asked to keep it (docs/saving.md)
  if (!storageRefused) clearBanners("storage");
  toldPurged();
}

// Save the encounter on screen into its entry. Another tab's newer work is never written over: this tab's change
// then goes into a new entry of its own. An entry another tab deleted is brought back by a change here, with a word.
export function keep(result) {
  if (!app.entry) {
    const made = library.create(result, { name: `Encounter of ${nowWords()}` });
    if (!made.ok) return notSaved(made.error);
    app.entry = holding(made.meta);
    kept();
    return remember();
  }
  let saved = library.save(app.entry.id, app.entry, result);
  if (saved.deleted) {
    saved = library.save(app.entry.id, app.entry, result, { restore: true });
    const id = app.entry.id;
    if (saved.ok) {
      banner(`“${saved.meta.name}” had been deleted in another tab; this change is saved into it, so it is back in `
        + "your encounters.", "tabs", { label: "Delete it again", run: () => deleteEntry(id) });
    }
  }
  if (saved.ok) {
    app.entry = { ...holding(saved.meta), wrote: true };
    return kept();
  }
  if (saved.error) return notSaved(saved.error);
  keepAsCopy(result, saved);
}

// What this tab holds of an entry ({id, rev, stamp, name}), to save over that revision only, and to name it again
// if another tab deletes it for good. `wrote` is added once this tab has saved into it: only then can another tab's
// save of the same moment have landed over this tab's.
export function holding(meta) {
  return { id: meta.id, ...held(meta), name: meta.name ?? null };
}

// This tab's change goes into a new entry of its own, since its entry cannot take it: `saved` says why (another
// tab's revision, `raced` when it landed over this tab's save of the same moment; damaged details; gone).
function keepAsCopy(result, saved, raced = false) {
  const theirs = app.entry.id;
  const name = saved.unreadable ? "Encounter" : saved.missing ? app.entry.name ?? "Encounter" : entryName(theirs);
  // An entry deleted for good elsewhere has no other version: this tab's is the entry, under its own name.
  const made = library.create(result, { name: saved.missing ? name : `${name} (this tab's copy)` });
  if (!made.ok) {
    app.entry = null;
    return notSaved(made.error);
  }
  app.entry = holding(made.meta);
  kept();
  remember();
  clearBanners("tabs");
  banner(raced ? `“${name}” was saved in another tab at the same moment as this tab's last change, so this tab's `
    + `encounter is saved as a new entry, “${made.meta.name}”. Nothing was written over.`
    : saved.conflict ? `“${name}” was changed in another tab, so this change is saved as a new entry, “${made.meta.name}”. Nothing was written over.`
    : saved.unreadable ? `The details of this encounter's entry in Encounters could not be read, so this change is saved `
      + `as a new entry, “${made.meta.name}”. The damaged entry is kept as it was.`
      : `“${name}” was deleted for good in another tab; the encounter on screen is saved again as “${made.meta.name}”.`,
  "tabs",
  saved.conflict ? { label: `Open “${name}” as the other tab left it`, run: () => openEntry(theirs) } : null);
}

// Another tab wrote to the library: the list follows, and a change to the entry on screen is offered here.
export function storageChanged(event) {
  const id = Library.changedEntry(event.key);
  if (!id) return;
  tell("library");
  if (app.entry && id === app.entry.id) checkEntryFresh();
}

// Whether another tab saved the entry on screen since this tab did (heard through a storage event, or found
// when this tab comes back into view, since a frozen tab hears nothing).
export function checkEntryFresh() {
  if (!app.entry) return;
  const meta = library.meta(app.entry.id);
  if (app.entry.wrote && app.current && library.overwritten(app.entry.id, app.entry)) {
    keepAsCopy(app.current, { conflict: meta }, true);
  } else if (meta?.deleted) {
    banner(`“${meta.name}” was deleted in another tab. It stays on screen here, and a change made here brings it back `
      + "into your encounters.", "tabs");
  } else if (meta?.rev > app.entry.rev) {
    const id = app.entry.id;
    banner(`“${meta.name}” was changed in another tab. Changes made here will be saved as a copy.`, "tabs",
      { label: "Load the newer version", run: () => openEntry(id) });
  }
  showEntryName();
}
