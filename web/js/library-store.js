// The storage this browser gives the page, and the library of saved encounters kept in it: one of each for the
// whole page (js/entries.js keeps the encounter on screen in it, js/library-backup.js backs it up and restores it).

import { banner, whenIdle } from "./dom.js";
import { Library } from "./library.js";
import { openStorage } from "./storage.js";

export const { storage, refused: storageRefused } = openStorage();
// The cached cards are written once the page is idle, and at the latest as it is hidden or left.
export const library = new Library(storage, { later: (job) => whenIdle(job, 1000, 200) });
addEventListener("pagehide", () => library.flushCards());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") library.flushCards(); });

// Deleted entries removed for good to make room (js/library.js) are named, never dropped without a word.
export function toldPurged() {
  const gone = library.takePurged();
  if (gone.length) {
    banner(`To make room in this browser's storage, ${gone.length === 1 ? "a deleted encounter was" : "deleted encounters were"} `
      + `removed for good: ${gone.map((name) => `“${name}”`).join(", ")}.`, "purged");
  }
}
