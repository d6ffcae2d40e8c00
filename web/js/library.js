// The saved-encounter library: every encounter the game master makes or opens is kept as its own entry, under
// keys of its own in the browser's local storage, with a revision, so that nothing the page replaces is dropped
// and two tabs never write over each other's newer work.
//
// Why localStorage and not IndexedDB: the page paints the open encounter's cards in its first frame, before any
// module has awaited anything, which needs a synchronous read; a write that fails (quota, private mode) fails at
// the very call, so the banner can say at once what is not saved; and other tabs hear of every write through the
// `storage` event. An entry keeps the encounter as its share link's fragment (compressed), not its JSON document,
// which is 5-10 times the size.
//
// Each entry is two keys: `woundbook.meta.<id>` (small: its name, system, combatants, times and revision, read to
// list the library) and `woundbook.doc.<id>` (the fragment), so an entry costs about its link. The cards painted
// in the first frame (kept so the page shows the saved encounter before the engine is ready) are kept for one
// entry only, the one saved last, under `woundbook.cards`: an SLA card is some 15 times its share of the link, and
// one long encounter's cards in every entry filled the storage. A document that cannot be read is never written
// over: its raw text stays under its key until the game master deletes it.
//
// Two tabs saving one entry a few ms apart both read the same revision (a tab hears of another's write a little
// later), and the second write lands over the first. So each revision has a stamp (`stamp`; the recent ones in
// `stamps`): a tab saves only over the very revision it holds, and one whose write was landed over finds its stamp
// missing once it hears of the other's (overwritten()). Not Web Locks: a lock is awaited, and a save is synchronous.
//
// A write the browser refuses for room first drops the cards (a cache), then entries deleted earlier, the oldest
// first, and tries again after each; the entries so removed for good are named (takePurged) for the page to say.
//
// Pure storage: no DOM, no engine, no imports. It takes the Storage to use (js/storage.js), so the unit tests run it
// in Node.

const META = "woundbook.meta.";
const DOC = "woundbook.doc.";
const LAST = "woundbook.last";
const CARDS = "woundbook.cards";
export const DELETED_KEPT_DAYS = 30;
export const RECENT_LINKS = 40;   // the fragments this entry last put in the address bar, by hash
const RECENT_STAMPS = 20;   // the stamps of an entry's last revisions
const MAX_NAME = 80;

// A short hash of a link fragment: a reload that finds one of an entry's own recent links in the address bar is
// that entry's older address, not a link someone shared.
export function linkHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36) + text.length.toString(36);
}

function randomId() {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// When a write fails: {name, message}, with the browser's own error name (QuotaExceededError, SecurityError, ...).
function failure(error) {
  return { name: error?.name ?? "Error", message: error?.message ?? String(error) };
}

// Whether a refused write was refused for room (Chromium and WebKit, Firefox), which removing something can make.
function forRoom(error) {
  return error?.name === "QuotaExceededError" || error?.name === "NS_ERROR_DOM_QUOTA_REACHED";
}

export function cleanName(name) {
  return String(name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

// What an entry lists of its combatants, from the cards the engine drew.
export function cast(roster) {
  const names = Array.isArray(roster) ? roster.map((card) => String(card?.name ?? "")) : [];
  return { count: names.length, names: names.slice(0, 8) };
}

// What a tab holds of an entry: its revision and that revision's stamp (none from before stamps).
export function held(meta) {
  return { rev: meta?.rev ?? 1, stamp: meta?.stamp ?? null };
}

// The next revision's number, stamp and recent stamps, after `stored` (null for a new entry).
function nextRevision(stored, stamp) {
  const rev = (stored?.rev ?? 0) + 1;
  return { rev, stamp, stamps: [...(stored?.stamps ?? []), stamp].slice(-RECENT_STAMPS) };
}

export class Library {
  // `later(job)` runs the cached cards' write: at once by default; the page passes its idle time, since the cards
  // are only a cache to paint first on a return visit, and writing a roster's cards was a tenth of a tap's work.
  constructor(storage, { now = () => new Date().toISOString(), makeId = randomId, makeStamp = randomId,
    later = (job) => job() } = {}) {
    this.storage = storage;
    this.now = now;
    this.makeId = makeId;
    this.makeStamp = makeStamp;
    this.later = later;
    this.pendingCards = null;   // {id, result}: the cards to write when `later` runs, the last asked for only
    this.purged = [];   // the names of deleted entries removed for good to make room, not yet told
  }

  // -- reading ------------------------------------------------------------------------------------------

  ids() {
    const ids = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key?.startsWith(META)) ids.push(key.slice(META.length));
    }
    return ids;
  }

  meta(id) {
    try {
      const meta = JSON.parse(this.storage.getItem(META + id));
      return meta && typeof meta === "object" && meta.id === id ? meta : null;
    } catch {
      return null;
    }
  }

  // Every entry, the most recently changed first; deleted ones only when asked.
  list({ deleted = false } = {}) {
    return this.ids().map((id) => this.meta(id) ?? this.brokenMeta(id))
      .filter((meta) => Boolean(meta.deleted) === deleted)
      .sort((a, b) => String(b.changed).localeCompare(String(a.changed)));
  }

  // An entry whose listing cannot be read is still listed (its document may be fine, or worth downloading).
  brokenMeta(id) {
    return { id, name: "An entry whose details could not be read", system: null, count: 0, names: [], rev: 0,
      changed: "", created: "", unreadable: "its details are damaged" };
  }

  // {ok: true, doc} or {ok: false, raw, reason}: the raw text of a document that cannot be read, kept as it is.
  readDoc(id) {
    const raw = this.storage.getItem(DOC + id);
    if (raw === null) return { ok: false, raw: null, reason: "it is no longer in this browser's storage" };
    try {
      const doc = JSON.parse(raw);
      if (!doc || typeof doc.fragment !== "string") return { ok: false, raw, reason: "it holds no encounter" };
      return { ok: true, doc };
    } catch (error) {
      return { ok: false, raw, reason: `it is not valid JSON (${error.message})` };
    }
  }

  rawDoc(id) {
    return this.storage.getItem(DOC + id);
  }

  // The cards to paint first for entry `id`: kept for the entry saved last (or, from an earlier version, in its
  // document), else null.
  cards(id) {
    this.flushCards();
    try {
      const kept = JSON.parse(this.storage.getItem(CARDS));
      if (kept?.id === id && Array.isArray(kept.roster)) return kept;
    } catch { /* a cache that cannot be read is not used */ }
    const read = this.readDoc(id);
    return read.ok && Array.isArray(read.doc.roster) ? { id, system: read.doc.system ?? null, roster: read.doc.roster } : null;
  }

  // The characters entry `id` takes in storage (its keys and values), as the browser counts them against its quota.
  size(id) {
    return [META + id, DOC + id].reduce((sum, key) => sum + key.length + (this.storage.getItem(key)?.length ?? 0), 0);
  }

  last() {
    const id = this.storage.getItem(LAST);
    const meta = id ? this.meta(id) : null;
    return meta && !meta.deleted ? id : null;
  }

  // The entry a link belongs to: the one made from it, or one that put it in the address bar lately.
  findByLink(...fragments) {
    const hashes = fragments.filter(Boolean).map(linkHash);
    return this.list().find((meta) => hashes.includes(meta.origin) || hashes.some((hash) => meta.links?.includes(hash)))
      ?? null;
  }

  // -- writing: each returns {ok: true, ...} or {ok: false, error} (or {ok: false, conflict}) -------------------

  // One key written, or the reason it was refused. Refused for room, it makes room as the top of the file says,
  // never by removing the entry `keep` (the one being written) or one that is not deleted.
  write(key, value, keep = null) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    for (;;) {
      try {
        this.storage.setItem(key, text);
        return null;
      } catch (error) {
        if (!forRoom(error) || !this.makeRoom(keep)) return failure(error);
      }
    }
  }

  // Remove one thing that can go to make room: the cards, else the deleted entry deleted first. Whether one went.
  makeRoom(keep) {
    if (this.storage.getItem(CARDS) !== null) {
      this.storage.removeItem(CARDS);
      return true;
    }
    const oldest = this.list({ deleted: true }).filter((meta) => meta.id !== keep)
      .sort((a, b) => String(a.deleted).localeCompare(String(b.deleted)))[0];
    if (!oldest) return false;
    this.forget(oldest.id);
    this.purged.push(oldest.name);
    return true;
  }

  // The names of the deleted entries removed for good to make room since last asked.
  takePurged() {
    return this.purged.splice(0);
  }

  // The cards of the entry saved last, kept to paint first. A cache never costs an entry: a refusal drops it (none
  // is then kept, so no entry's older cards are painted), and nothing is removed to make room for it.
  keepCards(id, result) {
    const scheduled = this.pendingCards !== null;
    this.pendingCards = { id, result };
    if (!scheduled) this.later(() => this.flushCards());
  }

  // The cards asked for last, written now if they are still waiting (the page calls this as it is hidden).
  flushCards() {
    const pending = this.pendingCards;
    if (!pending) return;
    this.pendingCards = null;
    const { id, result } = pending;
    try {
      this.storage.setItem(CARDS, JSON.stringify({ id, system: result.view.system, roster: result.view.roster }));
    } catch {
      this.storage.removeItem(CARDS);
    }
  }

  setLast(id) {
    if (this.storage.getItem(LAST) === id) return;   // every save of the open entry asks it again
    this.write(LAST, id);   // only chooses what a new tab opens: a failure loses nothing
  }

  // A new entry for an encounter the engine answered ({fragment, view}); `origin` is the link it was opened from.
  create(result, { name, origin = null } = {}) {
    const id = this.makeId();
    const time = this.now();
    const meta = { id, name: cleanName(name) || "Encounter", system: { id: result.view.system.id, name: result.view.system.name },
      ...cast(result.view.roster), created: time, changed: time, ...nextRevision(null, this.makeStamp()),
      origin: origin ? linkHash(origin) : null,
      links: [linkHash(result.fragment)] };
    const error = this.put(id, meta, this.docOf(result, 1));
    if (error) return { ok: false, error };
    this.keepCards(id, result);
    this.setLast(id);
    return { ok: true, meta };
  }

  // A new entry's two keys (`meta`, and `doc`, its document or raw text), the document first; where storage refuses
  // either, neither is left. The refusal, or null.
  put(id, meta, doc) {
    const error = this.write(DOC + id, doc, id) ?? this.write(META + id, meta, id);
    if (error) this.storage.removeItem(DOC + id);
    return error;
  }

  docOf(result, rev) {
    return { fragment: result.fragment, system: result.view.system, rev };
  }

  // Save a new state of entry `id`, which this tab holds at revision `mine` ({rev, stamp}: held()). Another tab's
  // revision is never written over: the answer is then {ok: false, conflict: their meta}, and nothing is written.
  // Nor is an entry whose details cannot be read ({unreadable: true}), nor one deleted meanwhile ({deleted: its
  // meta}) unless `restore` says the page brings it back (and says so).
  save(id, mine, result, { restore = false } = {}) {
    const stored = this.meta(id);
    if (!stored) return this.storage.getItem(META + id) === null ? { ok: false, missing: true } : { ok: false, unreadable: true };
    if (!Library.same(held(stored), mine)) return { ok: false, conflict: stored };
    if (stored.deleted && !restore) return { ok: false, deleted: stored };
    const hash = linkHash(result.fragment);
    const next = nextRevision(stored, this.makeStamp());
    const meta = { ...stored, ...cast(result.view.roster), system: { id: result.view.system.id, name: result.view.system.name },
      changed: this.now(), ...next, deleted: null,
      links: [...(stored.links ?? []).filter((one) => one !== hash), hash].slice(-RECENT_LINKS) };
    const error = this.write(DOC + id, this.docOf(result, next.rev), id) ?? this.write(META + id, meta, id);
    if (error) return { ok: false, error };
    this.keepCards(id, result);
    this.setLast(id);
    return { ok: true, meta };
  }

  // Whether two holdings are the same revision: its number, and its stamp where both have one.
  static same(one, other) {
    return one.rev === other.rev && (one.stamp ?? null) === (other.stamp ?? null);
  }

  // Whether this tab's save of entry `id` (`mine`, the revision it wrote) was landed over by another tab's save of
  // the same moment: the entry's recent revisions do not include it. Unknown (false) for an entry not readable, or
  // moved on further than the stamps it keeps.
  overwritten(id, mine) {
    const stored = this.meta(id);
    if (!stored || !mine.stamp || !Array.isArray(stored.stamps)) return false;
    if (mine.rev <= stored.rev - stored.stamps.length) return false;
    return !stored.stamps.includes(mine.stamp);
  }

  update(id, change) {
    const meta = this.meta(id);
    if (!meta) return { ok: false, missing: true };
    const next = { ...meta, ...change };
    const error = this.write(META + id, next, id);
    return error ? { ok: false, error } : { ok: true, meta: next };
  }

  rename(id, name) {
    const clean = cleanName(name);
    if (!clean) return { ok: false, error: { name: "BadName", message: "A name needs at least one letter or digit." } };
    return this.update(id, { name: clean, renamed: true });
  }

  markUnreadable(id, reason) {
    return this.update(id, { unreadable: reason });
  }

  // A copy of an entry as a new entry (its document's text copied as it is, readable or not).
  duplicate(id, name = null) {
    const meta = this.meta(id);
    const raw = this.rawDoc(id);
    if (!meta || raw === null) return { ok: false, missing: true };
    const copy = this.makeId();
    const time = this.now();
    const next = { ...meta, id: copy, name: cleanName(name ?? `${meta.name} (copy)`), created: time, changed: time,
      ...nextRevision(null, this.makeStamp()), deleted: null, origin: null, links: [] };
    const error = this.put(copy, next, raw);
    return error ? { ok: false, error } : { ok: true, meta: next };
  }

  // Deleting keeps the entry, marked, for DELETED_KEPT_DAYS days: Undo (or Restore in the library) brings it back.
  remove(id) {
    return this.update(id, { deleted: this.now() });
  }

  restore(id) {
    return this.update(id, { deleted: null });
  }

  // Gone for good: an entry that holds no work (an empty encounter left behind), one deleted long ago, one the
  // game master deletes for good from the deleted list, or a deleted one removed to make room.
  forget(id) {
    this.storage.removeItem(DOC + id);
    this.storage.removeItem(META + id);
    if (this.pendingCards?.id === id) this.pendingCards = null;
    if (this.cards(id)) this.storage.removeItem(CARDS);
  }

  // Delete for good, from the deleted list only: an entry not deleted first is not removed by one tap.
  erase(id) {
    const meta = this.meta(id);
    if (meta && !meta.deleted) return { ok: false, error: { name: "NotDeleted", message: "it is not in the deleted list" } };
    this.forget(id);
    return { ok: true };
  }

  purgeDeleted() {
    const limit = Date.parse(this.now()) - DELETED_KEPT_DAYS * 86400e3;
    for (const meta of this.list({ deleted: true })) {
      if (Date.parse(meta.deleted) < limit) this.forget(meta.id);
    }
  }

  // Which entry a storage event is about (another tab wrote it), or null.
  static changedEntry(key) {
    return key?.startsWith(META) ? key.slice(META.length) : null;
  }
}
