// The sheet dialog that adds combatants (one, or several at once, hidden from the players or not, sharing one
// initiative roll or not) or edits one; what it asks of the engine is js/combatants.js's.

import { sheetDialogOpened } from "./blocks-view.js";
import { fieldError, q, rearm } from "./dom.js";
import { app, held } from "./state.js";
import { checkLater, checkSheet } from "./checks.js";
import { saveSheet } from "./combatants.js";

// -- combatants: add, edit, copy, remove -------------------------------------------------------------

export function openAdd() {
  app.editing = null;
  app.sheetForm.reset();
  q("sheet-title").textContent = "Add a combatant";
  q("sheet-submit").textContent = "Add";
  fieldError("sheet-error", "");
  q("sheet-count").value = "1";
  q("sheet-hidden").checked = false;
  q("sheet-group").checked = false;
  many("");
  sheetDialogOpened();
  openSheetDialog();
}

export function openEdit(id) {
  const card = app.current.view.roster.find((one) => one.id === id);
  app.editing = id;
  app.sheetForm.reset();
  app.sheetForm.load(card.sheet);
  q("sheet-title").textContent = `Edit ${card.name}`;
  q("sheet-submit").textContent = "Save";
  fieldError("sheet-error", "");
  many("");
  sheetDialogOpened();
  openSheetDialog();
  checkLater(checkSheet, "change");   // what the engine read in the sheet shows under its fields at once
}

// Opened by a tap on a touch screen, the dialog starts on its title, so no on-screen keyboard covers the sheet
// before the person taps a field; opened from a keyboard or with a mouse, it starts at the first field.
let lastInput = matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
addEventListener("pointerdown", (event) => { lastInput = event.pointerType; }, true);
addEventListener("keydown", () => { lastInput = "keyboard"; }, true);

function openSheetDialog() {
  const touch = lastInput === "touch";
  q("sheet-title").toggleAttribute("autofocus", touch);
  rearm("sheet");
  q("sheet-dialog").showModal();
  if (!touch) app.sheetForm.focusFirst();
}

// How many to add, and whether hidden from the players: offered when adding only; `error` is the count's. A count
// changed after a refusal makes Add a new tap, as a sheet's field does.
// One initiative roll for the group is offered once the count is more than one.
q("sheet-many").addEventListener("input", () => { rearm("sheet"); grouped(); });

const several = () => Number(q("sheet-count").value.trim()) > 1;

function grouped() {
  q("sheet-group-field").hidden = !several();
  q("sheet-group-help").hidden = !several();
}

function many(error) {
  q("sheet-many").hidden = Boolean(app.editing);
  grouped();
  fieldError("sheet-count-error", error);
  if (error) q("sheet-count").setAttribute("aria-invalid", "true");
  else q("sheet-count").removeAttribute("aria-invalid");
}

export function submitSheet(event) {
  event.preventDefault();
  app.sheetForm.clearErrors();
  fieldError("sheet-error", "");
  many("");
  const request = held({ sheet: app.sheetForm.values() });
  if (app.editing) request.id = app.editing;
  else {
    request.count = q("sheet-count").value.trim();   // the engine reads it, and says at the field what it refuses
    if (q("sheet-hidden").checked) request.hidden = true;
    if (q("sheet-group").checked && several()) request.group = true;   // several sharing one initiative roll
  }
  const refused = (error) => {
    if (error.field === "count") many(error.message);
    else if (!app.sheetForm.showError(error.field, error.message)) fieldError("sheet-error", error.message);
  };
  if (saveSheet(app.editing ? "edit" : "add", request, refused)) q("sheet-dialog").close();
}
