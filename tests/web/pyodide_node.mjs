// Run Python in Pyodide under Node, from the built site's own runtime files (so on its trimmed standard
// library): node pyodide_node.mjs <pyodide folder> <python file> <zip archive>... The archives (the rules wheel,
// its bytecode) are unpacked into Python's home folder, as the page does. The Python file's output is this
// script's output; an exception in it exits with status 1.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, script, ...archives] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/`, stdout: (line) => console.log(line),
  stderr: (line) => console.error(line) });
for (const archive of archives) pyodide.unpackArchive(new Uint8Array(await readFile(archive)), "zip", { extractDir: "." });
try {
  await pyodide.runPythonAsync(await readFile(script, "utf8"));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
