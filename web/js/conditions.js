// A change to a combatant's conditions or note (the one whose dialog is open): one engine call, its answer handed
// to the state, its refusal said in the dialog.

import { fieldError } from "./dom.js";
import { app, commit, held } from "./state.js";
import { run } from "./ask.js";

// method: "condition" or "note"; body: the change. Returns whether the engine took it.
export function tableChange(method, body) {
  fieldError("conditions-error", "");
  const result = run(method, held({ id: app.conditionsOf, ...body }), (error) => fieldError("conditions-error", error.message));
  if (result) commit(result);
  return Boolean(result);
}
