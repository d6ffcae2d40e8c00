// Unit tests of the library's backup file (web/js/backup.js), run by Node's test runner on a Storage kept in
// memory: everything comes back, nothing is written over, a newer version's file is refused (issue 48, item 19).
// tests/js/test_library_storage.py runs this file as part of the test suite.

import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page_modules.mjs";

const { backupText, readBackup, restoreBackup } = await load("backup.js");
const { Library, held } = await load("library.js");
const { BLOCKS, StatBlocks } = await load("blocks.js");
const { MemoryStorage } = await load("storage.js");

let counter = 0;
function tablet(storage = new MemoryStorage()) {
  const now = () => "2026-12-07T18:00:00.000Z";
  return { storage, library: new Library(storage, { now, makeId: () => `e${++counter}` }),
    book: new StatBlocks(storage, { now, makeId: () => `b${++counter}` }) };
}

function answer(fragment, ...names) {
  return { fragment, view: { system: { id: "typed", name: "Typed Damage" },
    roster: names.map((name, index) => ({ id: `c${index + 1}`, name, status: { text: "Unhurt", severity: "ok" }, widgets: [] })) } };
}

const OGRE = { name: "Ogre", sheet: { name: "Ogre", skill: 1 } };

// A library of two encounters (one deleted), their players' characters, a stat block and the roster's layout.
function filled() {
  const here = tablet();
  const ambush = here.library.create(answer("e1.ambush", "Ann", "Bob"), { name: "Ambush" }).meta;
  const old = here.library.create(answer("e1.old", "Cid"), { name: "Old fight" }).meta;
  here.library.remove(old.id);
  here.storage.setItem(`woundbook.players.${ambush.id}`, JSON.stringify({ players: ["c1"], npcs: "status" }));
  here.storage.setItem("woundbook.roster", "compact");
  here.book.add("typed", BLOCKS, OGRE);
  here.book.add("typed", "weapons", { name: "Club", notation: "3*" });
  return { ...here, ambush, old };
}

const KEPT = (storage) => Object.fromEntries([...storage.items].filter(([key]) =>
  /^woundbook\.(meta|doc|players|blocks)\.|^woundbook\.roster$/.test(key)));

test("a backup read into an empty browser brings back every entry, the stat blocks and the choices", () => {
  const before = filled();
  const file = readBackup(backupText(before.storage, "2026-12-07T18:30:00.000Z"));
  assert.equal(file.made, "2026-12-07T18:30:00.000Z");
  const after = tablet();
  const done = restoreBackup(after.library, after.book, file);
  assert.deepEqual({ ...done, refused: done.refused.length }, { ok: true, restored: 2, already: 0, copies: 0, blocks: 1, refused: 0 });
  assert.deepEqual(KEPT(after.storage), KEPT(before.storage));
  assert.deepEqual(after.library.list({ deleted: true }).map((meta) => meta.name), ["Old fight"], "deleted stays deleted");
  assert.equal(after.library.readDoc(before.ambush.id).doc.fragment, "e1.ambush");
});

test("read again, or where the work went on since, a backup changes nothing", () => {
  const here = filled();
  const text = backupText(here.storage, "2026-12-07T18:30:00.000Z");
  const later = here.library.save(here.ambush.id, held(here.ambush), answer("e1.later", "Ann", "Bob", "Dee"));
  assert.ok(later.ok);
  const before = JSON.stringify(KEPT(here.storage));
  const done = restoreBackup(here.library, here.book, readBackup(text));
  assert.deepEqual([done.restored, done.copies, done.already, done.blocks], [0, 0, 2, 0]);
  assert.equal(JSON.stringify(KEPT(here.storage)), before);
});

test("an entry that went another way here is kept, and the backup's is added beside it; a stat block is not kept twice", () => {
  const there = filled();
  const text = backupText(there.storage, "2026-12-07T18:30:00.000Z");
  const here = tablet(new MemoryStorage());
  for (const [key, value] of there.storage.items) here.storage.setItem(key, value);
  // The same entry id, saved another way here (not built on the backup's revision).
  const meta = JSON.parse(here.storage.getItem(`woundbook.meta.${there.ambush.id}`));
  here.storage.setItem(`woundbook.meta.${there.ambush.id}`, JSON.stringify({ ...meta, stamp: "other", stamps: ["other"] }));
  here.storage.setItem(`woundbook.doc.${there.ambush.id}`, JSON.stringify({ fragment: "e1.mine", rev: 2 }));
  here.book.add("typed", BLOCKS, { name: "Ogre", sheet: { name: "Ogre", skill: 3 } });   // its own Ogre
  here.storage.setItem("woundbook.blocks.typed", JSON.stringify({ format: 1, blocks: [{ id: "x", name: "Ogre", sheet: { name: "Ogre", skill: 3 } }], items: {} }));
  const done = restoreBackup(here.library, here.book, readBackup(text));
  assert.deepEqual([done.restored, done.copies, done.already, done.blocks], [0, 1, 1, 1]);
  assert.equal(here.library.readDoc(there.ambush.id).doc.fragment, "e1.mine", "this browser's is not written over");
  const copy = here.library.list().find((one) => one.name === "Ambush (backup of 2026-12-07)");
  assert.ok(copy, here.library.list().map((one) => one.name).join());
  assert.equal(here.library.readDoc(copy.id).doc.fragment, "e1.ambush");
  assert.deepEqual(JSON.parse(here.storage.getItem(`woundbook.players.${copy.id}`)).players, ["c1"]);
  assert.deepEqual(here.book.list("typed", BLOCKS).map((one) => one.name), ["Ogre", "Ogre 2"]);
  assert.deepEqual(here.book.list("typed", "weapons").map((one) => one.name), ["Club"]);
  const again = restoreBackup(here.library, here.book, readBackup(text));
  assert.equal(again.blocks, 0, "the same stat block again is not kept twice");
});

test("a backup from a newer version is refused whole, a damaged entry is named, and other files are not backups", () => {
  const here = tablet();
  const newer = restoreBackup(here.library, here.book, { woundbook: "backup", format: 99, entries: [] });
  assert.equal(newer.ok, false);
  assert.match(newer.message, /newer version/);
  const damaged = restoreBackup(here.library, here.book, { woundbook: "backup", format: 1, made: "2026-12-07",
    entries: [{ id: "../x", meta: "{}", doc: "{}" }, { id: "ok1", meta: JSON.stringify({ id: "ok1", name: "Fine", rev: 1 }), doc: "{\"fragment\":\"e1.a\"}" }] });
  assert.equal(damaged.restored, 1);
  assert.equal(damaged.refused.length, 1);
  assert.equal(here.storage.getItem("woundbook.meta.../x"), null);
  assert.equal(readBackup('{"format": 3, "events": []}'), null);
  assert.equal(readBackup("not json \"backup\""), null);
});
