// Share's Open file: a backup of the whole library (js/library-backup.js), or an encounter the engine reads, opened
// as a new entry in place of the one on screen (asked first when that would drop changes not kept).

import { banner, q } from "./dom.js";
import { run } from "./ask.js";
import { entryOpened, leave, replacing, startEntry } from "./entries.js";
import { openBackup } from "./library-backup.js";

export async function openFile(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  const text = await file.text();
  if (openBackup(text)) return q("share-dialog").close();   // a backup of the whole library (js/library-backup.js)
  const opened = run("open_file", { text }, (error) =>
    banner(`This file could not be opened: ${error.message}. Your encounter is unchanged.`));
  if (!opened) return;
  q("share-dialog").close();
  replacing("Opening the file replaces it.", () => {
    const left = leave();
    const name = file.name.replace(/\.json$/i, "").replace(/^woundbook-/, "") || "Encounter from a file";
    if (startEntry(opened, { name: `${name}, opened` })) entryOpened("the encounter from the file", left);
  });
}
