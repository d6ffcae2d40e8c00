// The stat blocks on the page: the dialog that lists the game master's own combatants and gear for the encounter's
// rule system (beside the source's sample gear, marked as the source's), renames, deletes (with Undo), exports and
// imports them; the source text's own blocks beside them (js/blocks-source.js); the add dialog's "From the stat
// blocks" pick; the sheet dialog's "Save to stat blocks"; and the catalog the forms' gear picks offer (the engine's
// rows, then the GM's own). Storage is js/blocks.js, the engine's checks js/blocks-check.js; the controller (app.js)
// only hands over its hooks. Text goes in with textContent.

import { BLOCKS, StatBlocks, freeName, keepChecked, readFile } from "./blocks.js";
import { BlockChecker } from "./blocks-check.js";
import { FROM_THE_RULES, blockEditor, gearNames, sourceList } from "./blocks-source.js";
import { banner, el, fieldError, q } from "./dom.js";
import { download, fileName } from "./keep.js";
import { openStorage } from "./storage.js";
import { app as state } from "./state.js";

const FILTER_FROM = 10;   // a filter is offered once the dialog lists more entries than this

const { storage } = openStorage();
const book = new StatBlocks(storage);
let app = null;           // {call, add(sheet), system(), sheetForm(), roster(), openAdd(), editing()}
const checkers = new Map();
const catalogs = new Map();   // system id -> {raw, catalog}: rebuilt only when the stored value changed
let dialog = null;
let editNext = null;      // the id of an own block to open to edit when the dialog is drawn next (a copy just made)

const kindsOf = (system) => Object.keys(system.catalog).filter((kind) => Array.isArray(system.catalog[kind]));
const titleOf = (kind) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, " ");
const sourceNames = (system, kind) => system.catalog[kind].map((row) => row.name);

function checker(system) {
  if (!checkers.has(system.id)) checkers.set(system.id, new BlockChecker(app.call, system));
  return checkers.get(system.id);
}

// The catalog the forms offer for `system`: each kind's rows from the engine, then the game master's own (marked).
// The same object while nothing is changed, so a form's pick is refilled only after a change.
export function blocksCatalog(system) {
  const raw = book.raw(system.id);
  const kept = catalogs.get(system.id);
  if (kept && kept.raw === raw) return kept.catalog;
  const catalog = { ...system.catalog };
  for (const kind of kindsOf(system)) {
    catalog[kind] = [...system.catalog[kind], ...book.list(system.id, kind).map((item) =>
      ({ name: item.name, notation: item.notation, label: `${item.name} ${item.notation} (yours)` }))];
  }
  catalogs.set(system.id, { raw, catalog });
  return catalog;
}

// -- set-up: the dialog, and the sheet dialog's pick and button ----------------------------------------

export function setUpBlocks(hooks) {
  app = hooks;
  dialog = buildDialog();
  document.body.append(dialog);
  const pick = el("select", { testid: "blocks-pick", onchange: () => useBlock(pick.value) });
  q("sheet-fields").before(el("div", { class: "blocks-pick", testid: "blocks-pick-row" },
    el("label", {}, el("span", { class: "label", text: "From the stat blocks" }), pick),
    el("p", { class: "small", testid: "blocks-pick-note", role: "status" })));
  q("sheet-cancel").before(el("button", { type: "button", testid: "blocks-save", text: "Save to stat blocks",
    title: "Keep this sheet in your stat blocks, to add again in any encounter", onclick: saveSheet }));
  q("sheet-error").after(el("p", { class: "small", testid: "blocks-save-note", role: "status" }));
  q("blocks").addEventListener("click", openBlocks);
  q("blocks").disabled = false;
  window.addEventListener("storage", (event) => {
    if (StatBlocks.changedSystem(event.key) && dialog.open) drawDialog();
  });
}

// The sheet dialog opens (to add, or to edit a combatant): the pick lists the blocks (the GM's, then the source's),
// when adding.
export function sheetDialogOpened() {
  const system = app.system();
  const blocks = book.list(system.id, BLOCKS);
  const source = system.blocks ?? [];
  const pick = q("blocks-pick");
  pick.replaceChildren(...[el("option", { value: "", text: "Choose a stat block…" }),
    blocks.length ? el("optgroup", { label: "Yours" }, blocks.map((block) => el("option", { value: block.id, text: block.name }))) : null,
    source.length ? el("optgroup", { label: FROM_THE_RULES },
      source.map((block, index) => el("option", { value: `source:${index}`, text: block.name }))) : null].filter(Boolean));
  q("blocks-pick-row").hidden = Boolean(app.editing()) || !blocks.length && !source.length;
  q("blocks-pick-note").textContent = "";
  q("blocks-save-note").textContent = "";
}

// Fill the add dialog's form from a block: the GM may change anything (the name is numbered if a combatant of the
// encounter has it) before tapping Add.
function useBlock(id) {
  const system = app.system();
  const block = id.startsWith("source:") ? system.blocks?.[Number(id.slice(7))]
    : book.list(system.id, BLOCKS).find((one) => one.id === id);
  if (!block) return;
  const form = app.sheetForm();
  form.reset();
  form.load({ ...block.sheet, name: freeName(block.name, app.roster().map((card) => card.name)) });
  q("blocks-pick").value = id;
  q("blocks-pick-note").textContent = `Filled from “${block.name}”. Change anything you like, then Add.`;
}

// Save what the sheet form holds, as the engine reads it; its typed-in gear is kept too, to pick again.
function saveSheet() {
  const system = app.system();
  const form = app.sheetForm();
  form.clearErrors();
  fieldError("sheet-error", "");
  const checked = checker(system).sheet(form.values());
  if (!checked.ok) {
    if (!form.showError(checked.error.field, checked.error.message)) fieldError("sheet-error", checked.error.message);
    return;
  }
  const saved = book.add(system.id, BLOCKS, { name: checked.sheet.name, sheet: checked.sheet });
  if (!saved.ok) return refusedWrite(saved.error);
  const gear = saveGearOf(system, checked.sheet);
  const what = saved.existing ? `“${saved.entry.name}” is already in your stat blocks, just as it is.`
    : `Saved in your stat blocks as “${saved.entry.name}”.`;
  q("blocks-save-note").textContent = what + (gear.length ? ` Its gear too: ${gear.map((name) => `“${name}”`).join(", ")}.` : "");
}

// The pieces of gear on a sheet that are neither the source's nor already the GM's: kept as the GM's own.
function saveGearOf(system, sheet) {
  const kept = [];
  for (const input of system.sheet) {
    const kind = (input.kind === "gear" ? input : input.of)?.catalog;
    if (!kind || !system.catalog[kind]) continue;
    const pieces = [sheet[input.name]].flat().filter((piece) => piece?.notation);
    for (const piece of pieces) {
      if (blocksCatalog(system)[kind].some((row) => row.name === piece.name && row.notation === piece.notation)) continue;
      const saved = book.add(system.id, kind, piece, { reserved: sourceNames(system, kind) });
      if (!saved.ok) { refusedWrite(saved.error); break; }
      if (!saved.existing) kept.push(saved.entry.name);
    }
  }
  return kept;
}

// A write the browser refused: said at once in a banner (at the top of the dialog open over the page), and beside
// the Save button when it came from there.
function refusedWrite(error) {
  const why = error.name === "QuotaExceededError" ? "your browser's storage is full"
    : error.name === "Unreadable" ? error.message : `the browser refused to save it (${error.name})`;
  const text = `Not saved in your stat blocks: ${why}. Your stat blocks are as they were.`;
  banner(text, "storage");
  if (!dialog.open && q("sheet-dialog").open) q("blocks-save-note").textContent = text;
}

// A message in the stat blocks dialog, with a button when it offers one (Undo).
function notice(text, action = null, kind = "info") {
  const box = q("blocks-notice");
  box.hidden = false;
  box.className = `blocks-notice ${kind}`;
  box.replaceChildren(el("span", { testid: "blocks-notice-text", text }), ...(action ? [el("button", { type: "button",
    testid: "blocks-notice-action", text: action.label, onclick: () => { box.hidden = true; action.run(); } })] : []));
}

// -- the dialog ------------------------------------------------------------------------------------

function buildDialog() {
  const node = el("dialog", { class: "blocks-dialog", testid: "blocks-dialog", "aria-labelledby": "blocks-title" },
    el("div", { class: "blocks" },
      // The title takes the focus when the dialog opens: no text field does until the person taps it.
      el("h2", { id: "blocks-title", testid: "blocks-title", tabindex: "-1", autofocus: true }),
      el("p", { class: "small", text: "Your own combatants and gear for this rule system, kept in this "
        + "browser to reuse in any encounter, and the rules' own. Add one from here or from the Add dialog; save one "
        + "from a combatant's Edit dialog." }),
      // The file buttons and Close come first, where a long list does not push them out of reach.
      el("div", { class: "row" },
        el("button", { type: "button", testid: "blocks-export", text: "Export to a file", onclick: exportFile }),
        el("label", { class: "file-button" }, "Import a file",
          el("input", { type: "file", accept: ".json,application/json", testid: "blocks-import", onchange: importFile })),
        el("button", { type: "button", testid: "blocks-close", text: "Close", onclick: () => node.close() })),
      el("div", { class: "blocks-report", testid: "blocks-report", role: "status", hidden: true }),
      el("div", { class: "field-error", testid: "blocks-unreadable", hidden: true }),
      el("label", { class: "blocks-filter", hidden: true }, el("span", { class: "label", text: "Find" }),
        el("input", { type: "text", testid: "blocks-filter", "aria-label": "Find a stat block or gear by name", autocomplete: "off", spellcheck: "false",
          oninput: filter })),
      el("div", { class: "blocks-notice", testid: "blocks-notice", role: "status", hidden: true }),
      el("div", { class: "blocks-sections", testid: "blocks-sections" })));
  return node;
}

function openBlocks() {
  q("blocks-filter").value = "";
  q("blocks-report").hidden = true;
  q("blocks-notice").hidden = true;
  drawDialog();
  dialog.showModal();
}

function drawDialog() {
  const system = app.system();
  q("blocks-title").textContent = `Stat blocks: ${system.name}`;
  const read = book.read(system.id);
  const unreadable = q("blocks-unreadable");
  unreadable.hidden = read.ok;
  unreadable.replaceChildren(...(read.ok ? [] : [
    el("span", { text: `Your saved stat blocks for ${system.name} could not be read (${read.reason}). They are kept `
      + "exactly as they were, and nothing is saved over them; download them to keep them." }),
    el("button", { type: "button", testid: "blocks-download", text: "Download",
      onclick: () => download(read.raw, fileName(`stat blocks ${system.name}`, "txt"), "text/plain") })]));
  const sections = [section(system, BLOCKS, "Combatants", book.list(system.id, BLOCKS), [])];
  sections[0].append(sourceList(system, { add: addSource, copy: copySource }) ?? "");
  for (const kind of kindsOf(system)) {
    sections.push(section(system, kind, titleOf(kind), book.list(system.id, kind), system.catalog[kind]));
  }
  q("blocks-sections").replaceChildren(...sections);
  const count = dialog.querySelectorAll('[data-testid="blocks-entry"]').length;
  q("blocks-filter").closest("label").hidden = count <= FILTER_FROM;
  filter();
}

function section(system, place, title, own, source) {
  const list = el("ul", { class: "blocks-list", testid: "blocks-list" }, own.map((entry) => ownEntry(system, place, entry)));
  const emptyWords = place === BLOCKS ? "None yet: save a combatant from its Edit dialog (Save to stat blocks)."
    : "None of your own yet.";
  return el("section", { class: "blocks-kind", testid: "blocks-kind", dataset: { kind: place } },
    el("h3", { text: title }), list,
    el("p", { class: "empty small", testid: "blocks-empty", text: emptyWords, hidden: own.length > 0 }),
    place === BLOCKS ? null : newItemForm(system, place),
    source.length ? el("details", { class: "blocks-source" },
      el("summary", { text: `The source's ${source.length} ${title.toLowerCase()}` }),
      el("ul", { class: "blocks-list" }, source.map((row) => el("li", { class: "blocks-entry source", testid: "blocks-entry",
        dataset: { kind: place, source: "true" } },
      el("strong", { testid: "blocks-name", dir: "auto", text: row.name }), " ",
      el("span", { class: "notation", text: row.notation }), " ",
      el("span", { class: "source-tag", testid: "blocks-source-badge", text: "the source's" }),
      row.source ? el("div", { class: "small", testid: "blocks-details", text: row.source }) : null)))) : null);
}

// One of the source's blocks straight into the encounter (one tap), its name numbered if a combatant has it.
function addSource(block) {
  const name = freeName(block.name, app.roster().map((card) => card.name));
  if (!app.add({ ...block.sheet, name })) return;
  notice(`Added “${name}” to the encounter.`);
}

// A copy of one of the source's blocks, kept as the GM's own (numbered beside the source's name) and opened to edit.
function copySource(block) {
  const system = app.system();
  const saved = book.add(system.id, BLOCKS, { name: block.name, sheet: block.sheet },
    { reserved: (system.blocks ?? []).map((one) => one.name) });
  if (!saved.ok) return refusedWrite(saved.error);
  editNext = saved.entry.id;
  drawDialog();
  notice(`Copied “${block.name}” to your stat blocks as “${saved.entry.name}”. Change anything, then save it.`);
}

function ownEntry(system, place, entry) {
  const item = el("li", { class: "blocks-entry", testid: "blocks-entry", dataset: { kind: place, id: entry.id, source: "false" } });
  const buttons = el("div", { class: "row" },
    place === BLOCKS ? el("button", { type: "button", class: "primary", testid: "blocks-use", text: "Add to the encounter",
      onclick: () => { dialog.close(); app.openAdd(); useBlock(entry.id); } }) : null,
    el("button", { type: "button", testid: "blocks-rename", text: "Rename", onclick: () => renaming() }),
    el("button", { type: "button", testid: "blocks-delete", text: "Delete", onclick: () => remove(system, place, entry) }));
  item.append(el("strong", { testid: "blocks-name", dir: "auto", text: entry.name }),
    el("div", { class: "small notation", testid: "blocks-details", dir: "auto",
      text: place === BLOCKS ? gearNames(entry.sheet) : entry.notation }), buttons);
  if (place === BLOCKS) buttons.lastChild.before(el("button", { type: "button", testid: "blocks-edit-open", text: "Edit",
    onclick: () => editing() }));
  if (editNext === entry.id) queueMicrotask(editing);

  // Edit in place: the sheet's form under the name, checked by the engine before it is kept.
  function editing() {
    editNext = null;
    const form = blockEditor(system, entry, { context: { roster: app.roster, get catalog() { return blocksCatalog(system); },
      options: () => state.options ?? {} }, check: (values) => checker(system).sheet(values), cancel: drawDialog, save: (sheet) => {
      const saved = book.update(system.id, entry.id, { name: sheet.name, sheet });
      if (!saved.ok && ["BadName", "Taken", "Missing"].includes(saved.error.name)) return { ok: false, message: saved.error.message };
      if (!saved.ok) refusedWrite(saved.error);
      else notice(`Saved “${saved.entry.name}”.`);
      drawDialog();
      return { ok: true };
    } });
    buttons.replaceWith(form);
    form.scrollIntoView?.({ block: "nearest" });
  }

  // Rename in place: the field takes the focus only because the person tapped Rename.
  function renaming() {
    const input = el("input", { type: "text", testid: "blocks-rename-input", value: entry.name, maxlength: "60",
      "aria-label": `New name for ${entry.name}`, autocomplete: "off" });
    const error = el("p", { class: "field-error", testid: "blocks-rename-error", role: "alert" });
    const form = el("form", { class: "row rename", novalidate: true },
      el("label", { class: "grow" }, "Name", input),
      el("button", { type: "submit", class: "primary", testid: "blocks-rename-save", text: "Save" }),
      el("button", { type: "button", testid: "blocks-rename-cancel", text: "Cancel", onclick: () => form.replaceWith(buttons) }),
      error);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const reserved = place === BLOCKS ? [] : sourceNames(system, place);
      const renamed = book.rename(system.id, place, entry.id, input.value, { reserved });
      if (!renamed.ok && ["BadName", "Taken", "Missing"].includes(renamed.error.name)) {
        error.textContent = renamed.error.message;
        return;
      }
      if (!renamed.ok) refusedWrite(renamed.error);
      drawDialog();
    });
    buttons.replaceWith(form);
    input.focus();
    input.select();
  }
  return item;
}

function remove(system, place, entry) {
  const removed = book.remove(system.id, place, entry.id);
  if (!removed.ok) return removed.error.name === "Missing" ? drawDialog() : refusedWrite(removed.error);
  drawDialog();
  notice(`Deleted “${entry.name}” from your stat blocks.`, { label: "Undo", run: () => {
    const back = book.restore(system.id, place, removed.entry, removed.index);
    if (!back.ok) refusedWrite(back.error);
    drawDialog();
  } });
}

// A piece of gear typed into the stat blocks: checked by the engine first, its word shown at the field at fault.
function newItemForm(system, kind) {
  const example = [...system.sheet, ...system.actions.flatMap((action) => action.inputs)]
    .map((input) => (input.kind === "list" ? input.of : input)).find((input) => input?.catalog === kind)?.example;
  const name = el("input", { type: "text", testid: "blocks-new-name", maxlength: "60", autocomplete: "off", "aria-label": "Name" });
  const notation = el("input", { type: "text", testid: "blocks-new-notation", maxlength: "200", autocomplete: "off",
    spellcheck: "false", placeholder: example ? `e.g. ${example}` : "", "aria-label": "Notation" });
  const nameError = el("span", { class: "field-error", testid: "blocks-new-name-error", role: "alert" });
  const notationError = el("span", { class: "field-error", testid: "blocks-new-notation-error", role: "alert" });
  const form = el("form", { class: "blocks-new", novalidate: true },
    el("label", {}, el("span", { class: "label", text: "Name" }), name, nameError),
    el("label", {}, el("span", { class: "label", text: "Notation" }), notation, notationError),
    el("button", { type: "submit", testid: "blocks-new-save", text: "Keep it" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    nameError.textContent = "";
    notationError.textContent = "";
    const item = { name: name.value.trim(), notation: notation.value.trim() };
    if (!item.name) return (nameError.textContent = "Give it a name.");
    const checked = checker(system).item(kind, item);
    if (!checked.ok) return ((checked.part === "name" ? nameError : notationError).textContent = checked.error.message);
    const saved = book.add(system.id, kind, item, { reserved: sourceNames(system, kind) });
    if (!saved.ok) return refusedWrite(saved.error);
    drawDialog();
  });
  return el("details", { class: "blocks-add" }, el("summary", { text: "Type in one of your own" }), form);
}

// Entries whose name holds the text typed (any case); lists of the source's open while a filter finds in them.
function filter() {
  const text = q("blocks-filter").value.trim().toLowerCase();
  for (const entry of dialog.querySelectorAll('[data-testid="blocks-entry"]')) {
    entry.hidden = Boolean(text) && !q("blocks-name", entry).textContent.toLowerCase().includes(text);
  }
  for (const details of dialog.querySelectorAll("details.blocks-source")) {
    details.open = Boolean(text) && Boolean(details.querySelector('[data-testid="blocks-entry"]:not([hidden])'));
  }
}

// -- files -----------------------------------------------------------------------------------------

function exportFile() {
  const system = app.system();
  download(book.exportText(system.id, kindsOf(system)), fileName(`stat blocks ${system.name}`));
}

async function importFile(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  const system = app.system();
  let text;
  try {
    text = await file.text();
  } catch (error) {
    return report(`This file could not be read (${error.message}). Nothing was imported.`, []);
  }
  const read = readFile(text, system.id, kindsOf(system), system.name);
  if (!read.ok) return report(read.message, []);
  const check = checker(system);
  const { added, same, refused, writeError } = keepChecked(book, system.id, read, (entry) => (entry.place === BLOCKS
    ? check.sheet({ name: entry.name, ...entry.sheet }) : check.item(entry.place, { name: entry.name, notation: entry.notation })),
  (place) => (place === BLOCKS ? [] : sourceNames(system, place)));
  if (writeError) refusedWrite(writeError);
  drawDialog();
  const words = [
    added.length ? `Imported ${added.length}: ${added.map((name) => `“${name}”`).join(", ")}.` : "Nothing new was imported.",
    same.length ? `${same.length} already in your stat blocks, unchanged.` : "",
    refused.length ? `${refused.length} not imported:` : "",
  ];
  report(words.filter(Boolean).join(" "), refused);
}

function report(text, refused) {
  const box = q("blocks-report");
  box.hidden = false;
  box.replaceChildren(el("p", { testid: "blocks-report-text", text }),
    ...(refused.length ? [el("ul", {}, refused.map((one) => el("li", { testid: "blocks-report-refused" },
      el("strong", { dir: "auto", text: one.name }), `: ${one.reason}`)))] : []));
  box.scrollIntoView?.({ block: "nearest" });
}
