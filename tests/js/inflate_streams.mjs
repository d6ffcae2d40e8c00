// Inflates each stream of a JSON array on stdin ({"hex": ..., "limit": n}) with the page's own inflate
// (web/js/inflate.js) and writes, for each, {"out": hex}, "damaged" or "too large" as a JSON array:
// tests/js/test_inflate.py compares them with what Python's zlib makes of the same bytes.
import { Damaged, TooLarge, inflate } from "../../web/js/inflate.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const out = [];
for (const { hex, limit } of JSON.parse(Buffer.concat(chunks).toString("utf8"))) {
  try {
    out.push({ out: Buffer.from(inflate(Uint8Array.from(Buffer.from(hex, "hex")), limit)).toString("hex") });
  } catch (error) {
    if (error instanceof Damaged) out.push("damaged");
    else if (error instanceof TooLarge) out.push("too large");
    else throw error;
  }
}
process.stdout.write(JSON.stringify(out));
