// The page's state, and the one place an engine answer goes. One object (`app`) holds what the page is showing
// (the encounter, its view, what is being picked); the modules read and set its fields, so none keeps a copy of
// its own. An answer is handed to `show`, `commit` or `replace`, which set it as the encounter on screen and tell
// whoever listens, in the order they listened: the views draw from the state they are handed. Who listens, and in
// what order, is written in one place, js/flow.js; this module imports no view and no action.

export const app = {
  current: null,        // {encounter, view, fragment}: the engine's last answer
  systems: new Map(),   // id -> the system's schema (options, sheet, actions, catalog)
  system: null,         // the current encounter's system schema
  actionId: null,       // the action tab on show (null while the options offer none)
  options: {},          // the encounter's rule options in effect, {name: value}: what a `when` on an option reads
  optionsFollowed: "",  // the same as text, as the tabs and forms last followed them
  sheetForm: null,
  editing: null,        // the id of the combatant whose sheet the dialog edits, or null when adding
  pickNext: null,       // the role the next tap on a card sets (action-panel.js pick), shown on the cards and the hint;
                        // null: a new pick, whose role follows the turn (action-panel.js freshRole)
  pending: null,        // typed dice being asked for: {ask, faces, needs, encounter}
  turnFollowed: null,   // whose turn it is, as the action forms follow it
  roundFollowed: null,  // the fight's round, as the action forms follow it (a per-round choice starts afresh)
  conditionsOf: null,   // the combatant whose conditions and note the dialog shows
  entry: null,          // the library entry on screen, {id, rev}, or null while the encounter is not saved
  unsaved: false,       // the encounter on screen has changes its last write did not keep (storage refused it)
  redrawnCards: [],     // the cards the last change redrew (flow.js showChanged)
};

export const actionForms = new Map();     // action id -> its SchemaForm
export const formFollowed = new Map();    // action id -> whose turn its form last followed (a form follows when shown)

// -- who listens --------------------------------------------------------------------------------------
// shown:     an answer is on screen (any: a change, an undo, another encounter, a refusal putting it back); (view)
// committed: the encounter moved on by a tap in this tab (marked, saved); (result)
// changed:   the encounter on screen is another, or moved on (the address bar, the players' window); (result)
// library:   the saved encounters changed (the list, if open, follows); ()
// prompt:    dice are asked for, or no longer (app.pending); (app.pending)
// action:    another action is on show (app.actionId); ()
// picked:    the picks or the form on show changed, no answer with them; (why a tap picked no one, or nothing)
// odds:      the odds of the action on show: {busy} while they are worked out, then {odds, message}
const listeners = { shown: [], committed: [], changed: [], library: [], prompt: [], action: [], picked: [], odds: [] };

export function listen(moment, listener) {
  listeners[moment].push(listener);
}

export function tell(moment, payload) {
  for (const listener of listeners[moment]) listener(payload);
}

// -- where answers go ---------------------------------------------------------------------------------

// The answer is the encounter on screen, drawn afresh (an error putting the one on screen back shows it again).
export function show(result) {
  if (result !== app.current) keepHeldLog(result.view);   // shown again, it holds its whole log already
  app.current = result;
  tell("shown", result.view);
}

// The encounter moved on by a tap here: shown, its changed cards marked, saved, linked and sent.
export function commit(result) {
  app.pickNext = null;   // the encounter moved on: a new pick (action-panel.js freshRole)
  show(result);
  tell("committed", result);
  tell("changed", result);
}

// Another encounter on screen (opened from the library, a link, a file, or new): shown, linked and sent, not saved
// again (js/entries.js keeps it).
export function replace(result) {
  show(result);
  tell("changed", result);
}

// A request that moves the encounter on says how much of its log the page holds; the answer's view then sends
// only the entries after the first `log_kept`, and the page keeps its own (the same objects, still drawn).
export function held(request) {
  return { ...request, encounter: app.current.encounter, log_held: app.current.view.log.length };
}

function keepHeldLog(view) {
  if (view.log_kept > 0) view.log = app.current.view.log.slice(0, view.log_kept).concat(view.log);
}
