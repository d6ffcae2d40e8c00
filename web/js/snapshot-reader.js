// A module Worker that reads the stored memory snapshot for the page (js/snapshot.js), so that neither finding
// the file, nor reading its 31 MB, nor working out its checksum takes the page's own thread while it starts.
// It answers {kind: "bytes", bytes} as soon as the file is read (handed over whole, not copied), then
// {kind: "checked", matches}: whether the file, read a second time, has the SHA-256 its name claims. Anything else is
// {kind: "error", message}, and the page boots normally.
// Once the bytes are handed over, it fetches and inflates the rules' bundle, which the restored Python needs at once,
// and answers {kind: "rules", body} (handed over), or {kind: "rules-error", message}: inflated on the page, it took
// 10-16 ms of the page's thread in the middle of the restore. This script imports nothing at run time (the build
// bundles what it uses into it), so that the Worker starts reading as soon as its one file has arrived.

import { fetchBundle } from "./rules-files.js";
import { findSnapshot, sha256 } from "./snapshot.js";

// The snapshot is read first: Pyodide's start waits for its bytes, while the rules are needed only once Python
// is restored; inflated first, they held the bytes back by 15-20 ms of this thread.
let found = null;
try {
  found = await findSnapshot();
  if (!found) throw new Error("no snapshot of this build is stored");
  const bytes = await read(found.handle);
  postMessage({ kind: "bytes", bytes }, [bytes.buffer]);
} catch (error) {
  postMessage({ kind: "error", message: String(error?.message ?? error) });
  found = null;
}
if (found) {
  fetchBundle().then(
    (body) => postMessage({ kind: "rules", body }, [body.buffer]),
    (error) => postMessage({ kind: "rules-error", message: String(error?.message ?? error) }));
  try {
    const again = await read(found.handle);
    postMessage({ kind: "checked", matches: (await sha256(again)) === found.claimed });
  } catch (error) {
    postMessage({ kind: "error", message: String(error?.message ?? error) });
  }
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
