// What the page does with an answer, in order: the one place that says who listens to the state (js/state.js) and
// in what order they draw. A view is handed the state and draws it; it imports neither this module nor the
// actions. A new panel is one module with a function that draws it, and one line here.
//
//   control (a tap) -> action (js/dice-flow.js, js/fight-controls.js, ...) -> engine (js/ask.js run)
//     -> state (show / commit / replace) -> the listeners below, in this order -> the views
//
// Imported by js/app.js alone, which calls `follow()` before the first answer.

import { q } from "./dom.js";
import { listen, app, actionForms } from "./state.js";
import { bringIntoView } from "./dock-room.js";
import { showLink } from "./keep.js";
import { renderTurnBar, renderTurnOrder } from "./turns-view.js";
import { renderLatest, renderLog, renderOptions, showOdds } from "./view.js";
import { renderPrompt } from "./prompt-view.js";
import { drawAction, drawRoster } from "./action-panel.js";
import { drawConditions } from "./conditions-dialog.js";
import { closeStalePrompt } from "./dice-prompt.js";
import { changeOption } from "./encounter-tools.js";
import { keep } from "./entries.js";
import { oddsAfterPaint } from "./odds.js";
import { actNow, reorder } from "./fight-controls.js";
import { followRound, followTurn } from "./follow-turn.js";
import { redrawLibrary } from "./library-actions.js";
import { playersChanged } from "./players-window.js";
import { followOptions, useSystem } from "./system-forms.js";

export function follow() {
  // Every answer on screen (view: the answer's view).
  listen("shown", closeStalePrompt);   // first: a prompt still open belongs to the encounter being replaced
  listen("shown", useSystem);          // the system's forms, built the first time one of its encounters is shown
  listen("shown", followOptions);      // the tabs and forms follow the options before anything reads them
  listen("shown", drawHeader);
  listen("shown", (view) => renderLog(view.log));
  listen("shown", (view) => renderLatest(view.log.length ? view.log[view.log.length - 1] : null));
  listen("shown", drawUndoRedo);
  listen("shown", (view) => renderOptions(app.system.options, view.options, view.options_fixed, changeOption));
  listen("shown", () => { q("open-tables").hidden = !app.system.tables?.length; });
  listen("shown", (view) => followRound(view.fight));
  listen("shown", () => actionForms.get(app.actionId)?.refresh());   // the others, when their tab is chosen
  listen("shown", (view) => followTurn(view.fight));
  listen("shown", (view) => renderTurnBar(view.fight, view.roster.length > 0, actNow));
  listen("shown", (view) => renderTurnOrder(view.fight, { onReorder: reorder, onAct: actNow }));
  listen("shown", () => { if (q("conditions-dialog").open) drawConditions(); });
  listen("shown", () => drawRoster());
  listen("shown", oddsAfterPaint);     // last: the result comes first, the odds once it is painted
  // The encounter moved on by a tap here (result: the engine's answer).
  listen("committed", showChanged);
  listen("committed", keep);           // saved into its entry in the library (js/entries.js)
  // Another encounter, or this one moved on.
  listen("changed", (result) => showLink(result.fragment));   // the address bar
  listen("changed", playersChanged);   // the players' window, once the page is idle
  // The action on show, the picks and the odds, as a tap changes them (no answer with it).
  listen("action", drawAction);
  listen("picked", (refusal) => drawRoster(refusal));
  listen("odds", showOdds);
  // Dice asked for, or no longer (pending: app.pending).
  listen("prompt", (pending) => renderPrompt(pending?.needs ?? null, pending?.ask.about ?? ""));
  // The saved encounters changed (here or in another tab).
  listen("library", redrawLibrary);
}

function drawHeader(view) {
  q("system-name").textContent = view.system.name;
  q("system-name").title = view.system.source;
}

function drawUndoRedo(view) {
  const undo = q("undo");
  undo.disabled = !view.can_undo;
  undo.title = view.can_undo ? `Undo: ${view.undo_label} (Ctrl+Z)` : "Nothing to undo";
  const redo = q("redo");
  redo.disabled = !view.can_redo;
  redo.title = view.can_redo ? `Redo: ${view.redo_label} (Ctrl+Shift+Z)` : "Nothing to redo";
}

// The cards a change redrew (the one hit, the one added) are marked for a moment, and the first is scrolled into
// view if it is off the screen: after a roll the person sees the wound it made, wherever the page was scrolled to
// (js/dock-room.js: within the roster where it scrolls, clear of the header and the dock).
// A change that redrew the whole roster (another encounter) marks nothing.
// A redrawn card is a new node, so its mark starts afresh; where it lies is read a frame later, once the browser
// has laid the change out anyway (reading it now would lay out a long log inside the tap).
function showChanged() {
  const cards = app.redrawnCards;
  if (!cards.length || cards.length === app.current.view.roster.length && cards.length > 1) return;
  for (const node of cards) node.classList.add("changed");
  bringIntoView([cards[0].dataset.id]);
}
