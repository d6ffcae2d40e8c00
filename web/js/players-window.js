// The players' window: a read-only window on a second screen (a monitor turned to the table, a second tab) that
// follows this tab's fight as it happens. It shows exactly what the player link would (the same link, made by the
// engine with the choices of the share dialog, read by the window as a phone reads one: player.html). This tab
// sends the link on a BroadcastChannel at each change, once the page is idle, and answers a window that opens or
// comes back; the window works offline and needs nothing of the engine.

import { banner, whenIdle } from "./dom.js";
import { run } from "./ask.js";
import { app } from "./state.js";
import { channelName } from "./players-channel.js";

const TAB_KEY = "woundbook.players-tab";   // this tab's name for its window, kept across a reload of the tab
let channel = null;
let sent = null;
let scheduled = false;

let named = null;

function tabName() {
  try {
    named ??= sessionStorage.getItem(TAB_KEY);
  } catch { /* storage refused: the name lasts as long as the page */ }
  if (!named) {
    named = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
    try {
      sessionStorage.setItem(TAB_KEY, named);
    } catch { /* as above */ }
  }
  return named;
}

// Open (or bring back) this tab's players' window, and start sending it the fight.
export function openPlayersWindow(choices) {
  listen(choices);
  const url = new URL(`player.html#live.${tabName()}`, location.href).href;
  const opened = window.open(url, `woundbook-players-${tabName()}`);
  if (!opened) {
    banner(`The browser did not open the players' window: allow pop-ups for this site, or open ${url} in another `
      + "window of this browser.", "info");
  }
}

// A tab that opened a window before it was reloaded goes on sending to it.
export function resumePlayersWindow(choices) {
  let opened = null;
  try {
    opened = sessionStorage.getItem(TAB_KEY);
  } catch { /* storage refused: nothing was kept */ }
  if (opened) listen(choices);
}

let choose = () => ({ players: [], npcs: "status" });

function listen(choices) {
  choose = choices;
  if (channel) return;
  channel = new BroadcastChannel(channelName(tabName()));
  channel.onmessage = ({ data }) => { if (data?.hello) send(true); };
  send(true);
}

// The encounter on screen changed: the window hears of it once the page is idle, not inside the tap.
export function playersChanged() {
  if (!channel || scheduled) return;
  scheduled = true;
  whenIdle(() => {
    scheduled = false;
    send(false);
  }, 500, 50);
}

// The player view link of the encounter on screen for the players and the others' way chosen ({fragment}), or null
// after `onError` was told why.
export function playerLink(players, npcs, onError) {
  return run("player_link", { encounter: app.current.encounter, players, npcs }, onError);
}

function send(always) {
  if (!app.current) return;
  const { players, npcs } = choose();
  const known = new Set(app.current.view.roster.map((card) => card.id));
  const result = playerLink(players.filter((id) => known.has(id)), npcs, () => {});
  if (!result || (!always && result.fragment === sent)) return;
  sent = result.fragment;
  channel.postMessage({ fragment: sent });
}
