// The Encounters dialog's buttons: open, rename, copy, delete (undoable), restore, delete for good.

import { banner, once, q, rearm } from "./dom.js";
import { renderLibrary } from "./library-view.js";
import { DELETED_KEPT_DAYS } from "./library.js";
import { backUp, keeping, onKeepingChanged, readPersistence } from "./library-backup.js";
import { app } from "./state.js";
import { run } from "./answers.js";
import { downloadRaw, entryName, library, openEntry, replacing, showEntryName, startEntry, storageRefused, switchTo,
  toldPurged } from "./entries.js";

export function openLibrary() {
  rearm("library");
  drawLibrary();
  q("library-dialog").showModal();
  readPersistence();   // the browser's answer may have changed (installed to the Home Screen, a permission given)
}

// What Encounters says of keeping follows the browser's answer, and each backup made or read.
onKeepingChanged(() => { if (q("library-dialog").open) drawLibrary(); });

export function drawLibrary() {
  renderLibrary({ entries: library.list(), deleted: library.list({ deleted: true }), open: app.entry?.id ?? null,
    memoryOnly: Boolean(storageRefused), unsaved: app.unsaved, keeping: keeping() }, {
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
    onBackup: once("library-backup", backUp),
  });
}

const onceInList = (handler) => once("library", handler);

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
  drawLibrary();
  if (forGood) return banner(`“${name}” is deleted for good.`, "info");
  banner(`Deleted “${name}”. It is kept for ${DELETED_KEPT_DAYS} days under Deleted in your encounters.`, "info", { label: "Undo", run: () => {
    library.restore(id);
    if (wasOpen) openEntry(id);
    else if (q("library-dialog").open) drawLibrary();
  } });
}
