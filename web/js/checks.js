// Text the engine can check (a damage, a notation) is checked as it is typed: once the person pauses, or leaves
// the field, the engine's word shows at the field, before Roll (or Add). Only fields the person has changed are
// told off: an input not reached yet is not an error.

import * as engine from "./engine.js";
import { q } from "./dom.js";
import { app } from "./state.js";

const CHECK_PAUSE_MS = 450;
const CHECK_CHANGE_MS = 60;   // after the frame the change paints
let checkTimer = 0;

// check: the function that checks (one at a time: a newer change's check replaces one still waiting); type: the
// form event ("input" while typing waits for a pause).
export function checkLater(check, type) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, type === "input" ? CHECK_PAUSE_MS : CHECK_CHANGE_MS);
}

// The sheet dialog's fields, against the encounter (and the combatant edited): what the engine read, or its refusal.
export function checkSheet() {
  if (!q("sheet-dialog").open) return;
  const request = { encounter: app.current.encounter, sheet: app.sheetForm.values() };
  if (app.editing) request.combatant = app.editing;
  const answer = engine.call("check", request);
  app.sheetForm.clearErrors();
  app.sheetForm.showRead(answer.ok ? answer.result.read : null);
  if (!answer.ok) app.sheetForm.showError(answer.error.field, answer.error.message, { touchedOnly: true });
}
