// The DOM helpers every view module shares. Text always goes in with textContent (through el()),
// so a name such as <img src=x onerror=alert(1)> shows as text and runs nothing.

// The element of a test id, in `scope`. The page's own elements (index.html's, each test id there used once and
// never made again by a script) are looked up once: a tap reads some sixty of them, and a selector on an attribute
// walks the whole document each time, a long log included.
const PAGE_IDS = new Map();
for (const node of document.querySelectorAll("[data-testid]")) {
  const id = node.dataset.testid;
  PAGE_IDS.set(id, PAGE_IDS.has(id) ? null : node);   // null: not one element, looked up each time
}
export function q(testid, scope = document) {
  const node = scope === document ? PAGE_IDS.get(testid) : null;
  return node?.isConnected ? node : scope.querySelector(`[data-testid="${testid}"]`);
}

// Run `job` when the browser is idle, within `timeout` ms; where it has no idle callbacks, after `otherwise` ms.
export function whenIdle(job, timeout, otherwise) {
  if ("requestIdleCallback" in window) requestIdleCallback(job, { timeout });
  else setTimeout(job, otherwise);
}

// Run `job` as soon as the next frame has been drawn: a task of the highest priority after the frame's callbacks,
// where the browser has a task scheduler (Chromium), so it runs before the tasks queued meanwhile (V8 storing the
// code of the scripts just run, about 4 ms on a return visit); a timer where it has none.
export function afterFrame(job) {
  requestAnimationFrame(() => {
    if (globalThis.scheduler?.postTask) scheduler.postTask(job, { priority: "user-blocking" });
    else setTimeout(job);
  });
}

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "testid") node.dataset.testid = value;
    else if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key === "style") setStyle(node, value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Declarations ("width: 40%; left: 2%") set one by one through the element's style object: the page's
// Content-Security-Policy refuses style attributes, not styles set from a script.
function setStyle(node, declarations) {
  for (const declaration of String(declarations).split(";")) {
    const at = declaration.indexOf(":");
    if (at > 0) node.style.setProperty(declaration.slice(0, at).trim(), declaration.slice(at + 1).trim());
  }
}

export function banner(message, kind = "error", action = null) {
  clearBanners(kind);  // one banner of a kind at a time: the newest says what matters now
  const box = el("div", { class: `banner ${kind}`, testid: "banner", role: kind === "error" ? "alert" : "status",
    dataset: { kind } }, el("span", { testid: "banner-text", text: message }));
  const buttons = el("span", { class: "row" });
  if (action) {
    buttons.append(el("button", { type: "button", testid: "banner-action", text: action.label,
      onclick: () => { box.remove(); action.run(); } }));
  }
  buttons.append(el("button", { type: "button", testid: "banner-close", "aria-label": "Dismiss", text: "×",
    onclick: () => box.remove() }));
  box.append(buttons);
  bannerPlace().append(box);
  return box;
}

// Where a banner is read and tapped: the page's banner row, or the top of a modal dialog while one is open (a
// modal dialog makes the rest of the page inert and hides it). Banners still there when the dialog closes go back
// to the page's row, so none is dropped with the dialog.
function bannerPlace() {
  const open = [...document.querySelectorAll("dialog[open]")].filter((dialog) => dialog.matches(":modal"));
  const dialog = open.at(-1);
  if (!dialog) return q("banners");
  let place = dialog.querySelector(":scope > .dialog-banners");
  if (!place) {
    place = el("div", { class: "banners dialog-banners", testid: "dialog-banners" });
    dialog.prepend(place);
    dialog.addEventListener("close", () => {
      q("banners").append(...place.querySelectorAll(".banner"));
      place.remove();
    }, { once: true });
  }
  return place;
}

export function clearBanners(kind = null) {
  for (const box of document.querySelectorAll(".banners .banner")) {
    if (!kind || box.dataset.kind === kind) box.remove();
  }
}

export function fieldError(testid, message) {
  q(testid).textContent = message || "";
}

// A select's options as `choices` ({value, label}), its value kept where it is still offered. Options already as
// asked are left as they are: forms are refreshed on every answer of the engine, and a roll that changed no name
// or weapon rebuilt some twenty options, each a restyle, on every tap.
export function fillSelect(select, choices) {
  const options = select.options;
  if (options.length === choices.length && choices.every((choice, index) => options[index].value === String(choice.value)
      && options[index].textContent === choice.label)) return;
  const previous = select.value;
  select.replaceChildren(...choices.map((choice) => el("option", { value: String(choice.value), text: choice.label })));
  if (choices.some((choice) => String(choice.value) === previous)) select.value = previous;
}

// Make parent's children exactly `nodes`, moving or adding only those not already in place: a new log entry
// at the top is one insertion, not every entry taken out and put back (which makes the browser lay them all
// out again). Children not wanted are removed first, so an undo that takes the newest entry off the top is one
// removal: placing the others first moved every one of them down by one (2.8 s to the next frame at 2,000).
export function syncChildren(parent, nodes) {
  const wanted = new Set(nodes);
  for (let child = parent.firstElementChild; child;) {
    const next = child.nextElementSibling;
    if (!wanted.has(child)) child.remove();
    child = next;
  }
  let there = parent.firstElementChild;
  for (const node of nodes) {
    if (node === there) there = there.nextElementSibling;
    else parent.insertBefore(node, there);
  }
}

// A tap acts once: a control whose tap resolves, moves the fight on or confirms a dialog is wrapped in once(key, ...).
// A second tap on it, or on any control wrapped under the same key, is dropped (never queued) while the first is
// at work and for TAP_SETTLE_MS after. A key names a place under the finger, not one button: a list redrawn by the
// first tap (Delete for good) puts the next entry's button where the finger is, and Start fight gives way to Next
// turn in the same spot, so those share a key. rearm(key) ends the wait at once where the person has shown a new
// intent in between (a dialog opened again, a form changed, a die's face tapped): no double tap does that.
// Hands at a table tap twice within about 300 ms (a double tap is read as one up to 300-500 ms by the platforms);
// a second tap meant as a second resolution comes after reading the first's result, well over that.
export const TAP_SETTLE_MS = 400;
const settling = new Map();   // key -> the time (performance.now()) until which its taps are dropped; Infinity at work

// A tap is timed from when it was made (its event's timeStamp), not from when a busy page got to it: a second tap
// 50 ms after the first stays a double tap however long the page was held up before handling it.
export function once(key, handler) {
  return (...args) => {
    const event = args[0];
    const tapped = event instanceof Event ? Math.min(event.timeStamp, performance.now()) : performance.now();
    if ((settling.get(key) ?? 0) > tapped) {
      if (event instanceof Event && event.type === "submit") event.preventDefault();   // dropped, and sends nothing
      return undefined;
    }
    settling.set(key, Infinity);
    const settle = () => settling.set(key, performance.now() + TAP_SETTLE_MS);
    let result;
    try {
      result = handler(...args);
    } catch (error) {
      settle();
      throw error;
    }
    if (typeof result?.then === "function") result.then(settle, settle);
    else settle();
    return result;
  };
}

export function rearm(key) {
  if (settling.get(key) !== Infinity) settling.delete(key);
}
