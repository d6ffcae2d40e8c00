// The interpreter module PyScript loads (pyscript.json's "interpreter"): Pyodide's own loadPyodide, restoring
// the stored memory snapshot when there is a good one (js/snapshot.js) and booting normally otherwise.

import { loadPyodide as loadFresh, version } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { forgetSnapshot, mark, stored } from "./snapshot.js";

export { version };

const indexURL = new URL("../pyodide/{{PYODIDE_DIR}}/", import.meta.url).href;

export async function loadPyodide(options = {}) {
  let snapshot = await stored;
  if (snapshot instanceof Error) {
    mark("fresh", `not restored (${snapshot.message})`);
    snapshot = null;
  }
  if (snapshot) {
    try {
      const pyodide = await loadFresh({ ...options, indexURL, _loadSnapshot: snapshot });
      // A restored heap repeats the snapshot's random state on every visit: draw a new one.
      pyodide.runPython("import random\nrandom.seed()");
      mark("restored");
      return pyodide;
    } catch (error) {
      await forgetSnapshot().catch(() => {});
      mark("fresh", `not restored (${error.message ?? error})`);
    }
  }
  const pyodide = await loadFresh({ ...options, indexURL });
  if (!document.documentElement.dataset.snapshot) mark("fresh");
  return pyodide;
}
