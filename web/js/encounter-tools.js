// The encounter's actions: undo and redo, a new encounter, the rule options. (Their dialogs, New's and the reference
// tables', are js/encounter-dialogs.js.)

import { banner, q } from "./dom.js";
import { app, commit, held } from "./state.js";
import { run } from "./ask.js";
import { backTo, keptWords, leave, startEntry } from "./entries.js";

export function undo() {
  if (!app.current?.view.can_undo) return;
  const result = run("undo", held({}));
  if (result) commit(result);
}

export function redo() {
  if (!app.current?.view.can_redo) return;
  const result = run("redo", held({}));
  if (result) commit(result);
}

export function startNew(event) {
  event.preventDefault();
  const chosen = q("new-form").querySelector("input[name=system]:checked")?.value ?? app.system.id;
  q("new-dialog").close();
  const result = run("new", { system: chosen });
  if (!result) return;
  const left = leave();
  // Leaving an empty encounter keeps nothing: the banner about the one kept before it stays.
  if (startEntry(result, { name: "Encounter" }) && left) {
    banner(`Started a new encounter. ${keptWords(left)}`, "info", backTo(left));
  }
}

// value: the option's new value (a choice's value, a table's whole list of rows). A refused change leaves
// the encounter as it was: `refused(error)` is the options' view's, which puts the values on screen back and says
// why at the option (js/view.js renderOptions).
export function changeOption(option, value, refused) {
  const wanted = { ...app.current.view.options, [option.name]: value };
  const result = run("set_options", { encounter: app.current.encounter, options: wanted }, refused);
  if (result) commit(result);
}
