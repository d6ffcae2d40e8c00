// The engine's answers on screen: one call, its answer shown, kept and linked; the dock's room at the
// foot of the page; the forms of the encounter's system, following its options.

import * as engine from "./engine.js";
import { blocksCatalog } from "./blocks-view.js";
import { banner, q, rearm } from "./dom.js";
import { bringIntoView } from "./dock-room.js";
import { SchemaForm } from "./forms.js";
import { showLink } from "./keep.js";
import { actionForms, app, formFollowed } from "./state.js";
import { renderTurnBar, renderTurnOrder } from "./turns-view.js";
import { renderLatest, renderLog, renderOptions } from "./view.js";
import { actionChanged, actorFieldUsed, checkLater, checkSheet, drawRoster, drawTabs, oddsAfterPaint,
  selectAction, shownActions } from "./action-panel.js";
import { cancelPrompt } from "./dice-flow.js";
import { changeOption } from "./encounter-tools.js";
import { keep } from "./entries.js";
import { actNow, drawConditions, followRound, followTurn, reorder } from "./fight-controls.js";
import { playersChanged } from "./players-window.js";

// -- engine answers ---------------------------------------------------------------------------------

export function run(method, request, onError = (error) => banner(error.message)) {
  const response = engine.call(method, request);
  if (!response.ok) {
    if (response.error.kind === "internal") console.error(response.error.trace);
    onError(response.error);
    return null;
  }
  return response.result;
}

export function show(result) {
  // Resolving a prompt closes it before showing the result: one still open here belongs to the encounter being
  // replaced (undone, edited, another opened), and its dice must never be applied to this one.
  if (app.pending) cancelPrompt("the encounter changed before the dice were used");
  keepHeldLog(result.view);
  app.current = result;
  useSystem(result.view.system.id);
  const view = result.view;
  followOptions(view.options);
  q("system-name").textContent = view.system.name;
  q("system-name").title = view.system.source;
  renderLog(view.log);
  renderLatest(view.log.length ? view.log[view.log.length - 1] : null);
  const undo = q("undo");
  undo.disabled = !view.can_undo;
  undo.title = view.can_undo ? `Undo: ${view.undo_label} (Ctrl+Z)` : "Nothing to undo";
  const redo = q("redo");
  redo.disabled = !view.can_redo;
  redo.title = view.can_redo ? `Redo: ${view.redo_label} (Ctrl+Shift+Z)` : "Nothing to redo";
  renderOptions(app.system.options, view.options, view.options_fixed, changeOption);
  q("open-tables").hidden = !app.system.tables?.length;
  followRound(view.fight);
  actionForms.get(app.actionId)?.refresh();   // the others are refreshed when their tab is chosen (selectAction)
  followTurn(view.fight);
  renderTurnBar(view.fight, view.roster.length > 0, actNow);
  renderTurnOrder(view.fight, { onReorder: reorder, onAct: actNow });
  if (q("conditions-dialog").open) drawConditions();
  drawRoster();
  oddsAfterPaint();
}

// A request that moves the encounter on says how much of its log the page holds; the answer's view then sends
// only the entries after the first `log_kept`, and the page keeps its own (the same objects, still drawn).
export function held(request) {
  return { ...request, encounter: app.current.encounter, log_held: app.current.view.log.length };
}

function keepHeldLog(view) {
  if (view.log_kept > 0) view.log = app.current.view.log.slice(0, view.log_kept).concat(view.log);
}

export function commit(result) {
  app.pickNext = null;   // the encounter moved on: a new pick (action-panel.js freshRole)
  show(result);
  showChanged();
  keep(result);
  showLink(result.fragment);
  playersChanged();
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

// Build the tabs, forms and dialog for a system the first time an encounter of it is shown. The options are
// read first, so the forms are built following the encounter's options, not the last system's.
function useSystem(id) {
  if (app.system?.id === id) return;
  app.system = app.systems.get(id);
  app.options = optionsIn(app.current.view.options);
  app.optionsFollowed = JSON.stringify(app.options);
  actionForms.clear();
  formFollowed.clear();
  for (const action of app.system.actions) {
    const container = document.createElement("div");
    container.addEventListener("focusin",
      (event) => actorFieldUsed(event.target.closest("[data-input]")?.dataset.input, "focus"));
    actionForms.set(action.id, new SchemaForm(container, action.inputs, context(), (name, type) => actionChanged(type, name)));
  }
  app.sheetForm = new SchemaForm(q("sheet-fields"), app.system.sheet, context(), (name, type) => {
    rearm("sheet");   // a field changed after a refusal: Add (or Save) is a new tap
    checkLater(checkSheet, type);
  });
  selectAction(shownActions()[0]?.id ?? null);
}

// The gear picks offer the system's catalog and the game master's own stat-block gear (js/blocks-view.js).
function context() {
  const shown = app.system;
  return { roster: () => app.current?.view.roster ?? [], get catalog() { return blocksCatalog(shown); }, options: () => app.options };
}

// Each of the system's options at its value in the view, else at its default (a view may leave a default out).
function optionsIn(values) {
  return Object.fromEntries(app.system.options.map((option) => [option.name, values?.[option.name] ?? option.default]));
}

// Options that differ from those last followed (set, or another encounter opened) change what the forms offer:
// the tabs show the actions offered now (the one on show, if no longer offered, gives way to the first that is),
// and every form, each action's and the sheet's, follows its conditions on them at once, `defaults` included.
// Compared as text only here, once per answer of the engine; a keystroke reads `options` as it stands.
function followOptions(values) {
  const now = optionsIn(values);
  const text = JSON.stringify(now);
  if (text === app.optionsFollowed) return;
  app.options = now;
  app.optionsFollowed = text;
  for (const form of actionForms.values()) form.refresh();
  app.sheetForm.refresh();
  const shown = shownActions();
  if (shown.some((action) => action.id === app.actionId)) drawTabs();
  else selectAction(shown[0]?.id ?? null);
}
