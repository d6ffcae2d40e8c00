// The controller: collects inputs, makes one engine call per tap, hands the answer to the view, and
// keeps the work safe (autosave to local storage, the link in the address bar, undo and redo).
// It knows no rule system: the systems, their forms and their cards all come from the engine.
// This module starts the page and wires its controls to the actions; each concern is a module of its own.
// state.js holds what they share and is where every answer goes; flow.js says, in one place, who draws what after
// an answer (docs/architecture.md has the picture).

import * as engine from "./engine.js";
import { setUpBlocks } from "./blocks-view.js";
import { afterFrame, banner, once, q, rearm } from "./dom.js";
import { wireReplaceDialog } from "./keep.js";
import { linkHash } from "./library.js";
import { migrate } from "./library-migrate.js";
import { makeSnapshotLater } from "./snapshot.js";
import { app } from "./state.js";
import { run } from "./ask.js";
import { follow } from "./flow.js";
import { watchForUpdates, whenFree } from "./update.js";
import { markTabsCut, renderRoster } from "./view.js";
import { watchDock } from "./dock-room.js";
import { resolve, rollTheRest, useTypedDice } from "./dice-flow.js";
import { promptKey } from "./prompt-view.js";
import { cancelPrompt } from "./dice-prompt.js";
import { addCondition, durationChanged } from "./conditions-dialog.js";
import { tableChange } from "./conditions.js";
import { afterPrint, beforePrint, openNew, openTables, tablesClosed } from "./encounter-dialogs.js";
import { redo, startNew, undo } from "./encounter-tools.js";
import { checkEntryFresh, downloadEncounter, holding, library, open, openLink, replacing, startEntry, storageChanged,
  storageRefused, tabEntry, unreadable } from "./entries.js";
import { goToHint, moveTurn } from "./fight-controls.js";
import { openLibrary } from "./library-actions.js";
import { choosePlayers, copyPlayerLink, copyShare, drawWholeShare, openPlayers, playerChoices, playerURL, share,
  showPlayerCode } from "./share.js";
import { openFile } from "./open-file.js";
import { resumePlayersWindow } from "./players-window.js";
import { addSheet } from "./combatants.js";
import { openAdd, submitSheet } from "./sheet-dialog.js";

const WAITING = ["add-combatant", "roll", "type-dice", "share", "new-encounter", "library", "turn-start", "turn-next",
  "turn-delay"];   // need the engine
const heldTaps = [];       // taps on WAITING controls or cards while the engine loads, made once it is ready

let migrated = [];
try {
  migrated = migrate(library);
} catch (error) {
  console.error(error);   // the old keys stay as they are, and are tried again next visit
}
// A players' view link opens the players' page, which draws it without the engine (player.html): a link made
// before that page existed names this one. Nothing here is painted, opened or written for it.
const PLAYER_LINK = /^#?p1\./;   // a player view link (rules/player.py), with or without its "#"
const playerFragment = PLAYER_LINK.test(location.hash) ? location.hash.slice(1) : null;
if (playerFragment) location.replace(playerURL(playerFragment));
const startId = playerFragment ? null : tabEntry() ?? library.last();
const startDoc = startId ? library.readDoc(startId) : null;
const startCards = startDoc?.ok ? library.cards(startId) : null;   // kept for the entry saved last only
if (startCards) {
  renderRoster(startCards.roster, {}, null);
  q("system-name").textContent = startCards.system?.name ?? "";
  q("encounter-name").textContent = library.meta(startId)?.name ?? "";
}
if (!playerFragment) {
  watchDock();
  waitForEngine();
  // Saved cards are painted first, then the engine starts; with none to paint (a first visit), it starts at once.
  if (!startCards?.roster.length) engine.start();
  afterFrame(() => {
    performance.mark("woundbook:first-frame");   // read by the bench
    engine.start();
  });
  engine.ready.then(start, engineFailed);
}

function start() {
  // A player link followed while the page was starting: the players' page opens it.
  if (PLAYER_LINK.test(location.hash)) return location.replace(playerURL(location.hash.slice(1)));
  const answer = run("systems", {});
  app.systems = new Map(answer.systems.map((one) => [one.id, one]));
  follow();
  wireEvents();
  setUpBlocks({ call: engine.call, add: addSheet, system: () => app.system, sheetForm: () => app.sheetForm, roster: () => app.current.view.roster,
    openAdd, editing: () => app.editing });
  library.purgeDeleted();   // reads every entry: after the first frame, not before it
  loadFirstEncounter();
  makeHeldTaps();
  resumePlayersWindow(playerChoices);
  watchForUpdates();
  makeSnapshotLater(() => import("./interpreter.js").then(({ pageSources }) => pageSources()));
}

// -- while the engine loads: the controls that need it say they are waiting, and a tap on one of them (or on a
// card, to choose who acts) is kept and made as soon as the engine is ready, in the order it was made.

function waitForEngine() {
  for (const id of WAITING) {
    q(id).disabled = false;
    q(id).setAttribute("aria-busy", "true");
  }
  document.addEventListener("click", holdTap, true);
}

function holdTap(event) {
  const control = event.target.closest?.("[data-testid]");
  const card = event.target.closest?.('[data-testid="combatant"]');
  const id = WAITING.includes(control?.dataset.testid) ? control.dataset.testid : null;
  if (!id && !card) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldTaps.push(id ? { control: id } : { card: card.dataset.id });
  (id ? control : card).classList.add("tap-held");
  const taps = heldTaps.length === 1 ? "your tap is kept" : `your ${heldTaps.length} taps are kept`;
  q("engine-message").textContent = `Loading the rules engine; ${taps}.`;
}

export function stopWaiting(enabled) {
  document.removeEventListener("click", holdTap, true);
  for (const id of WAITING) {
    q(id).removeAttribute("aria-busy");
    q(id).classList.remove("tap-held");
    q(id).disabled = !enabled;
  }
}

function makeHeldTaps() {
  stopWaiting(true);
  for (const tap of heldTaps.splice(0)) {
    const target = tap.control ? q(tap.control)
      : q("roster").querySelector(`[data-id="${CSS.escape(tap.card)}"] [data-testid="combatant-name"]`);
    if (target && !target.disabled) target.click();
  }
}

function engineFailed() {
  stopWaiting(false);   // engine.js has shown why
  if (heldTaps.length) banner("Your taps could not be made: the rules engine did not start. Reload to try again.");
}

function loadFirstEncounter() {
  if (storageRefused) {
    banner(`This browser does not let Woundbook save anything (${storageRefused.name}): encounters last only while `
      + "this tab is open. Use Share to keep a link or a file.", "storage");
  }
  let base = null;
  if (startId) {
    const meta = library.meta(startId);
    if (startDoc.ok) {
      base = run("open_link", { link: startDoc.doc.fragment }, (error) => unreadable(startId, error.message));
    } else if (startDoc.raw !== null) {
      unreadable(startId, startDoc.reason);
    }
    if (base) app.entry = holding(meta ?? { id: startId });
  }
  if (migrated.length && base) {
    banner(`Your saved encounters are now kept in a list (Encounters): ${migrated.map((one) => `“${one.name}”`).join(" and ")}.`, "info");
  }
  if (base) open(base);
  const link = location.hash.slice(1);
  const ownOlderLink = base && (link === base.fragment || library.meta(app.entry.id)?.links?.includes(linkHash(link)));
  if (link && !ownOlderLink) openLink(link, base ? "Your encounter is unchanged." : "");
  if (!app.current) startEntry(run("new", { system: app.systems.keys().next().value }), { name: "Encounter" });
}

// -- events -----------------------------------------------------------------------------------------

function wireEvents() {
  // A tap acts once (js/dom.js once()): a resolution and the prompt that answers it share a key, as the turn's
  // controls do (Start fight gives way to Next turn in the same spot); a face tapped or a form changed rearms it.
  const resolving = (handler) => once("resolve", handler);
  const turning = (handler) => once("turn", handler);
  q("action-form").addEventListener("submit", resolving((event) => { event.preventDefault(); resolve("app"); }));
  q("roll").addEventListener("click", resolving(() => resolve("app")));
  q("type-dice").addEventListener("click", resolving(() => resolve("given")));
  q("dice-prompt").addEventListener("submit", resolving(useTypedDice));
  q("dice-prompt").addEventListener("keydown", promptKey);   // the prompt wires its entry and ⌫ itself (prompt-view.js)
  q("dice-prompt").addEventListener("input", () => rearm("resolve"));
  q("dice-prompt").addEventListener("click", (event) => {
    if (event.target.closest?.('[data-testid="dice-face"], [data-testid="dice-backspace"]')) rearm("resolve");
  });
  q("dice-app-rest").addEventListener("click", resolving(rollTheRest));
  q("dice-cancel").addEventListener("click", () => { cancelPrompt(); q("roll").focus({ preventScroll: true }); });
  q("odds-summary").addEventListener("click", () => q("odds").scrollIntoView({ block: "start" }));
  q("add-combatant").addEventListener("click", openAdd);
  q("sheet-form").addEventListener("submit", once("sheet", submitSheet));
  q("sheet-cancel").addEventListener("click", () => q("sheet-dialog").close());
  q("undo").addEventListener("click", once("undo", undo));   // a key held down repeats; a double tap does not
  q("redo").addEventListener("click", once("redo", redo));
  q("share").addEventListener("click", share);
  q("share-copy").addEventListener("click", copyShare);
  q("player-copy").addEventListener("click", copyPlayerLink);
  q("players-window").addEventListener("click", openPlayers);
  q("whole-share").addEventListener("toggle", drawWholeShare);
  q("player-show").addEventListener("click", showPlayerCode);
  q("player-change").addEventListener("click", choosePlayers);
  q("share-download").addEventListener("click", downloadEncounter);
  q("share-open-file").addEventListener("change", openFile);
  q("new-encounter").addEventListener("click", openNew);
  q("new-form").addEventListener("submit", once("new", startNew));
  q("new-cancel").addEventListener("click", () => q("new-dialog").close());
  q("open-tables").addEventListener("click", openTables);
  q("tables-print").addEventListener("click", () => window.print());
  q("tables-dialog").addEventListener("close", tablesClosed);
  window.addEventListener("beforeprint", beforePrint);
  window.addEventListener("afterprint", afterPrint);
  q("options-form").addEventListener("submit", (event) => event.preventDefault());   // Enter in a cell sends nothing more
  q("action-tabs").addEventListener("scroll", markTabsCut, { passive: true });      // the tabs' cut edges follow
  window.addEventListener("resize", markTabsCut, { passive: true });
  document.addEventListener("click", (event) => {
    for (const menu of document.querySelectorAll("details.card-menu[open]")) {
      if (!menu.contains(event.target)) menu.open = false;
    }
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target.matches?.("input, select, textarea");
    if (typing || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
  });
  window.addEventListener("hashchange", () => {
    const link = location.hash.slice(1);
    // A player view link followed in this tab: the players' page opens it in this tab's place (read-only, saving
    // nothing; Back comes back here); this encounter is saved already, and waits in Encounters. Waiting for a dice
    // prompt, the page goes on writing the game master's link as changes are made: the link followed is kept here,
    // not read back from the address bar.
    if (PLAYER_LINK.test(link)) {
      return replacing("Opening the player view in this tab replaces it.",
        () => whenFree("This tab opens the player view", () => location.replace(playerURL(link))),
        () => history.replaceState(null, "", `#${app.current.fragment}`));
    }
    if (link && link !== app.current.fragment) openLink(link, "Your encounter is unchanged.");
  });
  window.addEventListener("storage", storageChanged);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") checkEntryFresh(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) checkEntryFresh(); });
  q("library").addEventListener("click", openLibrary);
  q("turn-start").addEventListener("click", turning(() => moveTurn("start")));
  q("turn-next").addEventListener("click", turning(() => moveTurn("next")));
  q("turn-delay").addEventListener("click", turning(() => moveTurn("delay")));
  q("turn-end").addEventListener("click", turning(() => moveTurn("end")));
  q("turn-initiative").addEventListener("click", turning(() => moveTurn("initiative")));
  q("turn-hint-go").addEventListener("click", goToHint);
  q("conditions-form").addEventListener("submit", once("conditions", addCondition));
  q("conditions-form").addEventListener("input", () => rearm("conditions"));   // a condition typed: a new one
  q("condition-ends").addEventListener("change", durationChanged);
  q("note-save").addEventListener("click", once("conditions", () => tableChange("note", { text: q("note-text").value })));
  q("conditions-close").addEventListener("click", () => q("conditions-dialog").close());
  q("library-close").addEventListener("click", () => q("library-dialog").close());
  wireReplaceDialog();
}
