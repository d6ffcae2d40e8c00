// The game master's stat blocks: per rule system, the combatants (a name and the sheet as the engine's `to_dict`
// gives it) and the gear (of every kind the system's catalog has) the GM keeps to reuse across
// encounters. The sources' own sample items are not copied in here: the page shows them from the engine's catalog.
//
// One key per system, `woundbook.blocks.<system id>`, holding {format, blocks: [...], items: {kind: [...]}}. Each
// change reads the key afresh (another tab may have written it), makes the new value, and writes it in one
// setItem: a write the browser refuses (full storage, a private mode) leaves the stored value exactly as it was,
// and the caller says so at once. A stored value that cannot be read is never written over.
//
// Pure storage: no DOM and no engine, and no rule system named. It takes the Storage to use, so the unit tests run
// it in Node (tests/js/blocks.test.mjs).

const PREFIX = "woundbook.blocks.";
export const FORMAT = 1;
export const FILE_MARK = "library";   // {"woundbook": "library", ...}: what a file of stat blocks says it is
export const MAX_FILE_CHARS = 2_000_000;
const MAX_NAME = 60;                  // a sheet's name and a gear's name are at most this long (the engine's limit)
const MAX_NOTATION = 200;
export const BLOCKS = "blocks";       // where the combatants are kept; every other place is a catalog kind

function randomId() {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function failure(error) {
  return { name: error?.name ?? "Error", message: error?.message ?? String(error) };
}

export function cleanName(name) {
  return String(name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

// The name a new entry is kept under: its own, or, when that is taken, the next free number after it.
// freeName("Goblin", ["Goblin"]) is "Goblin 2"; freeName("Goblin 2", ["Goblin", "Goblin 2"]) is "Goblin 3".
export function freeName(name, taken) {
  const clean = cleanName(name);
  const used = new Set(taken.map((one) => cleanName(one).toLowerCase()));
  if (!used.has(clean.toLowerCase())) return clean;
  const base = clean.replace(/ [0-9]{1,4}$/, "");
  for (let number = 2; ; number++) {
    const suffix = ` ${number}`;
    const candidate = base.slice(0, MAX_NAME - suffix.length).trimEnd() + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

// Text equal as JSON whatever the order of its keys: a stat block saved twice is the same block.
function sameValue(a, b) {
  const canonical = (value) => JSON.stringify(value, (key, inner) => (inner && typeof inner === "object" && !Array.isArray(inner)
    ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => x.localeCompare(y))) : inner));
  return canonical(a) === canonical(b);
}

function empty() {
  return { format: FORMAT, blocks: [], items: {} };
}

// What an entry keeps, without its id and time: a block's sheet, an item's notation.
function content(place, entry) {
  return place === BLOCKS ? { sheet: entry.sheet } : { notation: entry.notation };
}

function nameTaken(list, id, name, reserved) {
  const others = [...list.filter((one) => one.id !== id).map((one) => one.name), ...reserved];
  return others.some((other) => other.toLowerCase() === name.toLowerCase());
}

function taken(name) {
  return { ok: false, error: { name: "Taken", message: `“${name}” is already the name of another entry here.` } };
}

export class StatBlocks {
  constructor(storage, { now = () => new Date().toISOString(), makeId = randomId } = {}) {
    this.storage = storage;
    this.now = now;
    this.makeId = makeId;
  }

  static key(system) {
    return PREFIX + system;
  }

  // Which system's stat blocks a storage event is about (another tab wrote them), or null.
  static changedSystem(key) {
    return key?.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;
  }

  // {ok: true, data} or {ok: false, raw, reason}: the raw text of a value that cannot be read, kept as it is.
  read(system) {
    const raw = this.storage.getItem(StatBlocks.key(system));
    if (raw === null) return { ok: true, data: empty() };
    try {
      const data = JSON.parse(raw);
      if (!data || typeof data !== "object" || !Array.isArray(data.blocks) || typeof data.items !== "object" || !data.items) {
        return { ok: false, raw, reason: "it holds no stat blocks" };
      }
      if (data.format > FORMAT) return { ok: false, raw, reason: "a newer version of Woundbook saved it" };
      return { ok: true, data };
    } catch (error) {
      return { ok: false, raw, reason: `it is not valid JSON (${error.message})` };
    }
  }

  raw(system) {
    return this.storage.getItem(StatBlocks.key(system));
  }

  // The entries kept in one place: BLOCKS, or a catalog kind ("weapons"). Empty where nothing is kept or readable.
  list(system, place) {
    const read = this.read(system);
    if (!read.ok) return [];
    return (place === BLOCKS ? read.data.blocks : read.data.items[place]) ?? [];
  }

  // Apply `change(data)` to the system's stored value and write it in one go. {ok: true, ...what change returned}
  // or {ok: false, error}; a refused write or an unreadable value changes nothing.
  change(system, change) {
    const read = this.read(system);
    if (!read.ok) {
      return { ok: false, error: { name: "Unreadable", message: `your saved stat blocks cannot be read (${read.reason}); they are kept as they were` } };
    }
    const data = structuredClone(read.data);
    const outcome = change(data);
    if (outcome?.ok === false || outcome?.unchanged) return { ok: outcome.ok !== false, ...outcome };
    try {
      this.storage.setItem(StatBlocks.key(system), JSON.stringify(data));
    } catch (error) {
      return { ok: false, error: failure(error) };
    }
    return { ok: true, ...outcome };
  }

  // Keep a new entry: {name, sheet} in BLOCKS, {name, notation} in a kind. A name already used there is kept
  // numbered, never written over; the same entry again (same name, same content) is not kept twice.
  // `reserved`: names taken elsewhere (the source's own items of the kind). Answers {ok, entry, existing}.
  add(system, place, entry, { reserved = [] } = {}) {
    const name = cleanName(entry.name);
    if (!name) return { ok: false, error: { name: "BadName", message: "A name needs at least one letter or digit." } };
    const kept = place === BLOCKS ? { sheet: entry.sheet }
      : { notation: String(entry.notation ?? "").trim().slice(0, MAX_NOTATION) };
    return this.change(system, (data) => {
      const list = place === BLOCKS ? data.blocks : (data.items[place] ??= []);
      const same = list.find((one) => one.name === name && sameValue(content(place, one), kept));
      if (same) return { unchanged: true, existing: true, entry: same };
      const made = { id: this.makeId(), name: freeName(name, [...list.map((one) => one.name), ...reserved]), ...kept,
        saved: this.now() };
      list.push(made);
      return { entry: made, existing: false };
    });
  }

  // A new name for an entry; a name another entry there has is refused (nothing is renamed silently over it).
  rename(system, place, id, name, { reserved = [] } = {}) {
    const clean = cleanName(name);
    if (!clean) return { ok: false, error: { name: "BadName", message: "A name needs at least one letter or digit." } };
    return this.change(system, (data) => {
      const list = place === BLOCKS ? data.blocks : data.items[place] ?? [];
      const entry = list.find((one) => one.id === id);
      if (!entry) return { ok: false, error: { name: "Missing", message: "That entry is no longer kept (another tab?)." } };
      if (nameTaken(list, id, clean, reserved)) return taken(clean);
      entry.name = clean;
      return { entry };
    });
  }

  // A saved combatant's sheet changed (edited in the stat blocks dialog), its name with it: a name another block has
  // is refused, as in rename. Answers {ok, entry}.
  update(system, id, { name, sheet }) {
    const clean = cleanName(name);
    if (!clean) return { ok: false, error: { name: "BadName", message: "A name needs at least one letter or digit." } };
    return this.change(system, (data) => {
      const entry = data.blocks.find((one) => one.id === id);
      if (!entry) return { ok: false, error: { name: "Missing", message: "That entry is no longer kept (another tab?)." } };
      if (nameTaken(data.blocks, id, clean, [])) return taken(clean);
      Object.assign(entry, { name: clean, sheet: { ...sheet, name: clean }, saved: this.now() });
      return { entry };
    });
  }

  // Take an entry out; the answer carries it and where it was, for an Undo to put it back.
  remove(system, place, id) {
    return this.change(system, (data) => {
      const list = place === BLOCKS ? data.blocks : data.items[place] ?? [];
      const index = list.findIndex((one) => one.id === id);
      if (index < 0) return { ok: false, error: { name: "Missing", message: "That entry is no longer kept (another tab?)." } };
      const [entry] = list.splice(index, 1);
      return { entry, index };
    });
  }

  // Put a removed entry back where it was (numbered if its name was taken meanwhile).
  restore(system, place, entry, index) {
    return this.change(system, (data) => {
      const list = place === BLOCKS ? data.blocks : (data.items[place] ??= []);
      if (list.some((one) => one.id === entry.id)) return { unchanged: true, entry };
      const back = { ...entry, name: freeName(entry.name, list.map((one) => one.name)) };
      list.splice(Math.min(index, list.length), 0, back);
      return { entry: back };
    });
  }

  // -- files ---------------------------------------------------------------------------------------------

  // The system's stat blocks as a file's text: {"woundbook": "library", "format", "system", "blocks", <kind>: ...}.
  exportText(system, kinds) {
    const read = this.read(system);
    const data = read.ok ? read.data : empty();
    const file = { woundbook: FILE_MARK, format: FORMAT, system,
      blocks: data.blocks.map((one) => ({ name: one.name, sheet: one.sheet })) };
    for (const kind of kinds) file[kind] = (data.items[kind] ?? []).map((one) => ({ name: one.name, notation: one.notation }));
    return JSON.stringify(file, null, 1);
  }
}

// What a file holds, before the engine checks its entries: {ok: false, message} for a file that is not one of
// ours, or is for another system (nothing is imported from it); else {ok: true, entries, refused}: `entries`
// [{place, name, sheet | notation}] to check, `refused` [{place, name, reason}] already known to be bad.
export function readFile(text, system, kinds, systemName = system) {
  if (typeof text !== "string" || text.length > MAX_FILE_CHARS) {
    return { ok: false, message: "This file is too large to be a file of stat blocks; nothing was imported." };
  }
  let file;
  try {
    file = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `This file could not be read: it is not a Woundbook file of stat blocks (not valid JSON: ${error.message}). Nothing was imported.` };
  }
  if (!file || typeof file !== "object" || file.woundbook !== FILE_MARK) {
    return { ok: false, message: "This file is not a Woundbook file of stat blocks (a file exported from Stat blocks). Nothing was imported." };
  }
  if (typeof file.format !== "number" || file.format > FORMAT) {
    return { ok: false, message: "This file was made by a newer version of Woundbook; reload to update, then import it again. Nothing was imported." };
  }
  if (file.system !== system) {
    return { ok: false, otherSystem: String(file.system ?? ""),
      message: `This file holds stat blocks for another rule system (${String(file.system ?? "none named").slice(0, 40)}), not ${systemName}. Nothing was imported: open an encounter of that system to import it there.` };
  }
  const entries = [];
  const refused = [];
  const places = [BLOCKS, ...kinds];
  for (const [place, list] of Object.entries(file)) {
    if (["woundbook", "format", "system"].includes(place)) continue;
    const known = places.includes(place);
    if (!Array.isArray(list)) {
      refused.push({ place, name: place, reason: known ? "this part of the file is not a list" : "this rule system keeps nothing of that kind" });
      continue;
    }
    list.forEach((one, index) => {
      const name = typeof one?.name === "string" && cleanName(one.name) ? cleanName(one.name) : `entry ${index + 1} of ${place}`;
      if (!known) return refused.push({ place, name, reason: "this rule system keeps nothing of that kind" });
      if (!one || typeof one !== "object" || !cleanName(one.name)) return refused.push({ place, name, reason: "it has no name" });
      if (place === BLOCKS) {
        if (!one.sheet || typeof one.sheet !== "object" || Array.isArray(one.sheet)) {
          return refused.push({ place, name, reason: "it holds no sheet" });
        }
        return entries.push({ place, name, sheet: one.sheet });
      }
      if (typeof one.notation !== "string") return refused.push({ place, name, reason: "it has no notation" });
      return entries.push({ place, name, notation: one.notation });
    });
  }
  return { ok: true, entries, refused };
}

// Keep the entries of a file read by readFile, each as `check(entry)` finds it ({ok, sheet} or {ok: false, error}:
// the engine's word): those it refuses are listed with its reason beside the file's own refusals, the rest kept
// (numbered where a name is taken; `reserved(place)`, the names the source's own items there have). A write the
// browser refuses is answered once (`writeError`), and what it would have kept is listed as not saved.
export function keepChecked(book, system, read, check, reserved) {
  const added = [];
  const same = [];
  const refused = read.refused.map((one) => ({ name: one.name, reason: one.reason }));
  let writeError = null;
  for (const entry of read.entries) {
    const checked = check(entry);
    if (!checked.ok) {
      refused.push({ name: entry.name, reason: checked.error.message });
      continue;
    }
    const saved = entry.place === BLOCKS ? book.add(system, BLOCKS, { name: entry.name, sheet: checked.sheet })
      : book.add(system, entry.place, entry, { reserved: reserved(entry.place) });
    if (!saved.ok) {
      writeError ??= saved.error;
      refused.push({ name: entry.name, reason: "not saved: the browser refused to save any more" });
      continue;
    }
    (saved.existing ? same : added).push(saved.entry.name);
  }
  return { added, same, refused, writeError };
}
