// Each combatant's conditions and note, in their dialog: the presets and the duration chosen, and the list drawn
// again with each answer (js/flow.js); adding, removing and the note are js/conditions.js's one engine call.

import { fieldError, fillSelect, once, q, rearm } from "./dom.js";
import { app } from "./state.js";
import { renderConditions, renderPresets } from "./turns-view.js";
import { tableChange } from "./conditions.js";

export function openConditions(id) {
  app.conditionsOf = id;
  for (const menu of document.querySelectorAll("details.card-menu[open]")) menu.open = false;
  fieldError("conditions-error", "");
  q("condition-name").value = "";
  q("condition-rounds").value = "";
  q("condition-ends").value = "round";
  // Whose turn ends it: any combatant, the holder first chosen ("until the end of your next turn").
  fillSelect(q("condition-by"), app.current.view.roster.map((one) => ({ value: one.id, label: one.name })));
  q("condition-by").value = id;
  durationChanged();
  // A preset's tap adds it once, with the duration chosen above it.
  renderPresets(app.system.conditions ?? [], once("conditions", (name) => giveCondition(name)));
  q("note-text").value = app.current.view.roster.find((one) => one.id === id)?.note ?? "";
  rearm("conditions");
  drawConditions();
  q("conditions-dialog").showModal();
  q("conditions-title").focus({ preventScroll: true });   // not a text field: a tablet's keyboard stays shut
}

export function drawConditions() {
  const card = app.current.view.roster.find((one) => one.id === app.conditionsOf);
  if (!card) { q("conditions-dialog").close(); return; }
  // Remove acts once: the list is redrawn, and the next condition's Remove comes up under the finger.
  renderConditions(card, once("conditions", (index) => tableChange("condition", { change: "remove", index })));
}

// The duration's controls follow its kind: whose turn, for a turn's start or end, and what the count means.
export function durationChanged() {
  const ends = q("condition-ends").value;
  q("condition-by-field").hidden = ends === "round";
  q("condition-help").textContent = ends === "round"
    ? "Counted down as each round ends; leave Rounds empty to keep it until removed."
    : `Ends at the ${ends} of that combatant's turn: Rounds counts how many ${ends === "start" ? "starts" : "ends"} `
      + "of it pass (empty: the next). A turn under way does not count its end.";
}

export function addCondition(event) {
  event.preventDefault();
  const name = q("condition-name").value.trim();
  if (!name) return fieldError("conditions-error", "Name the condition (for example Blinded or On fire).");
  if (giveCondition(name)) q("condition-name").value = "";
}

// Give the combatant a condition with the duration chosen; true when the engine took it.
function giveCondition(name) {
  const rounds = q("condition-rounds").value.trim();
  const ends = q("condition-ends").value;
  if (rounds && !/^[0-9]{1,4}$/.test(rounds)) {
    return fieldError("conditions-error", `Rounds: ${JSON.stringify(rounds.slice(0, 12))} is not a number of rounds; `
      + `type a whole number, or leave it empty ${ends === "round" ? "to keep the condition until removed"
        : "for the next one"}.`) ?? false;
  }
  const body = { change: "add", name, rounds: rounds ? Number(rounds) : null };
  return tableChange("condition", ends === "round" ? body : { ...body, ends, by: q("condition-by").value });
}
