// Reads each player view link of a JSON array on stdin with the page's own reader (web/js/player-link.js) and
// writes, for each, {"view": ...} or {"refused": message} as a JSON array: tests/js/test_player_link.py compares
// them with what the engine's reader (rules/player_read.py) makes of the same links.
import { readPlayerLink } from "../../web/js/player-link.js";

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
