// Share: the players' view first (its link and QR code, the choices it follows, and the players' window), the
// whole encounter second (a link, a QR code, a file). A player's phone opens the link in player.html.

import { banner, el, q } from "./dom.js";
import { openPlayersWindow, playersChanged } from "./players-window.js";
import { download, fileName } from "./keep.js";
import { drawQr, forgetQrUnless } from "./qr-view.js";
import { app } from "./state.js";
import { run } from "./answers.js";
import { entryName, entryOpened, leave, replacing, startEntry, storage } from "./entries.js";

// Share opens on the players' view, its QR code made at once: a game master who turns the tablet to the table
// shows only what players may see. The whole encounter (notes and every sheet) is a second choice, folded below,
// for another device of the game master or another game master; its code is made when it is unfolded.
export function share() {
  const url = `${location.href.split("#")[0]}#${app.current.fragment}`;
  q("share-link").value = url;
  q("share-size").textContent = `${url.length.toLocaleString()} characters: the whole encounter, notes and every sheet `
    + "included. A file keeps it too.";
  drawPlayerShare();
  const dialog = q("share-dialog");
  if (!dialog.open) {
    q("whole-share").open = false;   // each opening starts on the players' view, whatever was unfolded last time
    dialog.showModal();
  }
  drawWholeShare();
}

export function drawWholeShare() {
  if (q("whole-share").open) drawQr(q("share-link").value, q("share-qr"), "QR code of the whole encounter's link");
  else forgetQrUnless(q("share-link").value, q("share-qr"));
}

// -- the players' view ---------------------------------------------------------------------------------------

// The share dialog's player link, made afresh whenever the choices change; the choices are remembered for the
// encounter in this browser (a player link itself carries none of them).
const PLAYERS_KEY = "woundbook.players.";

// A choice naming a combatant no longer in the encounter (his add undone, or removed) is dropped, and kept so: the
// engine never gives his id to another (rules/encounter.py), and the choice never follows one back in.
export function playerChoices() {
  const key = PLAYERS_KEY + (app.entry?.id ?? "");
  let kept = null;
  try {
    kept = JSON.parse(storage?.getItem(key) ?? "null");
  } catch { /* a choice that cannot be read starts afresh: it is only a preference */ }
  if (!kept || !Array.isArray(kept.players)) return { players: [], npcs: "status" };
  const npcs = kept.npcs === "tracks" ? "tracks" : "status";
  if (!app.current) return { players: kept.players, npcs };
  const here = new Set(app.current.view.roster.map((card) => card.id));
  const players = kept.players.filter((id) => here.has(id));
  if (players.length < kept.players.length) keepChoices(key, { players, npcs });
  return { players, npcs };
}

function keepChoices(key, choices) {
  try {
    storage?.setItem(key, JSON.stringify(choices));
  } catch { /* not kept: the link still works */ }
}

function drawPlayerShare() {
  const chosen = playerChoices();
  const box = q("player-pcs");
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (const card of app.current.view.roster.filter((one) => !one.hidden)) {   // a hidden one is not in the view
    box.append(el("label", { class: "inline" },
      el("input", { type: "checkbox", testid: "player-pc", dataset: { id: card.id },
        checked: chosen.players.includes(card.id), onchange: makePlayerLink }),
      el("span", { text: card.name, dir: "auto" })));
  }
  q(`player-npcs-${chosen.npcs}`).checked = true;
  makePlayerLink();
}

export function makePlayerLink() {
  const players = [...q("player-pcs").querySelectorAll("input:checked")].map((box) => box.dataset.id);
  const npcs = q("player-npcs-tracks").checked ? "tracks" : "status";
  keepChoices(PLAYERS_KEY + (app.entry?.id ?? ""), { players, npcs });
  playersChanged();   // the players' window follows the choices as the link does
  const result = run("player_link", { encounter: app.current.encounter, players, npcs },
    (error) => { q("player-size").textContent = error.message; });
  if (!result) return;
  const url = playerURL(result.fragment);
  q("player-link").value = url;
  q("player-size").textContent = `${url.length.toLocaleString()} characters; it opens read-only.`;
  drawQr(url, q("player-qr"), "QR code of the player view link");
}

// The players' page, beside this one: it draws the view without the rules engine (player.html, js/player.js).
export function playerURL(fragment) {
  return `${new URL("player.html", location.href).href}#${fragment}`;
}

export function openPlayers() {
  openPlayersWindow(playerChoices);
}

export async function copyPlayerLink() {
  try {
    await navigator.clipboard.writeText(q("player-link").value);
    q("player-size").textContent = "Copied to the clipboard.";
  } catch {
    q("player-size").textContent = "Select the link and copy it (the browser did not allow copying).";
  }
}

export async function copyShare() {
  const input = q("share-link");
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    q("share-size").textContent = "Copied to the clipboard.";
  } catch {
    q("share-size").textContent = "Select the link and copy it (the browser did not allow copying).";
  }
}

export function downloadEncounter() {
  download(JSON.stringify(app.current.encounter), fileName(app.entry ? entryName(app.entry.id) : "encounter"));
}

export async function openFile(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  const text = await file.text();
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
