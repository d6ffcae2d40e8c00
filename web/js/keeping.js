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
  moveOn(form, field, acting);
}

// The form's combatant inputs the schema keeps apart (`distinct`: no two name the same combatant), as shown.
function apart(form) {
  return [...form.fields.values()].filter((field) => field.input.distinct && form.shownValue(field.input.name));
}

// The field leaves the one it names for the next one standing after him, other than the one acting and, for an
// input kept apart, not named by another of them. Where only those are left, the first later one kept apart gives
// up his own (the foes behind move up a place, and the last of them moves on in turn); where none is, an optional
// field empties ("Nobody else"), and a required one takes the next one standing as before.
function moveOn(form, field, acting) {
  const ids = [...field.control.options].map((option) => option.value);
  const at = ids.indexOf(field.control.value);
  const around = [...ids.slice(at + 1), ...ids.slice(0, Math.max(at, 0))];
  const standing = (id) => id && id !== acting && !fallen(form, id);
  const others = field.input.distinct ? apart(form).filter((other) => other !== field) : [];
  const named = new Set(others.map((other) => other.control.value));
  const free = around.find((id) => standing(id) && !named.has(id));
  const order = [...form.fields.values()];
  const later = others.find((other) => order.indexOf(other) > order.indexOf(field) && standing(other.control.value)
    && other.control.value !== field.control.value);
  if (free) field.control.value = free;
  else if (later) {
    field.control.value = later.control.value;
    moveOn(form, later, acting);
  } else if (field.input.distinct && field.input.optional) field.control.value = "";
  else {
    const next = around.find(standing);
    if (next) field.control.value = next;
  }
}

// Inputs kept apart (`distinct`) that name the same combatant, as when a person picks for one the combatant another
// names: the one not picked last moves on (above), so the round's foes never name one twice.
// True if a field moved.
export function keepApart(form, acting, picked) {
  const seen = new Map();
  let moved = false;
  for (const field of apart(form)) {
    const id = field.control.value;
    const first = seen.get(id);
    if (!first) {
      seen.set(id, field);
      continue;
    }
    const moving = field.input.name === picked ? first : field;
    if (moving === first) seen.set(id, field);
    moveOn(form, moving, acting);
    moved = true;
  }
  return moved;
}
