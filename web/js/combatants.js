// Combatants added, edited, copied, hidden, revealed or removed: one engine call each, its answer handed to the
// state (js/state.js), its refusal to whoever asked.

import { once } from "./dom.js";
import { commit, held } from "./state.js";
import { run } from "./ask.js";

// The sheet dialog's Add or Save (method "add" or "edit", the request as the dialog made it): whether the engine took
// it; `refused(error)` says why not, at the dialog's field.
export function saveSheet(method, request, refused) {
  const result = run(method, request, refused);
  if (result) commit(result);
  return Boolean(result);
}

// A sheet added as it stands (one of the source's stat blocks, one tap): whether the engine took it.
export function addSheet(sheet) {
  const result = run("add", held({ sheet }));
  if (result) commit(result);
  return Boolean(result);
}

// The card menu's changes act once per tap (js/dom.js once()): the menu stays open under the finger after a Copy.
export const duplicateCombatant = once("card-menu", (id) => {
  const result = run("duplicate", held({ id }));
  if (result) commit(result);
});

// Hidden from the players' view, or revealed: one tap on the card's badge or its menu, an event undone like any other.
export const hideCombatant = once("hide", (id, hidden) => {
  const result = run("hide", held({ id, hidden }));
  if (result) commit(result);
});

export const removeCombatant = once("card-menu", (id) => {
  const result = run("remove", held({ id }));
  if (result) commit(result);
});
