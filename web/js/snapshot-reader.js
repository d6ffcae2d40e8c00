// A module Worker that reads the stored memory snapshot for the page (js/snapshot.js), so that neither finding
// the file, nor reading its 31 MB, nor working out its checksum takes the page's own thread while it starts.
// It answers {kind: "bytes", bytes, matches} once the file is read and its checksum worked out: the bytes (handed
// over whole, not copied) and whether they have the SHA-256 the file's name claims. Anything else is
// {kind: "error", message}, and the page boots normally. (The page starts Python's runtime meanwhile, and needs
// the bytes only once it is set up: js/interpreter.js.)
// Then it fetches and inflates the rules' bundle, which the restored Python needs at once, and answers
// {kind: "rules", body} (handed over), or {kind: "rules-error", message}: inflated on the page, it took 10-16 ms of
// the page's thread in the middle of the restore. This script imports nothing at run time (the build bundles what
// it uses into it), so that the Worker starts reading as soon as its one file has arrived.

import { fetchBundle } from "./rules-files.js";
import { findSnapshot, sha256 } from "./snapshot.js";

// The snapshot first, then the rules: Python's start waits for the snapshot, while the rules are needed only once
// it is restored; inflated first, they held the bytes back 15-20 ms of this thread.
try {
  const found = await findSnapshot();
  if (!found) throw new Error("no snapshot of this build is stored");
  const bytes = await read(found.handle);
  const matches = (await sha256(bytes)) === found.claimed;
  postMessage({ kind: "bytes", bytes, matches }, [bytes.buffer]);
  fetchBundle().then(
    (body) => postMessage({ kind: "rules", body }, [body.buffer]),
    (error) => postMessage({ kind: "rules-error", message: String(error?.message ?? error) }));
} catch (error) {
  postMessage({ kind: "error", message: String(error?.message ?? error) });
}

// The file's bytes. A synchronous access handle, which only a Worker may have, reads the 31 MB in a third of the
// time File.arrayBuffer takes (48 against 144 ms in a return visit here), and leaves the two cores to compiling
// Pyodide's WebAssembly sooner. It is read-only, so two tabs opening at once can both read; where none can be had
// (a browser without the option, whose handles are exclusive, with another tab reading), the file is read as a File.
async function read(handle) {
  let access;
  try {
    access = await handle.createSyncAccessHandle({ mode: "read-only" });
  } catch {
    return new Uint8Array(await (await handle.getFile()).arrayBuffer());
  }
  try {
    const bytes = new Uint8Array(access.getSize());
    if (access.read(bytes, { at: 0 }) !== bytes.length) throw new Error("the stored snapshot could not be read whole");
    return bytes;
  } finally {
    access.close();
  }
}
