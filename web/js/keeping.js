// What a form lets go of between resolutions (issue 36, "forms start clean"): a game master repeats the weapon and
// the target, which the form keeps; a per-round choice (an input marked `each_round`: a tactic, a stance, an aim)
// is made afresh each round. Another encounter builds its forms anew (app.js, freshForms).

// Each per-round choice of the form back to its default, as if nobody had chosen it.
export function startRound(form) {
  const fresh = [...form.fields.values()].filter((field) => field.input.each_round);
  for (const field of fresh) {
    field.touched = false;
    field.defaultMatch = undefined;
    field.set(field.input.default);
  }
  if (fresh.length) form.refresh();
}
