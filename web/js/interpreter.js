// The interpreter module PyScript loads (its config's "interpreter"): Pyodide's own loadPyodide, restoring the
// stored memory snapshot when there is a good one (js/snapshot.js) and booting normally otherwise.
//
// The boot begins before PyScript asks for it: the page calls begin() once its first frame is painted, and
// Python starts while PyScript is still loading its own modules. PyScript's output streams, which only exist
// when it calls loadPyodide, are joined to the boot then.

import { loadPyodide as loadFresh, version } from "../pyodide/{{PYODIDE_DIR}}/pyodide.mjs";
import { forgetSnapshot, mark, sha256, stored } from "./snapshot.js";

export { version };

const indexURL = new URL("../pyodide/{{PYODIDE_DIR}}/", import.meta.url).href;
const streams = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
let booting = null;

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
  return begin();
}

async function boot() {
  const options = { indexURL, stdout: (text) => streams.stdout(text), stderr: (text) => streams.stderr(text) };
  let snapshot = await stored;
  if (snapshot instanceof Error) {
    mark("fresh", `not restored (${snapshot.message})`);
    snapshot = null;
  }
  if (snapshot) {
    try {
      // The checksum is worked out (off this thread) while the snapshot is restored, not before.
      const checked = snapshot.bytes.then(sha256);
      checked.catch(() => { /* a file that cannot be read fails the restore below, which is what is reported */ });
      const pyodide = await loadFresh({ ...options, _loadSnapshot: snapshot.bytes });
      if (await checked !== snapshot.sha256) throw new Error("the stored snapshot does not match its checksum");
      // A restored heap repeats the snapshot's random state on every visit: draw a new one.
      pyodide.runPython("import random\nrandom.seed()");
      mark("restored");
      return pyodide;
    } catch (error) {
      await forgetSnapshot().catch(() => {});
      mark("fresh", `not restored (${error.message ?? error})`);
    }
  }
  const pyodide = await loadFresh(options);
  if (!document.documentElement.dataset.snapshot) mark("fresh");
  return pyodide;
}
