// The fight's controls: Start, Next turn, Delay, Act now, the order set by hand, the forms following
// the turn and the round, the hint's action, and each combatant's conditions and note.

import { banner, fieldError, fillSelect, once, q, rearm } from "./dom.js";
import { actionForms, app, formFollowed } from "./state.js";
import { renderConditions, renderPresets } from "./turns-view.js";
import { actionChanged, selectAction, shownActions } from "./action-panel.js";
import { commit, held, run, show } from "./answers.js";
import { rollFor } from "./dice-flow.js";

// -- the fight: turns, rounds, conditions and notes ---------------------------------------------------

// Start fight, Next turn, Delay, Act now, Initiative for all: the engine moves the fight on; a round's start may
// roll initiative, and Initiative for all does, with dice asked for as an action's are, in the way the last roll
// was made (typed dice stay typed).
export function moveTurn(move, extra = {}) {
  // Only a round's start and Initiative for all ask for dice: the prompt says which.
  const round = move === "start" ? 1 : (app.current.view.fight?.round ?? 0) + 1;
  const about = move === "initiative" ? "Initiative for all" : `Round ${round} begins`;
  rollFor({ method: "turn", body: { move, ...extra }, about }, lastDiceMode());
}

// How the encounter's latest roll was made: "app" when the app rolled every die of it, "given" when any was typed
// in, or when nothing has been rolled yet. Read from the document, so an action that rolls nothing (a wound marked
// by hand) changes nothing, and a reload or a link asks the same way.
function lastDiceMode() {
  const { events = [], cursor = events.length } = app.current.encounter ?? {};
  for (let index = Math.min(cursor, events.length) - 1; index >= 0; index -= 1) {
    const rolls = Object.entries(events[index].dice ?? {});
    if (!rolls.length) continue;
    const app = events[index].app ?? {};
    return rolls.every(([name, faces]) => app[name] === faces.length) ? "app" : "given";
  }
  return "given";
}

// Act now, on a held turn in the order or in the dock: one key with the other turn controls (wireEvents).
export const actNow = once("turn", (id) => moveTurn("act", { id }));

export function reorder(order) {
  const result = run("turn", held({ move: "order", order }), (error) => { banner(error.message); show(app.current); });
  if (result) commit(result);
}

// The actor of every action follows the turn: when it passes to someone, the form on show takes him as its actor
// (a form that would refuse him keeps its own), and any other form does when it is next shown; the next tap on a
// card then picks the target (action-panel.js freshRole), as the hint and the badges say.
export function followTurn(fight) {
  const now = fight?.current ?? null;
  if (now === app.turnFollowed) return;
  app.turnFollowed = now;
  if (!now) return;
  followInForm(app.actionId);
  app.pickNext = null;   // a new turn, a new pick
}

// Leaving a round (the next one starts, the fight ends, an undo goes back into the round before) puts every
// per-round choice (`each_round`: a tactic, a stance, an aim) back to its default, in every form: it is chosen
// afresh each round. One made before the fight starts is for its first round, and stays.
export function followRound(fight) {
  const round = fight?.round ?? null;
  if (round === app.roundFollowed) return;
  const left = app.roundFollowed;
  app.roundFollowed = round;
  if (left) for (const form of actionForms.values()) form.startRound();
}

export function followInForm(id) {
  if (!app.turnFollowed || formFollowed.get(id) === app.turnFollowed) return;
  formFollowed.set(id, app.turnFollowed);
  const actor = app.system.actions.find((one) => one.id === id)?.inputs
    .find((input) => input.kind === "combatant" && input.role === "actor");
  const form = actionForms.get(id);
  if (!actor || !form || form.rawValue(actor.name) === app.turnFollowed) return;
  form.set(actor.name, app.turnFollowed);
  // The form's messages were about the last actor ("Shrike has no weapons"): they go with him.
  form.clearErrors();
  if (id === app.actionId) fieldError("action-error", "");
}

// The hint's button: the action the rules ask of the one whose turn it is ("stunned: try to recover"), preset.
export function goToHint() {
  const hint = app.current.view.fight?.hint;
  if (!hint?.action || !shownActions().some((one) => one.id === hint.action)) return;
  selectAction(hint.action);
  const form = actionForms.get(hint.action);
  for (const [name, value] of Object.entries(hint.inputs ?? {})) form.set(name, value);
  actionChanged();
  q("roll").focus({ preventScroll: true });
}

export function openConditions(id) {
  app.conditionsOf = id;
  for (const menu of document.querySelectorAll("details.card-menu[open]")) menu.open = false;
  fieldError("conditions-error", "");
  q("condition-name").value = "";
  q("condition-rounds").value = "";
  q("condition-ends").value = "round";
  // Whose turn ends it: any combatant, the holder first chosen ("until the end of your next turn").
  fillSelect(q("condition-by"), app.current.view.roster.map((one) => ({ value: one.id, label: one.name })));
  q("condition-by").value = id;
  durationChanged();
  // A preset's tap adds it once, with the duration chosen above it.
  renderPresets(app.system.conditions ?? [], once("conditions", (name) => giveCondition(name)));
  q("note-text").value = app.current.view.roster.find((one) => one.id === id)?.note ?? "";
  rearm("conditions");
  drawConditions();
  q("conditions-dialog").showModal();
  q("conditions-title").focus({ preventScroll: true });   // not a text field: a tablet's keyboard stays shut
}

export function drawConditions() {
  const card = app.current.view.roster.find((one) => one.id === app.conditionsOf);
  if (!card) { q("conditions-dialog").close(); return; }
  // Remove acts once: the list is redrawn, and the next condition's Remove comes up under the finger.
  renderConditions(card, once("conditions", (index) => tableChange("condition", { change: "remove", index })));
}

// The duration's controls follow its kind: whose turn, for a turn's start or end, and what the count means.
export function durationChanged() {
  const ends = q("condition-ends").value;
  q("condition-by-field").hidden = ends === "round";
  q("condition-help").textContent = ends === "round"
    ? "Counted down as each round ends; leave Rounds empty to keep it until removed."
    : `Ends at the ${ends} of that combatant's turn: Rounds counts how many ${ends === "start" ? "starts" : "ends"} `
      + "of it pass (empty: the next). A turn under way does not count its end.";
}

export function addCondition(event) {
  event.preventDefault();
  const name = q("condition-name").value.trim();
  if (!name) return fieldError("conditions-error", "Name the condition (for example Blinded or On fire).");
  if (giveCondition(name)) q("condition-name").value = "";
}

// Give the combatant a condition with the duration chosen; true when the engine took it.
function giveCondition(name) {
  const rounds = q("condition-rounds").value.trim();
  const ends = q("condition-ends").value;
  if (rounds && !/^[0-9]{1,4}$/.test(rounds)) {
    return fieldError("conditions-error", `Rounds: ${JSON.stringify(rounds.slice(0, 12))} is not a number of rounds; `
      + `type a whole number, or leave it empty ${ends === "round" ? "to keep the condition until removed"
        : "for the next one"}.`) ?? false;
  }
  const body = { change: "add", name, rounds: rounds ? Number(rounds) : null };
  return tableChange("condition", ends === "round" ? body : { ...body, ends, by: q("condition-by").value });
}

export function tableChange(method, body) {
  fieldError("conditions-error", "");
  const result = run(method, held({ id: app.conditionsOf, ...body }), (error) => fieldError("conditions-error", error.message));
  if (result) commit(result);
  return Boolean(result);
}
