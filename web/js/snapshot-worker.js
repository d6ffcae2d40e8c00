// A module Worker that starts Python with snapshots enabled, puts the rules' files in its home folder as the page
// does (js/rules-files.js), imports what the page will import (python-modules.txt, and the rules as the page imports
// them), compiles ahead the Python files the page sends it (PyScript's package, which PyScript writes and imports on
// every start), then takes the memory snapshot and stores it (js/snapshot.js). It runs once per build, after a
// normal boot; the next visit restores the snapshot with all of that already done. Nothing here touches JavaScript
// objects from Python, so the snapshot holds no reference to this Worker.

import { loadPyodide } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { probeWrite, storeSnapshot } from "./snapshot.js";
import { addRules, fetchRules, importRules } from "./rules-files.js";

const MODULES = ["{{PYTHON_MODULES}}"];

// What the page's Python was given as it started (js/interpreter.js pageSources), compiled here so that a
// restored engine need not parse it again: the files not imported already (PyScript's package), which the
// import system then takes as code objects for the same path and text, and the code strings PyScript ran, which
// Pyodide's runPythonAsync then takes as code objects for the same text and compile options.
const PRECOMPILE = `
import ast
import sys
import _frozen_importlib_external as external
from _pyodide import _base

def precompile_files(files):
    imported = {getattr(module, "__file__", None) for module in list(sys.modules.values())}
    codes = {(path, text.encode()): compile(text.encode(), path, "exec", dont_inherit=True)
             for path, text in files.items() if path not in imported}
    compile_source = external.SourceLoader.source_to_code

    def source_to_code(self, data, path, *, _optimize=-1):
        code = codes.get((path, bytes(data))) if _optimize == -1 else None
        return code if code is not None else compile_source(self, data, path, _optimize=_optimize)

    external.SourceLoader.source_to_code = source_to_code

def precompile_runs(runs):
    parse_and_compile = _base._parse_and_compile_gen
    codes = {}
    storing = True

    def parse_and_compile_gen(source, **options):
        key = (source, tuple(sorted(options.items())))
        code = codes.get(key)
        if code is not None:
            yield None   # no tree: the code object is made already
            return code
        code = yield from parse_and_compile(source, **options)
        if storing:
            codes[key] = code
        return code

    _base._parse_and_compile_gen = parse_and_compile_gen
    for source in runs:   # as runPythonAsync (eval_code_async) compiles them
        try:
            _base.CodeRunner(source, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT).compile()
        except SyntaxError:
            pass
    storing = False

precompile_files(FILES)
precompile_runs(RUNS)
del precompile_files, precompile_runs
`;

const sources = new Promise((resolve) => {
  addEventListener("message", ({ data }) => resolve(data), { once: true });
});

// What the Worker was doing when it failed: a file system that refuses the probe's write or the snapshot's is
// remembered by the page (js/snapshot.js), so that later visits of this build make no snapshot; a snapshot that
// could not be made is not, and the next visit tries again.
let stage = "probe";
// A store that failed because another tab was storing its own copy at the same moment (one removed the folder the
// other was writing to, or held the file) is no refusal.
const CONTENDED = new Set(["NotFoundError", "NoModificationAllowedError", "InvalidModificationError"]);
try {
  // Before Python: where the page could not try a write (js/snapshot.js probeWrite), a refusal costs no boot.
  await probeWrite();
  stage = "make";
  const indexURL = new URL("../pyodide/{{PYODIDE_DIR}}/", import.meta.url).href;
  const [pyodide, rules] = await Promise.all([loadPyodide({ indexURL, _makeSnapshot: true }), fetchRules()]);
  addRules(pyodide, rules);
  pyodide.runPython("import importlib\nfor name in MODULES: importlib.import_module(name)",
    { globals: pyodide.toPy({ MODULES }) });
  importRules(pyodide);
  const { files, runs } = await sources;
  pyodide.runPython(PRECOMPILE, { globals: pyodide.toPy({ FILES: files, RUNS: runs }) });
  const bytes = pyodide.makeMemorySnapshot();
  stage = "store";
  await storeSnapshot(bytes);
  postMessage({ ok: true, bytes: bytes.length });
} catch (error) {
  const message = `${stage === "make" ? "not made" : "not stored"}: ${error?.name ?? "Error"}: ${error?.message ?? error}`;
  postMessage({ ok: false, refused: stage === "probe" || (stage === "store" && !CONTENDED.has(error?.name)), message });
}
