// For the bench's experiment: make a memory snapshot of a bare Pyodide in Node, as a build could and ship it as
// a static file. node node_snapshot.mjs <pyodide folder> <output file>
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, output] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
await writeFile(output, pyodide.makeMemorySnapshot());
