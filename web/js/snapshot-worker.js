// A module Worker that starts Python with snapshots enabled, puts the rules wheel on its path as the page does
// (js/wheel.js), imports what the page will import (python-modules.txt and rules.api), compiles ahead the
// Python files the page sends it (PyScript's package, which PyScript writes and imports on every start), then
// takes the memory snapshot and stores it (js/snapshot.js). It runs once per build, after a normal boot; the next
// visit restores the snapshot with all of that already done. Nothing here touches JavaScript objects from
// Python, so the snapshot holds no reference to this Worker.

import { loadPyodide } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { storeSnapshot } from "./snapshot.js";
import { addWheel, fetchWheel } from "./wheel.js";

const MODULES = ["{{PYTHON_MODULES}}"];

// Imports of a file whose path and text were compiled here (the ones not imported already) take the code object
// instead of compiling again.
const PRECOMPILE = `
import sys
import _frozen_importlib_external as external

def precompile(sources):
    imported = {getattr(module, "__file__", None) for module in list(sys.modules.values())}
    codes = {(path, text.encode()): compile(text.encode(), path, "exec", dont_inherit=True)
             for path, text in sources.items() if path not in imported}
    compile_source = external.SourceLoader.source_to_code

    def source_to_code(self, data, path, *, _optimize=-1):
        code = codes.get((path, bytes(data))) if _optimize == -1 else None
        return code if code is not None else compile_source(self, data, path, _optimize=_optimize)

    external.SourceLoader.source_to_code = source_to_code

precompile(SOURCES)
del precompile
`;

const sources = new Promise((resolve) => {
  addEventListener("message", ({ data }) => resolve(data.sources), { once: true });
});

try {
  const indexURL = new URL("../pyodide/{{PYODIDE_DIR}}/", import.meta.url).href;
  const [pyodide, wheel] = await Promise.all([loadPyodide({ indexURL, _makeSnapshot: true }), fetchWheel()]);
  addWheel(pyodide, wheel);
  pyodide.runPython("import importlib\nfor name in MODULES: importlib.import_module(name)\nimport rules.api",
    { globals: pyodide.toPy({ MODULES }) });
  pyodide.runPython(PRECOMPILE, { globals: pyodide.toPy({ SOURCES: await sources }) });
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(bytes);
  postMessage({ ok: true, bytes: bytes.length });
} catch (error) {
  postMessage({ ok: false, message: String(error?.message ?? error) });
}
