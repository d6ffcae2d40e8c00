// Unit tests of the saved-encounter library (web/js/library.js), run by Node's test runner on a Storage kept in
// memory: migration from version 1's keys, revisions between tabs, full storage, unreadable entries, deletion.
// tests/js/test_library_storage.py runs this file as part of the test suite.

import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page_modules.mjs";

const { Library, held, linkHash } = await load("library.js");
const { OLD_KEYS, migrate } = await load("library-migrate.js");
const { MemoryStorage } = await load("storage.js");

function clock(start = Date.parse("2026-11-24T07:00:00Z")) {
  let time = start;
  return () => new Date((time += 1000)).toISOString();
}

function library(storage = new MemoryStorage()) {
  let next = 0;
  return new Library(storage, { now: clock(), makeId: () => `e${++next}` });
}

function answer(fragment, ...names) {
  return { fragment, view: { system: { id: "typed", name: "Typed Damage" },
    roster: names.map((name, index) => ({ id: `c${index + 1}`, name, status: { text: "Unhurt", severity: "ok" }, widgets: [] })) } };
}

const V1 = (fragment, name, saved) => JSON.stringify({ encounter: { format: 1 }, fragment, system: { id: "typed", name: "Typed Damage" },
  roster: [{ id: "c1", name }], links: ["abc"], saved });

test("version 1's autosave and replaced encounter become two entries, once, and the old keys go", () => {
  const storage = new MemoryStorage();
  storage.setItem(OLD_KEYS.current, V1("e1.current", "Olaf", "2026-11-01T20:00:00.000Z"));
  storage.setItem(OLD_KEYS.previous, V1("e1.previous", "Otto", "2026-10-31T20:00:00.000Z"));
  const books = library(storage);
  const made = migrate(books);
  assert.deepEqual(made.map((meta) => meta.names), [["Otto"], ["Olaf"]]);
  assert.equal(storage.getItem(OLD_KEYS.current), null);
  assert.equal(storage.getItem(OLD_KEYS.previous), null);
  assert.equal(books.last(), made[1].id, "the autosave is what opens next");
  assert.equal(books.readDoc(made[1].id).doc.fragment, "e1.current");
  assert.deepEqual(books.list().map((meta) => meta.names), [["Olaf"], ["Otto"]], "newest first, by when each was saved");
  assert.deepEqual(migrate(books), [], "a second visit moves nothing");
  assert.equal(books.list().length, 2);
});

test("an old autosave that cannot be read is moved as it is, listed as unreadable, never rewritten", () => {
  const storage = new MemoryStorage();
  storage.setItem(OLD_KEYS.current, "{not json at all");
  const books = library(storage);
  const [meta] = migrate(books);
  assert.match(meta.unreadable, /earlier version/);
  assert.equal(books.rawDoc(meta.id), "{not json at all");
  const read = books.readDoc(meta.id);
  assert.equal(read.ok, false);
  assert.equal(read.raw, "{not json at all");
  assert.match(read.reason, /not valid JSON/);
});

test("a migration that storage refuses keeps the old keys and tries again next time", () => {
  const storage = new MemoryStorage(600);
  storage.setItem(OLD_KEYS.current, V1("e1." + "x".repeat(200), "Olaf", "2026-11-01T20:00:00.000Z"));
  const books = library(storage);
  assert.deepEqual(migrate(books), []);
  assert.notEqual(storage.getItem(OLD_KEYS.current), null);
  assert.equal(books.list().length, 0, "no half-written entry is left behind");
  storage.quota = Infinity;
  assert.equal(migrate(books).length, 1);
  assert.equal(storage.getItem(OLD_KEYS.current), null);
});

test("a tab never writes over another tab's newer revision", () => {
  const storage = new MemoryStorage();
  const mine = library(storage);
  const theirs = new Library(storage, { now: clock() });
  const made = mine.create(answer("e1.a", "Sam"), { name: "Ambush" });
  assert.ok(made.ok);
  const first = theirs.save(made.meta.id, made.meta, answer("e1.b", "Sam", "Alpha"));
  assert.ok(first.ok);
  assert.equal(first.meta.rev, 2);
  const late = mine.save(made.meta.id, made.meta, answer("e1.c", "Sam", "Beta"));
  assert.equal(late.ok, false);
  assert.equal(late.conflict.rev, 2);
  assert.equal(mine.readDoc(made.meta.id).doc.fragment, "e1.b", "their work stands");
  assert.ok(mine.save(made.meta.id, first.meta, answer("e1.d", "Sam", "Alpha", "Gamma")).ok, "at their revision, a save goes in");
});

// Two tabs' views of one local storage: a tab reads its own writes at once, and the other tab's only once they are
// delivered (in the order they were made), as browsers tell other tabs of a write a few milliseconds later.
class TabStorage extends MemoryStorage {
  constructor(shared) {
    super();
    this.shared = shared;
    shared.tabs.push(this);
  }

  setItem(key, value) {
    super.setItem(key, value);
    this.shared.queue.push([key, String(value)]);
  }

  removeItem(key) {
    super.removeItem(key);
    this.shared.queue.push([key, null]);
  }
}

function sharedStorage() {
  const shared = { items: new Map(), queue: [], tabs: [] };
  shared.deliver = () => {
    for (const [key, value] of shared.queue.splice(0)) {
      if (value === null) shared.items.delete(key);
      else shared.items.set(key, value);
    }
    for (const tab of shared.tabs) tab.items = new Map(shared.items);
  };
  return shared;
}

// Issue 48, item 18: both tabs read revision 1, both wrote revision 2, and one's change was gone without a word.
test("two tabs saving at the same moment: the one landed over finds out, and saves nothing over the other", () => {
  const shared = sharedStorage();
  let next = 0;
  const [mine, theirs] = [new TabStorage(shared), new TabStorage(shared)].map((storage) =>
    new Library(storage, { now: clock(), makeId: () => `e${++next}` }));
  const made = mine.create(answer("e1.a", "Sam"), { name: "Ambush" });
  shared.deliver();
  const ours = mine.save(made.meta.id, held(made.meta), answer("e1.b", "Sam", "Alpha"));
  const theirSave = theirs.save(made.meta.id, held(made.meta), answer("e1.c", "Sam", "Beta"));
  assert.ok(ours.ok && theirSave.ok, "neither tab could see the other's write yet");
  assert.equal(ours.meta.rev, theirSave.meta.rev);
  shared.deliver();   // theirs landed last, over ours
  assert.equal(mine.overwritten(made.meta.id, held(ours.meta)), true);
  assert.equal(theirs.overwritten(made.meta.id, held(theirSave.meta)), false);
  const again = mine.save(made.meta.id, held(ours.meta), answer("e1.d", "Sam", "Alpha", "Gamma"));
  assert.equal(again.ok, false, "the same revision number, but not the revision this tab wrote");
  assert.equal(again.conflict.rev, 2);
  assert.equal(mine.readDoc(made.meta.id).doc.fragment, "e1.c", "their work stands");
  // A revision built on theirs is still theirs; ours stays missing.
  let latest = theirSave.meta;
  for (let rev = 3; rev <= 30; rev++) {
    latest = theirs.save(made.meta.id, held(latest), answer(`e1.r${rev}`, "Sam", "Beta")).meta;
    shared.deliver();
  }
  assert.equal(theirs.overwritten(made.meta.id, held(theirSave.meta)), false);
  assert.equal(mine.overwritten(made.meta.id, held(latest)), false);
  assert.equal(mine.overwritten(made.meta.id, held(ours.meta)), false, "too long ago to tell: not said to be lost");
});

test("a renamed entry keeps its name through saves from a tab that knew the old name", () => {
  const books = library();
  const made = books.create(answer("e1.a", "Sam"), { name: "Ambush" });
  assert.ok(books.rename(made.meta.id, "  Goblin   ambush ").ok);
  const saved = books.save(made.meta.id, made.meta, answer("e1.b", "Sam", "Ann"));
  assert.equal(saved.meta.name, "Goblin ambush");
  assert.equal(books.rename(made.meta.id, "   ").ok, false);
});

test("full storage: a new entry is refused whole, and what was saved before is untouched", () => {
  const storage = new MemoryStorage(2000);
  const books = library(storage);
  const kept = books.create(answer("e1.small", "Bea"), { name: "Before" });
  assert.ok(kept.ok);
  const entriesOnly = () => JSON.stringify([...storage.items].filter(([key]) => key !== "woundbook.cards"));
  const before = entriesOnly();
  const refused = books.create(answer("e1." + "y".repeat(3000), "Lars"), { name: "Shared" });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.name, "QuotaExceededError");
  assert.equal(entriesOnly(), before, "only the cached cards went, to make room");
  const grown = books.save(kept.meta.id, kept.meta, answer("e1." + "z".repeat(3000), "Bea"));
  assert.equal(grown.ok, false);
  assert.equal(books.readDoc(kept.meta.id).doc.fragment, "e1.small");
});

test("a link opens the entry made from it, or the entry that showed it in the address bar", () => {
  const books = library();
  const shared = books.create(answer("e1.canonical", "Xavier"), { name: "Shared", origin: "e1.as-sent" });
  assert.equal(books.findByLink("e1.as-sent").id, shared.meta.id);
  assert.equal(books.findByLink("e1.other", "e1.canonical").id, shared.meta.id);
  books.save(shared.meta.id, shared.meta, answer("e1.later", "Xavier", "Yolanda"));
  assert.equal(books.findByLink("e1.later").id, shared.meta.id);
  assert.equal(books.findByLink("e1.never-seen"), null);
  assert.notEqual(linkHash("e1.a"), linkHash("e1.b"));
});

test("deleting keeps the entry for thirty days; restore brings it back; then it is purged", () => {
  const storage = new MemoryStorage();
  let now = Date.parse("2026-11-24T07:00:00Z");
  const books = new Library(storage, { now: () => new Date(now).toISOString(), makeId: () => "gone" });
  books.create(answer("e1.a", "Ann"), { name: "Ann's fight" });
  books.remove("gone");
  assert.deepEqual(books.list(), []);
  assert.equal(books.list({ deleted: true })[0].name, "Ann's fight");
  assert.equal(books.last(), null, "a deleted entry does not open in a new tab");
  books.restore("gone");
  assert.equal(books.list()[0].name, "Ann's fight");
  books.remove("gone");
  now += 29 * 86400e3;
  books.purgeDeleted();
  assert.equal(books.list({ deleted: true }).length, 1);
  now += 2 * 86400e3;
  books.purgeDeleted();
  assert.equal(books.list({ deleted: true }).length, 0);
  assert.equal(storage.length, 1, "only the note of the last entry opened is left");
});

test("a copy holds the same document text, readable or not", () => {
  const books = library();
  const made = books.create(answer("e1.a", "Ann"), { name: "Ann's fight" });
  books.storage.setItem("woundbook.doc." + made.meta.id, "{broken");
  const copy = books.duplicate(made.meta.id);
  assert.equal(copy.meta.name, "Ann's fight (copy)");
  assert.equal(books.rawDoc(copy.meta.id), "{broken");
  assert.equal(copy.meta.rev, 1);
});

test("an entry whose listing is damaged is still listed, so its document can be saved", () => {
  const books = library();
  const made = books.create(answer("e1.a", "Ann"), { name: "Ann's fight" });
  books.storage.setItem("woundbook.meta." + made.meta.id, "{oops");
  const [listed] = books.list();
  assert.equal(listed.id, made.meta.id);
  assert.match(listed.unreadable, /damaged/);
  assert.equal(books.readDoc(made.meta.id).doc.fragment, "e1.a");
});

// Issue 35, item 10: once full, storage stayed full.
test("a refused write drops the cached cards, then deleted entries, the oldest first, and names them", () => {
  const storage = new MemoryStorage();
  const books = library(storage);
  const old = books.create(answer("e1." + "a".repeat(300), "Ann"), { name: "Oldest" });
  const newer = books.create(answer("e1." + "b".repeat(300), "Bob"), { name: "Newer" });
  const open = books.create(answer("e1.c", "Cid"), { name: "Open" });
  books.remove(old.meta.id);
  books.remove(newer.meta.id);
  storage.quota = [...storage.items].reduce((sum, [key, value]) => sum + key.length + value.length, 0);   // full
  const grown = books.save(open.meta.id, open.meta, answer("e1." + "c".repeat(350), "Cid"));
  assert.ok(grown.ok);
  assert.deepEqual(books.takePurged(), ["Oldest"]);
  assert.equal(books.meta(old.meta.id), null);
  assert.equal(books.list({ deleted: true })[0].name, "Newer", "only as many as the write needed");
  assert.deepEqual(books.takePurged(), [], "each is told once");
});

test("an entry costs about its fragment: the cards are kept for the entry saved last only", () => {
  const books = library();
  const many = Array.from({ length: 40 }, (_, index) => `Operative ${index + 1}`);
  const big = books.create(answer("e1.big", ...many), { name: "Big" });
  assert.equal(books.cards(big.meta.id).roster.length, 40);
  assert.ok(books.size(big.meta.id) < 600, books.size(big.meta.id));
  const other = books.create(answer("e1.small", "Ann"), { name: "Small" });
  assert.equal(books.cards(big.meta.id), null);
  assert.deepEqual(books.cards(other.meta.id).roster.map((card) => card.name), ["Ann"]);
});

test("a save neither writes over an entry whose details cannot be read nor brings back a deleted one unasked", () => {
  const books = library();
  const made = books.create(answer("e1.a", "Ann"), { name: "Ann's fight" });
  books.storage.setItem("woundbook.meta." + made.meta.id, "{oops");
  assert.deepEqual(books.save(made.meta.id, made.meta, answer("e1.b", "Ann", "Bob")), { ok: false, unreadable: true });
  assert.equal(books.storage.getItem("woundbook.meta." + made.meta.id), "{oops");
  const gone = books.create(answer("e1.c", "Cid"), { name: "Cid's fight" });
  books.remove(gone.meta.id);
  assert.equal(books.save(gone.meta.id, gone.meta, answer("e1.d", "Cid", "Dee")).deleted.name, "Cid's fight");
  assert.ok(books.meta(gone.meta.id).deleted, "nothing was written");
  const back = books.save(gone.meta.id, gone.meta, answer("e1.d", "Cid", "Dee"), { restore: true });
  assert.equal(back.meta.deleted, null);
});

test("delete for good takes a deleted entry's keys, and only a deleted entry's", () => {
  const books = library();
  const made = books.create(answer("e1.a", "Ann"), { name: "Ann's fight" });
  assert.equal(books.erase(made.meta.id).ok, false);
  assert.ok(books.meta(made.meta.id));
  books.remove(made.meta.id);
  assert.ok(books.erase(made.meta.id).ok);
  assert.equal(books.rawDoc(made.meta.id), null);
  assert.equal(books.meta(made.meta.id), null);
  assert.equal(books.cards(made.meta.id), null);
});
