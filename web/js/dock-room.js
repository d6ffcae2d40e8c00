// The room above the dock. The dock is pinned to the foot of the screen; the page leaves its height free at its
// foot, so nothing stays under it once scrolled to. On a portrait tablet the roster is given the height that leaves
// the action form's inputs above the dock (its rows scroll within it when they are more than fit), and on every
// screen the acting and target cards are brought into view when they change: a target under the dock is a target
// the game master cannot see being hit.

import { q } from "./dom.js";

// A portrait tablet's roster keeps at least this much, so at least three rows show whatever the form needs; a phone
// has no room for both, and scrolls the page instead (its form is reached by scrolling, and kept clear of the dock).
const ROSTER_AT_LEAST_PX = 180;
const ROSTER_ROOM = matchMedia("(min-width: 601px) and (max-width: 959px)");
const ROOM_SLACK_PX = 24;

let syncRoom = () => {};   // watchDock's: the roster's room brought up to date (before cards are scrolled to)

// The dock's height, for the page to leave free at its foot (and for scrolling to keep clear of it), the action
// column's left edge, which the dock keeps to on a landscape tablet (a desktop's scrollbar moves it), and the
// roster's room. Set only when they change, and on the elements that use them: a custom property changed on the
// root would restyle every element of the page (a long log's thousands), on the tap that changed the newest result.
export function watchDock() {
  const dock = q("dock");
  const panel = q("action-panel");
  const form = q("action-form");
  const roster = q("roster");
  let height = -1;
  let left = -1;
  const sync = () => {
    const nowHeight = dock.offsetHeight;
    const nowLeft = Math.round(panel.getBoundingClientRect().left);
    if (nowHeight !== height) {
      height = nowHeight;
      document.body.style.paddingBottom = `${height + 10}px`;
      document.documentElement.style.scrollPaddingBottom = `${height + 8}px`;
    }
    if (nowLeft !== left) {
      left = nowLeft;
      dock.style.setProperty("--dock-left", `${left}px`);
    }
    // Capped only while its rows are more than the room (a capped list clips a card's open menu, which is then
    // scrolled to): let go a little below the room, so the cap's own padding cannot switch it back and forth.
    const room = rosterRoom(roster, panel, form, height);
    const capped = roster.classList.contains("roomed");
    const cap = room > 0 && roster.scrollHeight > (capped ? room - ROOM_SLACK_PX : room);
    const capTo = cap ? `${room}px` : "";
    if (capTo === roster.style.getPropertyValue("--roster-room") && cap === capped) return;
    if (cap) roster.style.setProperty("--roster-room", capTo);
    if (cap !== capped) {
      roster.classList.toggle("roomed", cap);
      if (!cap) roster.style.removeProperty("--roster-room");
    }
    // The rows moved within the roster's box (or the box itself did): the acting and target cards are brought back
    // into view, as a change of either would (the form's height can change a frame after the turn's scroll).
    if (following) schedule([]);
  };
  syncRoom = sync;
  const observer = new ResizeObserver(sync);
  for (const node of [dock, panel, form, roster]) observer.observe(node);
  ROSTER_ROOM.addEventListener("change", sync);
  addEventListener("resize", sync, { passive: true });
  sync();
}

// The height the roster may take on a portrait tablet: the screen less the dock, what stands above the rows (the
// header, the roster's head) and the action form's tabs and inputs (not the odds' charts under them, which the dock's
// line sums up), in pixels; 0 where it does not apply, or where it would leave the roster less than three rows.
function rosterRoom(roster, panel, form, dockHeight) {
  if (!ROSTER_ROOM.matches) return 0;
  const above = roster.getBoundingClientRect().top + scrollY;          // the rows' top, in the page
  const formBottom = form.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
  const panelGap = panel.getBoundingClientRect().top - roster.getBoundingClientRect().bottom;   // the panels' edges
  const room = Math.floor(innerHeight - dockHeight - above - Math.max(panelGap, 0) - formBottom - 8);
  return room >= ROSTER_AT_LEAST_PX ? room : 0;
}

// The acting and target cards, as either changes (a new turn, a tap, another action), are scrolled into view: within
// the roster where it scrolls, and on the page, clear of the dock (the page's scroll padding). The one that changed
// is brought into view last (the actor where both did), so the newer pick wins when they are further apart than the
// room; the one that did not change comes before it, and is left where the game master scrolled it while nothing
// else scrolls. Read a frame later, once the change is laid out anyway; a card already in view moves
// nothing.
let kept = null;   // the acting and target cards last drawn; null until the first drawing, which scrolls nothing
let recent = [1, 0];   // kept's roles, the one picked longest ago first: the target, then the actor, until a pick
let following = false;   // a pick has changed since the page was opened: the roster's room changing scrolls to them

export function keepInView([actor, target]) {
  // Both changed (a new turn, another encounter): the one whose turn it is wins, the target coming before him.
  const changed = !kept ? [] : [target !== kept[1] ? 1 : null, actor !== kept[0] ? 0 : null].filter((i) => i !== null);
  kept = [actor, target];
  if (!changed.length) return;
  recent = [...recent.filter((i) => !changed.includes(i)), ...changed];
  following = true;
  schedule([]);
}

// A card changed by the last answer is brought wholly into view, before the acting and target cards in the same
// frame, so they win where all cannot be seen at once.
export function bringIntoView(ids) {
  schedule(ids);
}

// A card tapped is brought wholly into view after them: the finger may have found it half under the dock, and the
// game master looks at what he just tapped (the target tapped again, or someone who cannot act).
export function bringTappedIntoView(id) {
  tapped.push(id);
  schedule([]);
}

let wanted = [];
let tapped = [];
let scheduled = false;

// The acting and target cards close every frame that scrolls, the one picked last at the very end: a changed card
// scrolled to (the first one an answer redrew), or the rows moved within a roster whose room changed, must not push
// the one whose turn it is, or the target just tapped, out of view.
function schedule(ids) {
  wanted.push(...ids);
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    const ids = [...wanted, ...(kept ? recent.map((i) => kept[i]).filter(Boolean) : []), ...tapped];
    wanted = [];
    tapped = [];
    syncRoom();   // the roster capped or not as the change left it, before scrolling within it or the page
    for (const id of ids) {
      const node = q("roster").querySelector(`:scope > [data-id="${CSS.escape(id)}"]`);
      if (node && !inView(node)) node.scrollIntoView({ block: "nearest" });
    }
  });
}

function inView(node) {
  const box = node.getBoundingClientRect();
  const list = q("roster").getBoundingClientRect();
  const top = Math.max(document.querySelector("header.bar").getBoundingClientRect().bottom, list.top);
  const bottom = Math.min(q("dock").getBoundingClientRect().top, list.bottom);
  return box.top >= top - 1 && box.bottom <= bottom + 1;
}
