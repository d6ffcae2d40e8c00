// The picks and the action on show: who a tap on a card picks (one rule in every system), the action chosen, the
// form changed. Each sets the state and tells who draws it (the "picked" and "action" moments of js/state.js): it
// draws nothing itself. The panel that draws them is js/action-panel.js.

import * as engine from "./engine.js";
import { fieldError, q, rearm } from "./dom.js";
import { actionForms, app, tell } from "./state.js";
import { currentAction, resolves, shownActions } from "./actions-offered.js";
import { checkLater } from "./checks.js";
import { cancelPrompt } from "./dice-prompt.js";
import { followInForm } from "./follow-turn.js";
import { updateOdds } from "./odds.js";

// -- the roster: tap a card to choose who acts, tap another to choose the target ---------------------

function roleInputs() {
  // A combatant input hidden by `when` (a helper only some rolls use) is not filled by a tap.
  const form = actionForms.get(app.actionId);
  const inputs = (currentAction()?.inputs ?? []).filter((input) => input.kind === "combatant" && !form.fields.get(input.name)?.node.hidden);
  return { actor: inputs.find((input) => input.role === "actor"), target: inputs.find((input) => input.role === "target") };
}

// The role the next tap sets: the one pickNext says while the action on show has it, else the only one it has.
function nextRole({ actor, target }) {
  if ((app.pickNext ?? freshRole(actor, target)) === "actor" && actor) return "actor";
  if (target) return "target";
  return actor ? "actor" : null;
}

// The role a new pick starts with: the target while the one whose turn it is acts in the form (he attacks, so the
// tap names whom), else the actor. A tap on the acting card, or on the actor's field, picks another actor.
function freshRole(actor, target) {
  const turn = app.current?.view.fight?.current ?? null;
  const form = actionForms.get(app.actionId);
  return turn && actor && target && form?.rawValue(actor.name) === turn ? "target" : "actor";
}

// What the cards and the hint show of the picks: the actor and target chosen in the form on show, their labels,
// whose turn it is, and what a tap on a card sets now ("actor" or "target", or null).
export function picks() {
  const form = actionForms.get(app.actionId);
  const roles = roleInputs();
  const { actor, target } = roles;
  return {
    actor: actor ? form.rawValue(actor.name) : null,
    target: target ? form.rawValue(target.name) : null,
    labels: { actor: actor?.label, target: target?.label },
    turn: app.current.view.fight?.current ?? null,
    next: nextRole(roles),
  };
}

// One rule in every system: a tap on a card sets the role the hint and the cards' badges say. A new pick (the turn
// passes, the action on show changes, the encounter changes) starts with the target while the one whose turn it
// is acts in the form, else with the actor, then the target, and so on in turn. A tap on the acting card while
// the target is asked for asks for the actor instead: that is how the game master has someone else act. Someone
// who cannot act, tapped for the actor, is refused in words in the hint: he never silently becomes the target.
export function pick(id) {
  const form = actionForms.get(app.actionId);
  const roles = roleInputs();
  const { actor, target } = roles;
  const card = app.current.view.roster.find((one) => one.id === id);
  const role = nextRole(roles);
  if (!card || !role) return;
  if (role === "actor") {
    if (!card.can_act) {
      return tell("picked", `${card.name} cannot act (${card.status.text.toLowerCase()}), so is not the ${actor.label.toLowerCase()}.`);
    }
    if (form.rawValue(actor.name) !== id) form.clearErrors();   // the last actor's refusal is not this one's
    form.set(actor.name, id);
    if (target && form.rawValue(target.name) === id) {   // never both: someone else until the next tap sets it
      const other = app.current.view.roster.find((one) => one.id !== id);
      if (other) form.set(target.name, other.id);
    }
    app.pickNext = target ? "target" : "actor";
  } else {
    if (actor && form.rawValue(actor.name) === id) {   // the acting card: the game master picks another actor
      app.pickNext = "actor";
      return tell("picked");
    }
    form.set(target.name, id);
    app.pickNext = null;   // a new pick: the target again while the turn's fighter acts, else the actor
  }
  actionChanged();
}

// The actor's field tapped: the next tap on a card picks the actor; an actor chosen in it leaves the target to pick.
// type: "focus" as the field is tapped, or the form event of a change.
export function actorFieldUsed(name, type) {
  if (!name || roleInputs().actor?.name !== name) return;
  app.pickNext = type === "focus" ? "actor" : "target";
  if (type === "focus") tell("picked");
}

// A tap on a part of a card the engine marked (a level of a track) presets that action when it is the one on
// show (marking by hand: the tap says which level); on any other action a tap anywhere on a card picks the card,
// so a tap meant for the attacker never leaves the attack. No text field takes the focus: a tablet's keyboard
// opens only when the person taps a field.
export function tapWidget(id, tap) {
  if (tap.action !== app.actionId) return pick(id);
  const form = actionForms.get(tap.action);
  form.set(tap.combatant, id);
  // A card the form will not take there (the shooter's own, as his target) is picked as any card is, and its
  // presets are not applied: a tap never changes an input of someone else's action.
  if (form.rawValue(tap.combatant) !== id) return pick(id);
  for (const [name, value] of Object.entries(tap.inputs)) form.set(name, value);
  actionChanged();
}

// The card's explicit control for marking by hand: the action its widgets' taps name, with the card chosen.
export function markByHand(id, action) {
  if (!shownActions().some((one) => one.id === action)) return;   // not offered under the options in effect
  selectAction(action);
  const form = actionForms.get(action);
  const input = form.inputs.find((one) => one.kind === "combatant");
  if (input) form.set(input.name, id);
  actionChanged();
  q("action-tabs").querySelector('[aria-selected="true"]')?.focus({ preventScroll: true });
  q("action-panel").scrollIntoView({ block: "nearest" });
}

// -- the action on show ------------------------------------------------------------------------------

// id: an action offered, or null when the options offer none (a system that is not well formed): then no form,
// no button and no odds are shown, and nothing breaks.
export function selectAction(id) {
  rearm("resolve");   // another action chosen: a tap on Roll now is a new one
  app.actionId = id;
  tell("action");     // its tab, its form and its buttons drawn (js/action-panel.js drawAction)
  followInForm(id);
  app.pickNext = null;
  cancelPrompt();
  fieldError("action-error", "");
}

// A tab tapped: its action on show, the cards' picks and the odds following it.
export function chooseAction(id) {
  selectAction(id);
  tell("picked");
  updateOdds();
}

// type: the form event ("input" while typing, "change"); none for a change made by a tap on a card or a tab;
// name: the input the person changed.
export function actionChanged(type = null, name = null) {
  if (type) actorFieldUsed(name, type);
  rearm("resolve");   // the form changed: a tap on Roll now is a new one
  cancelPrompt();
  fieldError("action-error", "");
  tell("picked");
  updateOdds();
  if (type) checkLater(checkAction, type);
}

// The form on show, checked as it is typed (js/checks.js).
function checkAction() {
  const form = actionForms.get(app.actionId);
  if (!app.current || !resolves(app.actionId) || !app.current.view.roster.length) return;
  const answer = engine.call("check", { encounter: app.current.encounter, action: app.actionId, inputs: form.values() });
  form.clearErrors();
  form.showRead(answer.ok ? answer.result.read : null);
  if (!answer.ok) form.showError(answer.error.field, answer.error.message, { touchedOnly: true });
}

// Whether the one whose turn it is can make the action on show as his sheet stands: the engine checks the form, and
// a refusal of what his sheet gives (his weapon, its mode) is said ({text, name, id}), else null.
export function turnFighterWarning() {
  const turn = app.current.view.fight?.current ?? null;
  const { actor } = roleInputs();
  const form = actionForms.get(app.actionId);
  if (!turn || !actor || !resolves(app.actionId) || form.rawValue(actor.name) !== turn) return null;
  const answer = engine.call("check", { encounter: app.current.encounter, action: app.actionId, inputs: form.values() });
  const field = answer.ok ? null : currentAction().inputs.find((input) => input.name === answer.error.field);
  if (!field || !SHEET_KINDS.has(field.kind)) return null;
  const card = app.current.view.roster.find((one) => one.id === turn);
  return card ? { text: answer.error.message, name: card.name, id: turn } : null;
}

const SHEET_KINDS = new Set(["weapon", "mode"]);   // inputs whose choices the acting combatant's sheet gives
