// A module Worker that starts Python with snapshots enabled, installs the rules wheel where the page's
// PyScript puts it, imports what the page will import (python-modules.txt and rules.api), then takes the
// memory snapshot and stores it (js/snapshot.js). It runs once per build, after a normal boot; the next
// visit restores the snapshot with all of that already done. Nothing here touches JavaScript objects from
// Python, so the snapshot holds no reference to this Worker.

import { loadPyodide } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { storeSnapshot } from "./snapshot.js";

const MODULES = ["{{PYTHON_MODULES}}"];

try {
  const site = new URL("../", import.meta.url);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/{{PYODIDE_DIR}}/", site).href, _makeSnapshot: true });
  const wheel = await fetch(new URL("{{WHEEL}}", site));
  if (!wheel.ok) throw new Error(`the rules wheel answered ${wheel.status}`);
  pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel", { extractDir: "." });   // as PyScript's "files" does
  pyodide.runPython("import importlib\nfor name in MODULES: importlib.import_module(name)\nimport rules.api",
    { globals: pyodide.toPy({ MODULES }) });
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(bytes);
  postMessage({ ok: true, bytes: bytes.length });
} catch (error) {
  postMessage({ ok: false, message: String(error?.message ?? error) });
}
