// node rules_import.mjs RUNTIME BUNDLE [drop]: start Pyodide from the runtime folder, put the rules' bundle in its
// home folder and import the rules as the page does (web/js/rules-files.js: addRules, importRules), and print
// [method texts taken, texts compiled] as JSON. With "drop", the bundle's kept methods are left out first.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { addRules, importRules, unbundle } from "../../web/js/rules-files.js";

const [runtime, bundle, drop] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime.replace(/\/?$/, "/")}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: runtime.replace(/\/?$/, "/") });
const files = unbundle(new Uint8Array(gunzipSync(readFileSync(bundle))));
if (drop) delete files["rules-methods.marshal"];
addRules(pyodide, files);
const counts = importRules(pyodide);
const again = importRules(pyodide);
const call = pyodide.runPython('import rules.api\nrules.api.call("new", \'{"system": "typed"}\')');
process.stdout.write(JSON.stringify({ counts, again, call }));
