// The rules wheel, put on Python's path as it is: Python imports from a zip file (zipimport), so the wheel is
// written into Pyodide's file system whole instead of being unpacked file by file. The page (js/interpreter.js)
// and the snapshot worker (js/snapshot-worker.js) both put it at the same path, so a restored snapshot, whose
// modules were imported from that path, finds the same file there.

export const WHEEL_URL = new URL("{{WHEEL}}", new URL("../", import.meta.url)).href;
export const WHEEL_PATH = `/home/pyodide/${WHEEL_URL.split("/").pop()}`;

// The wheel's bytes; fetched as soon as Python starts, so that they are there when it is.
export async function fetchWheel() {
  const response = await fetch(WHEEL_URL);
  if (!response.ok) throw new Error(`the rules wheel answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export function addWheel(pyodide, bytes) {
  pyodide.FS.writeFile(WHEEL_PATH, bytes);
  pyodide.runPython(`import sys\nif ${JSON.stringify(WHEEL_PATH)} not in sys.path: sys.path.append(${JSON.stringify(WHEEL_PATH)})`);
}
