// The controller: collects inputs, makes one engine call per tap, hands the answer to the view,
// and keeps the work safe (autosave to local storage, the link in the address bar, undo/redo).
// It never computes a rule: every number on screen comes from Python.

import * as engine from "./engine.js";
import { banner, clearBanners, fieldError, fillSelect, paintSavedNames, q, renderEncounter, renderOdds,
  renderOptions, setOptionValues } from "./view.js";

const SAVE_KEY = "woundbook.encounter.v1";
const PREVIOUS_KEY = "woundbook.previous.v1";
const SYSTEM = "typed";

let current = null;   // {encounter, view, fragment}: the engine's last answer
let schema = null;    // the system's schema, from the engine
let catalog = null;   // sample weapons and armour
let hazardChosen = false;  // the person picked "a hazard" as attacker (otherwise default to a combatant)

// -- storage -----------------------------------------------------------------------------------

function readSaved(key = SAVE_KEY) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function save(result) {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({
      encounter: result.encounter,
      names: result.view.roster.map((c) => c.name),
      saved: new Date().toISOString(),
    }));
  } catch (error) {
    banner(`Autosave failed (${error.name}): your browser's storage may be full. Use Share to keep a link.`);
  }
}

function keepPrevious() {
  const saved = localStorage.getItem(SAVE_KEY);
  if (saved) {
    try { localStorage.setItem(PREVIOUS_KEY, saved); } catch { /* the banner below still offers nothing to lose */ }
  }
}

// -- engine answers ----------------------------------------------------------------------------

function show(result) {
  current = result;
  renderEncounter(result.view, { onRemove: removeCombatant });
  setOptionValues(result.view.options);
  refreshAttackForm();
}

function commit(result) {
  show(result);
  save(result);
  history.replaceState(null, "", `#${result.fragment}`);
}

function run(method, request, onError = (error) => banner(error.message)) {
  const response = engine.call(method, request);
  if (!response.ok) {
    onError(response.error);
    if (response.error.kind === "internal") console.error(response.error.trace);
    return null;
  }
  return response.result;
}

// -- boot --------------------------------------------------------------------------------------

const saved = readSaved();
if (saved?.names) paintSavedNames(saved.names);

engine.ready.then(start, () => { /* engine.js has shown why */ });

function start() {
  const systems = run("systems", {});
  schema = systems.systems.find((system) => system.id === SYSTEM);
  catalog = run("catalog", { system: SYSTEM });
  setUpAddForm();
  renderOptions(schema.options, {}, changeOption);
  loadFirstEncounter();
  for (const id of ["add-submit", "roll", "use-dice", "share", "new-encounter"]) q(id).disabled = false;
  wireEvents();
  registerServiceWorker();
}

function loadFirstEncounter() {
  let base = null;
  if (saved?.encounter) {
    base = run("view", { encounter: saved.encounter }, (error) =>
      banner(`Your autosaved encounter could not be read (${error.message}); it is kept in storage untouched.`));
  }
  const link = location.hash.slice(1);
  if (link) {
    const opened = run("open_link", { link }, (error) =>
      banner(`This share link could not be opened: ${error.message}. ${base ? "Your encounter is unchanged." : ""}`));
    if (opened) {
      const same = base && JSON.stringify(base.encounter) === JSON.stringify(opened.encounter);
      if (base && !same) {
        keepPrevious();
        banner("Opened the shared encounter. Your previous encounter is kept.", "info",
          { label: "Restore it", run: restorePrevious });
      }
      commit(opened);
      return;
    }
  }
  if (base) show(base);
  else commit(run("new", { system: SYSTEM }));
}

function restorePrevious() {
  const previous = readSaved(PREVIOUS_KEY);
  if (!previous) return banner("There is no previous encounter to restore.");
  const result = run("view", { encounter: previous.encounter });
  if (!result) return;
  keepPrevious();  // swap: the encounter being replaced becomes the one that can be restored
  commit(result);
}

// -- adding combatants -------------------------------------------------------------------------

function setUpAddForm() {
  const sheetField = (name) => schema.actions.sheet.find((field) => field.name === name);
  fillSelect(q("add-skill"), sheetField("skill").choices);
  fillSelect(q("add-defence"), sheetField("defence").choices);
  q("add-skill").value = "0";
  q("add-defence").value = "0";
  const weapons = [{ value: "", label: "— none —" },
    ...catalog.weapons.map((w, i) => ({ value: String(i), label: `${w.name} ${w.notation}` }))];
  fillSelect(q("add-weapon"), weapons);
  fillSelect(q("add-weapon2"), weapons);
  q("add-weapon").value = String(catalog.weapons.findIndex((w) => w.name === "Shortsword"));
  fillSelect(q("add-armour"), [{ value: "", label: "— none —" },
    ...catalog.armour.map((a, i) => ({ value: String(i), label: `${a.name} ${a.notation}` }))]);
}

function sheetFromForm() {
  const form = q("add-form");
  const weapons = [];
  const typed = form.weapon_notation.value.trim();
  if (typed) weapons.push({ name: "Custom weapon", notation: typed });
  else if (form.weapon.value !== "") weapons.push(pick(catalog.weapons[Number(form.weapon.value)]));
  if (form.weapon2.value !== "") weapons.push(pick(catalog.weapons[Number(form.weapon2.value)]));
  const armourTyped = form.armour_notation.value.trim();
  const armourPick = form.armour.value === "" ? { name: "", notation: "" } : pick(catalog.armour[Number(form.armour.value)]);
  return {
    name: form.name.value,
    skill: Number(form.skill.value),
    defence: Number(form.defence.value),
    strength: form.strength.value.trim() === "" ? 0 : form.strength.value,
    weapons,
    armour: armourTyped ? { name: "Custom armour", notation: armourTyped } : armourPick,
  };
}

function pick(row) {
  return { name: row.name, notation: row.notation };
}

function addCombatant(event) {
  event.preventDefault();
  fieldError("add-error", "");
  const result = run("add", { encounter: current.encounter, sheet: sheetFromForm() },
    (error) => fieldError("add-error", error.message));
  if (!result) return;
  commit(result);
  const form = q("add-form");
  form.name.value = "";
  form.weapon_notation.value = "";
  form.armour_notation.value = "";
  form.name.focus();
}

function removeCombatant(id) {
  const result = run("remove", { encounter: current.encounter, id });
  if (result) commit(result);
}

// -- attacking ---------------------------------------------------------------------------------

function refreshAttackForm() {
  const roster = current.view.roster;
  const people = roster.map((c) => ({ value: c.id, label: c.name }));
  const attacker = q("attacker");
  const target = q("target");
  fillSelect(attacker, [...people, { value: "", label: "— a hazard (fire, fall…) —" }]);
  fillSelect(target, people);
  if (attacker.value === "" && !hazardChosen && roster.length) attacker.value = roster[0].id;
  if (roster.length >= 2 && attacker.value === target.value) {
    target.value = roster.find((c) => c.id !== attacker.value)?.id ?? target.value;
  }
  const who = roster.find((c) => c.id === attacker.value);
  const hazard = attacker.value === "";
  q("weapon-row").hidden = hazard;
  q("hazard-row").hidden = !hazard;
  q("margin-automatic-label").hidden = !hazard;
  q("use-strength").disabled = hazard;
  q("margin-rolled").disabled = hazard;
  if (hazard && q("margin-rolled").checked) q("margin-automatic").checked = true;
  if (!hazard && q("margin-automatic").checked) q("margin-typed").checked = true;
  const weapons = who ? who.weapons.map((w, i) => ({ value: String(i), label: `${w.name} ${w.notation}` })) : [];
  fillSelect(q("weapon"), weapons);
  const weapon = who?.weapons[Number(q("weapon").value)];
  fillSelect(q("mode"), weapon ? weapon.modes.map((m, i) => ({ value: String(i), label: m })) : []);
  const margin = marginKind();
  q("margin-of-success").disabled = margin !== "typed";
  q("dice-opposed").hidden = margin !== "rolled";
  q("dice-opposed-defence").hidden = margin !== "rolled";
  updateOdds();
}

function marginKind() {
  return q("attack-form").querySelector('input[name="margin"]:checked').value;
}

function attackInputs() {
  const form = q("attack-form");
  const inputs = {
    attacker: form.attacker.value,
    target: form.target.value,
    margin: marginKind(),
    slow_strike: form.slow_strike.checked,
    energy_allowance: Number(form.energy_allowance.value),
  };
  if (inputs.attacker === "") {
    inputs.hazard = form.hazard.value;
  } else {
    inputs.weapon = Number(form.weapon.value || 0);
    inputs.mode = Number(form.mode.value || 0);
    inputs.use_strength = form.use_strength.checked;
  }
  if (inputs.margin === "typed") inputs.margin_of_success = form.margin_of_success.value;
  return inputs;
}

function updateOdds() {
  fieldError("attack-error", "");
  if (!current || current.view.roster.length === 0) return renderOdds(null, "Add two combatants to see the odds.");
  if (current.view.roster.length < 2 && q("attacker").value !== "") {
    return renderOdds(null, "Add a second combatant, or pick a hazard as the attacker.");
  }
  const odds = run("odds", { encounter: current.encounter, action: "attack", inputs: attackInputs() }, (error) => {
    fieldError("attack-error", error.message);
    renderOdds(null, "Odds appear when the attack is complete.");
  });
  if (odds) renderOdds(odds);
}

function resolveAttack(useTypedDice) {
  fieldError("attack-error", "");
  const dice = {};
  if (useTypedDice) {
    const damage = q("dice-damage").value.trim();
    if (!damage && marginKind() !== "rolled") {
      return fieldError("attack-error", "Type the damage dice you rolled, e.g. [-][ ][+] or -0+ (use 0 or * for a blank).");
    }
    if (damage) dice.damage = damage;
    if (marginKind() === "rolled") {
      if (q("dice-attack").value.trim()) dice.attack = q("dice-attack").value.trim();
      if (q("dice-defence").value.trim()) dice.defence = q("dice-defence").value.trim();
    }
  }
  const result = run("act", { encounter: current.encounter, action: "attack", inputs: attackInputs(), dice },
    (error) => fieldError("attack-error", error.message));
  if (!result) return;
  for (const id of ["dice-damage", "dice-attack", "dice-defence"]) q(id).value = "";
  commit(result);
}

// -- undo, redo, share, new, options -----------------------------------------------------------

function undo() {
  if (!current?.view.can_undo) return;
  const result = run("undo", { encounter: current.encounter });
  if (result) commit(result);
}

function redo() {
  if (!current?.view.can_redo) return;
  const result = run("redo", { encounter: current.encounter });
  if (result) commit(result);
}

function share() {
  const url = `${location.href.split("#")[0]}#${current.fragment}`;
  q("share-link").value = url;
  q("share-size").textContent = `${url.length} characters.`;
  const dialog = q("share-dialog");
  if (!dialog.open) dialog.showModal();
  q("share-link").select();
}

async function copyShare() {
  const input = q("share-link");
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    q("share-size").textContent = "Copied to the clipboard.";
  } catch {
    q("share-size").textContent = "Select the link and copy it (the browser did not allow copying).";
  }
}

function newEncounter() {
  keepPrevious();
  const result = run("new", { system: SYSTEM, options: current?.view.options });
  if (!result) return;
  commit(result);
  banner("Started a new encounter. The previous one is kept.", "info", { label: "Restore it", run: restorePrevious });
}

function changeOption(name, value, option) {
  const typedValue = typeof option.default === "number" ? Number(value) : value;
  const options = { ...current.view.options, [name]: typedValue };
  const result = run("set_options", { encounter: current.encounter, options }, (error) => {
    banner(error.message);
    setOptionValues(current.view.options);
  });
  if (result) commit(result);
}

// -- events ------------------------------------------------------------------------------------

function wireEvents() {
  q("add-form").addEventListener("submit", addCombatant);
  const attackForm = q("attack-form");
  attackForm.addEventListener("change", (event) => {
    if (event.target.closest(".roll")) return;
    if (event.target.name === "attacker") hazardChosen = event.target.value === "";
    refreshAttackForm();
  });
  attackForm.addEventListener("input", (event) => {
    if (event.target.name === "margin_of_success" || event.target.name === "hazard") updateOdds();
  });
  attackForm.addEventListener("submit", (event) => event.preventDefault());
  q("roll").addEventListener("click", () => resolveAttack(false));
  q("use-dice").addEventListener("click", () => resolveAttack(true));
  for (const id of ["dice-damage", "dice-attack", "dice-defence"]) {
    q(id).addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); resolveAttack(true); }
    });
  }
  q("undo").addEventListener("click", undo);
  q("redo").addEventListener("click", redo);
  q("share").addEventListener("click", share);
  q("share-copy").addEventListener("click", copyShare);
  q("new-encounter").addEventListener("click", newEncounter);
  document.addEventListener("keydown", (event) => {
    const typing = event.target.matches?.("input, select, textarea");
    if (typing || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
  });
  window.addEventListener("hashchange", () => {
    const link = location.hash.slice(1);
    if (!link || link === current.fragment) return;
    const opened = run("open_link", { link }, (error) =>
      banner(`This share link could not be opened: ${error.message}. Your encounter is unchanged.`));
    if (opened) {
      keepPrevious();
      commit(opened);
      banner("Opened the shared encounter. Your previous encounter is kept.", "info",
        { label: "Restore it", run: restorePrevious });
    }
  });
}

// -- offline -----------------------------------------------------------------------------------

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register("sw.js").then((registration) => {
    const offer = (worker) => {
      if (!hadController) return;
      clearBanners("update");
      banner("A new version of Woundbook is ready.", "update", {
        label: "Reload", run: () => worker.postMessage("skip-waiting"),
      });
    };
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }).catch((error) => banner(`Offline use is unavailable: ${error.message}`, "info"));
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && !reloading) { reloading = true; location.reload(); }
  });
}

