// The interpreter module PyScript loads (its config's "interpreter"): Pyodide's own loadPyodide, restoring the
// stored memory snapshot when there is a good one (js/snapshot.js) and booting normally otherwise.
//
// The boot begins before PyScript asks for it: the page calls begin() once its first frame is painted, and
// Python starts while PyScript is still loading its own modules. PyScript's output streams, which only exist
// when it calls loadPyodide, are joined to the boot then.
//
// The engine is ready as soon as Python holds the rules: the boot hands rules.api.call to the page's bridge
// (js/engine.js) at once, and PyScript's own start (its Python package, 70-85 ms after a restore, then main.py,
// which hands over the same function) goes on behind it.

import { loadPyodide as loadFresh, version } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { forgetSnapshot, mark, stored } from "./snapshot.js";
import { addRules, fetchRules, importRules, unbundle } from "./rules-files.js";

export { version };

const indexURL = new URL("../pyodide/{{PYODIDE_DIR}}/", import.meta.url).href;
const streams = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
let booting = null;
const pyscriptDone = new Promise((resolve) => addEventListener("py:all-done", resolve, { once: true }));

export function begin() {
  booting ??= boot();
  return booting;
}

export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _, ...others } = options;
  if (Object.keys(others).length) {
    // Our PyScript config asks for no packages; a boot begun without them could not honour them.
    throw new Error(`PyScript asked Pyodide for ${Object.keys(others).join(", ")}, which the early boot does not pass`);
  }
  if (stdout) streams.stdout = stdout;
  if (stderr) streams.stderr = stderr;
  await dropWorkerHooks();
  return keepRuns(await begin());
}

// Once it has Python, PyScript gives each of the page's scripts a way to start a PyScript worker, and as it does
// it compiles the hooks such a worker would run with Function(). The page's Content-Security-Policy (index.html)
// has no 'unsafe-eval', so that throws and PyScript never runs main.py. The page starts no PyScript worker (they
// need cross-origin isolation, which GitHub Pages cannot send): their hooks (one, which gives a worker PyScript's
// file-system module) are emptied here, before PyScript reads them, and nothing is compiled from text.
async function dropWorkerHooks() {
  const { hooks } = await import("../pyscript/{{PYSCRIPT_VERSION}}/core.js");
  for (const [name, set] of Object.entries(hooks.worker)) if (name.startsWith("on")) set.clear();
}

// The code PyScript runs as the page starts (its bootstrap and main.py), kept so that the snapshot worker can
// compile it ahead: a restored engine then runs it without parsing it again.
const runs = [];

function keepRuns(pyodide) {
  if (!runs.kept) {
    runs.kept = true;
    const runAsync = pyodide.runPythonAsync.bind(pyodide);
    pyodide.runPythonAsync = (code, ...rest) => {
      if (typeof code === "string" && runs.length < 8) runs.push(code);
      return runAsync(code, ...rest);
    };
  }
  return pyodide;
}

// What the page's Python was given once it started, for the snapshot worker to compile ahead: {files, runs}.
// files, {path: text}, are the Python files in its home folder (PyScript writes its own package there on every
// start; the rules, imported already, are left out by the worker); runs are the code strings run as above.
export async function pageSources() {
  const { FS } = await begin();
  await pyscriptDone;   // its package written and its code run
  const files = {};
  const walk = (folder) => {
    for (const name of FS.readdir(folder)) {
      const path = `${folder}/${name}`;
      if (name === "." || name === "..") continue;
      if (FS.isDir(FS.stat(path).mode)) walk(path);
      else if (name.endsWith(".py")) files[path] = FS.readFile(path, { encoding: "utf8" });
    }
  };
  walk(FS.cwd());
  return { files, runs: [...runs] };
}

async function boot() {
  const options = { indexURL, stdout: (text) => streams.stdout(text), stderr: (text) => streams.stderr(text) };
  // A restore needs the rules' files within a few hundred milliseconds: the snapshot's reader fetches and inflates
  // them at once, off this thread (should it stop, finding no snapshot after all, the page fetches them itself). A
  // normal boot takes seconds, and files inflated meanwhile made Python's start-up task about 100 ms longer (medians
  // of 11 first visits: 1656 ms, against 1565 with them inflated after it and 1584 for bare Pyodide), so there they
  // are fetched at once and inflated once Python has started.
  let pythonStarted;
  const started = new Promise((resolve) => { pythonStarted = resolve; });
  const rules = stored ? stored.rules.then(unbundle, () => fetchRules()) : fetchRules(started);
  rules.catch(() => { /* reported where it is awaited */ });
  if (stored) {
    const unread = {};
    try {
      // The restore begins at once; the file is found, read and checked in a Worker meanwhile, and bytes that do
      // not match their checksum are never restored.
      stored.read();
      const pyodide = await loadFresh({ ...options, ...restoring(stored, unread) });
      if (unread.error) throw unread.error;
      // A restored heap repeats the snapshot's random state on every visit: draw a new one.
      pyodide.runPython("import random\nrandom.seed()");
      addRules(pyodide, await rules);
      handOver(pyodide);
      mark("restored");
      return pyodide;
    } catch (error) {
      await forgetSnapshot().catch(() => {});
      mark("fresh", `not restored (${(unread.error ?? error).message ?? error})`);
    }
  }
  const pyodide = await loadFresh(options).finally(pythonStarted);
  addRules(pyodide, await rules);
  importRules(pyodide);   // a restored heap holds the rules imported already: only a fresh one imports them
  handOver(pyodide);
  if (!document.documentElement.dataset.snapshot) mark("fresh");
  return pyodide;
}

// Pyodide's options for restoring `stored`. Pyodide sizes the runtime's memory by the snapshot before it compiles
// anything, and so would wait for its bytes first. With their size noted when it was stored, the runtime is compiled,
// linked and set up (its JavaScript API alone took about 40 ms of this thread) while the Worker still reads the
// file and checks it. An empty array stands in for the snapshot meanwhile: it has the snapshot's length, which is
// all Pyodide reads of it before the restore, and once the bytes arrive, in the hook Pyodide awaits just before it
// restores them (fsInit), it answers with their buffer, offset, length and subarrays, which is what the restore
// reads. The bytes are not copied into memory of their own first (31 MB: 20 ms of a return visit here, medians of
// 9 interleaved). Bytes that cannot be read, or not of that size, are left out: the restore then finds no snapshot
// and fails, and `unread.error` says why. A Pyodide that read the array otherwise would fail its restores the same
// way, which tests/web/test_snapshot.py would see.
function restoring(stored, unread) {
  const standIn = Object.defineProperty(new Uint8Array(0), "length", { value: stored.size });
  const fsInit = async () => {
    try {
      const bytes = await stored.bytes;
      if (bytes.length !== stored.size) throw new Error(`the stored snapshot has ${bytes.length} bytes, not ${stored.size}`);
      for (const name of ["buffer", "byteOffset", "byteLength"]) Object.defineProperty(standIn, name, { value: bytes[name] });
      Object.defineProperty(standIn, "subarray", { value: (start, end) => bytes.subarray(start, end) });
    } catch (error) {
      unread.error = error;
    }
  };
  return { _loadSnapshot: standIn, fsInit };
}

// The same entry point main.py puts on the page (`woundbook.call`, rules.api.call), handed over before PyScript
// gets there. A restored heap that cannot import the rules fails here, inside the restore's try.
function handOver(pyodide) {
  const api = pyodide.pyimport("rules.api");
  const call = (method, text) => api.call(method, text);
  dispatchEvent(new CustomEvent("woundbook:rules-ready", { detail: { call } }));
}
