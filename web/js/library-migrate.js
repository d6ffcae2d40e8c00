// The keys of earlier versions, moved into the library (js/library.js) once. Version 1 kept one autosave and one
// replaced encounter: each becomes an entry. An old key whose text cannot be read becomes an entry all the same, its
// text kept as it is, and is listed as unreadable. The old keys are removed only once every entry is written.
//
// Pure storage, as the library: the unit tests run it in Node (tests/js/library.test.mjs).

import { RECENT_LINKS, cast } from "./library.js";

const MIGRATED = "woundbook.migrated.v2";
export const OLD_KEYS = { current: "woundbook.encounter.v1", previous: "woundbook.previous.v1" };

// The entries made (none on a later visit, or while storage refuses them: the old keys then stay for the next).
export function migrate(library) {
  if (library.storage.getItem(MIGRATED)) return [];
  const made = [];
  const order = [["previous", "Replaced encounter"], ["current", "Encounter"]];   // the autosave last: newest
  for (const [which, label] of order) {
    const raw = library.storage.getItem(OLD_KEYS[which]);
    if (raw === null) continue;
    const entry = migrateOne(library, raw, label);
    if (!entry.ok) return made;   // storage refused: the old keys stay, and migration is tried again next visit
    made.push(entry.meta);
  }
  if (library.write(MIGRATED, library.now())) return made;
  for (const key of Object.values(OLD_KEYS)) library.storage.removeItem(key);
  if (made.length) library.setLast(made[made.length - 1].id);
  return made;
}

function migrateOne(library, raw, label) {
  let old = null;
  try {
    old = JSON.parse(raw);
  } catch { /* kept raw below */ }
  const readable = old && typeof old.fragment === "string";
  const id = library.makeId();
  const time = readable && typeof old.saved === "string" ? old.saved : library.now();
  const when = readable ? ` of ${time.slice(0, 16).replace("T", " ")}` : "";
  const meta = { id, name: `${label}${when}`, system: readable ? old.system ?? null : null,
    ...cast(readable ? old.roster : []), created: time, changed: time, rev: 1, origin: null,
    links: readable && Array.isArray(old.links) ? old.links.slice(-RECENT_LINKS) : [],
    unreadable: readable ? null : "it was saved by an earlier version and cannot be read" };
  const doc = readable ? { fragment: old.fragment, system: old.system ?? null, roster: old.roster ?? [], rev: 1 } : raw;
  const error = library.put(id, meta, doc);
  return error ? { ok: false, error } : { ok: true, meta };
}
