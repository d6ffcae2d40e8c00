// One function per input kind of the engine's schema (docs/api.md, Inputs): each draws its field and says how to
// read and set its value. The form (forms.js) lays the fields out and keeps them following one another; the page
// knows no rule system here either.

import { el, fillSelect } from "./dom.js";
import { HexPicker } from "./hexes.js";

const SEGMENTED_MAX = 4;   // a choice of up to this many options is a row of buttons, more is a list
const CUSTOM = "custom";

// The field of an input: { node, control, get(), set(value) } and, for some kinds, follow() and the choice's
// options; context as SchemaForm's.
export function makeField(input, context) {
  const maker = {
    text: textField, notation: textField, integer: integerField, flag: flagField, choice: choiceField,
    combatant: selectField, weapon: selectField, mode: selectField, part: selectField, gear: gearField, list: listField,
    hex: hexField,
  }[input.kind];
  if (!maker) throw new Error(`the page cannot draw an input of kind ${input.kind}`);
  return maker(input, context);
}


function labelled(input, control, extra = null) {
  const help = input.help ? el("span", { class: "help", text: input.help }) : null;
  const example = input.example ? el("span", { class: "help", text: `e.g. ${input.example}` }) : null;
  return el("div", { class: `field kind-${input.kind}` },
    el("label", {}, el("span", { class: "label", text: input.label }), control), extra, help ?? example);
}

function textField(input) {
  const control = el("input", { type: "text", testid: `input-${input.name}`, maxlength: input.max_length ?? 200,
    autocomplete: "off", spellcheck: "false", required: !input.optional });
  const field = {
    node: labelled(input, control), control,
    get: () => (control.value.trim() === "" && input.optional ? undefined : control.value),
    set: (value) => { control.value = value ?? ""; },
  };
  field.set(input.default);
  return field;
}

function integerField(input) {
  const control = el("input", { type: "text", inputmode: "numeric", testid: `input-${input.name}`, autocomplete: "off",
    "aria-describedby": null, size: 5, placeholder: `${input.min}–${input.max}` });
  const field = {
    node: labelled(input, control), control,
    get: () => (control.value.trim() === "" ? undefined : control.value.trim()),
    set: (value) => { control.value = value === undefined || value === null ? "" : String(value); },
  };
  field.set(input.default);
  return field;
}

function flagField(input) {
  const control = el("input", { type: "checkbox", testid: `input-${input.name}` });
  const node = el("div", { class: "field kind-flag" },
    el("label", { class: "inline" }, control, el("span", { text: input.label })),
    input.help ? el("span", { class: "help", text: input.help }) : null);
  const field = { node, control, get: () => control.checked, set: (value) => { control.checked = Boolean(value); } };
  field.set(input.default);
  return field;
}

let groupCounter = 0;

function choiceField(input) {
  const values = input.choices.map((choice) => choice.value);
  if (input.choices.length <= SEGMENTED_MAX) {
    const group = `choice-${input.name}-${++groupCounter}`;
    const radios = input.choices.map((choice) => el("input", { type: "radio", name: group, value: String(choice.value),
      testid: `input-${input.name}-${choice.value}` }));
    const options = input.choices.map((choice, index) => el("label", { class: "segment" }, radios[index],
      el("span", { text: choice.label })));
    const node = el("fieldset", { class: "field kind-choice segmented", testid: `input-${input.name}` },
      el("legend", { text: input.label }), el("div", { class: "segments" }, options),
      input.help ? el("span", { class: "help", text: input.help }) : null);
    const field = {
      node, options, control: radios[0],
      isChecked: (index) => radios[index].checked,
      select: (index) => { radios[index].checked = true; },
      get: () => { const index = radios.findIndex((radio) => radio.checked); return index < 0 ? undefined : values[index]; },
      set: (value) => {
        const index = values.findIndex((v) => String(v) === String(value));
        radios.forEach((radio, i) => { radio.checked = i === Math.max(index, 0); });
      },
    };
    field.set(input.default ?? values[0]);
    return field;
  }
  const control = el("select", { testid: `input-${input.name}` });
  fillSelect(control, input.choices.map((choice, index) => ({ value: index, label: choice.label })));
  const field = {
    node: labelled(input, control), control, options: [...control.options],
    isChecked: (index) => control.selectedIndex === index,
    select: (index) => { control.selectedIndex = index; },
    get: () => values[control.selectedIndex],
    set: (value) => { control.selectedIndex = Math.max(0, values.findIndex((v) => String(v) === String(value))); },
  };
  field.set(input.default ?? values[0]);
  return field;
}

// A cell of a hex diagram, its value "q,r": a picker of the cells (hexes.js), the one chosen named in words beside
// it. A person's choice is told as a change event from inside the field, as a radio's is, so `when`, the odds and
// the engine's checks follow it like any other input's. A tap never focuses a text field: no keyboard opens.
function hexField(input) {
  const labelId = `hex-label-${++groupCounter}`;
  const picker = new HexPicker(input, { labelledBy: labelId, testid: `input-${input.name}`,
    onPick: () => picker.group.dispatchEvent(new Event("change", { bubbles: true })) });
  const node = el("div", { class: "field kind-hex" },
    el("span", { class: "label", id: labelId, text: input.label }),
    el("div", { class: "hex-picker" }, picker.group,
      el("div", { class: "hex-side" }, picker.chosen,
        input.help ? el("span", { class: "help", text: input.help }) : null)));
  const field = {
    node, control: picker.group,
    get: () => picker.value ?? undefined,
    set: (value) => picker.set(value),
  };
  field.set(input.default);
  return field;
}

// combatant, weapon, mode and part: lists filled from the roster on every refresh. A combatant's id and
// a part's value are sent as text, a weapon's index as a number, a mode's value as the card gives it.
function selectField(input) {
  const control = el("select", { testid: `input-${input.name}` });
  const field = {
    node: labelled(input, control), control, modes: [],
    get: () => (input.kind === "combatant" ? control.value : control.value === "" ? undefined
      : input.kind === "part" ? control.value
      : input.kind === "mode" ? field.modes.find((mode) => String(mode.value) === control.value)?.value
      : Number(control.value)),
    set: (value) => { if (value !== undefined && value !== null) control.value = String(value); },
  };
  return field;
}

// A piece of gear: a row of the system's catalog, or a name and notation typed in. The catalog's rows are read
// again on each refresh: the context's catalog holds the game master's own items too, which may change (a row may
// carry its own `label`). A row chosen stays chosen wherever it moves.
function gearField(input, context, testid = `input-${input.name}`) {
  let rows = context.catalog?.[input.catalog] ?? [];
  const choices = () => [
    ...(input.optional ? [{ value: "", label: input.empty_label || "None" }] : []),
    ...rows.map((row, index) => ({ value: String(index), label: row.label ?? `${row.name} ${row.notation}` })),
    { value: CUSTOM, label: "Other: type a notation" },
  ];
  const control = el("select", { testid });
  fillSelect(control, choices());
  const name = el("input", { type: "text", testid: `${testid}-name`, maxlength: 60, autocomplete: "off",
    placeholder: "Name", "aria-label": `${input.label} name` });
  const notation = el("input", { type: "text", testid: `${testid}-notation`, maxlength: 80, autocomplete: "off",
    spellcheck: "false", placeholder: input.example ? `e.g. ${input.example}` : "Notation", "aria-label": `${input.label} notation` });
  const custom = el("span", { class: "custom" }, name, notation);
  const sync = () => { custom.hidden = control.value !== CUSTOM; };
  control.addEventListener("change", sync);
  const field = {
    node: el("div", { class: "field kind-gear" },
      el("label", {}, el("span", { class: input.inList ? "label visually-hidden" : "label", text: input.label }), control), custom),
    control,
    follow: () => {
      const now = context.catalog?.[input.catalog] ?? [];
      if (now === rows) return;
      const chosen = /^[0-9]+$/.test(control.value) ? rows[Number(control.value)] : null;
      rows = now;
      fillSelect(control, choices());
      if (chosen) {
        const index = rows.findIndex((row) => row.name === chosen.name && row.notation === chosen.notation);
        control.value = index >= 0 ? String(index) : CUSTOM;
        if (index < 0) { name.value = chosen.name; notation.value = chosen.notation; }
        sync();
      }
    },
    get: () => {
      if (control.value === "") return undefined;
      if (control.value === CUSTOM) return { name: name.value.trim() || `Custom ${input.label.toLowerCase()}`, notation: notation.value };
      const row = rows[Number(control.value)];
      return { name: row.name, notation: row.notation };
    },
    set: (value) => {
      name.value = "";
      notation.value = "";
      if (!value || !value.notation) {
        control.value = input.optional ? "" : rows.length ? "0" : CUSTOM;
      } else {
        const index = rows.findIndex((row) => row.name === value.name && row.notation === value.notation);
        control.value = index >= 0 ? String(index) : CUSTOM;
        if (index < 0) { name.value = value.name ?? ""; notation.value = value.notation; }
      }
      sync();
    },
  };
  field.set(input.default);
  return field;
}

// A list of inputs of one kind (a combatant's weapons): rows to add and remove, up to `max`.
function listField(input, context) {
  const rows = el("div", { class: "list-rows" });
  const items = [];
  const addButton = el("button", { type: "button", testid: `add-${input.name}`, text: `Add ${input.of.label.toLowerCase()}` });
  const addRow = (value) => {
    const index = items.length;
    const item = gearField({ ...input.of, name: `${input.name}-${index}`, optional: false, inList: true,
      label: `${input.of.label} ${index + 1}` }, context, `input-${input.name}-${index}`);
    item.set(value);
    const remove = el("button", { type: "button", class: "remove", testid: `remove-${input.name}-${index}`,
      "aria-label": `Remove ${input.of.label.toLowerCase()} ${index + 1}`, text: "×" });
    const row = el("div", { class: "list-row" }, item.node, remove);
    remove.addEventListener("click", () => {
      const at = items.indexOf(entry);
      items.splice(at, 1);
      row.remove();
      addButton.disabled = items.length >= input.max;
      row.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const entry = { item, row };
    items.push(entry);
    rows.append(row);
    addButton.disabled = items.length >= input.max;
  };
  addButton.addEventListener("click", () => { addRow({}); items.at(-1)?.item.control.focus(); });
  const node = el("fieldset", { class: "field kind-list" }, el("legend", { text: input.label }), rows, addButton);
  const field = {
    node, control: addButton,
    follow: () => { for (const entry of items) entry.item.follow(); },
    get: () => items.map((entry) => entry.item.get()).filter((value) => value !== undefined),
    set: (values) => {
      items.splice(0, items.length);
      rows.replaceChildren();
      for (const value of values ?? []) addRow(value);
      addButton.disabled = items.length >= input.max;
    },
  };
  field.set(input.default);
  return field;
}
