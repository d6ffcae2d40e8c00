// A QR code of any text, drawn into an element of the page: the share dialog's link today, and any other link a
// dialog offers later, each in its own element. The code is one SVG path of dark modules on a white square with the
// quiet zone the standard asks for (4 modules on every side), in either colour scheme: a camera reads dark on light.
// Made with createElementNS, no markup; the modules come from js/qr.js.

import { el } from "./dom.js";
import { svg } from "./hexes.js";
import { installed, qrCode } from "./qr.js";

const QUIET_ZONE = 4;
const showing = new WeakMap();    // target -> the text it is to show: an older call still at work draws nothing

// Show the QR code of `text` in `target` (labelled `label` for a screen reader): at once a line saying it is being
// made, then the code and a line with its version and size, or a line in plain words saying why there is none.
// The element says where it is in `data-state` ("making", "ready", "failed"); a code for the text it already shows
// is left as it is.
export async function drawQr(text, target, label = "QR code of the link") {
  if (showing.get(target) === text && target.dataset.state !== "failed") return;
  showing.set(target, text);
  const note = el("p", { class: "small qr-note", testid: "qr-note", role: "status",
    text: installed() ? "Making the QR code…" : "Making the QR code… (the first one takes a few seconds)" });
  target.dataset.state = "making";
  target.setAttribute("aria-busy", "true");
  target.replaceChildren(note);
  // Making a code holds the page's thread for a moment: the dialog is painted with its link first.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const answer = showing.get(target) === text ? await qrCode(text) : null;
  if (showing.get(target) !== text) return;     // asked for another text meanwhile
  target.removeAttribute("aria-busy");
  if (!answer.ok) {
    target.dataset.state = "failed";
    note.textContent = answer.error.kind === "too_long"
      ? `${answer.error.message} The link and the file hold the whole encounter all the same.`
      : `No QR code: ${answer.error.message} The link above works without it, and the QR code is tried again the `
        + "next time this opens.";
    return;
  }
  const { version, size, rows } = answer.result;
  Object.assign(target.dataset, { state: "ready", version: String(version), modules: String(size) });
  note.textContent = `QR code version ${version}, ${size} × ${size} squares: point a phone's camera at it.`;
  target.replaceChildren(code(rows, label), note);
}

// Empty `target` unless it already shows the code of `text`: a code folded away while its link changed must not be
// read as the new link's, nor its "ready" taken for the new code's, in the moment before it is made again; a
// failure is forgotten too, since it is tried again.
export function forgetQrUnless(text, target) {
  if (showing.get(target) === text && target.dataset.state !== "failed") return;
  showing.delete(target);
  delete target.dataset.state;
  target.removeAttribute("aria-busy");
  target.replaceChildren();
}

// The SVG of a code's rows ("1" dark, "0" light): one path, a rectangle for each run of dark modules in a row.
function code(rows, label) {
  const side = rows.length + 2 * QUIET_ZONE;
  const runs = [];
  rows.forEach((row, y) => {
    for (const run of row.matchAll(/1+/g)) {
      runs.push(`M${run.index + QUIET_ZONE} ${y + QUIET_ZONE}h${run[0].length}v1h-${run[0].length}z`);
    }
  });
  return svg("svg", { class: "qr-code", testid: "qr-code", viewBox: `0 0 ${side} ${side}`, role: "img",
    "aria-label": label, "shape-rendering": "crispEdges" },
  svg("rect", { width: side, height: side, fill: "#fff" }),
  svg("path", { d: runs.join(""), fill: "#000" }));
}
