// A module Worker that reads the stored memory snapshot for the page (js/snapshot.js), so that neither finding
// the file, nor reading its 31 MB, nor working out its checksum takes the page's own thread while it starts.
// It answers {kind: "bytes", bytes} as soon as the file is read (handed over whole, not copied), then
// {kind: "checked", matches}: whether the file, read a second time, has the SHA-256 its name claims. Anything else is
// {kind: "error", message}, and the page boots normally.

import { findSnapshot, sha256 } from "./snapshot.js";

try {
  const found = await findSnapshot();
  if (!found) throw new Error("no snapshot of this build is stored");
  const bytes = new Uint8Array(await found.file.arrayBuffer());
  postMessage({ kind: "bytes", bytes }, [bytes.buffer]);
  const again = new Uint8Array(await found.file.arrayBuffer());
  postMessage({ kind: "checked", matches: (await sha256(again)) === found.claimed });
} catch (error) {
  postMessage({ kind: "error", message: String(error?.message ?? error) });
}
