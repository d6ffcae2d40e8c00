// The forms of the encounter's system: its tabs, each action's form and the sheet's, built the first time an
// encounter of it is shown, and following its rule options as they change.

import { blocksCatalog } from "./blocks-view.js";
import { q, rearm } from "./dom.js";
import { SchemaForm } from "./forms.js";
import { actionForms, app, formFollowed } from "./state.js";
import { drawTabs } from "./action-panel.js";
import { actionChanged, actorFieldUsed, selectAction } from "./picking.js";
import { shownActions } from "./actions-offered.js";
import { checkLater, checkSheet } from "./checks.js";

// Build the tabs, forms and dialog for a system the first time an encounter of it is shown. The options are
// read first, so the forms are built following the encounter's options, not the last system's.
export function useSystem(view) {
  if (app.system?.id === view.system.id) return;
  app.system = app.systems.get(view.system.id);
  app.options = optionsIn(view.options);
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
export function followOptions(view) {
  const now = optionsIn(view.options);
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
