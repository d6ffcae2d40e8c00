// Unit tests of the page's state (web/js/state.js), run by Node's test runner: where an engine answer goes, who is
// told, in what order, and the log the page holds kept across answers that send only what is new.
// tests/js/test_library_storage.py runs this file as part of the test suite.

import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page_modules.mjs";

const state = await load("state.js");
const { app, commit, held, listen, replace, show } = state;

const told = [];
for (const moment of ["shown", "committed", "changed"]) listen(moment, (payload) => told.push([moment, payload]));

const entry = (title) => ({ index: 0, title });
const answer = (log, logKept = 0, fragment = "f") => ({ encounter: { events: log.length }, fragment,
  view: { log, log_kept: logKept } });

test("show sets the answer as the encounter on screen and tells the views, committing tells the keepers after", () => {
  told.length = 0;
  const first = answer([entry("a")]);
  replace(first);
  assert.equal(app.current, first);
  assert.deepEqual(told.map(([moment]) => moment), ["shown", "changed"]);
  told.length = 0;
  app.pickNext = "actor";
  const next = answer([entry("b")], 1);
  commit(next);
  assert.deepEqual(told.map(([moment]) => moment), ["shown", "committed", "changed"]);
  assert.equal(told[0][1], next.view);
  assert.equal(told[1][1], next);
  assert.equal(app.pickNext, null, "the encounter moved on: a new pick");
});

test("an answer that sends only the new entries keeps the ones the page holds, the same objects", () => {
  const a = entry("a");
  const b = entry("b");
  show(answer([a, b]));
  assert.deepEqual(held({ move: "next" }), { move: "next", encounter: { events: 2 }, log_held: 2 });
  const c = entry("c");
  show(answer([c], 2));
  assert.deepEqual(app.current.view.log, [a, b, c]);
  assert.equal(app.current.view.log[0], a);
});

test("the answer on screen shown again (a refusal putting it back) keeps its log as it is", () => {
  const a = entry("a");
  show(answer([a]));
  show(answer([entry("b")], 1));
  const log = app.current.view.log;
  show(app.current);
  assert.deepEqual(app.current.view.log, log, "no entry is kept twice");
});
