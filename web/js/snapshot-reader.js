// A module Worker that reads the stored memory snapshot for the page (js/snapshot.js), so that neither finding
// the file, nor reading its 31 MB, nor working out its checksum takes the page's own thread while it starts.
// It answers {kind: "bytes", bytes} once the file is read and found to have the SHA-256 its name claims (the bytes
// handed over whole, not copied). Anything else, a mismatch included, is {kind: "error", message}, and the page
// boots normally. (The page starts Python's runtime meanwhile, and needs
// the bytes only once it is set up: js/interpreter.js.)
// Meanwhile it fetches and inflates the rules' bundle, which the restored Python needs at once, and answers
// {kind: "rules", body} (handed over), or {kind: "rules-error", message}: inflated on the page, it took 10-16 ms of
// the page's thread in the middle of the restore. This script imports nothing at run time (the build bundles what
// it uses into it), so that the Worker starts reading as soon as its one file has arrived.

import { fetchBundle } from "./rules-files.js";
import { findSnapshot, sha256 } from "./snapshot.js";

// The rules are fetched and inflated while the file is found, read and checked: the restore needs both only once
// Python's runtime is set up (about 400 ms into a return visit here); fetched once the snapshot was checked, the
// rules came after that in 4 or 5 of 9 return visits here (the page's thread and the runtime's compiling had the two
// cores), and the page waited for them.
fetchBundle().then(
  (body) => postMessage({ kind: "rules", body }, [body.buffer]),
  (error) => postMessage({ kind: "rules-error", message: String(error?.message ?? error) }));
try {
  const found = await findSnapshot();
  if (!found) throw new Error("no snapshot of this build is stored");
  const bytes = await read(found.handle);
  if ((await sha256(bytes)) !== found.claimed) throw new Error("the stored snapshot does not match its checksum");
  postMessage({ kind: "bytes", bytes }, [bytes.buffer]);
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
