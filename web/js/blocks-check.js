// The engine's word on a stat block or a piece of gear before it is kept: nothing goes into the stat blocks that
// the engine would refuse at Add. It knows no rule system: a sheet is checked by adding it to an empty encounter
// of its system (which also gives the sheet as the engine's `to_dict` writes it), and a piece of gear by putting
// it where the system's schema takes gear of its kind: the sheet's input whose catalog is that kind, or, for a kind
// only an action takes (thrown, say), that action's input, checked with `check` against a one-combatant encounter.

// The values a form of these inputs starts with (those that have a default).
function defaultsOf(inputs) {
  return Object.fromEntries(inputs.filter((one) => one.default !== undefined && one.default !== null)
    .map((one) => [one.name, one.default]));
}

// call(method, request) -> {ok, result} | {ok: false, error: {message, field}}: the bridge (js/engine.js).
export class BlockChecker {
  constructor(call, system) {
    this.call = call;
    this.system = system;   // the system's schema from `systems`: id, sheet, actions, catalog
    this.empty = null;
    this.probe = null;
  }

  emptyEncounter() {
    if (!this.empty) {
      const made = this.call("new", { system: this.system.id });
      if (!made.ok) return made;
      this.empty = made.result.encounter;
    }
    return { ok: true, result: this.empty };
  }

  // {ok: true, sheet} (as the engine keeps it), or {ok: false, error} naming the sheet's field at fault.
  sheet(sheet) {
    const empty = this.emptyEncounter();
    if (!empty.ok) return empty;
    const added = this.call("add", { encounter: empty.result, sheet });
    if (!added.ok) return added;
    return { ok: true, sheet: added.result.view.roster.at(-1).sheet };
  }

  // {ok: true} or {ok: false, error, part}: part is "name" or "notation" when the engine names one of the two.
  item(kind, item) {
    const answer = this.sheetTakes(kind) ? this.itemOnSheet(kind, item) : this.itemInAction(kind, item);
    if (answer.ok) return { ok: true };
    const part = /\.name$/.test(answer.error.field ?? "") ? "name" : "notation";
    return { ok: false, error: answer.error, part };
  }

  sheetTakes(kind) {
    return this.system.sheet.find((input) => (input.kind === "gear" ? input : input.of)?.catalog === kind) ?? null;
  }

  // The smallest sheet that holds the item: the sheet's defaults, a name, and the item in its input (made to show,
  // when the input shows only while another input has some value).
  itemOnSheet(kind, item) {
    const input = this.sheetTakes(kind);
    const sheet = { ...defaultsOf(this.system.sheet), name: "Check" };
    if (input.when?.in) sheet[input.when.input] = input.when.in[0];
    sheet[input.name] = input.kind === "list" ? [item] : item;
    const empty = this.emptyEncounter();
    return empty.ok ? this.call("check", { encounter: empty.result, sheet }) : empty;
  }

  itemInAction(kind, item) {
    for (const action of this.system.actions) {
      const input = action.inputs.find((one) => one.kind === "gear" && one.catalog === kind);
      if (!input) continue;
      const probe = this.probeEncounter();
      if (!probe.ok) return probe;
      const inputs = defaultsOf(action.inputs);
      for (const one of action.inputs) {
        if (one.kind === "combatant" && (one.default === undefined || one.default === null)) inputs[one.name] = probe.id;
      }
      if (input.when?.in) inputs[input.when.input] = input.when.in[0];
      inputs[input.name] = item;
      const answer = this.call("check", { encounter: probe.encounter, action: action.id, inputs });
      // Only the item's own field is its fault: a probe the engine refuses elsewhere says nothing of the item.
      if (answer.ok || answer.error.field === input.name || String(answer.error.field).startsWith(`${input.name}.`)) return answer;
    }
    return { ok: false, error: { message: "Woundbook cannot check this kind of gear here, so it was not kept.", field: null } };
  }

  // An encounter of one combatant (the sheet's defaults), for checking gear an action takes.
  probeEncounter() {
    if (!this.probe) {
      const empty = this.emptyEncounter();
      if (!empty.ok) return empty;
      const added = this.call("add", { encounter: empty.result, sheet: { ...defaultsOf(this.system.sheet), name: "Check" } });
      if (!added.ok) return added;
      this.probe = { encounter: added.result.encounter, id: added.result.view.roster[0].id };
    }
    return { ok: true, ...this.probe };
  }
}
