// The bridge: the only module that calls into Python.
// The boot (js/interpreter.js) hands over rules.api.call as soon as Python holds the rules
// ("woundbook:rules-ready"), and PyScript's main.py later puts the same `woundbook.call(method, jsonText) ->
// jsonText` on the page ("woundbook:python-ready"); whichever comes first makes the engine ready. This module
// turns that into a promise, marks document.documentElement.dataset.engine as "ready" or "failed", and offers
// call().

import { forgetSnapshot } from "./snapshot.js";

const BOOT_TIMEOUT_MS = 120000;
const root = document.documentElement;
let pythonCall = null;

function setEngine(state, message) {
  root.dataset.engine = state;
  const text = document.querySelector('[data-testid="engine-message"]');
  if (text) text.textContent = message;
}

let failBoot = null;

export const ready = new Promise((resolve, reject) => {
  let settled = false;
  let timer = null;
  let watch = null;
  const fail = (message) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    watch?.disconnect();
    if (rebootWithoutSnapshot(message)) return;
    setEngine("failed", `The rules engine could not start: ${message}. Reload to try again.`);
    reject(new Error(message));
  };
  failBoot = fail;
  const succeed = (call = window.woundbook?.call) => {
    if (settled) return;
    if (typeof call !== "function") return fail("the engine did not expose its entry point");
    settled = true;
    clearTimeout(timer);
    watch?.disconnect();
    pythonCall = call;
    window.woundbook ??= { call };   // main.py puts the same there once PyScript has started
    window.woundbookReadyAt = performance.now();  // read by the bench
    sessionStorage.removeItem("woundbook.rebooted");
    setEngine("ready", "Ready");
    resolve();
  };
  window.addEventListener("woundbook:rules-ready", (event) => succeed(event.detail.call), { once: true });
  window.addEventListener("woundbook:python-ready", () => succeed(), { once: true });
  if (typeof window.woundbook?.call === "function") succeed();
  timer = setTimeout(() => fail(`no answer after ${BOOT_TIMEOUT_MS / 1000} seconds`), BOOT_TIMEOUT_MS);
  // PyScript shows start-up errors as .py-error elements; a failed module load fires "error".
  watch = new MutationObserver(() => {
    const shown = document.querySelector(".py-error");
    if (shown) fail(shown.textContent.trim().split("\n").slice(-1)[0] || "Python reported an error");
  });
  watch.observe(document.documentElement, { childList: true, subtree: true });
  window.addEventListener("error", (event) => {
    if (!settled && /pyscript|pyodide/.test(String(event.filename))) fail(event.message);
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (!settled && /pyscript|pyodide|python/i.test(String(event.reason))) fail(String(event.reason));
  });
});

// Start Python and PyScript once the page has painted what it can without them (a first visit began Python
// earlier still, in js/boot.js). PyScript is loaded once Python's boot has ended, and its loadPyodide joins that
// boot (js/interpreter.js): loaded alongside, its modules took the page's thread while Python's WebAssembly was
// arriving, and the boot began later. Once only.
let started = false;
export function start() {
  if (started) return;
  started = true;
  const loadPyScript = () => import("../pyscript/{{PYSCRIPT_VERSION}}/core.js")
    .catch((error) => failBoot(`PyScript did not load (${error.message})`));
  // A boot that fails (the rules or the runtime not served) is said at once, in the boot's own words.
  import("./interpreter.js")
    .then((interpreter) => interpreter.begin().then(loadPyScript, (error) => failBoot(String(error.message ?? error))))
    .catch((error) => failBoot(`the Python runtime did not load (${error.message})`));
}

// A restored snapshot that then fails to start is dropped, and the page boots once more without it.
function rebootWithoutSnapshot(message) {
  const flag = "woundbook.rebooted";
  if (root.dataset.snapshot !== "restored" || sessionStorage.getItem(flag)) return false;
  sessionStorage.setItem(flag, message);
  setEngine("loading", "Starting the rules engine afresh…");
  forgetSnapshot().finally(() => location.reload());
  return true;
}

// The engine names each encounter it answers with (`key`). A request about the very document an answer gave sends
// that name in its place (`encounter_key`), so a long log is neither written out here nor read back in Python on
// every tap; an engine that no longer holds it says so, and the request goes again with the document itself.
const keys = new WeakMap();   // an answer's encounter document -> its key

function send(method, request) {
  return JSON.parse(pythonCall(method, JSON.stringify(request)));
}

// One call into Python: JSON in, JSON out. Errors come back as {ok: false, error}, never thrown.
export function call(method, request) {
  if (!pythonCall) {
    return { ok: false, error: { kind: "not_ready", message: "The rules engine is still loading.", field: null } };
  }
  try {
    const key = keys.get(Object(request.encounter));
    let answer = key ? send(method, { ...request, encounter: undefined, encounter_key: key }) : send(method, request);
    if (key && answer.error?.kind === "unknown_encounter_key") answer = send(method, request);
    if (answer.result?.key && answer.result.encounter) keys.set(answer.result.encounter, answer.result.key);
    return answer;
  } catch (error) {
    return { ok: false, error: { kind: "bridge", message: `The rules engine failed: ${error.message}`, field: null } };
  }
}

export function isReady() {
  return pythonCall !== null;
}
