// The action forms follow the fight: the actor of each takes the one whose turn it is as the turn passes, and the
// per-round choices start afresh with each round. Read by the panel as a form is shown, and told each answer.

import { fieldError } from "./dom.js";
import { actionForms, app, formFollowed } from "./state.js";

// The actor of every action follows the turn: when it passes to someone, the form on show takes him as its actor
// (a form that would refuse him keeps its own), and any other form does when it is next shown; the next tap on a
// card then picks the target (action-panel.js freshRole), as the hint and the badges say.
export function followTurn(fight) {
  const now = fight?.current ?? null;
  if (now === app.turnFollowed) return;
  app.turnFollowed = now;
  if (!now) return;
  followInForm(app.actionId);
  app.pickNext = null;   // a new turn, a new pick
}

// Leaving a round (the next one starts, the fight ends, an undo goes back into the round before) puts every
// per-round choice (`each_round`: a tactic, a stance, an aim) back to its default, in every form: it is chosen
// afresh each round. One made before the fight starts is for its first round, and stays.
export function followRound(fight) {
  const round = fight?.round ?? null;
  if (round === app.roundFollowed) return;
  const left = app.roundFollowed;
  app.roundFollowed = round;
  if (left) for (const form of actionForms.values()) form.startRound();
}

export function followInForm(id) {
  if (!app.turnFollowed || formFollowed.get(id) === app.turnFollowed) return;
  formFollowed.set(id, app.turnFollowed);
  const actor = app.system.actions.find((one) => one.id === id)?.inputs
    .find((input) => input.kind === "combatant" && input.role === "actor");
  const form = actionForms.get(id);
  if (!actor || !form || form.rawValue(actor.name) === app.turnFollowed) return;
  form.set(actor.name, app.turnFollowed);
  // The form's messages were about the last actor ("Shrike has no weapons"): they go with him.
  form.clearErrors();
  if (id === app.actionId) fieldError("action-error", "");
}
