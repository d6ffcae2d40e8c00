// The engine's memory snapshot: Python's heap just after it started, so a return visit restores it in a
// fraction of a second instead of starting Python again. It is made in a module Worker after a normal boot
// (making one on the page breaks PyScript) and kept in the origin's private file system as one file named by
// this build's key and the file's SHA-256, which is checked while the snapshot is restored. Anything wrong with
// it means a normal boot, never a failed one.

export const KEY = "{{SNAPSHOT_KEY}}";
const FOLDER = "woundbook-snapshot";

const root = globalThis.document?.documentElement;

// What became of the snapshot on this visit, for the page's tests and the bench:
// "restored", "fresh" (a normal boot), "making", "stored", "failed" or "unsupported".
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

// The stored snapshot for this build, {bytes, sha256}: a promise of its bytes, and the checksum its name claims;
// or null. It answers as soon as the file is found, so that Python can begin while the bytes are read.
export async function readSnapshot() {
  if (!usable()) return null;
  let files;
  try {
    files = await folder(false);
  } catch {
    return null;   // nothing stored yet
  }
  for await (const [name, handle] of files.entries()) {
    const [key, claimed] = name.split(".");
    if (key === KEY && handle.kind === "file") {
      const file = await handle.getFile();
      return { bytes: file.arrayBuffer().then((buffer) => new Uint8Array(buffer)), sha256: claimed };
    }
  }
  return null;
}

// The page starts reading the snapshot as soon as this module loads, while the rest of the page starts.
export const stored = root ? readSnapshot().catch((error) => error) : null;

export async function storeSnapshot(bytes) {
  await forgetSnapshot();   // another build's snapshot is no use
  const file = await (await folder(true)).getFileHandle(`${KEY}.${await sha256(bytes)}.bin`, { create: true });
  if (typeof file.createWritable === "function") {
    const writer = await file.createWritable();
    await writer.write(bytes);
    await writer.close();
  } else {   // browsers that write this file system only synchronously, in a Worker
    const access = await file.createSyncAccessHandle();
    access.truncate(0);
    access.write(bytes, { at: 0 });
    access.flush();
    access.close();
  }
}

export async function forgetSnapshot() {
  if (!usable()) return;
  try {
    await (await navigator.storage.getDirectory()).removeEntry(FOLDER, { recursive: true });
  } catch (error) {
    if (error.name !== "NotFoundError") throw error;
  }
}

// After a normal boot, make the snapshot in a module Worker once the page is idle; the page's own thread
// only waits for the Worker's answer.
export function makeSnapshotLater() {
  if (root?.dataset.snapshot !== "fresh") return;
  if (!usable() || typeof Worker !== "function") return mark("unsupported");
  const start = () => {
    mark("making");
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      if (data.ok) mark("stored", `${(data.bytes / 1e6).toFixed(1)} MB`);
      else mark("failed", data.message);
    });
    worker.addEventListener("error", (event) => {
      worker.terminate();
      mark("failed", event.message || "the snapshot worker did not start");
    });
  };
  if ("requestIdleCallback" in globalThis) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 500);
}
