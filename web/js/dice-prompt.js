// The dice prompt's life: it belongs to the encounter it was opened for, and never outlives it. Closing it is
// below everything that resolves (js/dice-flow.js) and everything that changes the form (js/action-panel.js).

import { banner } from "./dom.js";
import { app, tell } from "./state.js";

// A prompt closed for a reason (its encounter was replaced) says so; closed by the person or by its own
// resolution, it says nothing.
export function cancelPrompt(reason = "") {
  if (app.pending && reason) {
    banner(`The dice prompt for the ${app.pending.needs.roll} roll was closed: ${reason}. Nothing was applied; `
      + "tap Roll or Type my dice again.", "prompt");
  }
  app.pending = null;
  tell("prompt", null);
}

// Dice typed for a prompt resolve against the encounter the prompt was opened for, or not at all.
export function promptStillHolds() {
  if (app.pending && app.pending.encounter === app.current.encounter) return true;
  cancelPrompt("the encounter changed before the dice were used");
  return false;
}

// An answer about to be shown closes a prompt still open: it belongs to the encounter being replaced (undone,
// edited, another opened), and its dice must never be applied to this one. Resolving a prompt closes it first.
export function closeStalePrompt() {
  if (app.pending) cancelPrompt("the encounter changed before the dice were used");
}
