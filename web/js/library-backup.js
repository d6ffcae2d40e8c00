// Keeping the library beyond the browser's goodwill (docs/saving.md): the browser is asked to keep this site's
// storage for good, Encounters says whether it does, and the whole library goes into one backup file that *Open
// file* reads back (js/backup.js). Nothing here knows a rule system.

import { banner } from "./dom.js";
import { download, fileName } from "./keep.js";
import { StatBlocks } from "./blocks.js";
import { backupText, lastBackup, noteBackup, readBackup, restoreBackup } from "./backup.js";
import { library, storage, storageRefused, toldPurged } from "./library-store.js";

// "persistent" (kept until the person deletes it), "best-effort" (the browser may clear it), "unsupported" (the
// browser does not say), or "unknown" (not read yet).
let persistence = "unknown";
let asked = false;
const listeners = [];

// `listener()` runs when what Encounters shows of keeping changes (the browser's answer, a backup made or read).
export function onKeepingChanged(listener) {
  listeners.push(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

export function keeping() {
  return { persistence, lastBackup: lastBackup(storage), memoryOnly: Boolean(storageRefused) };
}

// Whether the browser keeps the storage for good, read without asking anything of the person.
export async function readPersistence() {
  const manager = globalThis.navigator?.storage;
  let now = "unsupported";
  if (typeof manager?.persisted === "function") {
    try { now = (await manager.persisted()) ? "persistent" : "best-effort"; } catch { /* not said */ }
  }
  if (now !== persistence) {
    persistence = now;
    changed();
  }
  return persistence;
}

// Asked once a visit, once the game master has work to lose (a change saved), not at first sight: Chromium and
// Safari answer by their own measure (an installed app, a bookmarked or much-used site), Firefox asks the person.
export async function askPersistence() {
  if (asked || storageRefused) return;
  asked = true;
  const manager = globalThis.navigator?.storage;
  try {
    if (typeof manager?.persist === "function" && !(await manager.persisted?.())) await manager.persist();
  } catch { /* the answer is read below all the same */ }
  await readPersistence();
}

// The whole library as a file, downloaded at once; its date is noted for Encounters to show.
export function backUp() {
  const made = new Date().toISOString();
  download(backupText(storage, made), fileName("backup"));
  noteBackup(storage, made);
  changed();
}

const DAY = { day: "numeric", month: "short", year: "numeric" };

function counted(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

// A file *Open file* was given: a backup is restored into the library (never over anything: js/backup.js) and
// said; anything else is not ours to read here (false), and is opened as an encounter.
export function openBackup(text) {
  const file = readBackup(text);
  if (!file) return false;
  const done = restoreBackup(library, new StatBlocks(storage), file);
  toldPurged();
  if (!done.ok) {
    banner(`This backup could not be opened: ${done.message}. Nothing was changed.`);
    return true;
  }
  const made = Date.parse(file.made);
  const of = Number.isNaN(made) ? "" : ` of ${new Date(made).toLocaleDateString(undefined, DAY)}`;
  const parts = [
    done.restored ? `${counted(done.restored, "encounter", "encounters")} put back` : null,
    done.copies ? `${counted(done.copies, "encounter", "encounters")} added beside ${done.copies === 1 ? "its" : "their"} `
      + "own changed version here" : null,
    done.already ? `${counted(done.already, "encounter", "encounters")} already here` : null,
    done.blocks ? `${counted(done.blocks, "stat block", "stat blocks")} put back` : null,
  ].filter(Boolean);
  const said = `From the backup${of}: ${parts.length ? parts.join(", ") : "nothing to put back"}. `
    + "The encounter on screen is unchanged; the others are in Encounters.";
  banner(done.refused.length ? `${said} Not restored: ${done.refused.join("; ")}.` : said,
    done.refused.length ? "error" : "info");
  changed();
  return true;
}
