// Unit tests of the game master's stat blocks (web/js/blocks.js), run by Node's test runner on a Storage kept in
// memory: numbered names, the same entry saved twice, rename and delete with undo, full storage, a damaged value
// never written over, and reading files (ours, broken, another system's, with bad entries).
// tests/js/test_library_storage.py runs this file as part of the test suite.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const load = async (file) => import(`data:text/javascript,${encodeURIComponent(
  readFileSync(new URL(`../../web/js/${file}`, import.meta.url), "utf-8"))}`);
const { BLOCKS, StatBlocks, freeName, keepChecked, readFile } = await load("blocks.js");
const { MemoryStorage } = await load("storage.js");

function blocks(storage = new MemoryStorage()) {
  let next = 0;
  return new StatBlocks(storage, { now: () => "2026-11-24T07:00:00.000Z", makeId: () => `b${++next}` });
}

const OGRE = { name: "Ogre", skill: 1, weapons: [{ name: "Club", notation: "3*" }] };
const KINDS = ["weapons", "armour"];

test("a name already used is kept numbered, never written over", () => {
  const book = blocks();
  assert.equal(book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE }).entry.name, "Ogre");
  const second = book.add("sys", BLOCKS, { name: "Ogre", sheet: { ...OGRE, skill: 2 } });
  assert.equal(second.entry.name, "Ogre 2");
  assert.equal(book.add("sys", BLOCKS, { name: "ogre", sheet: { ...OGRE, skill: 3 } }).entry.name, "ogre 3");
  assert.deepEqual(book.list("sys", BLOCKS).map((one) => [one.name, one.sheet.skill]), [["Ogre", 1], ["Ogre 2", 2], ["ogre 3", 3]]);
  assert.equal(freeName("Goblin 2", ["Goblin", "Goblin 2"]), "Goblin 3");
  assert.equal(freeName("x".repeat(60), ["x".repeat(60)]).length, 60, "a numbered name stays within the engine's limit");
});

test("the same entry saved twice is kept once; the systems and kinds are kept apart", () => {
  const book = blocks();
  book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE });
  const again = book.add("sys", BLOCKS, { name: "Ogre", sheet: { weapons: OGRE.weapons, skill: 1, name: "Ogre" } });
  assert.equal(again.ok, true);
  assert.equal(again.existing, true);
  assert.equal(book.list("sys", BLOCKS).length, 1);
  book.add("sys", "weapons", { name: "Club", notation: " 3* " });
  assert.deepEqual(book.list("sys", "weapons").map((one) => [one.name, one.notation]), [["Club", "3*"]]);
  assert.deepEqual(book.list("other", BLOCKS), []);
  assert.deepEqual(book.list("sys", "armour"), []);
});

test("a name the source's own items use is numbered too", () => {
  const book = blocks();
  const made = book.add("sys", "weapons", { name: "Fist", notation: "1*" }, { reserved: ["Fist"] });
  assert.equal(made.entry.name, "Fist 2");
  assert.equal(book.add("sys", "weapons", { name: "  ", notation: "1*" }).ok, false, "a blank name is refused");
});

test("rename refuses a name another entry has; delete hands back what undo needs", () => {
  const book = blocks();
  const ogre = book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE }).entry;
  book.add("sys", BLOCKS, { name: "Troll", sheet: OGRE });
  const clash = book.rename("sys", BLOCKS, ogre.id, "troll");
  assert.equal(clash.ok, false);
  assert.match(clash.error.message, /already the name/);
  assert.equal(book.rename("sys", BLOCKS, ogre.id, "  Big   ogre ").entry.name, "Big ogre");
  const removed = book.remove("sys", BLOCKS, ogre.id);
  assert.equal(removed.index, 0);
  assert.deepEqual(book.list("sys", BLOCKS).map((one) => one.name), ["Troll"]);
  book.add("sys", BLOCKS, { name: "Big ogre", sheet: { ...OGRE, skill: 4 } });
  const back = book.restore("sys", BLOCKS, removed.entry, removed.index);
  assert.equal(back.entry.name, "Big ogre 2", "a name taken meanwhile is numbered, not doubled");
  assert.deepEqual(book.list("sys", BLOCKS).map((one) => one.name), ["Big ogre 2", "Troll", "Big ogre"]);
  assert.equal(book.remove("sys", BLOCKS, "nope").ok, false);
});

test("update changes a saved block's sheet and name in place; another block's name is refused", () => {
  const book = blocks();
  const ogre = book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE }).entry;
  book.add("sys", BLOCKS, { name: "Troll", sheet: OGRE });
  const clash = book.update("sys", ogre.id, { name: "TROLL", sheet: { ...OGRE, skill: 5 } });
  assert.equal(clash.ok, false);
  assert.equal(clash.error.name, "Taken");
  assert.equal(book.list("sys", BLOCKS)[0].sheet.skill, 1, "a refused update changes nothing");
  const changed = book.update("sys", ogre.id, { name: " Ogre  chief ", sheet: { ...OGRE, skill: 5 } });
  assert.equal(changed.ok, true);
  assert.deepEqual(book.list("sys", BLOCKS).map((one) => [one.id, one.name, one.sheet.skill, one.sheet.name]),
    [[ogre.id, "Ogre chief", 5, "Ogre chief"], ["b2", "Troll", 1, "Ogre"]]);
  assert.equal(book.update("sys", "nope", { name: "X", sheet: OGRE }).error.name, "Missing");
  assert.equal(book.update("sys", ogre.id, { name: " ", sheet: OGRE }).error.name, "BadName");
});

test("keepChecked keeps what the check passes, lists what it refuses, and says a refused write once", () => {
  const book = blocks();
  const read = { refused: [{ name: "Odd", reason: "not an entry" }], entries: [
    { place: BLOCKS, name: "Ogre", sheet: OGRE }, { place: "weapons", name: "Fist", notation: "0*" },
    { place: "weapons", name: "Spoon", notation: "zz" }, { place: BLOCKS, name: "Ogre", sheet: OGRE }] };
  const check = (entry) => (entry.notation === "zz" ? { ok: false, error: { message: "not a notation" } }
    : { ok: true, sheet: entry.sheet });
  const kept = keepChecked(book, "sys", read, check, (place) => (place === "weapons" ? ["Fist"] : []));
  assert.deepEqual(kept.added, ["Ogre", "Fist 2"]);
  assert.deepEqual(kept.same, ["Ogre"]);
  assert.deepEqual(kept.refused.map((one) => one.name), ["Odd", "Spoon"]);
  assert.equal(kept.writeError, null);
  const full = blocks(new MemoryStorage(10));
  const refused = keepChecked(full, "sys", { refused: [], entries: read.entries.slice(0, 2) }, check, () => []);
  assert.equal(refused.writeError.name, "QuotaExceededError");
  assert.deepEqual(refused.refused.map((one) => one.reason), Array(2).fill("not saved: the browser refused to save any more"));
});

test("full storage: the write is refused whole and what was kept is untouched", () => {
  const storage = new MemoryStorage(400);
  const book = blocks(storage);
  assert.ok(book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE }).ok);
  const before = storage.getItem(StatBlocks.key("sys"));
  const refused = book.add("sys", BLOCKS, { name: "Dragon", sheet: { ...OGRE, lore: "x".repeat(500) } });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.name, "QuotaExceededError");
  assert.equal(storage.getItem(StatBlocks.key("sys")), before);
  assert.deepEqual(book.list("sys", BLOCKS).map((one) => one.name), ["Ogre"]);
});

test("a stored value that cannot be read is never written over", () => {
  const storage = new MemoryStorage();
  storage.setItem(StatBlocks.key("sys"), "{half a file");
  const book = blocks(storage);
  const read = book.read("sys");
  assert.equal(read.ok, false);
  assert.match(read.reason, /not valid JSON/);
  const refused = book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.name, "Unreadable");
  assert.equal(storage.getItem(StatBlocks.key("sys")), "{half a file");
  assert.deepEqual(book.list("sys", BLOCKS), []);
  assert.equal(StatBlocks.changedSystem(StatBlocks.key("sys")), "sys");
  assert.equal(StatBlocks.changedSystem("woundbook.meta.x"), null);
});

test("an exported file reads back whole", () => {
  const book = blocks();
  book.add("sys", BLOCKS, { name: "Ogre", sheet: OGRE });
  book.add("sys", "weapons", { name: "Club", notation: "3*" });
  const text = book.exportText("sys", KINDS);
  const file = JSON.parse(text);
  assert.deepEqual(Object.keys(file), ["woundbook", "format", "system", "blocks", "weapons", "armour"]);
  assert.equal(file.woundbook, "library");
  const read = readFile(text, "sys", KINDS);
  assert.equal(read.ok, true);
  assert.deepEqual(read.entries, [{ place: BLOCKS, name: "Ogre", sheet: OGRE }, { place: "weapons", name: "Club", notation: "3*" }]);
  assert.deepEqual(read.refused, []);
});

test("a broken file, someone else's file and another system's file import nothing and say why", () => {
  const broken = readFile("{\"woundbook\": \"libr", "sys", KINDS);
  assert.equal(broken.ok, false);
  assert.match(broken.message, /could not be read.*not valid JSON/);
  assert.match(readFile("[1, 2]", "sys", KINDS).message, /not a Woundbook file of stat blocks/);
  assert.match(readFile(JSON.stringify({ woundbook: "library", format: 9, system: "sys" }), "sys", KINDS).message, /newer version/);
  const other = readFile(JSON.stringify({ woundbook: "library", format: 1, system: "elsewhere", blocks: [] }), "sys", KINDS, "Some System");
  assert.equal(other.ok, false);
  assert.equal(other.otherSystem, "elsewhere");
  assert.match(other.message, /another rule system \(elsewhere\), not Some System\. Nothing was imported/);
});

test("entries a file cannot hold are listed by name with the reason, the rest go on to be checked", () => {
  const text = JSON.stringify({ woundbook: "library", format: 1, system: "sys",
    blocks: [{ name: "Ogre", sheet: OGRE }, { name: "Ghost" }, { sheet: OGRE }, "junk"],
    weapons: [{ name: "Club", notation: "3*" }, { name: "Stick" }], grenades: [{ name: "Boom", notation: "1" }] });
  const read = readFile(text, "sys", KINDS);
  assert.equal(read.ok, true);
  assert.deepEqual(read.entries.map((one) => one.name), ["Ogre", "Club"]);
  assert.deepEqual(read.refused.map((one) => [one.name, one.reason]), [
    ["Ghost", "it holds no sheet"], ["entry 3 of blocks", "it has no name"], ["entry 4 of blocks", "it has no name"],
    ["Stick", "it has no notation"], ["Boom", "this rule system keeps nothing of that kind"]]);
});
