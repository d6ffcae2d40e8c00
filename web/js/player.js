// The players' view (player.html): a snapshot of the fight from a player view link, or, in the players' window a
// game master opens on a second screen, the fight as it goes. Drawn with the game master's own cards, rows and log
// (roster-view.js, view.js), read-only; the link is read by js/player-link.js, never by the rules
// engine, so a phone that opens it fetches no Python.
//
//   player.html#p1.<view>   a player view link (rules/player.py writes it)
//   player.html#live.<tab>  the players' window of the game master's tab <tab> (js/players-window.js): each change
//                           arrives as the same link, on a BroadcastChannel, on the same device and offline

import { banner, clearBanners, q, whenIdle } from "./dom.js";
import { readPlayerLink } from "./player-link.js";
import { renderRoster, renderRowsOrder } from "./roster-view.js";
import { renderLog } from "./view.js";
import { LIVE, channelName } from "./players-channel.js";

const SNAPSHOT = "The game master's snapshot of the fight, read-only. Ask for a new link or QR code to see what has "
  + "happened since.";
const FOLLOWING = "The game master's screen, as it changes: read-only.";
const WAITING_MS = 3000;

show();
addEventListener("hashchange", show);
whenIdle(keepOffline, 2000, 500);

function show() {
  const hash = location.hash.slice(1);
  const live = LIVE.exec(hash);
  if (live) follow(live[1]);
  else if (hash) drawLink(hash, SNAPSHOT);
  else refuse("This is Woundbook's players' view: open it from the link or the QR code the game master shares.");
}

// Read and drawn in one go, before the page's first frame (player.html holds it back until this module has run).
function drawLink(fragment, about) {
  let view;
  try {
    view = readPlayerLink(fragment);
  } catch (error) {
    refuse(`This player view cannot be shown: ${error.message}.`);
    return;
  }
  try {
    draw(view, about);
  } catch (error) {
    console.error(error);
    refuse("This player view link is damaged: ask the game master for a new one.");
  }
}

function draw(view, about) {
  clearBanners();
  q("system-name").textContent = view.system.name;
  renderRoster(view.roster, { turn: view.fight.current }, null);
  // The link keeps only what differs from a game master's view: the rest is the same for every player view.
  renderRowsOrder({ ...view.fight, by_initiative: true, how: "", hint: null,
    order: view.fight.order.map((one) => ({ label: "", ...one })) }, {});
  // Numbered among themselves, whatever the link says: a link made before issue 48 numbered them by their place in
  // the whole log, and a gap told of an entry about someone hidden.
  renderLog(view.log.map((one, at) => ({ ...one, index: at + 1, steps: [] })));
  const now = view.fight.order.find((one) => one.id === view.fight.current);
  q("player-status").textContent = view.fight.started
    ? [`Round ${view.fight.round}`, view.fight.phase || null, now ? `${now.name}'s turn` : null].filter(Boolean).join(" \u00b7 ")
    : "Not in a fight";
  q("player-about").textContent = about;
  q("player-view").hidden = false;
  document.documentElement.dataset.view = "drawn";
  if (!performance.getEntriesByName("woundbook:player-drawn").length) performance.mark("woundbook:player-drawn");   // the bench
}

// Nothing drawn, and why: a damaged or hostile link shows no card of it.
function refuse(message) {
  q("roster").replaceChildren();
  q("log").replaceChildren();
  q("player-view").hidden = true;
  banner(message);
  document.documentElement.dataset.view = "refused";
}

// -- the players' window ------------------------------------------------------------------------------------

let channel = null;

function follow(tab) {
  channel?.close();
  channel = new BroadcastChannel(channelName(tab));
  let heard = false;
  channel.onmessage = ({ data }) => {
    if (typeof data?.fragment !== "string") return;
    heard = true;
    drawLink(data.fragment, FOLLOWING);
  };
  channel.postMessage({ hello: true });   // the game master's tab answers with the fight as it is now
  setTimeout(() => {
    if (!heard && document.documentElement.dataset.view !== "drawn") {
      banner("Waiting for the game master's tab: this window shows its fight as soon as that tab is open.", "info");
    }
  }, WAITING_MS);
}

// -- offline -------------------------------------------------------------------------------------------------

// A phone that has opened a player link opens the next one offline: the service worker keeps this page's own
// files (sw.js?player precaches nothing of the engine). Where the game master's whole build is kept already (his
// own device, a players' window), that worker serves this page too and is left alone.
async function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    if (worker && !new URL(worker.scriptURL).searchParams.has("player")) return;
    await navigator.serviceWorker.register("sw.js?player");
  } catch (error) {
    console.warn(`Offline use is unavailable: ${error.message}`);
  }
}
