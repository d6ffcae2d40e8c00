// What a form lets go of between resolutions (issue 36, "forms start clean"): a game master repeats the weapon and
// the target, which the form keeps; a per-round choice (an input marked `each_round`: a tactic, a stance, an aim)
// is made afresh each round; a target marked `while_standing` (an attack's) is kept while it stands. Another
// encounter builds its forms anew (app.js, freshForms).

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

// The engine's word (a card's `fallen`): dead, unconscious or taken out. One knocked down or stunned has not fallen:
// the next shot is at him all the same.
function fallen(form, id) {
  const card = id ? form.context.roster().find((one) => one.id === id) : null;
  return Boolean(card?.fallen);
}

// A person chose this input's combatant (from the list, or by a tap on a card): one who had already fallen is the
// one meant (the next attack is at him all the same), and stays chosen while he stays down.
export function notePick(form, field) {
  if (field.input.while_standing) field.keptFallen = fallen(form, field.control.value) ? field.control.value : null;
}

// A target kept while it stands: once its combatant is down or out (and nobody chose him since), the form moves to
// the next one standing after him in the list, other than the one acting (`acting`, an id or ""). With nobody
// standing it stays. One who stands again is let go of as any other the next time he falls.
export function keepStanding(form, field, acting) {
  const chosen = field.control.value;
  if (!fallen(form, chosen)) {
    field.keptFallen = null;
    return;
  }
  if (field.keptFallen === chosen) return;
  const ids = [...field.control.options].map((option) => option.value);
  const at = ids.indexOf(chosen);
  const next = [...ids.slice(at + 1), ...ids.slice(0, at)].find((id) => id && id !== acting && !fallen(form, id));
  if (next) field.control.value = next;
}
