// A module Worker that starts Python with snapshots enabled, puts the rules wheel on its path as the page does
// (js/wheel.js), imports what the page will import (python-modules.txt and rules.api), then takes the
// memory snapshot and stores it (js/snapshot.js). It runs once per build, after a normal boot; the next
// visit restores the snapshot with all of that already done. Nothing here touches JavaScript objects from
// Python, so the snapshot holds no reference to this Worker.

import { loadPyodide } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { storeSnapshot } from "./snapshot.js";
import { addWheel, fetchWheel } from "./wheel.js";

const MODULES = ["{{PYTHON_MODULES}}"];

try {
  const indexURL = new URL("../pyodide/{{PYODIDE_DIR}}/", import.meta.url).href;
  const [pyodide, wheel] = await Promise.all([loadPyodide({ indexURL, _makeSnapshot: true }), fetchWheel()]);
  addWheel(pyodide, wheel);
  pyodide.runPython("import importlib\nfor name in MODULES: importlib.import_module(name)\nimport rules.api",
    { globals: pyodide.toPy({ MODULES }) });
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(bytes);
  postMessage({ ok: true, bytes: bytes.length });
} catch (error) {
  postMessage({ ok: false, message: String(error?.message ?? error) });
}
