// The Encounters dialog's buttons: open, rename, copy, delete (undoable), restore, delete for good.

import { banner, once, q, rearm } from "./dom.js";
import { renderLibrary } from "./library-view.js";
import { backUp, keeping, onKeepingChanged, readPersistence } from "./library-backup.js";
import { app } from "./state.js";
import { deleteEntry, downloadRaw, entryName, library, openEntry, showEntryName, storageRefused } from "./entries.js";

export function openLibrary() {
  rearm("library");
  drawLibrary();
  q("library-dialog").showModal();
  readPersistence();   // the browser's answer may have changed (installed to the Home Screen, a permission given)
}

// The list, while it is open, follows the saved encounters (js/flow.js), and what it says of keeping follows the
// browser's answer and each backup made or read.
export function redrawLibrary() {
  if (q("library-dialog").open) drawLibrary();
}

onKeepingChanged(redrawLibrary);

function drawLibrary() {
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
