// The view: the module family that builds and changes the DOM (with dom.js, widgets.js, forms.js).
// It draws what the engine describes and nothing else: the log, the odds, the options (the cards: roster-view.js;
// the dice prompt: prompt-view.js).

import { banner, el, fillSelect, q, syncChildren } from "./dom.js";
import { renderTable } from "./widgets.js";

// -- the roster: its rows and cards are roster-view.js's ------------------------------------------

export { renderRoster } from "./roster-view.js";

// -- the log ----------------------------------------------------------------------------------------

// Log entries never change once written, and the controller keeps the entries the engine did not send again
// as the same objects: an entry already on screen is kept, not rebuilt, so a tap draws one new entry.
let drawnEntries = new Map();

export function renderLog(entries) {
  const keep = new Map();
  const nodes = [];
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    const node = drawnEntries.get(entry) ?? renderEntry(entry);
    keep.set(entry, node);
    nodes.push(node);
  }
  drawnEntries = keep;
  syncChildren(q("log"), nodes);
}

function renderEntry(entry, testid = "log-entry") {
  return el("li", { class: "log-entry", testid, value: entry.index },
    el("div", { class: "title", testid: "log-title", text: entry.title }),
    entry.steps.length ? el("ol", { class: "steps" }, entry.steps.map(renderStep)) : null,
    el("div", { class: "outcome", testid: "log-outcome", text: entry.outcome }));
}

function renderStep(step) {
  return el("li", { testid: "log-step" },
    step.text,
    step.dice ? renderDice(step) : null,
    step.rule ? el("span", { class: "rule", text: step.rule }) : null);
}

// Dice the engine names (`names`, one per die) show each face after its name: "Success die 5 · Damage die 2".
function renderDice(step) {
  const who = step.by === "app" ? "rolled by the app" : step.by === "both"
    ? `rolled at the table, the last ${step.by_app} by the app` : "rolled at the table";
  const named = step.names?.length === step.dice.length && step.dice.length > 0;
  const words = step.dice.map((face, index) => named ? `${step.names[index]} ${faceWord(face)}` : faceWord(face));
  const die = (face) => el("span", { class: "die", text: face === "0" ? "\u00a0" : String(face) });
  return el("span", { class: named ? "dice named" : "dice", testid: "log-dice",
    dataset: { roll: step.roll, faces: step.dice.join(""), by: step.by },
    role: "img", "aria-label": `${step.roll} dice ${who}: ${words.join(", ") || "none"}`, title: who },
  " ", named
    ? step.dice.map((face, index) => [index ? " \u00b7 " : "",
      el("span", { class: "named-die" }, el("span", { class: "die-name", text: step.names[index] }), "\u00a0", die(face))])
    : step.dice.map(die),
  step.by === "app" ? el("span", { class: "by-app", text: "app" }) : null,
  step.by === "both" ? el("span", { class: "by-app", text: `last ${step.by_app} by the app` }) : null);
}

function faceWord(face) {
  return face === "0" ? "blank" : face === "-" ? "minus" : face === "+" ? "plus" : String(face);
}

// The newest result, in the dock beside the Roll button: the outcome, what was resolved, and its steps behind
// "Why" (opening upwards, the dock being pinned to the bottom); announced politely to screen readers.
export function renderLatest(entry) {
  const box = q("latest");
  const key = entry ? JSON.stringify(entry) : "";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(entry ? el("div", { class: "latest-entry" },
    el("div", { class: "outcome", testid: "latest-outcome", text: entry.outcome }),
    // What else the moment changed, in a line, as trackers say it ("Cyrus: Prone ends"): not only inside Why.
    entry.changes?.length ? el("div", { class: "latest-changes", testid: "latest-changes", dir: "auto",
      text: entry.changes.join(" \u00b7 ") }) : null,
    el("div", { class: "latest-line" },
      el("span", { class: "title", testid: "latest-title", text: entry.title, title: entry.title }),
      entry.steps.length ? el("details", { class: "latest-steps", testid: "latest-steps" },
        el("summary", { text: "Why", "aria-label": `Why: the steps of ${entry.title}` }),
        el("ol", { class: "steps" }, entry.steps.map(renderStep))) : null)) : "");
}

// -- action tabs ------------------------------------------------------------------------------------

export function renderTabs(actions, current, onSelect) {
  const tabs = q("action-tabs");
  tabs.replaceChildren(...actions.map((action) => el("button", {
    type: "button", role: "tab", testid: "action-tab", dataset: { action: action.id },
    "aria-selected": String(action.id === current), tabindex: action.id === current ? "0" : "-1",
    text: action.label, onclick: () => onSelect(action.id),
  })));
  tabs.hidden = actions.length < 2;
  markTabsCut();
}

// A row of tabs wider than its panel scrolls sideways; its cut edge fades, so a tab off screen is seen to be there.
export function markTabsCut() {
  const tabs = q("action-tabs");
  const left = tabs.scrollLeft > 1;
  const right = tabs.scrollLeft + tabs.clientWidth < tabs.scrollWidth - 1;
  if (tabs.dataset.cut !== `${left}-${right}`) tabs.dataset.cut = `${left}-${right}`;
}

// -- odds -------------------------------------------------------------------------------------------

// The odds in a line in the dock (the summary; a tap there goes to the charts) and the charts in the action panel.
// What js/odds.js tells: {busy} while the odds are being worked out (the chart says it is updating), or {odds,
// message}: odds to draw, or null with why there are none.
export function showOdds(shown) {
  if ("odds" in shown) renderOdds(shown.odds, shown.message);
  else if (shown.busy) q("odds-chart").setAttribute("aria-busy", "true");
  else q("odds-chart").removeAttribute("aria-busy");
}

function renderOdds(odds, message = "") {
  const chart = q("odds-chart");
  const summary = q("odds-summary");
  const heading = q("odds-heading");
  if (!odds) {
    summary.replaceChildren(el("strong", { text: "Odds" }), message ? `: ${message}` : "");
    summary.dataset.pool = "";
    heading.textContent = "Odds";
    chart.replaceChildren();
    return;
  }
  // The numbers first, what they are about after: a glance at a cut line still reads the chances.
  summary.replaceChildren(el("strong", { text: "Odds:" }), ` ${odds.summary} `,
    el("span", { class: "odds-about", text: `(${odds.title})` }));
  summary.dataset.pool = odds.pool === null || odds.pool === undefined ? "" : String(odds.pool);
  heading.textContent = `Odds, ${odds.title}`;
  // Charts of bars, then any tables (a comparison may be all tables and no chart); odds still being worked out
  // (`more`) say how far they have come, and the controller asks for the rest.
  chart.replaceChildren(
    odds.more ? el("p", { class: "small odds-more", testid: "odds-more", role: "status", text: odds.more.words }) : "",
    ...odds.charts.map((one, index) => el("div", { class: "one-chart", testid: "odds-group" },
      el("h3", { text: one.title }),
      one.bars.flatMap((bar) => renderBar(bar, index === 0 ? "odds-condition" : "odds-bar")))),
    ...(odds.tables ?? []).map((table) => renderTable(table, "odds-table")));
}

function renderBar(bar, testid) {
  return el("div", { class: "bar-row" },
    el("span", { class: "bar-label", testid, text: bar.label, title: bar.fraction }),
    el("span", { class: "bar-track", role: "img", "aria-label": `${bar.label}: ${bar.percent}` },
      el("span", { class: "fill", style: `width: ${Math.max(0, Math.min(100, bar.probability * 100)).toFixed(2)}%` })),
    el("span", { class: "pct", testid: `${testid}-percent`, text: bar.percent, title: bar.fraction }));
}

// -- the new-encounter picker and the options ---------------------------------------------------------

export function renderSystemPicker(systems, current) {
  const picker = q("system-picker");
  picker.replaceChildren(el("legend", { text: "Rule system" }), ...systems.map((system) => el("label", { class: "system-choice" },
    el("input", { type: "radio", name: "system", value: system.id, testid: "system-choice",
      checked: system.id === current }),
    el("span", {}, el("strong", { text: system.name }), el("span", { class: "small source", text: system.source })))));
}

// The options are rebuilt only when their schema or being fixed changes; new values are put into the
// controls already drawn, so a change that lands while a person moves to the next cell keeps the focus.
let drawnOptions = "";   // schema, values and fixed as last drawn: the same again draws nothing
let builtOptions = "";   // schema and fixed the controls were built for
let fillOptions = [];    // one function per option: put a value into its controls
let shownOptions = { schema: [], values: {} };   // what the controls show, to put back after a refusal

// onChange(option, value, refused): a person chose a new value for an option (a choice's value, a table's rows);
// `refused(error)`, called if the engine refuses it, puts the values on show back and says why at the option.
export function renderOptions(schema, values, fixed, onChange) {
  const form = q("options-form");
  const key = JSON.stringify([schema, values, fixed]);
  if (key === drawnOptions) return;
  drawnOptions = key;
  const shape = JSON.stringify([schema, fixed]);
  if (shape !== builtOptions) {
    builtOptions = shape;
    const focused = form.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    const changed = (option, value) => {
      clearOptionError(option.name);
      onChange(option, value, (error) => optionRefused(option, error));
    };
    const built = schema.map((option) => (OPTION_KINDS[option.kind] ?? unknownOption)(option, fixed, changed));
    form.replaceChildren(...built.map((one) => one.node));
    fillOptions = built.map((one) => one.fill);
    if (focused) form.querySelector(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
  }
  shownOptions = { schema, values };
  schema.forEach((option, index) => fillOptions[index](values[option.name] ?? option.default));
  q("options-note").textContent = fixed
    ? "Options are fixed once the first action is resolved; start a new encounter to change them."
    : "Options can change until the first action is resolved.";
}

// A refused change leaves the encounter's options as they were: the values on show are put back into the controls,
// and the error shows at the option when it has a place for one (a table), else in a banner.
function optionRefused(option, error) {
  const { schema, values } = shownOptions;
  schema.forEach((one, index) => fillOptions[index](values[one.name] ?? one.default));
  if (!showOptionError(option.name, error.message, error.field)) banner(error.message);
}

// An engine error shown at the option it belongs to (an option drawn as a block has a place for it); false if
// the option has none. `field` is the error's field ("options.effects[0].shock"), to mark the cell it names.
function showOptionError(name, message, field = "") {
  const box = q(`option-${name}-error`);
  if (!box) return false;
  box.textContent = message;
  const cell = String(field).match(/^options\.[^.[]+\[(\d+)\]\.(\w+)/);
  const control = cell ? q(`option-${name}-${cell[1]}-${cell[2]}`) : null;
  control?.setAttribute("aria-invalid", "true");
  return true;
}

function clearOptionError(name) {
  const box = q(`option-${name}-error`);
  if (box) box.textContent = "";
  for (const control of q("options-form").querySelectorAll(`[data-option="${CSS.escape(name)}"][aria-invalid]`)) {
    control.removeAttribute("aria-invalid");
  }
}

const OPTION_KINDS = { choice: choiceOption, table: tableOption };

function choiceOption(option, fixed, onChange) {
  const select = el("select", { name: option.name, testid: `option-${option.name}`, disabled: fixed,
    onchange: () => onChange(option, option.choices[select.selectedIndex].value) });
  fillSelect(select, option.choices.map((choice, index) => ({ value: index, label: choice.label })));
  return {
    node: el("label", {}, option.label, select),
    fill: (value) => {
      select.selectedIndex = Math.max(0, option.choices.findIndex((choice) => String(choice.value) === String(value)));
    },
  };
}

// An editable table of values: rows named by the engine, one input per column (text, integer or flag).
// A change of a cell sends the whole table; an integer that is not a whole number goes as typed, and the
// engine's plain-word error is shown at the table.
function tableOption(option, fixed, onChange) {
  let rows = [];   // the rows as last filled in: a change edits a copy of these
  const cells = [];
  const send = (rowIndex, column, control) => {
    const next = rows.map((row) => ({ ...row }));
    next[rowIndex][column.name] = cellValue(column, control);
    onChange(option, next);
  };
  const body = option.rows.map((row, rowIndex) => el("tr", { testid: "option-table-row" },
    el("th", { scope: "row", text: row.label }),
    option.columns.map((column) => {
      const control = cellInput(option, row, rowIndex, column, fixed);
      control.addEventListener("change", () => send(rowIndex, column, control));
      cells.push({ rowIndex, column, control });
      return el("td", { class: `cell-${column.kind}` },
        column.kind === "flag" ? el("label", { class: "inline cell-flag" }, control) : control);
    })));
  const help = option.help ? el("p", { class: "help", id: `option-${option.name}-help`, text: option.help }) : null;
  const node = el("fieldset", { class: "option-table", testid: `option-${option.name}`,
    dataset: { option: option.name, kind: "table" }, "aria-describedby": help ? help.id : null },
  el("legend", { text: option.label }),
  help,
  el("div", { class: "table-scroll" },
    el("table", { class: "data-table option-grid", "aria-label": option.label },
      el("thead", {}, el("tr", {},
        option.row_title ? el("th", { scope: "col", class: "row-title", text: option.row_title }) : el("td"),
        option.columns.map((column) => el("th", { scope: "col", class: `cell-${column.kind}`, text: column.label,
          title: column.help ?? null })))),
      el("tbody", {}, body))),
  el("p", { class: "field-error", testid: `option-${option.name}-error`, role: "alert" }),
  el("div", { class: "row" },
    el("button", { type: "button", testid: `option-${option.name}-reset`, disabled: fixed, text: "Back to the default",
      onclick: () => onChange(option, structuredClone(option.default)) })));
  return {
    node,
    fill: (value) => {
      rows = Array.isArray(value) ? value : [];
      for (const { rowIndex, column, control } of cells) {
        const cell = rows[rowIndex]?.[column.name];
        if (column.kind === "flag") control.checked = Boolean(cell);
        else {
          const text = cell === undefined || cell === null ? "" : String(cell);
          if (control.value !== text) control.value = text;   // an unchanged cell keeps its caret
        }
      }
    },
  };
}

function cellInput(option, row, rowIndex, column, fixed) {
  const common = { testid: `option-${option.name}-${rowIndex}-${column.name}`, "aria-label": `${row.label}: ${column.label}`,
    disabled: fixed, dataset: { option: option.name, row: String(rowIndex), column: column.name, kind: column.kind } };
  if (column.kind === "flag") return el("input", { type: "checkbox", ...common });
  if (column.kind === "integer") {
    const range = column.min !== undefined && column.max !== undefined ? `${column.min}–${column.max}` : null;
    return el("input", { type: "text", inputmode: "numeric", autocomplete: "off", size: 4, placeholder: range,
      title: range ? `A whole number, ${range}` : null, ...common,
      dataset: { ...common.dataset, min: column.min ?? "", max: column.max ?? "" } });
  }
  return el("input", { type: "text", autocomplete: "off", maxlength: column.max_length ?? 200, ...common });
}

// What a cell sends: a flag as true or false, an integer that reads as one as a number, anything else as typed.
function cellValue(column, control) {
  if (column.kind === "flag") return control.checked;
  if (column.kind === "integer" && /^\s*[+-]?\d+\s*$/.test(control.value)) return Number(control.value.trim());
  return control.value;
}

function unknownOption(option) {
  return { node: el("p", { class: "small", text: `${option.label} (an option of kind ${option.kind}: this page cannot draw it yet)` }),
    fill: () => {} };
}

// -- the reference tables ----------------------------------------------------------------------------

const NARROW_COLUMNS = 4;   // a table of more columns than this takes a whole row; narrower ones sit side by side

export function renderReferenceTables(system) {
  q("tables-title").textContent = `Tables: ${system.name}`;
  q("reference-tables").replaceChildren(...(system.tables ?? []).map((table) => {
    const node = renderTable(table, "reference-table");
    node.classList.toggle("wide", table.header.length > NARROW_COLUMNS);
    // A column of words reads from the left; numbers stay right-aligned, so their digits line up.
    const words = table.header.map((_, column) => column > 0 && wordy(table.rows.map((row) => row[column] ?? "")));
    for (const row of node.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, column) => cell.classList.toggle("words", Boolean(words[column])));
    }
    node.querySelectorAll("thead th").forEach((cell, column) => cell.classList.toggle("words", Boolean(words[column])));
    return node;
  }));
}

// Most of the column's cells hold words (two letters in a row), not numbers such as "+2", "32†" or "(0.5)".
function wordy(cells) {
  return cells.filter((cell) => /\p{L}{2}/u.test(cell)).length * 2 > cells.length;
}
