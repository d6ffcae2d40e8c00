// The roster: one row per combatant, in the fight's turn order, each a name, a status, the wound record in its
// smallest honest form (compact.js), conditions as chips, the turn's mark and the role badges; a row's details
// control opens its full card (every widget, drawn by widgets.js). The game master may switch every row to its
// full card (remembered in this browser). Where the order is his to set, a row's handle moves it, by a drag or
// by the arrow keys. The engine says who stands where in the order and why; this module draws it and reports taps.

import { el, q, syncChildren } from "./dom.js";
import { compactRecord } from "./compact.js";
import { renderWidget } from "./widgets.js";

// Cards as rows (compact) or whole, as the game master last chose in this browser. Without a choice, a roster of
// more than three is drawn as rows: three full cards of any system fit a tablet with the action form and the dock,
// and a fourth does not (SLA's are some 500 px tall), while a few cards have the room to show every wound.
const MODE_KEY = "woundbook.roster";
const FULL_CARDS_UP_TO = 3;

const STANDS = { current: "now", done: "done", delayed: "delayed", waiting: "", unable: "skipped", idle: "" };

// A card is rebuilt only when what the engine says of it changed: a hit redraws the card it hit, not the roster
// (a chart of 108 cells on each of six cards is a long task). Choosing an actor or a target, the turn moving on and
// a row opened only change marks on the rows, so a tap that lands just after a field's change event still finds
// its card.
const drawnCards = new Map();   // combatant id -> {key, node}
const openRows = new Set();     // ids whose full card is open among the rows
let turnOrder = { order: [], movable: false, handlers: {} };
let shown = { count: 0, handlers: null };

// Returns the cards drawn anew (changed, or new), for the controller to show the person what a tap changed.
export function renderRoster(roster, picks, handlers) {
  const list = q("roster");
  const redrawn = [];
  const nodes = roster.map((card) => {
    const key = JSON.stringify(card) + (handlers ? "" : "#shell");   // the shell's cards take no taps
    const drawn = drawnCards.get(card.id);
    if (drawn?.key === key) return drawn.node;
    const node = renderCard(card, handlers);
    drawnCards.set(card.id, { key, node });
    redrawn.push(node);
    return node;
  });
  const ids = new Set(roster.map((card) => card.id));
  for (const id of drawnCards.keys()) if (!ids.has(id)) drawnCards.delete(id);
  for (const id of openRows) if (!ids.has(id)) openRows.delete(id);
  shown = { count: roster.length, handlers };
  syncChildren(list, inTurnOrder(nodes));
  list.dataset.next = picks.next ?? "";
  for (const node of list.children) {
    markPick(node, picks);
    markTurn(node);
  }
  list.classList.toggle("crowded", roster.length > 4);
  q("roster-empty").hidden = roster.length > 0;
  showMode();
  return redrawn;
}

// The fight's order (view.fight): the rows follow it, each saying where it stands. The controller calls this before
// or after renderRoster; either way the rows end in the order last given.
export function renderRowsOrder(fight, handlers) {
  turnOrder = { order: fight.order, movable: !fight.by_initiative && Boolean(handlers?.onReorder), handlers: handlers ?? {} };
  const list = q("roster");
  syncChildren(list, inTurnOrder([...list.children]));
  for (const node of list.children) markTurn(node);
}

function inTurnOrder(nodes) {
  const place = new Map(turnOrder.order.map((entry, index) => [entry.id, index]));
  const at = (node) => place.get(node.dataset.id) ?? place.size;
  return nodes.map((node, index) => ({ node, index })).sort((a, b) => at(a.node) - at(b.node) || a.index - b.index)
    .map(({ node }) => node);
}

// -- compact rows or full cards -------------------------------------------------------------------------

function storedMode() {
  try {
    const mode = localStorage.getItem(MODE_KEY);
    return mode === "compact" || mode === "full" ? mode : null;
  } catch {
    return null;   // storage refused (a private window): the default holds
  }
}

function currentMode() {
  return storedMode() ?? (shown.count > FULL_CARDS_UP_TO ? "compact" : "full");
}

// The choice holds on this page even where storage refuses it (then it is not kept across a reload).
let modeChosenHere = null;

function chooseMode(mode) {
  modeChosenHere = mode;
  try {
    localStorage.setItem(MODE_KEY, mode);
  } catch {
    // a private window, or storage full: this page keeps the choice
  }
  showMode();
}

function showMode() {
  const mode = modeChosenHere ?? currentMode();
  const list = q("roster");
  list.dataset.mode = mode;
  const toggle = q("roster-mode");
  toggle.setAttribute("aria-pressed", String(mode === "full"));
  toggle.onclick = () => chooseMode(mode === "full" ? "compact" : "full");
  q("roster-mode").hidden = shown.count === 0;
  for (const node of list.children) markOpen(node);
}

function markOpen(node) {
  const full = q("roster").dataset.mode === "full";
  const open = full || openRows.has(node.dataset.id);
  node.classList.toggle("open", open);
  const toggle = node.querySelector('[data-testid="card-details"]');
  if (!toggle) return;
  toggle.hidden = full;
  toggle.setAttribute("aria-expanded", String(open));
  toggle.textContent = open ? "\u25be" : "\u25b8";
}

function toggleRow(node) {
  const id = node.dataset.id;
  if (openRows.has(id)) openRows.delete(id);
  else openRows.add(id);
  markOpen(node);
}

// -- marks that change without the card: the picks and the turn ----------------------------------------

function markPick(node, picks) {
  const id = node.dataset.id;
  const role = id === picks.actor ? "actor" : id === picks.target ? "target" : "";
  node.dataset.role = role;
  node.classList.toggle("their-turn", id === picks.turn);
  node.classList.toggle("picked-actor", role === "actor");
  node.classList.toggle("picked-target", role === "target");
  const badge = node.querySelector('[data-testid="card-role"]');
  badge.hidden = !role;
  // The role the next tap on a card sets is marked on its badge, so the game master sees what a tap will do.
  const next = Boolean(role) && role === picks.next;
  badge.className = `badge ${role}${next ? " next" : ""}`;
  badge.textContent = role ? picks.labels?.[role] ?? role : "";
  badge.title = next ? "The next tap on a card changes this" : "";
}

// Each row is marked on every answer of the engine, twice (the roster and the order are both drawn): a row
// whose mark is as it was is left alone, with no text or class set again.
function markTurn(node) {
  const entry = turnOrder.order.find((one) => one.id === node.dataset.id);
  const stands = entry?.stands ?? "";
  const movable = turnOrder.movable && Boolean(shown.handlers) && Boolean(entry);
  const mark = [stands, entry?.why ?? "", entry?.label ?? "", entry ? "in" : "out", movable,
    Boolean(turnOrder.handlers.onAct)].join("\u0000");
  if (node.turnMark === mark) return;
  node.turnMark = mark;
  node.dataset.stands = stands;
  if (stands === "current") node.setAttribute("aria-current", "step");
  else node.removeAttribute("aria-current");
  const said = !entry ? "" : stands === "unable" ? (entry.why ? `skipped: ${entry.why}` : "skipped") : STANDS[stands] ?? "";
  const pill = node.querySelector('[data-testid="turn-stands"]');
  pill.textContent = said;
  pill.hidden = !said;
  pill.className = `turn-stands stands-${stands}`;
  const label = node.querySelector('[data-testid="turn-label"]');
  label.textContent = entry?.label ?? "";
  label.hidden = !entry?.label;
  const name = node.querySelector('[data-testid="combatant-name"]')?.textContent ?? "";
  const slot = node.querySelector(".turn-slot");
  let handle = slot.querySelector('[data-testid="turn-move"]');
  if (movable && !handle) {
    handle = el("button", { type: "button", class: "turn-move", testid: "turn-move", text: "\u2630",
      "aria-label": `Move ${name}: drag, or press the arrow keys`, onkeydown: (event) => moveByKey(event, node) });
    dragWith(handle, node);
    slot.prepend(handle);
  } else if (!movable && handle) handle.remove();
  const act = node.querySelector('[data-testid="turn-act"]');
  act.hidden = stands !== "delayed" || !turnOrder.handlers.onAct;
  act.onclick = () => turnOrder.handlers.onAct?.(node.dataset.id);
}

// -- a row and its full card ----------------------------------------------------------------------------

function renderCard(card, handlers) {
  // Marking by hand is a control of its own (the action a widget's tap names), never a side effect of a tap.
  const markAction = markingAction(card);
  // An open menu is scrolled into view: on a card low in a roster that scrolls (js/dock-room.js) it lies past the
  // list's edge, or under the dock.
  const menu = handlers ? el("details", { class: "card-menu", testid: "card-menu", ontoggle: (event) => {
    if (event.target.open) event.target.querySelector(".menu").scrollIntoView({ block: "nearest" });
  } },
    el("summary", { "aria-label": `More for ${card.name}`, title: "Mark, edit, hide, copy or remove" }, "\u22ef"),
    el("div", { class: "menu" },
      markAction ? el("button", { type: "button", testid: "mark-combatant", text: "Mark by hand",
        "aria-label": `Mark by hand: ${card.name}'s wounds`, onclick: () => handlers.onMark(card.id, markAction) }) : null,
      el("button", { type: "button", testid: "edit-combatant", text: "Edit", onclick: () => handlers.onEdit(card.id) }),
      el("button", { type: "button", testid: "conditions-combatant", text: "Conditions and note",
        onclick: () => handlers.onConditions(card.id) }),
      el("button", { type: "button", testid: "hide-combatant", text: card.hidden ? "Reveal to players" : "Hide from players",
        onclick: () => handlers.onHide(card.id, !card.hidden) }),
      el("button", { type: "button", testid: "duplicate-combatant", text: "Copy", onclick: () => handlers.onDuplicate(card.id) }),
      el("button", { type: "button", testid: "remove-combatant", text: "Remove", onclick: () => handlers.onRemove(card.id) }))) : null;
  const onTap = handlers ? (tap) => handlers.onTap(card.id, tap) : null;
  const gear = card.widgets.filter((widget) => widget.kind === "gear");
  const bodyId = `card-body-${card.id}`;
  const hintId = `card-pick-hint-${card.id}`;
  const warnings = (card.warnings ?? []).filter((words) => typeof words === "string" && words);
  let node;
  node = el("li", {
    class: `card severity-${card.status.severity}${card.hidden ? " unseen" : ""}`, testid: "combatant",
    dataset: { id: card.id, severity: card.status.severity, role: "", stands: "" },
  },
  el("span", { class: "badge", testid: "card-role", hidden: true }),
  handlers ? el("span", { id: hintId, hidden: true, text: "Choose for the action" }) : null,
  el("div", { class: "card-head" },
    el("span", { class: "turn-slot" }),
    // The name and where the turn stands, with the status, are one control: a tap chooses the card for the action.
    // dir="auto": a name in a right-to-left script, or holding direction controls, is laid out on its own.
    // Without handlers (the saved cards painted before the engine, a players' view) it is no control.
    // Its name is what it shows (the name, where the turn stands, the status: WCAG 2.5.3, so a person saying
    // "Cyrus" to voice control reaches it); what a tap does is its description.
    el(handlers ? "button" : "span", handlers ? { type: "button", class: "who", testid: "combatant-pick",
      "aria-describedby": hintId, title: card.name, onclick: () => handlers.onPick(card.id) } : { class: "who" },
    el("span", { class: "name", testid: "combatant-name", dir: "auto", title: card.name }, nameParts(card.name)),
    el("span", { class: "said" },
      el("span", { class: "turn-stands", testid: "turn-stands", hidden: true }),
      el("span", { class: `status ${card.status.severity}`, testid: "combatant-status", text: card.status.text }),
      el("span", { class: "small turn-label", testid: "turn-label", hidden: true }))),
    hiddenBadge(card, handlers),
    compactRecord(card),
    conditionChips(card),
    warnings.length ? el("span", { class: "warning-mark", testid: "card-warning-mark", role: "img",
      "aria-label": `Warning: ${warnings.join(" ")}`, title: warnings.join("\n"), text: "\u26a0" }) : null,
    gear.map((widget) => renderWidget(widget, onTap)),
    el("span", { class: "row-end" },
      el("button", { type: "button", class: "turn-act", testid: "turn-act", text: "Act now", hidden: true,
        "aria-label": `${card.name} acts now` }),
      el("button", { type: "button", class: "details-toggle", testid: "card-details", text: "\u25b8",
        "aria-expanded": "false", "aria-controls": bodyId, "aria-label": `Details: ${card.name}'s full card`,
        title: "The full card", onclick: () => toggleRow(node) }),
      menu)),
  el("div", { class: "card-body", id: bodyId, testid: "card-body" },
    warnings.length ? el("ul", { class: "card-warnings", testid: "card-warnings" },
      warnings.map((words) => el("li", { testid: "card-warning", text: words, dir: "auto" }))) : null,
    card.widgets.filter((widget) => widget.kind !== "gear").map((widget) => renderWidget(widget, onTap)),
    card.note ? el("p", { class: "note", testid: "card-note", text: card.note, dir: "auto" }) : null));
  if (handlers) {
    node.addEventListener("click", (event) => {
      if (event.target.closest("button, details, a, input, select")) return;
      handlers.onPick(card.id);
    });
  }
  return node;
}

// A name too long for its row is shortened in the middle, never at its end: "ST 10 broadsw… 3", so copies are told
// apart by the number How many gave them ("Arias th… Wanderer" likewise keeps the name's last word). The words stay
// whole in the text (a search, a screen reader, a copy); the head gives way with an ellipsis, the tail does not.
const TAIL = /^(.*\S)(\s+(?:\d+|\S{1,10}))$/su;

function nameParts(name) {
  const split = TAIL.exec(name);
  if (!split) return [el("span", { class: "name-head", text: name })];
  return [el("span", { class: "name-head", text: split[1], style: `--tail: ${split[2].length}` }),
    el("span", { class: "name-tail", text: split[2], style: `--tail: ${split[2].length}` })];
}

// A combatant hidden from the players carries a badge the game master cannot miss; a tap on it reveals him.
function hiddenBadge(card, handlers) {
  if (!card.hidden) return null;
  const words = "Hidden from the players";
  return el(handlers ? "button" : "span", { class: "hidden-badge", testid: "card-hidden", title: words,
    ...(handlers ? { type: "button", "aria-label": `${words}: tap to reveal ${card.name}`,
      onclick: () => handlers.onHide(card.id, false) } : {}) }, eyeSlash(), "Hidden");
}

const SVG = "http://www.w3.org/2000/svg";

function eyeSlash() {
  const icon = document.createElementNS(SVG, "svg");
  icon.setAttribute("viewBox", "0 0 24 24");
  icon.setAttribute("aria-hidden", "true");
  icon.setAttribute("class", "icon");
  for (const shape of ["M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z", "M12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6z",
    "M4 4l16 16"]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", shape);
    icon.append(path);
  }
  return icon;
}

// A card's conditions as chips on its row: "Blinded · 2 rounds left", "Prone · until removed", "Dodging · until
// the end of Kit's next turn" (the engine's `lasts`, for one a turn ends).
function conditionChips(card) {
  if (!card.conditions?.length) return null;
  return el("span", { class: "table-notes", testid: "card-notes" },
    card.conditions.map((condition) => el("span", { class: "condition", testid: "card-condition",
      text: `${condition.name} \u00b7 ${condition.lasts ?? roundsWords(condition.rounds)}`, dir: "auto" })));
}

export function roundsWords(rounds) {
  if (rounds === null || rounds === undefined) return "until removed";
  return `${rounds} round${rounds === 1 ? "" : "s"} left`;
}

// The action a tap on one of the card's widgets opens (marking by hand), if any.
function markingAction(card) {
  for (const widget of card.widgets) {
    const parts = [widget, ...(widget.levels ?? []), ...(widget.items ?? [])];
    // A diagram's tap picks a cell for an action's input (where a shot is aimed): it marks nothing.
    const tap = parts.find((part) => part?.tap && !part.tap.hex)?.tap;
    if (tap) return tap.action;
  }
  return null;
}

// -- moving a row in the order ----------------------------------------------------------------------------

function orderOf(list) {
  return [...list.children].map((node) => node.dataset.id);
}

// Arrow keys on a handle move its row one place; the new order goes to the engine at once, and the handle keeps
// the focus once the answer has redrawn the rows.
const EARLIER = ["ArrowUp", "ArrowLeft"];
const LATER = ["ArrowDown", "ArrowRight"];

function moveByKey(event, node) {
  const earlier = EARLIER.includes(event.key);
  if (!earlier && !LATER.includes(event.key)) return;
  event.preventDefault();
  const list = node.parentElement;
  const sibling = earlier ? node.previousElementSibling : node.nextElementSibling;
  if (!sibling) return;
  if (earlier) list.insertBefore(node, sibling);
  else list.insertBefore(sibling, node);
  const id = node.dataset.id;
  turnOrder.handlers.onReorder(orderOf(list));
  q("roster").querySelector(`[data-id="${CSS.escape(id)}"] [data-testid="turn-move"]`)?.focus({ preventScroll: true });
}

// Dragging by the handle with a finger, a pen or a mouse (pointer events: HTML drag and drop ignores touch).
// The row moves among the others as the pointer passes their middles; letting go sends the order.
function dragWith(handle, node) {
  handle.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const list = node.parentElement;
    const pointer = event.pointerId;
    const before = orderOf(list).join(" ");
    node.classList.add("dragging");
    // Followed on the window, not by capturing the pointer: moving the row in the list takes the handle out of the
    // document for a moment, and a capture does not survive that.
    const move = (moved) => {
      if (moved.pointerId !== pointer) return;
      moved.preventDefault();
      // Full cards may stand two to a row: the pointer goes before the first card on a lower row, or before the
      // first on its own row whose middle it is left of (rows of one card: before the first whose middle is below).
      const next = [...list.children].find((other) => {
        if (other === node) return false;
        const box = other.getBoundingClientRect();
        const alone = box.width > list.clientWidth * 0.75;
        return alone ? moved.clientY < box.top + box.height / 2
          : moved.clientY < box.top || (moved.clientY <= box.bottom && moved.clientX < box.left + box.width / 2);
      });
      if (next) { if (node.nextElementSibling !== next) list.insertBefore(node, next); }
      else if (list.lastElementChild !== node) list.append(node);
    };
    const done = (ended) => {
      if (ended.pointerId !== pointer) return;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", done);
      window.removeEventListener("pointercancel", done);
      node.classList.remove("dragging");
      const after = orderOf(list);
      if (after.join(" ") !== before) turnOrder.handlers.onReorder(after);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", done);
    window.addEventListener("pointercancel", done);
  });
}
