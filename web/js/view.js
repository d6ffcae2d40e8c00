// The view: the module family that builds and changes the DOM (with dom.js, widgets.js, forms.js).
// It draws what the engine describes and nothing else: cards, the log, the odds, the dice prompt.

import { el, fillSelect, q } from "./dom.js";
import { renderTable, renderWidget } from "./widgets.js";

// -- the roster -------------------------------------------------------------------------------------

// picks: {actor, target} ids chosen for the current action, shown on the cards.
// Cards are rebuilt only when the engine's roster changed; choosing an actor or a target only moves
// the marks, so a tap that lands just after a field's change event still finds its card.
let drawnRoster = "";

export function renderRoster(roster, picks, handlers) {
  const list = q("roster");
  const key = JSON.stringify(roster) + (handlers ? "" : "#shell");
  if (key !== drawnRoster) {
    drawnRoster = key;
    list.replaceChildren(...roster.map((card) => renderCard(card, handlers)));
  }
  for (const node of list.children) markPick(node, picks);
  list.classList.toggle("crowded", roster.length > 4);
  q("roster-empty").hidden = roster.length > 0;
}

function markPick(node, picks) {
  const id = node.dataset.id;
  const role = id === picks.actor ? "actor" : id === picks.target ? "target" : "";
  node.dataset.role = role;
  node.classList.toggle("picked-actor", role === "actor");
  node.classList.toggle("picked-target", role === "target");
  const badge = node.querySelector('[data-testid="card-role"]');
  badge.hidden = !role;
  badge.className = `badge ${role}`;
  badge.textContent = role ? picks.labels?.[role] ?? role : "";
}

function renderCard(card, handlers) {
  const menu = handlers ? el("details", { class: "card-menu", testid: "card-menu" },
    el("summary", { "aria-label": `More for ${card.name}`, title: "Edit, copy or remove" }, "⋯"),
    el("div", { class: "menu" },
      el("button", { type: "button", testid: "edit-combatant", text: "Edit", onclick: () => handlers.onEdit(card.id) }),
      el("button", { type: "button", testid: "duplicate-combatant", text: "Copy", onclick: () => handlers.onDuplicate(card.id) }),
      el("button", { type: "button", testid: "remove-combatant", text: "Remove", onclick: () => handlers.onRemove(card.id) }))) : null;
  const onTap = handlers ? (tap) => handlers.onTap(card.id, tap) : null;
  // Gear goes on the name's line, where a tablet card has room, so crowded cards still show it.
  const gear = card.widgets.filter((widget) => widget.kind === "gear");
  const node = el("li", {
    class: `card severity-${card.status.severity}`, testid: "combatant",
    dataset: { id: card.id, severity: card.status.severity, role: "" },
  },
  el("span", { class: "badge", testid: "card-role", hidden: true }),
  el("div", { class: "card-head" },
    el("button", { type: "button", class: "name", testid: "combatant-name", text: card.name,
      "aria-label": `${card.name}: choose for the action`, title: card.name,
      onclick: handlers ? () => handlers.onPick(card.id) : null }),
    gear.map((widget) => renderWidget(widget, onTap)),
    el("span", { class: `status ${card.status.severity}`, testid: "combatant-status", text: card.status.text }),
    menu),
  card.widgets.filter((widget) => widget.kind !== "gear").map((widget) => renderWidget(widget, onTap)));
  if (handlers) {
    node.addEventListener("click", (event) => {
      if (event.target.closest("button, details, a, input, select")) return;
      handlers.onPick(card.id);
    });
  }
  return node;
}

// -- the log ----------------------------------------------------------------------------------------

// Log entries never change once written, so an entry already on screen is kept, not rebuilt.
const drawnEntries = new Map();

export function renderLog(entries) {
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

function renderDice(step) {
  const who = step.by === "app" ? "rolled by the app" : step.by === "both"
    ? `rolled at the table, the last ${step.by_app} by the app` : "rolled at the table";
  return el("span", { class: "dice", testid: "log-dice", dataset: { roll: step.roll, faces: step.dice.join(""), by: step.by },
    role: "img", "aria-label": `${step.roll} dice ${who}: ${step.dice.map(faceWord).join(", ") || "none"}`, title: who },
  " ", step.dice.map((face) => el("span", { class: "die", text: face === "0" ? "\u00a0" : String(face) })),
  step.by === "app" ? el("span", { class: "by-app", text: "app" }) : null,
  step.by === "both" ? el("span", { class: "by-app", text: `last ${step.by_app} by the app` }) : null);
}

function faceWord(face) {
  return face === "0" ? "blank" : face === "-" ? "minus" : face === "+" ? "plus" : String(face);
}

// The newest result, beside the Roll button; announced politely to screen readers.
export function renderLatest(entry) {
  const box = q("latest");
  const key = entry ? JSON.stringify(entry) : "";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(entry ? el("div", { class: "latest-entry" },
    el("div", { class: "outcome", testid: "latest-outcome", text: entry.outcome }),
    el("div", { class: "title", testid: "latest-title", text: entry.title }),
    el("details", { class: "latest-steps" }, el("summary", { text: "Why" }),
      el("ol", { class: "steps" }, entry.steps.map(renderStep)))) : "");
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
}

// -- odds -------------------------------------------------------------------------------------------

export function renderOdds(odds, message = "") {
  const chart = q("odds-chart");
  const summary = q("odds-summary");
  if (!odds) {
    summary.textContent = message ? `Odds: ${message}` : "Odds";
    summary.dataset.pool = "";
    chart.replaceChildren();
    return;
  }
  summary.textContent = `Odds, ${odds.title}: ${odds.summary}`;
  summary.dataset.pool = odds.pool === null || odds.pool === undefined ? "" : String(odds.pool);
  // Charts of bars, then any tables (a comparison may be all tables and no chart).
  chart.replaceChildren(...odds.charts.map((one, index) => el("div", { class: "one-chart", testid: "odds-group" },
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

// -- the dice prompt --------------------------------------------------------------------------------

export function renderPrompt(needs, onFace) {
  const prompt = q("dice-prompt");
  if (!needs) {
    prompt.hidden = true;
    return;
  }
  prompt.hidden = false;
  prompt.dataset.roll = needs.roll;
  prompt.dataset.count = String(needs.count);
  q("dice-why").textContent = needs.why;
  q("dice-entry").value = "";
  q("dice-entry").setAttribute("aria-label", `${needs.dice} for the ${needs.roll} roll`);
  q("dice-faces").replaceChildren(...needs.faces.map((face) => el("button", {
    type: "button", class: "face", testid: "dice-face", dataset: { face: String(face.value) },
    "aria-label": `Add a ${face.label} face`, text: face.label === "blank" ? "\u2003" : face.label,
    title: face.label, onclick: () => onFace(face),
  })));
  q("dice-error").textContent = "";
}

// -- the new-encounter picker and the options ---------------------------------------------------------

export function renderSystemPicker(systems, current) {
  const picker = q("system-picker");
  picker.replaceChildren(el("legend", { text: "Rule system" }), ...systems.map((system) => el("label", { class: "system-choice" },
    el("input", { type: "radio", name: "system", value: system.id, testid: "system-choice",
      checked: system.id === current }),
    el("span", {}, el("strong", { text: system.name }), el("span", { class: "small source", text: system.source })))));
}

let drawnOptions = "";

export function renderOptions(schema, values, fixed, onChange) {
  const form = q("options-form");
  const key = JSON.stringify([schema, values, fixed]);
  if (key === drawnOptions) return;
  drawnOptions = key;
  form.replaceChildren(...schema.map((option) => {
    const select = el("select", { name: option.name, testid: `option-${option.name}`, disabled: fixed,
      onchange: () => onChange(option, select.selectedIndex) });
    fillSelect(select, option.choices.map((choice, index) => ({ value: index, label: choice.label })));
    select.selectedIndex = Math.max(0, option.choices.findIndex((choice) => String(choice.value) === String(values[option.name])));
    return el("label", {}, option.label, select);
  }));
  q("options-note").textContent = fixed
    ? "Options are fixed once the first action is resolved; start a new encounter to change them."
    : "Options can change until the first action is resolved.";
}
