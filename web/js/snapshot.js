// The engine's memory snapshot: Python's heap just after it started, so a return visit restores it in a
// fraction of a second instead of starting Python again. It is made in a module Worker after a normal boot
// (making one on the page breaks PyScript) and kept in the origin's private file system as one file named by
// this build's key and the file's SHA-256, which is checked before the snapshot is restored. Anything wrong with
// it means a normal boot, never a failed one.

export const KEY = "{{SNAPSHOT_KEY}}";
const FOLDER = "woundbook-snapshot";

const root = globalThis.document?.documentElement;

// What became of the snapshot on this visit, for the page's tests and the bench:
// "restored", "fresh" (a normal boot), "making", "stored", "failed", "unsupported" (no private file system or
// Workers) or "refused" (the private file system refuses writes: see refusedBefore).
export function mark(state, detail = "") {
  if (root) root.dataset.snapshot = state;
  if (detail) console.info(`Engine snapshot ${state}: ${detail}`);
}

function usable() {
  return typeof navigator.storage?.getDirectory === "function" && globalThis.crypto?.subtle !== undefined
    && globalThis.isSecureContext;
}

export async function sha256(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function folder(create) {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create });
}

// This build's stored snapshot: {handle, claimed}, the file's handle and the checksum its name claims; or null.
export async function findSnapshot() {
  if (!usable()) return null;
  let files;
  try {
    files = await folder(false);
  } catch {
    return null;   // nothing stored yet
  }
  for await (const [name, handle] of files.entries()) {
    const [key, claimed] = name.split(".");
    if (key === KEY && handle.kind === "file") return { handle, claimed };
  }
  return null;
}

// The page remembers which build's snapshot it stored, and its size ("<key> <bytes>"), so that a return visit can
// begin restoring it at once, before the file is found, and start Python's runtime before it is read.
const HINT = "woundbook.snapshot";

// Whether local storage notes this build's key under `name` (no, where storage is refused).
function noted(name) {
  try {
    return localStorage.getItem(name) === KEY;
  } catch {
    return false;
  }
}

// {size} when local storage notes this build's snapshot, else null.
function hinted() {
  try {
    const [key, size] = (localStorage.getItem(HINT) ?? "").split(" ");
    return key === KEY && Number(size) > 0 ? { size: Number(size) } : null;
  } catch {
    return null;
  }
}

function hint(stored, size) {
  try {
    if (stored) {
      localStorage.setItem(HINT, `${KEY} ${size}`);
      localStorage.removeItem(REFUSED);
    } else localStorage.removeItem(HINT);
  } catch { /* storage refused: the next visit boots normally */ }
}

// A private file system that refuses writes (Safari's Private tabs open it but refuse to write to it; Firefox's
// private windows refuse to open it; a full disk refuses 31 MB) is remembered under this build's key: making a
// snapshot starts a second Python and takes tens of seconds of a tablet's CPU, so a visit of this build that finds
// the refusal noted boots normally and makes none. A later build has another key, and tries again.
const REFUSED = "woundbook.snapshot-refused";

export function refusedBefore() {
  return noted(REFUSED);
}

function refuse(message) {
  try {
    localStorage.setItem(REFUSED, KEY);
  } catch { /* not remembered: the next visit probes again, which costs a few milliseconds */ }
  mark("refused", message);
}

// The stored snapshot, read in a Worker (js/snapshot-reader.js) once the boot asks: {size, read(), bytes, rules}.
// `size` is its size as noted when it was stored; read() starts the Worker (once); `bytes` is a
// promise of its bytes, which rejects when the file is gone or does not have the checksum its name claims (worked
// out off this thread, before the bytes are handed over); `rules`, one of the rules' bundle, fetched and inflated
// there too (js/rules-files.js). Null when no snapshot of this build was stored.
// The Worker is started by the boot, after a return visit's first frame: started with the page, its start-up and
// reading took the cores while the saved cards were painted (that frame came 20 ms later, medians of 9 return
// visits here), and the file did not arrive sooner for it.
const remembered = root && usable() && typeof Worker === "function" ? hinted() : null;
export const stored = remembered ? readInWorker(remembered.size) : null;

function readInWorker(size) {
  let settle;
  const bytes = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  let bundle;
  const rules = new Promise((resolve, reject) => { bundle = { resolve, reject }; });
  // A snapshot that cannot be read fails its restore, which is what is reported; Pyodide awaits the bytes only
  // later in its start, so a refusal before then would otherwise be an uncaught error of the page.
  bytes.catch(() => {});
  rules.catch(() => {});
  let worker = null;
  const read = () => {
    if (worker) return;
    worker = new Worker(new URL("./snapshot-reader.js", import.meta.url), { type: "module" });
    let left = 2;   // answers still to come: the snapshot's and the rules'
    const done = () => { if (--left === 0) worker.terminate(); };
    const fail = (error) => {
      worker.terminate();
      settle.reject(error);
      bundle.reject(error);
    };
    worker.addEventListener("message", ({ data }) => {
      if (data.kind === "bytes") {
        settle.resolve(data.bytes);
        done();
      } else if (data.kind === "rules") {
        bundle.resolve(data.body);
        done();
      } else if (data.kind === "rules-error") {
        bundle.reject(new Error(data.message));
        done();
      } else fail(new Error(data.message));
    });
    worker.addEventListener("error", (event) => fail(new Error(event.message || "the snapshot reader did not start")));
  };
  return { size, read, bytes, rules };
}

export async function storeSnapshot(bytes) {
  await forgetSnapshot();   // another build's snapshot is no use
  const file = await (await folder(true)).getFileHandle(`${KEY}.${await sha256(bytes)}.bin`, { create: true });
  await write(file, bytes);
}

async function write(file, bytes) {
  if (typeof file.createWritable === "function") {
    const writer = await file.createWritable();
    await writer.write(bytes);
    await writer.close();
  } else {   // browsers that write this file system only synchronously, in a Worker (Safari before 26)
    const access = await file.createSyncAccessHandle();
    try {
      access.truncate(0);
      access.write(bytes, { at: 0 });
      access.flush();
    } finally {
      access.close();
    }
  }
}

// Whether this origin's private file system takes a file, tried as storeSnapshot writes one: a few bytes in a
// file of their own at its root (outside the snapshot's folder, which a store empties), deleted after. Rejects
// when it does not. A page whose browser writes the file system only from a Worker creates the file without
// writing it; the snapshot Worker then probes again, writing, before it starts Python.
export async function probeWrite() {
  const files = await navigator.storage.getDirectory();
  const name = `woundbook-probe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const file = await files.getFileHandle(name, { create: true });
    if (!root || typeof file.createWritable === "function") await write(file, new Uint8Array(64).fill(1));
  } finally {
    await files.removeEntry(name).catch(() => { /* never made, or already gone */ });
  }
}

export async function forgetSnapshot() {
  if (!usable()) return;
  if (root) hint(false);
  try {
    await (await navigator.storage.getDirectory()).removeEntry(FOLDER, { recursive: true });
  } catch (error) {
    if (error.name !== "NotFoundError") throw error;
  }
}

// On a first visit, the service worker takes the page over a second or so after the engine is ready (once it has
// cached the build). The snapshot Worker waits for it, so that Python's runtime reaches the Worker from the site's
// cache: the browser keeps the code it compiles for pyodide.asm.mjs (1.2 MB) beside that cached file, and the next
// visit's start uses it instead of compiling it again (about 15-30 ms of the page's thread). Without a worker
// registered, or one that does not take over within SITE_WAIT_MS, the snapshot is made all the same.
const SITE_WAIT_MS = 10000;

async function underTheSite() {
  const container = globalThis.navigator?.serviceWorker;
  if (!container || container.controller) return;
  const registration = await container.getRegistration().catch(() => undefined);
  if (!registration) return;
  await new Promise((resolve) => {
    container.addEventListener("controllerchange", resolve, { once: true });
    setTimeout(resolve, SITE_WAIT_MS);
  });
}

// After a normal boot, make the snapshot in a module Worker once the page is idle, if the private file system
// takes a probe's write (and did not refuse one on an earlier visit of this build); the page's own thread only
// reads out the Python files it was given (to be compiled ahead) and waits for the Worker's answer.
// sources(): a promise of the page's Python files ({files, runs}: js/interpreter.js pageSources), handed in by the
// page, which loads the interpreter's module; this module is below it, and imports it neither way.
export function makeSnapshotLater(sources) {
  if (root?.dataset.snapshot !== "fresh") return;
  if (!usable() || typeof Worker !== "function") return mark("unsupported");
  if (refusedBefore()) return mark("refused", "this browser's storage refused it on an earlier visit of this build");
  const start = async () => {
    mark("making");
    try {
      await probeWrite();
    } catch (error) {
      return refuse(`the private file system refuses writes (${error?.name}: ${error?.message})`);
    }
    await underTheSite();
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    const fail = (message) => {
      worker.terminate();
      mark("failed", message);
    };
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      hint(data.ok, data.bytes);
      if (data.ok) mark("stored", `${(data.bytes / 1e6).toFixed(1)} MB`);
      else if (data.refused) refuse(data.message);
      else mark("failed", data.message);
    });
    worker.addEventListener("error", (event) => fail(event.message || "the snapshot worker did not start"));
    sources()
      .then((files) => worker.postMessage(files))
      .catch((error) => fail(`the page's Python files could not be read (${error.message})`));
  };
  if ("requestIdleCallback" in globalThis) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 500);
}
