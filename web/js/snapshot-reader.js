// A module Worker that reads the stored memory snapshot for the page (js/snapshot.js), so that neither finding
// the file, nor reading its 31 MB, nor working out its checksum takes the page's own thread while it starts.
// It answers {kind: "bytes", bytes} as soon as the file is read (handed over whole, not copied), then
// {kind: "checked", matches}: whether the file, read a second time, has the SHA-256 its name claims. Anything else is
// {kind: "error", message}, and the page boots normally.
// Meanwhile it fetches and inflates the rules' bundle, which the restored Python needs at once, and answers
// {kind: "rules", body} (handed over), or {kind: "rules-error", message}: inflated on the page, it took 10-16 ms of
// the page's thread in the middle of the restore.

import { fetchBundle } from "./rules-files.js";
import { findSnapshot, sha256 } from "./snapshot.js";

fetchBundle().then(
  (body) => postMessage({ kind: "rules", body }, [body.buffer]),
  (error) => postMessage({ kind: "rules-error", message: String(error?.message ?? error) }));

try {
  const found = await findSnapshot();
  if (!found) throw new Error("no snapshot of this build is stored");
  const bytes = await read(found.handle);
  postMessage({ kind: "bytes", bytes }, [bytes.buffer]);
  const again = await read(found.handle);
  postMessage({ kind: "checked", matches: (await sha256(again)) === found.claimed });
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
