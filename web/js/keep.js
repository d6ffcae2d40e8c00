// Keeping the work safe: the autosave, the encounter kept when another replaces it, and the link in
// the address bar. Nothing here knows a rule system; it stores what the engine answered.

import { banner } from "./dom.js";

const KEYS = { current: "woundbook.encounter.v1", previous: "woundbook.previous.v1" };

export function readSaved(which = "current") {
  try {
    const text = localStorage.getItem(KEYS[which]);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// Links this page itself put in the address bar lately (by a short hash): a reload that finds one of
// them is our own, older address, not a link someone shared, and the autosave is newer.
const RECENT_LINKS = 40;
let recentLinks = [];

function linkHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36) + text.length.toString(36);
}

export function recallLinks(saved) {
  recentLinks = Array.isArray(saved?.links) ? saved.links : [];
}

export function isOwnLink(link) {
  return recentLinks.includes(linkHash(link));
}

export function save(result) {
  const hash = linkHash(result.fragment);
  recentLinks = [...recentLinks.filter((one) => one !== hash), hash].slice(-RECENT_LINKS);
  try {
    localStorage.setItem(KEYS.current, JSON.stringify({
      encounter: result.encounter, fragment: result.fragment, system: result.view.system,
      roster: result.view.roster, links: recentLinks, saved: new Date().toISOString(),
    }));
  } catch (error) {
    banner(`Autosave failed (${error.name}): your browser's storage may be full. Use Share to keep a link or a file.`);
  }
}

export function keepPrevious() {
  const saved = localStorage.getItem(KEYS.current);
  if (saved) {
    try { localStorage.setItem(KEYS.previous, saved); } catch { /* nothing more can be kept */ }
  }
}

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
