// node function_table.mjs DIR: start Pyodide from the runtime folder DIR and print its function table as JSON, one
// entry per slot: the WebAssembly function's index in its module (a function's `name`), or null for an empty slot.
// Used by tests/rules/test_runtime_module.py to compare the build's runtime with Pyodide's own, slot by slot.
import { pathToFileURL } from "node:url";

const dir = process.argv[2].replace(/\/?$/, "/");
const { loadPyodide } = await import(pathToFileURL(`${dir}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: dir });
const table = pyodide._module.wasmTable;
const slots = [];
for (let index = 0; index < table.length; index++) slots.push(table.get(index)?.name ?? null);
process.stdout.write(JSON.stringify(slots));
