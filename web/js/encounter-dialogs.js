// The encounter's dialogs: New's choice of a rule system (asked first when the encounter on screen holds changes
// not kept), and the system's reference tables, to read at the table or print.

import { q, rearm } from "./dom.js";
import { app } from "./state.js";
import { renderReferenceTables, renderSystemPicker } from "./view.js";
import { replacing } from "./entries.js";

// Asked first, when the encounter on screen holds changes not kept: the New dialog then says where it stays.
export function openNew() {
  replacing("Starting a new encounter replaces it.", () => {
    renderSystemPicker([...app.systems.values()], app.system.id);
    rearm("new");
    q("new-dialog").showModal();
  });
}

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
