// The players' window and the game master's tab it follows talk on a BroadcastChannel named by that tab: the
// window (player.html#live.<tab>) says hello, and the tab answers, then sends the player view link afresh at
// every change (js/players-window.js). Same device, same site, no network.

export const LIVE = /^live\.([A-Za-z0-9_-]{1,40})$/;

export function channelName(tab) {
  return `woundbook-players-${tab}`;
}
