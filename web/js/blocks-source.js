// The source text's own stat blocks in the stat blocks dialog, and the editor of the game master's own blocks.
// The source's come with the engine's answer about the systems (each system's `blocks`: a name, a sheet as the
// engine reads it and where in the text it comes from), so they are there from the first visit with nothing to set
// up, and cost the first paint nothing. Marked "From the rules", they are never edited or deleted in place: Add puts
// one in the encounter at once, Copy to edit makes an ordinary saved block of the game master's, opened to edit.
// Text goes in with textContent.

import { el, once, rearm } from "./dom.js";
import { SchemaForm } from "./forms.js";

export const FROM_THE_RULES = "From the rules";

// The names of the gear on a sheet, as a block's one line of details.
export function gearNames(sheet) {
  const gear = Object.values(sheet).flat().filter((value) => value?.notation).map((value) => value.name);
  return gear.length ? gear.join(", ") : "no gear";
}

// The source's blocks of `system`, each with Add and Copy to edit; nothing where the source gives none.
export function sourceList(system, { add, copy }) {
  const blocks = system.blocks ?? [];
  if (!blocks.length) return null;
  return el("div", { class: "blocks-source-blocks", testid: "blocks-source" },
    el("h4", { text: `${FROM_THE_RULES}: ${system.source}` }),
    el("ul", { class: "blocks-list" }, blocks.map((block, index) => el("li", { class: "blocks-entry source",
      testid: "blocks-entry", dataset: { kind: "blocks", source: "true", index: String(index) } },
    el("strong", { testid: "blocks-name", dir: "auto", text: block.name }), " ",
    el("span", { class: "source-tag", testid: "blocks-source-badge", text: FROM_THE_RULES }),
    el("div", { class: "small notation", testid: "blocks-details", dir: "auto", text: gearNames(block.sheet) }),
    el("div", { class: "small", testid: "blocks-cite", text: block.source }),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", testid: "blocks-source-add", text: "Add",
        "aria-label": `Add ${block.name} to the encounter`, onclick: once(`blocks-source-add-${index}`, () => add(block)) }),
      el("button", { type: "button", testid: "blocks-copy", text: "Copy to edit",
        "aria-label": `Copy to edit: ${block.name}`, onclick: once("blocks-copy", () => copy(block)) }))))));
}

// An own block's sheet, edited in place with the sheet's own form (built from the engine's schema, as the Add
// dialog's is). `check(values)` is the engine's word ({ok, sheet} or {ok: false, error}); `save(sheet)` keeps it and
// answers {ok} or {ok: false, message}. No field takes the focus: the person taps the one to change.
export function blockEditor(system, entry, { context, check, save, cancel }) {
  const fields = el("div", { class: "blocks-edit-fields" });
  const error = el("p", { class: "field-error", testid: "blocks-edit-error", role: "alert" });
  const form = el("form", { class: "blocks-edit", testid: "blocks-edit", novalidate: true }, fields, error,
    el("div", { class: "row" },
      el("button", { type: "submit", class: "primary", testid: "blocks-edit-save", text: "Save the stat block" }),
      el("button", { type: "button", testid: "blocks-edit-cancel", text: "Cancel", onclick: cancel })));
  // A new editor, or a field changed after a refusal: Save is a new tap, whenever it comes.
  const sheetForm = new SchemaForm(fields, system.sheet, context, () => rearm("blocks-edit-save"));
  sheetForm.load({ ...entry.sheet, name: entry.name });
  rearm("blocks-edit-save");
  form.addEventListener("submit", once("blocks-edit-save", (event) => {
    event.preventDefault();
    sheetForm.clearErrors();
    error.textContent = "";
    const checked = check(sheetForm.values());
    if (!checked.ok) {
      if (!sheetForm.showError(checked.error.field, checked.error.message)) error.textContent = checked.error.message;
      return;
    }
    const saved = save(checked.sheet);
    if (!saved.ok) error.textContent = saved.message;
  }));
  return form;
}
