// The page's pure modules (no DOM), imported in Node as the page imports them: they import each other, so they are
// copied into a folder Node reads as ES modules (web/ has no package.json saying so), and imported from there.

import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const PURE = ["backup.js", "blocks.js", "library.js", "library-migrate.js", "state.js", "storage.js"];
const folder = mkdtempSync(join(tmpdir(), "woundbook-js-"));
writeFileSync(join(folder, "package.json"), '{"type": "module"}');
for (const file of PURE) copyFileSync(new URL(`../../web/js/${file}`, import.meta.url), join(folder, file));
process.on("exit", () => rmSync(folder, { recursive: true, force: true }));

export function load(file) {
  return import(pathToFileURL(join(folder, file)).href);
}
