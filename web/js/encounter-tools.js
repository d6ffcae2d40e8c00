// The encounter's tools: undo and redo, New, the rule options, and the system's reference tables
// (to read at the table or print).

import { banner, q, rearm } from "./dom.js";
import { app, commit, held, show } from "./state.js";
import { clearOptionError, redrawOptions, renderReferenceTables, renderSystemPicker, showOptionError } from "./view.js";
import { run } from "./ask.js";
import { backTo, keptWords, leave, replacing, startEntry } from "./entries.js";

// -- undo, redo, share, new, options ------------------------------------------------------------------

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

// Asked first, when the encounter on screen holds changes not kept: the New dialog then says where it stays.
export function openNew() {
  replacing("Starting a new encounter replaces it.", () => {
    renderSystemPicker([...app.systems.values()], app.system.id);
    rearm("new");
    q("new-dialog").showModal();
  });
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
// the encounter as it was and puts the values on screen back; the error shows at the option when it has a
// place for one (a table), else in a banner.
export function changeOption(option, value) {
  clearOptionError(option.name);
  const wanted = { ...app.current.view.options, [option.name]: value };
  const result = run("set_options", { encounter: app.current.encounter, options: wanted }, (error) => {
    redrawOptions();
    show(app.current);
    if (!showOptionError(option.name, error.message, error.field)) banner(error.message);
  });
  if (result) commit(result);
}

// -- the system's reference tables, to read at the table or print ------------------------------------

export function openTables() {
  renderReferenceTables(app.system);
  document.documentElement.classList.add("printing-tables");   // print shows only the tables while open
  q("tables-dialog").showModal();
}

// A modal dialog sits in the top layer, which paper does not lay out as the page: it is not as wide as the
// paper and need not break between pages. For the printing only, the dialog is reopened as a non-modal one
// (in the page's flow) and made modal again after.
let tablesPrinting = false;

export function beforePrint() {
  const dialog = q("tables-dialog");
  if (!dialog.open || !dialog.matches(":modal")) return;
  tablesPrinting = true;
  dialog.close();
  dialog.show();
}

export function afterPrint() {
  if (!tablesPrinting) return;
  tablesPrinting = false;
  const dialog = q("tables-dialog");
  dialog.close();
  dialog.showModal();
}

export function tablesClosed() {
  // The close event comes a moment after close(): reopened for printing by then, the dialog is still open.
  if (!q("tables-dialog").open) document.documentElement.classList.remove("printing-tables");
}
