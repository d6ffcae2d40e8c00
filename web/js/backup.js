// A backup of the whole library as one file: every saved encounter (deleted ones too), the stat blocks of every
// rule system, and the choices kept beside them (each encounter's players' characters, the roster's layout).
// Browsers may clear a site's storage on their own (docs/saving.md); a file on the device is kept.
//
// Reading one back never writes over anything: an entry not here is put back as it was (its id, name and
// revision); one here already, or here at a later revision of the same line (its stamp among the stored entry's
// recent ones), is left; one that went another way here is added beside it as a copy. Stat blocks are added as
// Stat blocks adds them (the same block again is not kept twice, a name taken is numbered).
//
// Pure storage: no DOM and no engine; it takes the Storage, so the unit tests run it in Node.

import { cleanName } from "./library.js";
import { BLOCKS } from "./blocks.js";

export const BACKUP_MARK = "backup";   // {"woundbook": "backup", ...}: what a backup file says it is
export const BACKUP_FORMAT = 1;
const META = "woundbook.meta.";
const DOC = "woundbook.doc.";
const PLAYERS = "woundbook.players.";   // an encounter's players' characters (js/share.js), by entry id
const BLOCKS_KEY = "woundbook.blocks.";
const CHOICES = ["woundbook.roster"];   // the page's own choices, not tied to an entry
export const LAST_BACKUP = "woundbook.backup";
const ID = /^[A-Za-z0-9_-]{1,40}$/;

function keys(storage, prefix) {
  const found = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) found.push(key.slice(prefix.length));
  }
  return found;
}

// The backup's text, made at `made` (an ISO time). Raw texts are kept as they are, readable or not.
export function backupText(storage, made) {
  const entries = keys(storage, META).map((id) => ({ id, meta: storage.getItem(META + id), doc: storage.getItem(DOC + id),
    players: storage.getItem(PLAYERS + id) }));
  const blocks = Object.fromEntries(keys(storage, BLOCKS_KEY).map((system) => [system, storage.getItem(BLOCKS_KEY + system)]));
  const choices = Object.fromEntries(CHOICES.filter((key) => storage.getItem(key) !== null).map((key) => [key, storage.getItem(key)]));
  return JSON.stringify({ woundbook: BACKUP_MARK, format: BACKUP_FORMAT, made, entries, blocks, choices });
}

// When the last backup was made here (an ISO time), or null.
export function lastBackup(storage) {
  return storage.getItem(LAST_BACKUP);
}

export function noteBackup(storage, made) {
  try { storage.setItem(LAST_BACKUP, made); } catch { /* only the date shown: the file itself is made */ }
}

// The backup in a file's text, or null when the text is not one (it is then read as an encounter).
export function readBackup(text) {
  if (typeof text !== "string" || !text.includes(`"${BACKUP_MARK}"`)) return null;
  try {
    const file = JSON.parse(text);
    return file?.woundbook === BACKUP_MARK ? file : null;
  } catch {
    return null;
  }
}

function parsed(raw) {
  try { return JSON.parse(raw); } catch { return null; }
}

// Put a backup (readBackup's) back into the library (js/library.js) and the stat blocks (js/blocks.js), which keep
// the same storage. Answers {ok: false, message} for a file this version cannot read, else {ok: true, restored,
// already, copies, blocks, refused: [reason]} (counts of entries and stat blocks).
export function restoreBackup(library, book, file) {
  if (typeof file.format !== "number" || file.format > BACKUP_FORMAT || !Array.isArray(file.entries)) {
    return { ok: false, message: "this backup was made by a newer version of Woundbook: reload to update, then open it again" };
  }
  const { storage } = library;
  const when = typeof file.made === "string" ? file.made.slice(0, 10) : "an earlier day";
  const done = { ok: true, restored: 0, already: 0, copies: 0, blocks: 0, refused: [] };
  for (const entry of file.entries) {
    const meta = parsed(entry?.meta);
    if (!meta || typeof meta !== "object" || !ID.test(String(meta.id)) || meta.id !== entry.id || typeof entry.doc !== "string") {
      done.refused.push(`an entry of the backup could not be read (${String(meta?.name ?? entry?.id ?? "no name").slice(0, 40)})`);
      continue;
    }
    const here = library.meta(meta.id);
    const taken = here !== null || storage.getItem(META + meta.id) !== null || storage.getItem(DOC + meta.id) !== null;
    if (here && (here.stamps ?? [here.stamp]).includes(meta.stamp ?? null) && library.rawDoc(meta.id) !== null) {
      done.already++;
      continue;
    }
    const id = taken ? library.makeId() : meta.id;
    const kept = taken ? { ...meta, id, name: cleanName(`${meta.name} (backup of ${when})`), origin: null, links: [] } : meta;
    const error = library.put(id, kept, entry.doc);
    if (error) {
      done.refused.push(`“${meta.name}” was not restored: ${error.message}`);
      continue;
    }
    if (typeof entry.players === "string" && storage.getItem(PLAYERS + id) === null) library.write(PLAYERS + id, entry.players);
    done[taken ? "copies" : "restored"]++;
  }
  restoreBlocks(book, file.blocks, done);
  for (const [key, value] of Object.entries(file.choices ?? {})) {
    if (CHOICES.includes(key) && typeof value === "string" && storage.getItem(key) === null) library.write(key, value);
  }
  return done;
}

// Whether a stat block (or an item) is kept here already: the same content under its name, or under the name
// numbered when it was kept beside another of that name ("Ogre 2").
function keptAlready(list, place, one) {
  const content = (entry) => JSON.stringify(place === BLOCKS ? entry?.sheet : entry?.notation);
  const numbered = new RegExp(`^${String(one?.name ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( [0-9]{1,4})?$`);
  return list.some((kept) => numbered.test(kept.name) && content(kept) === content(one));
}

// Each system's stat blocks: written as they are where this browser keeps none for it, else added one by one.
function restoreBlocks(book, blocks, done) {
  const { storage } = book;
  for (const [system, raw] of Object.entries(blocks ?? {})) {
    const data = parsed(raw);
    if (!ID.test(system) || !data || !Array.isArray(data.blocks) || typeof data.items !== "object" || !data.items) {
      done.refused.push(`the stat blocks of ${String(system).slice(0, 40)} could not be read`);
      continue;
    }
    if (storage.getItem(BLOCKS_KEY + system) === null) {
      try {
        storage.setItem(BLOCKS_KEY + system, raw);
        done.blocks += data.blocks.length;
      } catch (error) {
        done.refused.push(`the stat blocks of ${system} were not restored: ${error?.message ?? error}`);
      }
      continue;
    }
    const places = [[BLOCKS, data.blocks], ...Object.entries(data.items)];
    for (const [place, list] of places) {
      for (const one of Array.isArray(list) ? list : []) {
        if (keptAlready(book.list(system, place), place, one)) continue;
        const added = book.add(system, place, place === BLOCKS ? { name: one?.name, sheet: one?.sheet } : { name: one?.name, notation: one?.notation });
        if (!added.ok) done.refused.push(`“${String(one?.name ?? "a stat block").slice(0, 40)}” was not restored: ${added.error.message}`);
        else if (!added.existing && place === BLOCKS) done.blocks++;
      }
    }
  }
}
