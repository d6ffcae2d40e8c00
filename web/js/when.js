// The schema's `when`: whether an input, or an action, is offered as the form and the options stand. Read by the
// forms as they draw and by the actions offered (js/actions-offered.js), below both.

// Whether a `when` holds: `{"input": name, ...}` reads another input of the form through inputValue(name),
// `{"option": name, ...}` the rule options in effect (each option at its value, else its default); values are
// compared as text, so a number from a list and "2" typed in are the same value. No `when` always holds.
export function holds(when, inputValue, options) {
  if (!when) return true;
  const value = String(("option" in when ? options?.[when.option] : inputValue(when.input)) ?? "");
  if (when.in) return when.in.map(String).includes(value);
  if (when.not_in) return !when.not_in.map(String).includes(value);
  return true;
}
