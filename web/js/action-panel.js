// The action panel and the cards as they are picked: the roster with each card's role, the hint saying what a tap
// picks now, the tabs, the form and buttons of the action on show, and the dock's word when the turn's fighter
// cannot make it. Drawn as the state tells (js/flow.js); the taps it wires call the actions (js/picking.js, the
// sheet and conditions dialogs).

import { q } from "./dom.js";
import { actionForms, app } from "./state.js";
import { renderRoster, renderTabs } from "./view.js";
import { renderTurnWarning } from "./turns-view.js";
import { bringTappedIntoView, keepInView } from "./dock-room.js";
import { currentAction, resolves, shownActions } from "./actions-offered.js";
import { openConditions } from "./conditions-dialog.js";
import { chooseAction, markByHand, pick, picks, tapWidget, turnFighterWarning } from "./picking.js";
import { duplicateCombatant, hideCombatant, removeCombatant } from "./combatants.js";
import { openEdit } from "./sheet-dialog.js";

// refusal: why the last tap picked no one ("Bandit cannot act"), said in the hint.
export function drawRoster(refusal = "") {
  const shown = picks();
  // A card tapped is brought wholly into view: the finger may have found it half under the dock.
  const tapped = (handler) => (id, ...rest) => { bringTappedIntoView(id); handler(id, ...rest); };
  app.redrawnCards = renderRoster(app.current.view.roster, shown, {
    onPick: tapped(pick), onTap: tapped(tapWidget), onMark: markByHand, onEdit: openEdit, onDuplicate: duplicateCombatant,
    onRemove: removeCombatant, onConditions: openConditions, onHide: hideCombatant,
  });
  keepInView([shown.actor, shown.target]);
  const label = shown.next ? shown.labels[shown.next] : null;
  const hint = !app.current.view.roster.length || !label ? "" : `Tap a card: ${label.toLowerCase()}`;
  q("pick-hint").textContent = refusal ? `${refusal} ${hint}.`.trim() : hint;
  q("pick-hint").classList.toggle("field-error", Boolean(refusal));
  checkTurnFighter();
}

// The tabs of the actions offered, the one on show selected.
export function drawTabs() {
  renderTabs(shownActions(), app.actionId, chooseAction);
}

// The action on show (js/picking.js selectAction): its tab, its form, Roll's verb, and the odds' place.
export function drawAction() {
  const id = app.actionId;
  drawTabs();
  const form = actionForms.get(id);
  q("action-form").replaceChildren(...(form ? [form.container] : []));
  form?.refresh();
  const action = currentAction();
  q("roll").textContent = action?.verb || "Roll";
  q("roll").hidden = !resolves(id);
  q("type-dice").hidden = !resolves(id) || action.dice === false;
  q("odds").hidden = !action?.odds;
  q("odds-summary").hidden = !action?.odds;
}

// Whether the one whose turn it is can make the action on show as his sheet stands is said in the dock, with a way
// to edit the sheet. Checked on each answer while a turn runs and he acts in the form: an edited sheet, a new turn
// or an undo says it afresh. Once the answer is painted, as the odds are: the result comes first.
function checkTurnFighter() {
  requestAnimationFrame(() => setTimeout(() => {
    const warning = app.current ? turnFighterWarning() : null;
    renderTurnWarning(warning && { ...warning, onEdit: () => openEdit(warning.id) });
  }));
}
