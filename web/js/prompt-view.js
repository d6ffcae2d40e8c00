// The dice prompt: the faces the engine asks for, tapped or typed into its entry, counted, and each named die's
// slot filled in order. Drawn from the state's prompt (js/flow.js); it knows nothing of what the dice resolve.

import { el, q, rearm } from "./dom.js";

// The prompt keeps its own entry: a face tapped goes into it, ⌫ takes the last one off, typing is counted, and a
// face past the count is refused with a word. The actions read the entry when the person uses the dice (js/dice-flow.js).
// Dice the engine names (`names`, one per die in order) get a slot each, filled in order as faces go in.
let asked = null;        // the needs on show, or null
let typedBefore = "";    // the entry as last accepted: typing past the count puts it back

// needs: the engine's ask (null closes the prompt); about: who the dice are for, in words.
export function renderPrompt(needs, about = "") {
  const prompt = q("dice-prompt");
  asked = needs;
  typedBefore = "";
  if (!needs) {
    prompt.hidden = true;
    return;
  }
  prompt.hidden = false;
  prompt.dataset.roll = needs.roll;
  prompt.dataset.count = String(needs.count);
  prompt.dataset.named = String(Boolean(needs.names?.length));
  q("dice-why").textContent = needs.why;
  q("dice-for").textContent = about;
  const entry = q("dice-entry");
  entry.value = "";
  entry.setAttribute("aria-label", `${needs.dice} for the ${needs.roll} roll`);
  entry.oninput = faceTyped;                    // properties, not listeners: a prompt drawn again wires them once
  q("dice-backspace").onclick = removeLastFace;
  q("dice-faces").replaceChildren(...needs.faces.map((face) => el("button", {
    type: "button", class: "face", testid: "dice-face", dataset: { face: String(face.value) },
    "aria-label": `Add a ${face.label} face`, title: face.label, onclick: () => addFace(face),
  }, String(face.label).length > 2 ? el("span", { class: "face-word", text: face.label }) : face.label)));
  const slots = q("dice-slots");
  slots.hidden = !needs.names?.length;
  slots.replaceChildren(...(needs.names ?? []).map((name, index) => el("li", {
    class: "slot", testid: "dice-slot", dataset: { index: String(index), name, face: "", next: "false" },
  }, el("span", { class: "slot-name", testid: "dice-slot-name", text: name }),
  el("span", { class: "slot-face", testid: "dice-slot-face" }))));
  q("dice-error").textContent = "";
  showTyped();
}

// A face tapped is added, up to the count asked for: one more is refused, with a word.
function addFace(face) {
  if (!asked) return;
  if (typedFaces().length >= asked.count) return refuseFace();
  const entry = q("dice-entry");
  entry.value = singleFaces() ? entry.value.replace(/\s+$/, "") + String(face.value) : `${entry.value.trim()} ${face.value}`.trim();
  typedBefore = entry.value;
  showTyped();
}

// Remove the last face: a bracketed one ("[ ]"), one symbol ("+"), a digit where every face is one ("533" is three
// faces: taps write them so), else a whole number ("10").
function removeLastFace() {
  if (!asked) return;
  const entry = q("dice-entry");
  const last = singleFaces() ? /(\[[^\]]*\]|\S)$/ : /(\[[^\]]*\]|\d+|\S)$/;
  entry.value = entry.value.trimEnd().replace(last, "").trimEnd();
  typedBefore = entry.value;
  showTyped();
}

// The entry changed by typing (in it, or a key the controller passed on): past the count, it is put back.
export function faceTyped() {
  if (!asked) return;
  if (typedFaces().length > asked.count) {
    q("dice-entry").value = typedBefore;
    return refuseFace();
  }
  typedBefore = q("dice-entry").value;
  showTyped();
}

function refuseFace() {
  const need = asked.count;
  showTyped(`That is all ${need} ${need === 1 ? "die" : "dice"} this roll needs: use them, or ⌫ to change one.`);
}

function singleFaces() {
  return asked.faces.every((one) => String(one.value).length === 1);
}

// The faces typed so far, as typed, for the counter and the slots only (the engine reads and checks them).
function typedFaces() {
  const text = q("dice-entry").value;
  if (!singleFaces()) return text.split(/[\s,;]+/).filter(Boolean);
  return [...text.replace(/\[\s*\]/g, "0").replace(/[\s,;[\]]/g, "")];
}

// The count, and each named die's slot with its face (as its button shows it) or empty, the next to fill marked.
function showTyped(refused = "") {
  const typed = typedFaces();
  const need = asked.count;
  const slots = [...q("dice-slots").children];
  const next = slots[typed.length]?.dataset.name;
  const count = q("dice-count");
  count.textContent = refused || `${typed.length} of ${need} ${need === 1 ? "die" : "dice"}${next ? ` \u00b7 next: ${next}` : ""}`;
  count.dataset.full = String(typed.length >= need);
  slots.forEach((slot, index) => {
    const face = typed[index] ?? "";
    const shown = asked.faces.find((one) => String(one.value) === face)?.label ?? face;
    slot.dataset.face = face;
    slot.dataset.next = String(index === typed.length);
    slot.toggleAttribute("aria-current", index === typed.length);
    slot.querySelector(".slot-face").textContent = shown;
  });
}

// A keyboard's user types faces wherever the prompt's focus is (on a face button, say): the keys go to the entry.
export function promptKey(event) {
  if (!asked || event.ctrlKey || event.metaKey || event.altKey || event.target === q("dice-entry")) return;
  if (event.key.length !== 1 || !/[0-9+\-\[\] ,]/.test(event.key)) return;
  if (event.key === " " && event.target.matches("button")) return;   // Space presses the focused button
  event.preventDefault();
  rearm("resolve");
  const field = q("dice-entry");
  field.focus({ preventScroll: true });
  field.value += event.key;
  faceTyped();
}
