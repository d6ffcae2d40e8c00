// The fight's controls: Start, Next turn, Delay, Act now, the order set by hand, and the hint's action. The forms
// following the turn are js/follow-turn.js; the conditions' dialog is js/conditions-dialog.js.

import { banner, once, q } from "./dom.js";
import { actionForms, app, commit, held, show } from "./state.js";
import { actionChanged, selectAction } from "./picking.js";
import { shownActions } from "./actions-offered.js";
import { run } from "./ask.js";
import { rollFor } from "./dice-flow.js";

// Start fight, Next turn, Delay, Act now, Initiative for all: the engine moves the fight on; a round's start may
// roll initiative, and Initiative for all does, with dice asked for as an action's are, in the way the last roll
// was made (typed dice stay typed).
export function moveTurn(move, extra = {}) {
  // Only a round's start and Initiative for all ask for dice: the prompt says which.
  const round = move === "start" ? 1 : (app.current.view.fight?.round ?? 0) + 1;
  const about = move === "initiative" ? "Initiative for all" : `Round ${round} begins`;
  rollFor({ method: "turn", body: { move, ...extra }, about }, lastDiceMode());
}

// How the encounter's latest roll was made: "app" when the app rolled every die of it, "given" when any was typed
// in, or when nothing has been rolled yet. Read from the document, so an action that rolls nothing (a wound marked
// by hand) changes nothing, and a reload or a link asks the same way.
function lastDiceMode() {
  const { events = [], cursor = events.length } = app.current.encounter ?? {};
  for (let index = Math.min(cursor, events.length) - 1; index >= 0; index -= 1) {
    const rolls = Object.entries(events[index].dice ?? {});
    if (!rolls.length) continue;
    const app = events[index].app ?? {};
    return rolls.every(([name, faces]) => app[name] === faces.length) ? "app" : "given";
  }
  return "given";
}

// Act now, on a held turn in the order or in the dock: one key with the other turn controls (wireEvents).
export const actNow = once("turn", (id) => moveTurn("act", { id }));

export function reorder(order) {
  const result = run("turn", held({ move: "order", order }), (error) => { banner(error.message); show(app.current); });
  if (result) commit(result);
}

// The hint's button: the action the rules ask of the one whose turn it is ("stunned: try to recover"), preset.
export function goToHint() {
  const hint = app.current.view.fight?.hint;
  if (!hint?.action || !shownActions().some((one) => one.id === hint.action)) return;
  selectAction(hint.action);
  const form = actionForms.get(hint.action);
  for (const [name, value] of Object.entries(hint.inputs ?? {})) form.set(name, value);
  actionChanged();
  q("roll").focus({ preventScroll: true });
}

