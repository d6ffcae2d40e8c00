// The page's first module to run (an async module script in index.html): on a visit with no snapshot of this
// build to restore, Python starts as soon as its runtime's modules are here, before the page's own modules have
// been run and drawn. Its start then overlaps their work instead of waiting for it (it began about 40 ms later
// from app.js). A visit that restores a snapshot leaves the start to app.js, after the saved cards are painted.

import { begin } from "./interpreter.js";
import { stored } from "./snapshot.js";

// A player view link goes to the players' page (js/app.js), which needs no Python: none is started for it.
const forPlayers = /^#?p1\./.test(location.hash);
if (!stored && !forPlayers) begin().catch(() => { /* PyScript reports it, once the page has loaded it (js/engine.js) */ });
