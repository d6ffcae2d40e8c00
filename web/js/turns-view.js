// The fight as the engine describes it (view.fight): the round and whose turn it is in the dock, always on screen;
// the phase's order is the roster's own (roster-view.js: the rows stand in it, and move by a handle where the order
// is the game master's to set). The engine says who stands where and why; this module only draws it.

import { el, q } from "./dom.js";
import { renderRowsOrder, roundsWords } from "./roster-view.js";

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
  // Initiative for all, where the order is the game master's: the engine says what is rolled ("" : not offered).
  // Before the fight, beside Start fight: once it runs, the dock keeps to Delay and Next turn, one line on a phone
  // (the rows' handles still reorder it, and the fight's end brings the button back).
  q("turn-initiative").hidden = !fight.initiative || !hasRoster || fight.started;
  q("turn-initiative").title = fight.initiative ?? "";
  q("turn-next").hidden = !fight.started;
  q("turn-delay").hidden = !fight.started || !current;
  // Nobody's turn, with turns held (delayed): the dock offers them beside the engine's hint, for their rows may
  // be scrolled away, and Next would let them go.
  const held = fight.started && !current ? fight.order.filter((entry) => entry.stands === "delayed") : [];
  const hint = fight.hint;
  q("turn-hint").hidden = !hint;
  q("turn-hint-text").textContent = hint?.text ?? "";
  q("turn-hint-go").hidden = !hint?.action;
  q("turn-held").replaceChildren(...held.map((entry) => el("button", { type: "button", testid: "turn-held-act",
    text: `${entry.name} acts now`, onclick: () => onAct(entry.id) })));
}

// What keeps the turn's fighter from the action on show (the engine's words: "Shrike has no weapons; add one to
// the sheet"), and the button that opens his sheet; null: nothing does.
export function renderTurnWarning(warning) {
  q("turn-warning").hidden = !warning;
  q("turn-warning-text").textContent = warning?.text ?? "";
  const edit = q("turn-warning-edit");
  edit.textContent = warning ? `Edit ${warning.name}` : "";
  edit.onclick = warning?.onEdit ?? null;
}

// The order of this phase is the roster's: the rows stand in it, each saying where it stands (roster-view.js).
// Here only what goes with it: how the order is set (said before the fight), and End fight once it runs.
export function renderTurnOrder(fight, handlers) {
  q("turn-how").textContent = fight.how ?? "";
  q("turn-how").hidden = fight.started || !fight.how || !fight.order.length;
  q("turn-end").hidden = !fight.started;
  renderRowsOrder(fight, handlers);
}

// The conditions dialog's list: each condition with its Remove button.
export function renderConditions(card, onRemove) {
  q("conditions-title").textContent = `${card.name}: conditions and note`;
  const list = q("conditions-list");
  const held = card.conditions ?? [];
  list.replaceChildren(...held.map((condition, index) => el("li", { testid: "condition-entry" },
    el("span", { dir: "auto", text: `${condition.name} \u00b7 ${condition.lasts ?? roundsWords(condition.rounds)}` }),
    el("button", { type: "button", testid: "condition-remove", text: "Remove",
      "aria-label": `Remove ${condition.name}`, onclick: () => onRemove(index) }))));
  q("conditions-empty").hidden = held.length > 0;
}

// The conditions the system names, then common ones: each a chip that adds it at a tap ({name, source}).
export function renderPresets(presets, onTap) {
  q("condition-presets").replaceChildren(...presets.map((preset) => el("button", { type: "button",
    testid: "condition-preset", text: preset.name, title: preset.source, dir: "auto",
    onclick: () => onTap(preset.name) })));
}
