// Resolving with dice on demand: a request that may roll, the prompt for the dice it reaches, the faces
// typed or tapped, the app rolling the rest; a prompt never outlives its encounter.

import { banner, fieldError, q } from "./dom.js";
import { actionForms, app, commit, held, tell } from "./state.js";
import { resolves, showActionError } from "./actions-offered.js";
import { run } from "./ask.js";
import { cancelPrompt, promptStillHolds } from "./dice-prompt.js";

// mode "app": the app rolls what `faces` lacks. mode "given": only typed faces; the engine asks for the rest.
export function resolve(mode, faces = {}, inputs = actionForms.get(app.actionId)?.values(), action = app.actionId) {
  if (!resolves(action)) return;   // Enter in a comparison's form resolves nothing
  rollFor({ method: "act", body: { action, inputs }, about: diceFor(action, inputs) }, mode, faces);
}

// ask: {method, body, about}: a request that may roll (an action, or the fight moved on), and who its dice are for.
export function rollFor(ask, mode, faces = {}) {
  fieldError("action-error", "");
  fieldError("dice-error", "");
  const result = run(ask.method, held({ ...ask.body, dice: mode, faces }), (error) => {
    if (app.pending) fieldError("dice-error", error.message);  // answering a prompt: the error belongs there
    else if (ask.method === "act") showActionError(error);
    else banner(error.message);
  });
  if (!result) return;
  if (result.needs) {
    app.pending = { ask, faces: { ...faces }, needs: result.needs, encounter: app.current.encounter };
    tell("prompt", app.pending);
    // The first face button takes the focus, not the text field: a tablet's keyboard would open over the faces.
    // A keyboard's user types the faces anyway (promptKey) and presses Enter.
    q("dice-faces").querySelector("button")?.focus({ preventScroll: true });
    return;
  }
  const prompted = Boolean(app.pending);
  cancelPrompt();
  commit(result);
  if (prompted) q("roll").focus({ preventScroll: true });   // the prompt's controls are gone: focus goes back to Roll
}

// Who a prompt's dice are for, from the action's combatant inputs ("Attacker: Cyrus · Target: Bandit"), so dice
// are not typed for the wrong fight when the newest result on screen is about another.
function diceFor(action, inputs) {
  const names = new Map(app.current.view.roster.map((card) => [card.id, card.name]));
  const inputsOf = app.system.actions.find((one) => one.id === action)?.inputs ?? [];
  return inputsOf.filter((input) => input.kind === "combatant" && names.has(inputs[input.name]))
    .map((input) => `${input.label}: ${names.get(inputs[input.name])}`).join(" \u00b7 ");
}

export function useTypedDice(event) {
  event?.preventDefault();
  if (!promptStillHolds()) return;
  const text = q("dice-entry").value.trim();
  if (!text) return fieldError("dice-error", `Tap or type the faces of the ${app.pending.needs.dice} you rolled.`);
  rollFor(app.pending.ask, "given", { ...app.pending.faces, [app.pending.needs.roll]: text });
}

export function rollTheRest() {
  if (!promptStillHolds()) return;
  const text = q("dice-entry").value.trim();
  const faces = text ? { ...app.pending.faces, [app.pending.needs.roll]: text } : app.pending.faces;
  rollFor(app.pending.ask, "app", faces);
}
