// Keeping the work safe, on the page's side: the link in the address bar, and files to download. The library of
// saved encounters (js/library.js) keeps each encounter in the browser; nothing here knows a rule system.

import { once, q, rearm, whenIdle } from "./dom.js";

// The address bar follows the encounter, once the frame is painted: Chromium takes ~10 ms to replace
// a long URL, which a tap need not wait for (the encounter itself is already saved).
let pendingLink = null;
let linkScheduled = false;
let hashWhenScheduled = "";

export function showLink(fragment) {
  pendingLink = fragment;
  if (linkScheduled) return;
  linkScheduled = true;
  hashWhenScheduled = location.hash;
  whenIdle(writeLink, 300, 50);
}

function writeLink() {
  linkScheduled = false;
  // A link the person opened meanwhile (a hash change) is theirs: it is not overwritten.
  if (location.hash === hashWhenScheduled) history.replaceState(null, "", `#${pendingLink}`);
}

// Offer `text` as a file to download (an encounter, or a saved entry's raw text that could not be read).
export function download(text, name, type = "application/json") {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

export function fileName(title, extension = "json") {
  const stem = String(title).normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40).toLowerCase();
  return `woundbook-${stem || "encounter"}-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-")}.${extension}`;
}

// Before the encounter on screen is replaced (New, an entry, a file, a link) while it holds changes this browser
// did not keep (storage full or refused): a dialog asks first, in plain words, with one tap each to download them
// and then replace, replace anyway, or keep them on screen. A tap acts once (the question is answered and gone
// before its action runs), and the dialog starts on its title, not a field, so no on-screen keyboard opens.
// Closed any other way (Escape), it is a Cancel. `what` says what replaces it ("Opening the link replaces it.").
let asked = null;

export function askBeforeReplace(what, { download: save, replace, cancel = () => {} }) {
  answer("cancel");   // a question still open (a second link followed) is answered No: the newer one is asked
  asked = { save, replace, cancel };
  rearm("replace");
  q("replace-what").textContent = what;
  q("replace-dialog").showModal();
  q("replace-title").focus({ preventScroll: true });
}

function answer(choice) {
  const now = asked;
  asked = null;
  if (!now) return;
  if (q("replace-dialog").open) q("replace-dialog").close();
  if (choice === "cancel") return now.cancel();
  if (choice === "download") now.save();
  now.replace();
}

export function wireReplaceDialog() {
  // The second half of a double tap lands on what the closed dialog uncovers: it is dropped (js/dom.js once()).
  q("replace-download").addEventListener("click", once("replace", () => answer("download")));
  q("replace-anyway").addEventListener("click", once("replace", () => answer("replace")));
  q("replace-cancel").addEventListener("click", once("replace", () => answer("cancel")));
  // The close event comes a moment after close(): a question asked again meanwhile is open, and still stands.
  q("replace-dialog").addEventListener("close", () => { if (!q("replace-dialog").open) answer("cancel"); });
}
