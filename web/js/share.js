// Share: the players' view first (its link and QR code, the choices it follows, and the players' window), the
// whole encounter second (a link, a QR code, a file). A player's phone opens the link in player.html.

import { el, q } from "./dom.js";
import { openPlayersWindow, playerLink, playersChanged } from "./players-window.js";
import { drawQr, forgetQrUnless } from "./qr-view.js";
import { app } from "./state.js";
import { storage } from "./entries.js";

// Share opens on the players' view: who the players are, then its QR code (below). A game master who turns the
// tablet to the table shows only what players may see. The whole encounter (notes and every sheet) is a second
// choice, folded below, for another device of the game master or another game master; its code is made when it is
// unfolded.
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

// Who the players are comes first: the dialog asks which combatants are the players' characters, then shows the
// code for that choice, saying what it shows. A code made before the ticks changed under it, and a phone that
// scanned it early held a view showing the wrong characters (issue 48). The choice is remembered for the encounter
// in this browser (a player link itself carries none of it): once made, Share opens on its code, and "Change the
// players' characters" asks again.
const PLAYERS_KEY = "woundbook.players.";

// A choice naming a combatant no longer in the encounter (his add undone, or removed) is dropped, and kept so: the
// engine never gives his id to another (rules/encounter.py), and the choice never follows one back in.
export function playerChoices() {
  const key = PLAYERS_KEY + (app.entry?.id ?? "");
  let kept = null;
  try {
    kept = JSON.parse(storage?.getItem(key) ?? "null");
  } catch { /* a choice that cannot be read starts afresh: it is only a preference */ }
  if (!kept || !Array.isArray(kept.players)) return { players: [], npcs: "status", chosen: false };
  const npcs = kept.npcs === "tracks" ? "tracks" : "status";
  const chosen = kept.chosen === true;
  if (!app.current) return { players: kept.players, npcs, chosen };
  const here = new Set(app.current.view.roster.map((card) => card.id));
  const players = kept.players.filter((id) => here.has(id));
  if (players.length < kept.players.length) keepChoices({ players, npcs, chosen });
  return { players, npcs, chosen };
}

function keepChoices(choices) {
  try {
    storage?.setItem(PLAYERS_KEY + (app.entry?.id ?? ""), JSON.stringify(choices));
  } catch { /* not kept: the link still works */ }
}

function drawPlayerShare() {
  const chosen = playerChoices();
  const box = q("player-pcs");
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (const card of app.current.view.roster.filter((one) => !one.hidden)) {   // a hidden one is not in the view
    box.append(el("label", { class: "inline" },
      el("input", { type: "checkbox", testid: "player-pc", dataset: { id: card.id },
        checked: chosen.players.includes(card.id) }),
      el("span", { text: card.name, dir: "auto" })));
  }
  q(`player-npcs-${chosen.npcs}`).checked = true;
  if (chosen.chosen) showPlayerCode();
  else choosePlayers();
}

// The first step: who the players are. No code is on screen meanwhile, so none is scanned for a choice not made.
export function choosePlayers() {
  q("player-choose").hidden = false;
  q("player-code").hidden = true;
  forgetQrUnless(null, q("player-qr"));
  q("player-link").value = "";
  q("player-size").textContent = "";
}

// The second step: the code for the choice ticked, which is remembered, and what it shows.
export function showPlayerCode() {
  const players = [...q("player-pcs").querySelectorAll("input:checked")].map((box) => box.dataset.id);
  const npcs = q("player-npcs-tracks").checked ? "tracks" : "status";
  keepChoices({ players, npcs, chosen: true });
  playersChanged();   // the players' window follows the choice as the link does
  q("player-choose").hidden = true;
  q("player-code").hidden = false;
  q("player-shows").textContent = showsWords(players, npcs);
  const result = playerLink(players, npcs, (error) => { q("player-size").textContent = error.message; });
  if (!result) return;
  const url = playerURL(result.fragment);
  q("player-link").value = url;
  q("player-size").textContent = `${url.length.toLocaleString()} characters; it opens read-only.`;
  drawQr(url, q("player-qr"), "QR code of the player view link");
}

// What the code shows, in the names on the game master's cards.
function showsWords(players, npcs) {
  const names = app.current.view.roster.filter((card) => players.includes(card.id)).map((card) => card.name);
  const others = npcs === "tracks" ? "with their wounds" : "only as unhurt, wounded or down";
  return names.length
    ? `This code shows ${listed(names)} in full (the players' characters), the others ${others}.`
    : `This code shows no player's character in full: everyone ${others}.`;
}

function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
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
