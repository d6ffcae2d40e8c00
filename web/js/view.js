// The view: the only module that builds or changes the DOM. Text always goes in with
// textContent (through el()), so a name such as <img src=x onerror=alert(1)> shows as text.

export const q = (testid, scope = document) => scope.querySelector(`[data-testid="${testid}"]`);

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "testid") node.dataset.testid = value;
    else if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// -- banners and field errors ------------------------------------------------------------------

export function banner(message, kind = "error", action = null) {
  const box = el("div", { class: `banner ${kind}`, testid: "banner", role: kind === "error" ? "alert" : "status", dataset: { kind } },
    el("span", { testid: "banner-text", text: message }));
  const buttons = el("span", { class: "row" });
  if (action) {
    buttons.append(el("button", { type: "button", testid: "banner-action", text: action.label,
      onclick: () => { box.remove(); action.run(); } }));
  }
  buttons.append(el("button", { type: "button", testid: "banner-close", "aria-label": "Dismiss", text: "×",
    onclick: () => box.remove() }));
  box.append(buttons);
  q("banners").append(box);
  return box;
}

export function clearBanners(kind = null) {
  for (const box of q("banners").querySelectorAll(".banner")) {
    if (!kind || box.dataset.kind === kind) box.remove();
  }
}

export function fieldError(testid, message) {
  q(testid).textContent = message || "";
}

// -- selects -----------------------------------------------------------------------------------

export function fillSelect(select, choices) {
  const previous = select.value;
  select.replaceChildren(...choices.map((choice) => el("option", { value: String(choice.value), text: choice.label })));
  if (choices.some((choice) => String(choice.value) === previous)) select.value = previous;
}

// -- the shell, before the engine answers ------------------------------------------------------

export function paintSavedNames(names) {
  const list = q("roster");
  list.replaceChildren(...names.map((name) =>
    el("li", { class: "combatant", testid: "combatant" }, el("span", { class: "name", testid: "combatant-name", text: name }))));
  q("roster-empty").hidden = names.length > 0;
}

// -- the encounter -----------------------------------------------------------------------------

export function renderEncounter(view, { onRemove }) {
  q("system-name").textContent = view.system.name;
  const list = q("roster");
  list.replaceChildren(...view.roster.map((combatant) => renderCombatant(combatant, onRemove)));
  q("roster-empty").hidden = view.roster.length > 0;
  renderLog(view.log);
  const undo = q("undo");
  undo.disabled = !view.can_undo;
  undo.title = view.can_undo ? `Undo: ${view.undo_label} (Ctrl+Z)` : "Nothing to undo";
  const redo = q("redo");
  redo.disabled = !view.can_redo;
  redo.title = view.can_redo ? `Redo: ${view.redo_label} (Ctrl+Shift+Z)` : "Nothing to redo";
}

function renderCombatant(combatant, onRemove) {
  const statusClass = combatant.taken_out ? "out" : combatant.penalty < 0 ? "hurt" : "";
  const armour = combatant.armour;
  return el("li", { class: `combatant${combatant.taken_out ? " out" : ""}`, testid: "combatant", dataset: { id: combatant.id } },
    el("header", {},
      el("span", { class: "name", testid: "combatant-name", text: combatant.name }),
      el("span", { class: `status ${statusClass}`, testid: "combatant-status", text: combatant.status }),
      el("button", { type: "button", testid: "remove-combatant", "aria-label": `Remove ${combatant.name}`, text: "Remove",
        onclick: () => onRemove(combatant.id) })),
    el("div", { class: "gear" },
      combatant.stats.map((stat) => `${stat.label} ${stat.value}`).join(" · "), el("br"),
      combatant.weapons.length ? combatant.weapons.map((w) => `${w.name} ${w.notation}`).join(", ") : "No weapon",
      " · ",
      el("span", { testid: "combatant-armour", class: armour.worn ? "worn" : "",
        text: `Armour ${armour.name ? armour.name + " " : ""}${armour.notation}${armour.worn ? ` (was ${armour.original})` : ""}` })),
    el("div", { class: "track", testid: "track" },
      combatant.track.map((level) =>
        el("span", { class: "level", title: level.penalty === null ? "Taken out" : `${level.penalty} to all actions` },
          level.name,
          level.boxes.map((marked) => el("span", { class: "box", testid: "track-box", dataset: { marked: String(marked), level: level.name } }))))));
}

// Log entries never change once written, so an entry already on screen is kept, not rebuilt:
// a tap draws one new entry however long the log has grown.
const drawnEntries = new Map();

function renderLog(entries) {
  const keep = new Map();
  const nodes = entries.slice().reverse().map((entry) => {
    const key = JSON.stringify(entry);
    const node = drawnEntries.get(key) ?? renderEntry(entry);
    keep.set(key, node);
    return node;
  });
  drawnEntries.clear();
  for (const [key, node] of keep) drawnEntries.set(key, node);
  const log = q("log");
  const same = nodes.length === log.children.length && nodes.every((node, i) => log.children[i] === node);
  if (!same) log.replaceChildren(...nodes);
}

function renderEntry(entry) {
  return el("li", { class: "log-entry", testid: "log-entry", value: entry.index },
    el("div", { class: "title", testid: "log-title", text: entry.title }),
    entry.steps.length ? el("ol", {}, entry.steps.map(renderStep)) : null,
    el("div", { class: "outcome", testid: "log-outcome", text: entry.outcome }));
}

function renderStep(step) {
  return el("li", { testid: "log-step" },
    step.text,
    step.rule ? el("span", { class: "rule", text: `(${step.rule})` }) : null,
    step.dice ? el("span", { class: "dice", testid: "log-dice", dataset: { roll: step.roll, faces: step.dice.join("") },
      "aria-label": `${step.roll} dice` },
      " ", step.dice.map((face) => el("span", { class: "die", text: face === "0" ? "\u00a0" : face }))) : null);
}

// -- the odds ----------------------------------------------------------------------------------

export function renderOdds(odds, message = "") {
  const chart = q("odds-chart");
  if (!odds) {
    q("odds-summary").textContent = message;
    chart.replaceChildren();
    return;
  }
  const pool = odds.pool === null ? "pool depends on the opposed roll" : `${odds.pool} ${odds.pool === 1 ? "die" : "dice"} to roll`;
  q("odds-summary").textContent =
    `${odds.title}: ${pool}; hits ${odds.hit.percent}, expected damage ${odds.expected_damage}.`;
  q("odds-summary").dataset.pool = odds.pool === null ? "" : String(odds.pool);
  chart.replaceChildren(
    el("h3", { text: "Target afterwards" }), ...odds.conditions.flatMap((bar) => renderBar(bar, "odds-condition")),
    el("h3", { text: "Damage (successes)" }), ...odds.successes.flatMap((bar) => renderBar(bar, "odds-bar")));
}

function renderBar(bar, testid) {
  return [
    el("span", { testid, text: bar.label, title: `${bar.fraction}` }),
    el("span", { class: "track-bar", role: "img", "aria-label": `${bar.label}: ${bar.percent}` },
      el("span", { class: "fill", style: `width: ${Math.max(0, Math.min(100, bar.probability * 100)).toFixed(2)}%; display: block` })),
    el("span", { class: "pct", testid: `${testid}-percent`, text: bar.percent, title: bar.fraction }),
  ];
}

// -- options -----------------------------------------------------------------------------------

export function renderOptions(schema, current, onChange) {
  const form = q("options-form");
  form.replaceChildren(...schema.map((option) => {
    const select = el("select", { name: option.name, testid: `option-${option.name}`,
      onchange: () => onChange(option.name, select.value, option) });
    fillSelect(select, option.choices);
    select.value = String(current[option.name]);
    return el("label", {}, `${option.label} (${option.decision})`, select);
  }));
}

export function setOptionValues(current) {
  for (const [name, value] of Object.entries(current)) {
    const select = q(`option-${name}`);
    if (select) select.value = String(value);
  }
}
