// The actions the encounter's system offers under the options in effect, the one on show, and where a refusal of
// it is said: what the panel, the dice and the turns all read, below each of them.

import { fieldError } from "./dom.js";
import { holds } from "./when.js";
import { actionForms, app } from "./state.js";

export function currentAction() {
  return app.system.actions.find((action) => action.id === app.actionId);
}

// The actions offered under the options in effect: one with a `when` only while an option has one of its values.
// A `when` on an action names an option (docs/api.md); one naming an input would read nothing here.
export function shownActions() {
  return app.system.actions.filter((action) => holds(action.when, () => undefined, app.options));
}

// An action whose verb is null only shows its odds (a comparison): it has nothing to resolve; nor has no action.
export function resolves(id) {
  const action = app.system.actions.find((one) => one.id === id);
  return Boolean(action) && action.verb !== null;
}

// A refusal of the action on show: at its field when it names one the form has, else under the form.
export function showActionError(error) {
  if (!actionForms.get(app.actionId)?.showError(error.field, error.message)) fieldError("action-error", error.message);
}
