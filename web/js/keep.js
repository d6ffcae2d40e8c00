// Keeping the work safe, on the page's side: the link in the address bar, and files to download. The library of
// saved encounters (js/library.js) keeps each encounter in the browser; nothing here knows a rule system.

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
  if ("requestIdleCallback" in window) requestIdleCallback(writeLink, { timeout: 300 });
  else setTimeout(writeLink, 50);
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
