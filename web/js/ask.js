// Asking the engine: every action calls it through `run`, and hands a good answer to the state (js/state.js).

import * as engine from "./engine.js";
import { banner } from "./dom.js";

// The result of one engine call, or null after its error was handed to `onError` (a banner unless said otherwise).
// An `internal` error is a bug: its trace goes to the console too.
export function run(method, request, onError = (error) => banner(error.message)) {
  const response = engine.call(method, request);
  if (!response.ok) {
    if (response.error.kind === "internal") console.error(response.error.trace);
    onError(response.error);
    return null;
  }
  return response.result;
}
