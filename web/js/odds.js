// The odds before rolling, asked of the engine for the action on show as it stands, and handed to whoever draws
// them (the "odds" moment of js/state.js; drawn by js/view.js showOdds).
//
// After a resolution the odds change too, but the result comes first: the odds are worked out once the frame
// with the result is painted, and the chart says it is updating meanwhile.
// Odds that take long (a comparison against a long roster) are worked out a little at a time: each call has
// ODDS_BUDGET_MS, an answer with `more` is drawn as it stands (the chart busy, saying what is left), and the same
// request goes again in a task of its own, so a keystroke or a tap in between is handled at once and starts over.

import { actionForms, app, tell } from "./state.js";
import { currentAction } from "./actions-offered.js";
import { run } from "./ask.js";

let oddsWanted = 0;
const ODDS_BUDGET_MS = 20;

export function oddsAfterPaint() {
  const wanted = ++oddsWanted;
  tell("odds", { busy: true });
  requestAnimationFrame(() => setTimeout(() => { if (wanted === oddsWanted) updateOdds(); }));
}

export function updateOdds() {
  const wanted = ++oddsWanted;   // whatever was waiting for the next frame, or for more, is drawn now
  tell("odds", { busy: false });
  const action = currentAction();
  if (!action?.odds) return;
  if (app.current.view.roster.length === 0) return tell("odds", { odds: null, message: "add combatants to see the odds." });
  const request = { encounter: app.current.encounter, action: app.actionId, inputs: actionForms.get(app.actionId).values(),
    budget_ms: ODDS_BUDGET_MS };
  const more = () => {
    const odds = run("odds", request, (error) => tell("odds", { odds: null, message: error.field
      ? `they appear when the action is complete (${error.message}).` : "they appear when the action is complete." }));
    if (odds) tell("odds", { odds });
    if (!odds?.more) return;
    tell("odds", { busy: true });
    setTimeout(() => {
      if (wanted !== oddsWanted) return;      // the form, the encounter or the action changed meanwhile
      tell("odds", { busy: false });
      more();
    });
  };
  more();
}
