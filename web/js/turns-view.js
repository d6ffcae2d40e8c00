// The fight as the engine describes it (view.fight): the round and whose turn it is in the dock, always on screen,
// and the phase's order above the cards, which the game master may rearrange by dragging a name's handle or with
// the arrow keys on it, where the order is his to set (not rolled). The engine says who stands where and why;
// this module only draws it and reports the taps.

import { el, q } from "./dom.js";

const STANDS = { current: "now", done: "done", delayed: "delayed", waiting: "", unable: "skipped", idle: "" };

// The dock's line: "Round 2 · Phase 1 · Kit's turn", Start fight before the first round, Next and Delay after.
export function renderTurnBar(fight, hasRoster, onAct = () => {}) {
  const bar = q("turn-bar");
  bar.hidden = !hasRoster && !fight.started;
  const current = fight.order.find((entry) => entry.id === fight.current);
  const parts = fight.started
    ? [`Round ${fight.round}`, fight.phase || null, current ? `${current.name}'s turn` : "nobody's turn"]
    : ["Not in a fight"];
  q("turn-status").textContent = parts.filter(Boolean).join(" \u00b7 ");
  q("turn-start").hidden = fight.started;
  q("turn-next").hidden = !fight.started;
  q("turn-delay").hidden = !fight.started || !current;
  // Nobody's turn, with turns held (delayed): the dock offers them beside the engine's hint, for the order above
  // the cards may be scrolled away, and Next would let them go.
  const held = fight.started && !current ? fight.order.filter((entry) => entry.stands === "delayed") : [];
  const hint = fight.hint;
  q("turn-hint").hidden = !hint;
  q("turn-hint-text").textContent = hint?.text ?? "";
  q("turn-hint-go").hidden = !hint?.action;
  q("turn-held").replaceChildren(...held.map((entry) => el("button", { type: "button", testid: "turn-held-act",
    text: `${entry.name} acts now`, onclick: () => onAct(entry.id) })));
}

// The order of this phase, above the cards. Entries are rebuilt on each answer (a handful of names); a drag in
// progress is never interrupted, because no answer arrives during one.
// Before the fight it stays folded to one line (the game master opens it to set the order), so the cards keep the
// screen; the fight's start unfolds it, as a row of names that wraps.
let unfoldedFor = false;

export function renderTurnOrder(fight, handlers) {
  const box = q("turn-order");
  box.hidden = !fight.order.length;
  if (fight.started !== unfoldedFor) {
    unfoldedFor = fight.started;
    box.open = fight.started;
  }
  q("turn-order-title").textContent = fight.started
    ? `Turn order \u00b7 round ${fight.round}${fight.phase ? ` \u00b7 ${fight.phase}` : ""}` : "Turn order";
  q("turn-how").textContent = fight.how;
  q("turn-how").hidden = fight.started;    // said before the fight; once it runs, the order speaks for itself
  q("turn-end").hidden = !fight.started;
  const list = q("turn-list");
  const movable = !fight.by_initiative;
  list.replaceChildren(...fight.order.map((entry) => turnEntry(entry, movable, handlers)));
}

function turnEntry(entry, movable, handlers) {
  const said = entry.stands === "unable" ? `skipped: ${entry.why}` : STANDS[entry.stands];
  const node = el("li", { class: `turn-entry stands-${entry.stands}`, testid: "turn-entry",
    dataset: { id: entry.id, stands: entry.stands }, "aria-current": entry.stands === "current" ? "step" : null },
  movable ? el("button", { type: "button", class: "turn-move", testid: "turn-move", text: "\u2630",
    "aria-label": `Move ${entry.name}: drag, or press the arrow keys`,
    onkeydown: (event) => moveByKey(event, node, handlers) }) : null,
  el("span", { class: "turn-name", testid: "turn-name", text: entry.name, dir: "auto" }),
  entry.label ? el("span", { class: "small turn-label", testid: "turn-label", text: entry.label }) : null,
  said ? el("span", { class: "turn-stands", testid: "turn-stands", text: said }) : null,
  entry.stands === "delayed" ? el("button", { type: "button", testid: "turn-act", text: "Act now",
    "aria-label": `${entry.name} acts now`, onclick: () => handlers.onAct(entry.id) }) : null);
  if (movable) dragWith(node.querySelector(".turn-move"), node, handlers);
  return node;
}

function orderOf(list) {
  return [...list.children].map((node) => node.dataset.id);
}

// Arrow keys on a handle move its name one place; the new order goes to the engine at once, and the handle
// keeps the focus once the answer has redrawn the list.
const EARLIER = ["ArrowUp", "ArrowLeft"];
const LATER = ["ArrowDown", "ArrowRight"];

function moveByKey(event, node, handlers) {
  const earlier = EARLIER.includes(event.key);
  if (!earlier && !LATER.includes(event.key)) return;
  event.preventDefault();
  const list = node.parentElement;
  const sibling = earlier ? node.previousElementSibling : node.nextElementSibling;
  if (!sibling) return;
  if (earlier) list.insertBefore(node, sibling);
  else list.insertBefore(sibling, node);
  const id = node.dataset.id;
  handlers.onReorder(orderOf(list));
  q("turn-list").querySelector(`[data-id="${CSS.escape(id)}"] .turn-move`)?.focus({ preventScroll: true });
}

// Dragging by the handle with a finger, a pen or a mouse (pointer events: HTML drag and drop ignores touch).
// The name moves among the others as the pointer passes their middles; letting go sends the order.
function dragWith(handle, node, handlers) {
  handle.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const list = node.parentElement;
    const pointer = event.pointerId;
    const before = orderOf(list).join(" ");
    node.classList.add("dragging");
    // Followed on the window, not by capturing the pointer: moving the entry in the list takes the handle out of
    // the document for a moment, and a capture does not survive that.
    const move = (moved) => {
      if (moved.pointerId !== pointer) return;
      moved.preventDefault();
      // The names wrap in rows: the pointer goes before the first name on a lower row, or before the first on
      // its own row whose middle it is left of.
      const next = [...list.children].find((other) => {
        if (other === node) return false;
        const box = other.getBoundingClientRect();
        return moved.clientY < box.top || (moved.clientY <= box.bottom && moved.clientX < box.left + box.width / 2);
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
      if (after.join(" ") !== before) handlers.onReorder(after);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", done);
    window.addEventListener("pointercancel", done);
  });
}

// A card's conditions and note, under its widgets: "Blinded · 2 rounds", "Prone · until removed", the note.
export function tableNotes(card) {
  if (!card.conditions?.length && !card.note) return null;
  return el("div", { class: "table-notes", testid: "card-notes" },
    (card.conditions ?? []).map((condition) => el("span", { class: "condition", testid: "card-condition",
      text: `${condition.name} \u00b7 ${roundsWords(condition.rounds)}`, dir: "auto" })),
    card.note ? el("p", { class: "note", testid: "card-note", text: card.note, dir: "auto" }) : null);
}

export function roundsWords(rounds) {
  if (rounds === null || rounds === undefined) return "until removed";
  return `${rounds} round${rounds === 1 ? "" : "s"} left`;
}

// The conditions dialog's list: each condition with its Remove button.
export function renderConditions(card, onRemove) {
  q("conditions-title").textContent = `${card.name}: conditions and note`;
  const list = q("conditions-list");
  const held = card.conditions ?? [];
  list.replaceChildren(...held.map((condition, index) => el("li", { testid: "condition-entry" },
    el("span", { dir: "auto", text: `${condition.name} \u00b7 ${roundsWords(condition.rounds)}` }),
    el("button", { type: "button", testid: "condition-remove", text: "Remove",
      "aria-label": `Remove ${condition.name}`, onclick: () => onRemove(index) }))));
  q("conditions-empty").hidden = held.length > 0;
}
