// The QR code generator's bridge: text in, a QR code's modules out ({version, size, error_correction, rows}).
// js/engine.js is the bridge to the rules; this is the one other way into Python, for an optional generator that
// the page installs on first use and never on the boot path: Project Nayuki's qrcodegen (a pure-Python wheel that
// build.py pins, checks and ships) and web/qr_matrix.py, the few lines that call it. micropip installs the wheel
// from this site's own URL (by a package name it would ask the public index); the service worker has precached both
// files with the rest of the build, so it works offline.

const SITE = new URL("../", import.meta.url);
const GENERATOR_WHEEL = new URL("{{QR_WHEEL}}", SITE).href;
const MATRIX_MODULE = new URL("{{QR_MODULE}}", SITE).href;
// The standard-library modules only micropip imports (its email parsing and HTTP modules): the archive Pyodide
// starts with leaves them out, so a first visit does not download them (buildtools/page.py).
const STDLIB_MORE = new URL("{{STDLIB_MORE}}", SITE).href;
const MORE_PATH = "/lib/python_stdlib_more.zip";
// Outside Python's home folder, whose Python files the snapshot worker is sent to compile (js/interpreter.js).
const FOLDER = "/woundbook-qr";

let generator = null;       // a promise of qr_matrix.matrix, once its installation has begun
const made = new Map();     // text -> its code, the last few: the dialog opened again on the same link draws at once
const KEPT = 4;

export const installed = () => generator !== null;

// The generator, installed once per page: a failed installation (offline before the service worker had saved
// the files) is tried again at the next call.
function install() {
  generator ??= load().catch((error) => {
    generator = null;
    throw error;
  });
  return generator;
}

async function load() {
  const { begin } = await import("./interpreter.js");
  const pyodide = await begin();
  const source = fetched(MATRIX_MODULE).then((response) => response.text());
  const more = fetched(STDLIB_MORE).then((response) => response.arrayBuffer());
  // On Python's path before micropip is loaded: loading a package reads importlib.metadata, which imports email.
  pyodide.FS.writeFile(MORE_PATH, new Uint8Array(await more));
  pyodide.runPython(`import sys\nif ${JSON.stringify(MORE_PATH)} not in sys.path: sys.path.append(${JSON.stringify(MORE_PATH)})`);
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install.callKwargs(GENERATOR_WHEEL, { deps: false });
  } finally {
    micropip.destroy();
  }
  pyodide.FS.mkdirTree(FOLDER);
  pyodide.FS.writeFile(`${FOLDER}/qr_matrix.py`, await source);
  const path = pyodide.pyimport("sys").path;
  path.append(FOLDER);
  path.destroy();
  return pyodide.pyimport("qr_matrix").matrix;
}

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

// The QR code of `text`: {ok: true, result} or {ok: false, error: {kind, message}}, never thrown. Waits for the
// rules engine to have started, and installs the generator the first time.
export async function qrCode(text) {
  if (made.has(text)) return made.get(text);
  let matrix;
  let answer;
  try {
    matrix = await install();
    answer = JSON.parse(matrix(text));
  } catch (error) {
    const why = String(error.message ?? error).trim().split("\n").slice(-1)[0];
    return matrix
      ? { ok: false, error: { kind: "failed", message: `The QR code could not be made (${why}).` } }
      : { ok: false, error: { kind: "not_installed", message: `The QR code generator could not be loaded (${why}).` } };
  }
  if (answer.ok) {
    made.set(text, answer);
    if (made.size > KEPT) made.delete(made.keys().next().value);
  }
  return answer;
}
