// The controller's shared state: one object whose fields the controller's modules (app.js and the modules it
// imports) read and set, so no module keeps a copy of its own.

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
  redrawnCards: [],     // the cards the last change redrew (answers.js showChanged)
};

export const actionForms = new Map();     // action id -> its SchemaForm
export const formFollowed = new Map();    // action id -> whose turn its form last followed (a form follows when shown)
