// The library view: the game master's saved encounters, to open, rename, copy, delete (undoable) and restore.
// It draws what js/library.js lists; the controller (app.js) does what a button asks.

import { el, q } from "./dom.js";

const WHEN = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };

function when(iso) {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "at an unknown time" : new Date(time).toLocaleString(undefined, WHEN);
}

function details(meta) {
  const who = meta.count === 0 ? "no combatants"
    : `${meta.count} ${meta.count === 1 ? "combatant" : "combatants"}: ${meta.names.join(", ")}${meta.count > meta.names.length ? ", …" : ""}`;
  return [meta.system?.name ?? "unknown rule system", who, `changed ${when(meta.changed)}`].join(" · ");
}

// Where the list is kept, in words that are true: in this browser's storage, or (where the browser refuses it any)
// only in this tab's memory, gone when the tab is closed or reloaded.
const KEPT = "Every encounter you make or open is kept here, in this browser, and saved as you go. Share keeps one "
  + "as a link or a file.";
const MEMORY_ONLY = "This browser does not let Woundbook save anything: these encounters are only in this tab's memory, "
  + "and are gone when it is closed or reloaded. Share keeps one as a link or a file.";
// Storage that refused the last write: the list is kept, but the encounter on screen is ahead of its entry.
const BEHIND = "The encounter on screen has changes this browser could not save: its entry below is as it was last "
  + "saved. Download it from the banner to keep them. The others are kept here, in this browser; Share keeps one as "
  + "a link or a file.";

// Whether the browser keeps them for good (js/library-backup.js's `persistence`), in plain words: where it may clear
// them, what that means and what keeps them all the same.
const PERSISTENCE = {
  "persistent": "This browser has agreed to keep your encounters until you delete them.",
  "best-effort": "This browser may delete your encounters on its own: when the device runs short of space, and in "
    + "Safari after seven days without a visit, unless Woundbook is on the Home Screen. A backup file keeps them all: "
    + "Open a file, in Share, puts them back.",
  "unsupported": "This browser does not say whether it keeps your encounters for good, and may delete them on its "
    + "own. A backup file keeps them all: Open a file, in Share, puts them back.",
};

const BACKUP_WHEN = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };

// keeping: {persistence, lastBackup, memoryOnly}; onBackup: the backup's button.
function renderKeeping(keeping, onBackup) {
  const words = keeping.memoryOnly ? "" : PERSISTENCE[keeping.persistence] ?? "";
  q("library-keeping").dataset.persistence = keeping.persistence;
  q("library-persistence").textContent = words;
  q("library-persistence").hidden = !words;
  q("library-backup").onclick = onBackup;
  const last = Date.parse(keeping.lastBackup ?? "");
  q("library-last-backup").textContent = Number.isNaN(last) ? "No backup made in this browser yet."
    : `Last backup: ${new Date(last).toLocaleString(undefined, BACKUP_WHEN)}.`;
}

// data: {entries, deleted, open, memoryOnly, unsaved, keeping}: the entries as listed, the deleted ones, the id of
// the one on screen, whether the browser keeps nothing beyond the tab, whether the one on screen has changes a write
// refused, and how the browser keeps them (renderKeeping).
// on: {onOpen, onRename(id, name) -> error text or null, onDuplicate, onDelete, onRestore, onErase, onDownload,
// onBackup}.
export function renderLibrary(data, on) {
  renderKeeping(data.keeping, on.onBackup);
  q("library-note").textContent = data.memoryOnly ? MEMORY_ONLY : data.unsaved ? BEHIND : KEPT;
  q("library-note").classList.toggle("field-error", Boolean(data.memoryOnly || data.unsaved));
  q("library-list").replaceChildren(...data.entries.map((meta) => renderEntry(meta, meta.id === data.open,
    meta.id === data.open && Boolean(data.unsaved), on)));
  q("library-empty").hidden = data.entries.length > 0;
  const deleted = q("library-deleted");
  deleted.hidden = data.deleted.length === 0;
  q("library-deleted-list").replaceChildren(...data.deleted.map((meta) => el("li", {
    class: "library-entry deleted", testid: "library-entry", dataset: { id: meta.id, deleted: "true" } },
  el("div", { class: "library-head" }, el("strong", { testid: "library-name", dir: "auto", text: meta.name })),
  el("div", { class: "small", testid: "library-details", text: `${details(meta)} · deleted ${when(meta.deleted)}` }),
  el("div", { class: "row" }, el("button", { type: "button", testid: "library-restore", text: "Restore",
    onclick: () => on.onRestore(meta.id) }),
  el("button", { type: "button", testid: "library-erase", text: "Delete for good",
    onclick: () => on.onErase(meta.id) })))));
}

function renderEntry(meta, isOpen, behind, on) {
  const item = el("li", { class: `library-entry${isOpen ? " open" : ""}`, testid: "library-entry",
    dataset: { id: meta.id, open: String(isOpen), unreadable: String(Boolean(meta.unreadable)) } });
  const buttons = el("div", { class: "row" },
    isOpen ? null : el("button", { type: "button", class: "primary", testid: "library-open", text: meta.unreadable ? "Try to open" : "Open",
      onclick: () => on.onOpen(meta.id) }),
    el("button", { type: "button", testid: "library-rename", text: "Rename", onclick: () => renaming() }),
    el("button", { type: "button", testid: "library-duplicate", text: "Copy", onclick: () => on.onDuplicate(meta.id) }),
    meta.unreadable ? el("button", { type: "button", testid: "library-download", text: "Download",
      onclick: () => on.onDownload(meta.id) }) : null,
    el("button", { type: "button", testid: "library-delete", text: "Delete", onclick: () => on.onDelete(meta.id) }));
  const head = el("div", { class: "library-head" },
    el("strong", { testid: "library-name", dir: "auto", text: meta.name }),
    isOpen ? el("span", { class: "open-here", testid: "library-open-badge", text: "open here" }) : null);
  item.append(head, el("div", { class: "small", testid: "library-details",
    text: behind ? `as last saved: ${details(meta)} · the changes since are only on screen` : details(meta) }));
  if (meta.unreadable) {
    item.append(el("div", { class: "field-error", testid: "library-unreadable",
      text: `Could not be read: ${meta.unreadable}. Kept as it was.` }));
  }
  item.append(buttons);

  // Rename in place: the field takes focus only because the person tapped Rename.
  function renaming() {
    const input = el("input", { type: "text", testid: "library-rename-input", value: meta.name, maxlength: "80",
      "aria-label": `New name for ${meta.name}`, autocomplete: "off" });
    const error = el("p", { class: "field-error", testid: "library-rename-error", role: "alert" });
    const form = el("form", { class: "row rename", novalidate: true },
      el("label", { class: "grow" }, "Name", input),
      el("button", { type: "submit", class: "primary", testid: "library-rename-save", text: "Save" }),
      el("button", { type: "button", testid: "library-rename-cancel", text: "Cancel",
        onclick: () => form.replaceWith(buttons) }),
      error);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const message = on.onRename(meta.id, input.value);
      if (message) error.textContent = message;
    });
    buttons.replaceWith(form);
    input.focus();
    input.select();
  }
  return item;
}
