// Reads each player view link of a JSON array on stdin with the page's own reader (web/js/player-link.js) and
// writes, for each, {"view": ...} or {"refused": message} as a JSON array: tests/js/test_player_link.py compares
// them with what the engine's reader (rules/player_read.py) makes of the same links.
//
// The reader imports fflate by name, as the bundle does: its modules are copied into a folder Node reads as ES
// modules, beside a node_modules/fflate that links to the verified download the build bundles (the folder given as
// the first argument, buildtools/pins.py's fflate()). Node takes fflate's Node build, the bundle its browser build:
// the two differ only in how they start the Workers of fflate's asynchronous calls, which the page does not use.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [fflate] = process.argv.slice(2);
const folder = mkdtempSync(join(tmpdir(), "woundbook-link-"));
process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, "package.json"), '{"type": "module"}');
for (const file of ["player-link.js", "unzlib.js"]) {
  copyFileSync(new URL(`../../web/js/${file}`, import.meta.url), join(folder, file));
}
mkdirSync(join(folder, "node_modules"));
symlinkSync(fflate, join(folder, "node_modules", "fflate"), "dir");
const { readPlayerLink } = await import(pathToFileURL(join(folder, "player-link.js")).href);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const links = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const out = [];
for (const link of links) {
  try {
    out.push({ view: readPlayerLink(link) });
  } catch (error) {
    out.push({ refused: error.constructor.name === "BadLink" ? error.message : `not a BadLink: ${error}` });
  }
}
process.stdout.write(JSON.stringify(out));
