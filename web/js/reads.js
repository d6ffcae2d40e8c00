// What the engine read in each typed text of a form (the `read` of a `check` answer, docs/api.md), drawn under
// its field as it is typed: the text in the engine's words, and a warning where it matches nothing the engine
// uses ("Pistl: no weapon of this character uses it"). A warning is not an error: the form still submits.
// The page knows no rule system: it draws what the answer says, at the input the answer names.

import { el } from "./dom.js";

// "skills" -> ["skills", null]; "weapons[1]" or "sheet.weapons[1].notation" -> ["weapons", 1].
function placeOf(path) {
  const found = String(path).replace(/^(sheet|inputs)\./, "").match(/^([^.[]+)(?:\[([0-9]+)\])?/);
  return found ? [found[1], found[2] === undefined ? null : Number(found[2])] : [null, null];
}

// read: {path: {text, warnings}}, or null to take every reading away (a form reset, a text the engine refused).
export function drawReads(form, read) {
  for (const node of form.container.querySelectorAll(".field-read")) node.remove();
  for (const [path, what] of Object.entries(read ?? {})) {
    const [name, index] = placeOf(path);
    const field = form.fields.get(name);
    if (!field || field.node.hidden || !what) continue;
    const warnings = Array.isArray(what.warnings) ? what.warnings : [];
    if (!what.text && !warnings.length) continue;
    const node = el("div", { class: "field-read", testid: index === null ? `read-${name}` : `read-${name}-${index}` },
      what.text ? el("div", { class: "help field-read-text", text: `Read as: ${what.text}` }) : null,
      warnings.map((warning) => el("div", { class: "field-read-warning", style: "color: var(--warn)",
        text: `\u26a0 ${warning}` })));
    if (index === null) field.node.insertBefore(node, field.error);
    else field.node.querySelectorAll(".list-row")[index]?.after(node);
  }
}
