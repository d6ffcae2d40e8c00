// The engine's memory snapshot: Python's heap just after it started, so a return visit restores it in a
// fraction of a second instead of starting Python again. It is made in a module Worker after a normal boot
// (making one on the page breaks PyScript), kept in Cache Storage under this build's key, and checked
// against its SHA-256 before it is restored. Anything wrong with it means a normal boot, never a failed one.

export const KEY = "{{SNAPSHOT_KEY}}";
const CACHE = "woundbook.snapshot";   // not "woundbook-…": the service worker deletes those on a new build
const ENTRY = new URL(`../snapshot/${KEY}`, import.meta.url).href;   // a cache key only: never fetched

const root = globalThis.document?.documentElement;

// What became of the snapshot on this visit, for the page's tests and the bench:
// "restored", "fresh" (a normal boot), "making", "stored", "failed" or "unsupported".
export function mark(state, detail = "") {
  if (root) root.dataset.snapshot = state;
  if (detail) console.info(`Engine snapshot ${state}: ${detail}`);
}

function usable() {
  return "caches" in globalThis && globalThis.crypto?.subtle !== undefined && globalThis.isSecureContext;
}

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The stored snapshot's bytes, or null when there is none or it is not the one that was stored.
export async function readSnapshot() {
  if (!usable()) return null;
  const response = await (await caches.open(CACHE)).match(ENTRY);
  if (!response) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (await digest(bytes) !== response.headers.get("x-sha256")) {
    await forgetSnapshot();
    throw new Error("the stored snapshot does not match its checksum");
  }
  return bytes;
}

// The page starts reading the snapshot as soon as this module loads, while PyScript is still starting.
export const stored = root ? readSnapshot().catch((error) => error) : null;

export async function storeSnapshot(bytes) {
  const headers = { "content-type": "application/octet-stream", "x-sha256": await digest(bytes) };
  const cache = await caches.open(CACHE);
  for (const old of await cache.keys()) await cache.delete(old);   // another build's snapshot is no use
  await cache.put(ENTRY, new Response(bytes, { headers }));
}

export async function forgetSnapshot() {
  if (usable()) await caches.delete(CACHE);
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
