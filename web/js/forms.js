// Forms built from the engine's schema: every input kind in docs/api.md ("The page draws what the
// engine describes"), each with its label, help, default, and `when` (shown only while another input,
// or one of the encounter's rule options, has one of some values). The page knows no rule system: it
// draws inputs and reads their values.

import { el, fillSelect } from "./dom.js";
import { makeField } from "./fields.js";
import { keepApart, keepStanding, notePick, startRound } from "./keeping.js";
import { drawReads } from "./reads.js";
import { holds } from "./when.js";

export class SchemaForm {
  // inputs: the schema's list; context: { roster() -> the view's roster, catalog -> {name: rows},
  // options() -> the rule options in effect, {name: value} }; onChange(name) is called whenever a value changes.
  constructor(container, inputs, context, onChange = () => {}) {
    this.container = container;
    this.inputs = inputs;
    this.context = context;
    this.onChange = onChange;
    this.fields = new Map();
    // Made once: applies() runs for every input on every keystroke. An input its own `when` hides has no value for
    // another's `when`: a field shown for one choice of a hidden input is not shown while that input is hidden (a
    // field that belongs to one kind of sheet stays hidden on the others, where what it held would be thrown away).
    this.inputValue = (name) => this.shownValue(name);
    this.render();
  }

  render() {
    const basic = [];
    const advanced = [];
    for (const input of this.inputs) {
      const field = this.build(input);
      this.fields.set(input.name, field);
      (input.advanced ? advanced : basic).push(field.node);
    }
    const more = advanced.length
      ? el("details", { class: "more", testid: "more-inputs" }, el("summary", { text: "More options" }), advanced)
      : null;
    this.container.replaceChildren(...[el("div", { class: "fields" }, basic), more].filter(Boolean));
    this.container.oninput = (event) => this.changed(event);
    this.container.onchange = (event) => this.changed(event);
    this.refresh();
  }

  changed(event) {
    const name = event.target.closest("[data-input]")?.dataset.input;
    if (!name) return;
    const field = this.fields.get(name);
    field.touched = true;
    this.picked = name;
    notePick(this, field);
    if (event.type === "change" || event.target.type === "text") this.refresh();
    this.clearErrors();
    this.onChange(name, event.type);
  }

  // -- building ------------------------------------------------------------------------------------

  build(input) {
    const field = makeField(input, this.context);
    field.input = input;
    field.node.dataset.input = input.name;
    field.node.dataset.testid = `field-${input.name}`;
    field.error = el("span", { class: "field-error", testid: `error-${input.name}`, role: "alert" });
    field.node.append(field.error);
    if (input.helps) {   // help that follows another input: the field's help line, made if it has none yet
      field.help = field.node.querySelector(".help") ?? field.node.insertBefore(el("span", { class: "help" }), field.error);
      field.help.dataset.testid = `help-${input.name}`;
    }
    return field;
  }

  // -- keeping dependent inputs current -------------------------------------------------------------

  refresh() {
    this.follow();
    // Defaults that follow the inputs are taken once the lists are filled (an attacker chosen by default is there).
    if ([...this.fields.values()].map((field) => this.followDefaults(field)).some(Boolean)) this.follow();
  }

  follow(again = true) {
    for (const field of this.fields.values()) {
      const input = field.input;
      if (input.kind === "combatant") this.fillCombatants(field);
      if (input.kind === "combatant" && input.role === "target") this.avoidActor(field);
      if (input.while_standing) keepStanding(this, field, this.acting());   // js/keeping.js
      if (input.kind === "weapon") this.fillWeapons(field);
      if (input.kind === "mode") this.fillModes(field);
      const offered = input.kind === "part" ? this.fillParts(field) : true;
      if (input.kind === "choice") this.showChoices(field);
      field.follow?.();   // gear picks follow the catalog, which holds the game master's own items too
      field.node.hidden = !offered || !this.applies(input.when);
    }
    // Inputs the schema keeps apart name no one twice (js/keeping.js); a field moved may show or hide others.
    if (keepApart(this, this.acting(), this.picked) && again) this.follow(false);
    for (const field of this.fields.values()) if (field.input.helps) this.followHelp(field);
  }

  // An input's `defaults` follow another input: each time one of their conditions comes true (and when the form
  // opens with it true), the input takes that value, even one changed by hand before: a choice that belongs to
  // another input's value is made afresh each time that value is chosen. `quiet` notes the conditions as they
  // stand without applying them (a form filled from a saved sheet keeps its values).
  followDefaults(field, quiet = false) {
    const defaults = field.input.defaults;
    if (!defaults) return false;
    const match = defaults.findIndex((one) => this.applies(one.when));
    if (match === field.defaultMatch) return false;
    field.defaultMatch = match;
    if (match < 0 || quiet) return false;
    field.set(defaults[match].value);
    return true;
  }

  followHelp(field) {
    const input = field.input;
    const text = input.helps.find((one) => this.applies(one.when))?.text
      ?? input.help ?? (input.example ? `e.g. ${input.example}` : "");
    if (field.help.textContent !== text) field.help.textContent = text;
    field.help.hidden = !text;
  }

  // An option's value is a lookup in the object the controller keeps, made afresh only when the options change.
  applies(when) {
    return holds(when, this.inputValue, this.context.options?.());
  }

  // The named input's value while its `when` (and the `when` of every input that one reads, in turn) shows it.
  shownValue(name, depth = 0) {
    const when = this.fields.get(name)?.input.when;
    const shown = !when || depth > this.fields.size
      || holds(when, (other) => this.shownValue(other, depth + 1), this.context.options?.());
    return shown ? this.rawValue(name) : undefined;
  }

  fillCombatants(field) {
    const roster = this.context.roster();
    const people = roster.filter((card) => field.input.role !== "actor" || card.can_act)
      .map((card) => ({ value: card.id, label: card.status.severity === "out" || card.status.severity === "down"
        ? `${card.name} (${card.status.severity})` : card.name }));
    const choices = field.input.optional ? [...people, { value: "", label: field.input.empty_label || "None" }] : people;
    // An optional combatant left empty by default (no attacker) is only kept empty when a person chose it.
    // An input with a default (an optional one defaulting to none: "Everyone") keeps it until a person changes it.
    const untouched = "default" in field.input ? String(field.input.default) : null;
    const before = field.touched ? field.control.value : field.control.value === "" ? untouched : field.control.value;
    fillSelect(field.control, choices);
    if (!choices.some((choice) => String(choice.value) === before)) {
      field.control.value = choices.length ? String(choices[0].value) : "";
    }
  }

  // A target defaults to someone other than the one acting: the actor input as shown. One its `when` hides names
  // nobody and pushes no one off a pick (a target input shown without it may well name the one who acts).
  avoidActor(field) {
    const acting = this.acting();
    if (!acting || field.control.value !== acting) return;
    const other = [...field.control.options].find((option) => option.value !== acting);
    if (other) field.control.value = other.value;
  }

  // The one acting: the actor input's value as shown ("" when the form has none, or hides it).
  acting() {
    const actor = this.inputs.find((input) => input.kind === "combatant" && input.role === "actor");
    return (actor ? this.shownValue(actor.name) : "") ?? "";
  }

  card(inputName) {
    const id = this.rawValue(inputName);
    return this.context.roster().find((card) => card.id === id);
  }

  // A weapon is chosen by its name, its notation said under the field: a name and notation together were cut on a
  // phone ("WarMonger skill Auto/S…"). Two of one name are told apart by their notations.
  fillWeapons(field) {
    const weapons = this.card(field.input.from)?.weapons ?? [];
    const named = (weapon) => weapons.filter((other) => other.name === weapon.name).length > 1
      ? `${weapon.name} ${weapon.notation}` : weapon.name;
    fillSelect(field.control, weapons.map((weapon, index) => ({ value: index, label: named(weapon) })));
    if (!field.details) {
      field.details = el("span", { class: "help weapon-details", testid: `details-${field.input.name}`, dir: "auto" });
      field.control.closest("label").after(field.details);
    }
    field.details.textContent = weapons[Number(field.control.value)]?.notation ?? "";
  }

  fillModes(field) {
    const weapon = this.card(field.input.from)?.weapons?.[Number(this.rawValue(field.input.weapon) || 0)];
    field.modes = weapon?.modes ?? [];
    fillSelect(field.control, field.modes.map((mode) => ({ value: mode.value, label: mode.label })));
  }

  // The parts of the chosen combatant's card; a card without parts hides the field, so nothing is sent.
  fillParts(field) {
    const parts = this.card(field.input.from)?.parts ?? [];
    fillSelect(field.control, parts.map((part) => ({ value: part.value, label: part.label })));
    return parts.length > 0;
  }

  showChoices(field) {
    let checkedHidden = false;
    for (const [index, choice] of field.input.choices.entries()) {
      const visible = this.applies(choice.when);
      const option = field.options[index];
      option.hidden = !visible;
      if (option.tagName === "OPTION") option.disabled = !visible;
      if (!visible && field.isChecked(index)) checkedHidden = true;
    }
    if (checkedHidden) {
      const first = field.input.choices.findIndex((choice) => this.applies(choice.when));
      if (first >= 0) field.select(first);
    }
  }

  // -- values --------------------------------------------------------------------------------------

  rawValue(name) {
    const field = this.fields.get(name);
    return field ? field.get() : undefined;
  }

  values() {
    const out = {};
    for (const [name, field] of this.fields) {
      if (field.node.hidden) continue;
      const value = field.get();
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  set(name, value) {
    const field = this.fields.get(name);
    if (!field) return;
    field.touched = true;
    this.picked = name;
    field.set(value);
    notePick(this, field);
    this.refresh();
  }

  // Fill the form from saved values (a sheet to edit): the values stay as saved, whatever `defaults` say.
  load(values) {
    for (const [name, value] of Object.entries(values)) {
      const field = this.fields.get(name);
      if (!field) continue;
      field.touched = true;
      field.set(value);
    }
    for (const field of this.fields.values()) this.followDefaults(field, true);
    this.refresh();
  }

  // Put the form back to its defaults (a dialog that starts from a clean form).
  reset() {
    for (const field of this.fields.values()) {
      field.touched = false;
      field.defaultMatch = undefined;
      field.keptFallen = null;
      field.set(field.input.default);
    }
    for (const details of this.container.querySelectorAll("details.more")) details.open = false;
    this.refresh();
    this.clearErrors();
    drawReads(this, null);
  }

  // A new round: each per-round choice (an input marked `each_round`) goes back to its default (js/keeping.js).
  startRound() {
    startRound(this);
  }

  // What the engine read in the typed texts (a `check` answer's `read`), under each field; null takes it away.
  showRead(read) {
    drawReads(this, read);
  }

  // Show an engine error beside the input it names ("sheet.weapons[0].notation" -> weapons); false if none.
  // `touchedOnly`: only at an input the person has changed (text being typed), not one they have not reached yet.
  showError(path, message, { touchedOnly = false } = {}) {
    const name = String(path ?? "").replace(/^(sheet|inputs)\./, "").split(/[.[]/)[0];
    const field = this.fields.get(name);
    if (!field || field.node.hidden || (touchedOnly && !field.touched)) return false;
    field.error.textContent = message;
    field.node.closest("details")?.setAttribute("open", "");
    return true;
  }

  clearErrors() {
    for (const field of this.fields.values()) field.error.textContent = "";
  }

  focusFirst() {
    this.container.querySelector("input:not([type=hidden]), select")?.focus();
  }
}
