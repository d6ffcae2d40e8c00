// A players' view link (`p1.`), read without Python: the page a player opens (player.html) draws it with this
// module alone, so a phone never fetches the rules engine. It is the JavaScript twin of the engine's reader,
// rules/share.py's decode() and rules/player_read.py's read(), which stay the reference: the same checks in the same
// order, the same limits and the same words, and tests/js/test_player_link.py reads a corpus of good,
// damaged and hostile links both ways and compares what each accepts, returns and says.
//
// No DOM here: it runs in Node too. It reads a link in one synchronous call (js/unzlib.js, around fflate), so the
// page draws the view before its first frame.

import { Damaged, TooLarge, unzlib } from "./unzlib.js";

const VERSION = "p1";
const NOUN = "player view link";
const KINDS = { e1: "share link", p1: "player view link" };
const MAX_LINK_CHARS = 100_000;
const MAX_JSON_BYTES = 400_000;
const MAX_DEPTH = 12;
const FORMAT = 1;
const MAX_NAME = 60;
const MAX_SHOWN = 40;
const MAX_ROUND = 100_000;
const MAX_CONDITIONS = 12;
const MAX_CONDITION_ROUNDS = 999;
const LOG_ENTRIES = 12;
// rules/player_read.py's bounds on every text of a link (a text of any length can hold a phone's drawing up, issue 48).
const MAX_ID = 12;
const MAX_STATUS = 80;
const MAX_PHASE = 80;
const MAX_TITLE = 400;
const MAX_OUTCOME = 2000;
const MAX_WIDGET_TEXT = 200;
const MAX_WIDGET_ITEMS = 1000;
const MAX_WIDGETS = 8;
const MAX_LASTS = 200;
const STANDS = ["current", "waiting", "done", "delayed", "unable", "idle"];
const SEVERITIES = ["ok", "hurt", "down", "out"];
const WIDGETS = ["track", "grid", "meters", "hexes"];
const PAYLOAD = /^[A-Za-z0-9_-]*$/;
// Python's str.split() whitespace (str.isspace), which rules/fields.py's text() collapses.
const SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;
const SPACES = new RegExp(`${SPACE.source}+`, "gu");
const EMBEDDINGS = "\u202a\u202b\u202d\u202e";
const ISOLATES = "\u2066\u2067\u2068";
const PDF = "\u202c";
const PDI = "\u2069";
const DIRECTIONAL = EMBEDDINGS + ISOLATES + PDF + PDI;

export class BadLink extends Error {}

// The players' view in `fragment`, checked: returns the view, or throws a BadLink whose message says in plain
// words what is wrong (the words rules/share.py and rules/player.py use).
export function readPlayerLink(fragment) {
  const document = decode(fragment);
  if (document.format !== FORMAT && document.format !== true) {   // Python's True == 1, as rules/player.py reads it
    throw new BadLink("this player view was made by another version of Woundbook and cannot be shown");
  }
  try {
    checkView(document);
  } catch (error) {
    throw new BadLink("this player view link is damaged: its contents are not a player view", { cause: error });
  }
  return document;
}

function decode(fragment) {
  if (typeof fragment !== "string") throw new BadLink(`a ${NOUN} must be text`);
  const length = [...fragment].length;
  if (length > MAX_LINK_CHARS) {
    throw new BadLink(`this ${NOUN} is ${length} characters long; links up to ${MAX_LINK_CHARS} are accepted`);
  }
  fragment = pyStrip(fragment);
  if (fragment.includes("#")) fragment = fragment.slice(fragment.indexOf("#") + 1);
  const dot = fragment.indexOf(".");
  const found = dot < 0 ? fragment : fragment.slice(0, dot);
  const payload = dot < 0 ? "" : fragment.slice(dot + 1);
  if (dot < 0 || !found) throw new BadLink(`${shown(fragment)} is not a Woundbook ${NOUN}; it should start with '${VERSION}.'`);
  if (found !== VERSION && Object.hasOwn(KINDS, found)) {
    throw new BadLink(`this is a ${KINDS[found]}, not a ${NOUN}: open it as a ${KINDS[found]}`);
  }
  if (found !== VERSION) {
    throw new BadLink(`${NOUN} version ${shown(found)} is not supported by this version of Woundbook (it reads '${VERSION}')`);
  }
  if (!payload) throw new BadLink(`this ${NOUN} is damaged: nothing follows its '${VERSION}.'; it was cut short`);
  const packed = unpackedBase64(payload);
  const raw = unpacked(packed);
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    throw new BadLink(`this ${NOUN} is damaged: its text is not UTF-8`);
  }
  if (depth(text) > MAX_DEPTH) throw new BadLink(`this ${NOUN} nests data deeper than ${MAX_DEPTH} levels; it was refused`);
  let document;
  try {
    document = JSON.parse(text);
  } catch {
    throw new BadLink(`this ${NOUN} is damaged: its contents are not valid JSON`);
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new BadLink(`this ${NOUN} does not hold an encounter`);
  }
  if (text.includes("\\u") && holdsLoneSurrogate(document)) {
    throw new BadLink(`this ${NOUN} is damaged: it holds a broken character`);
  }
  return document;
}

function unpackedBase64(payload) {
  if (!PAYLOAD.test(payload)) {
    const bad = [...new Set([...payload].filter((char) => !PAYLOAD.test(char)))]
      .sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
    throw new BadLink(`this ${NOUN} is damaged: it contains characters a link cannot have (${shown(bad.join(""))})`);
  }
  if (payload.length % 4 === 1) throw new BadLink(`this ${NOUN} is damaged: it was cut short`);
  const binary = atob(payload.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (payload.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

// zlib's inflate, stopped past the size limit (a small link that inflates to gigabytes is refused, not unpacked).
// Bytes after the end of the stream, which Python's zlib leaves aside, are refused by both readers as damage.
function unpacked(packed) {
  try {
    return unzlib(packed, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof TooLarge) throw new BadLink(`this ${NOUN} unpacks to more than ${MAX_JSON_BYTES} bytes; it was refused`);
    if (error instanceof Damaged) throw new BadLink(`this ${NOUN} is damaged: it was cut short or altered`);
    throw error;
  }
}

function depth(text) {
  let deepest = 0;
  let level = 0;
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++level);
    else if (char === "]" || char === "}") level--;
  }
  return deepest;
}

function holdsLoneSurrogate(value) {
  if (typeof value === "string") return /\p{Cs}/u.test(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, inner]) => holdsLoneSurrogate(key) || holdsLoneSurrogate(inner));
  }
  return false;
}

// -- the view's shape: rules/player_read.py's _check_view ---------------------------------------------

function checkView(document) {
  text(field(document, "system"), "name", 100);
  const fight = field(document, "fight");
  if (!whole(field(fight, "round"), 0, MAX_ROUND) || !Array.isArray(field(fight, "order")) || fight.order.length > 40) {
    throw new Error("fight");
  }
  if ((field(fight, "current") !== null && !short(fight.current, MAX_ID)) || !short(field(fight, "phase"), MAX_PHASE)) {
    throw new Error("fight");
  }
  for (const entry of fight.order) {
    if (!short(field(entry, "id"), MAX_ID)) throw new Error("order");
    text(entry, "name", MAX_NAME);
    const label = get(entry, "label", "");
    if (!STANDS.includes(field(entry, "stands")) || typeof label !== "string" || pyLength(label) > 80) {
      throw new Error("order");
    }
    const why = get(entry, "why", "");
    if (typeof why !== "string" || pyLength(why) > 200) throw new Error("order");
  }
  const roster = field(document, "roster");
  if (!Array.isArray(roster) || roster.length > 40) throw new Error("roster");
  for (const card of roster) {
    if (!short(field(card, "id"), MAX_ID)) throw new Error("id");
    text(card, "name", MAX_NAME);
    const status = field(card, "status");
    if (!SEVERITIES.includes(field(status, "severity")) || !short(field(status, "text"), MAX_STATUS)) {
      throw new Error("status");
    }
    const widgets = field(card, "widgets");
    if (!Array.isArray(widgets) || widgets.length > MAX_WIDGETS
      || widgets.some((widget) => !WIDGETS.includes(get(widget, "kind")))
      || items(widgets) > MAX_WIDGET_ITEMS + widgets.length) {
      throw new Error("widgets");
    }
    const conditions = field(card, "conditions");
    if (!Array.isArray(conditions) || conditions.length > MAX_CONDITIONS) throw new Error("conditions");
    for (const condition of conditions) {
      text(condition, "name", 40);
      if (!short(get(condition, "lasts", ""), MAX_LASTS)) throw new Error("conditions");
      const rounds = field(condition, "rounds");
      if (rounds !== null && !whole(rounds, 0, MAX_CONDITION_ROUNDS)) throw new Error("conditions");
    }
    if (get(card, "note", "") !== "") throw new Error("note");
  }
  const log = field(document, "log");
  if (!Array.isArray(log) || log.length > LOG_ENTRIES) throw new Error("log");
  for (const entry of log) {
    if (!short(field(entry, "title"), MAX_TITLE) || !short(field(entry, "outcome"), MAX_OUTCOME)
      || hasKey(entry, "steps")) {
      throw new Error("log");
    }
  }
}

// Text of at most `most` characters, counted as Python counts them (code points).
function short(value, most) {
  return typeof value === "string" && pyLength(value) <= most;
}

// How many items the lists in `value` hold, however deep; a text longer than a widget's bound is refused.
function items(value) {
  if (typeof value === "string") {
    if (pyLength(value) > MAX_WIDGET_TEXT) throw new Error("widget text");
    return 0;
  }
  if (Array.isArray(value)) return value.length + value.reduce((sum, inner) => sum + items(inner), 0);
  if (isObject(value)) return Object.entries(value).reduce((sum, [key, inner]) => sum + items(key) + items(inner), 0);
  return 0;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function hasKey(value, key) {
  return isObject(value) && Object.hasOwn(value, key);
}

// value[key] of an object that has it: anything else is not a player view (Python's KeyError or TypeError).
function field(value, key) {
  if (!hasKey(value, key)) throw new Error(`no ${key}`);
  return value[key];
}

// dict.get: `otherwise` for a missing key (a key there with null is null), and an error on a value that is not an
// object.
function get(value, key, otherwise = undefined) {
  if (!isObject(value)) throw new Error(`no ${key}`);
  return Object.hasOwn(value, key) ? value[key] : otherwise;
}

function whole(value, low, high) {
  return Number.isInteger(value) && value >= low && value <= high;
}

// rules/fields.py's text(): a string of at most `max` characters that show, not empty, with no more direction
// controls (once they are balanced) than that.
function text(data, key, max) {
  let value = field(data, key);
  if (typeof value !== "string" || /\p{Cs}/u.test(value)) throw new Error(key);
  value = value.split(SPACES).filter(Boolean).join(" ");
  const controls = [...value].some((char) => DIRECTIONAL.includes(char));
  let shows = controls ? [...value].filter((char) => !DIRECTIONAL.includes(char)).join("") : value;
  if (controls && !pyStrip(shows)) value = shows = "";
  if (!value || pyLength(shows) > max) throw new Error(key);
  if (!controls) return;
  const balanced = spaced(isolated(value));
  if ([...balanced].filter((char) => DIRECTIONAL.includes(char)).length > max) throw new Error(key);
}

function isolated(value) {
  const out = [];
  const open = [];
  for (const char of value) {
    if (EMBEDDINGS.includes(char)) open.push(PDF);
    else if (ISOLATES.includes(char)) open.push(PDI);
    else if (char === PDF) {
      if (!open.length || open.at(-1) !== PDF) continue;
      open.pop();
    } else if (char === PDI) {
      if (!open.includes(PDI)) continue;
      while (open.at(-1) !== PDI) out.push(open.pop());
      open.pop();
    }
    out.push(char);
  }
  out.push(...open.reverse());
  return wrapped(out) ? out.join("") : `\u2068${out.join("")}${PDI}`;
}

function wrapped(chars) {
  if (!chars.length || !ISOLATES.includes(chars[0]) || chars.at(-1) !== PDI) return false;
  let level = 0;
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index];
    level += (EMBEDDINGS.includes(char) || ISOLATES.includes(char) ? 1 : 0) - (char === PDF || char === PDI ? 1 : 0);
    if (level === 0) return index === chars.length - 1;
  }
  return false;
}

function spaced(value) {
  const out = [];
  let spaceAt = -1;
  let started = false;
  for (const char of value) {
    if (SPACE.test(char)) {
      if (started && spaceAt < 0) {
        spaceAt = out.length;
        out.push(" ");
      }
    } else {
      if (!DIRECTIONAL.includes(char)) {
        started = true;
        spaceAt = -1;
      }
      out.push(char);
    }
  }
  if (spaceAt >= 0) out.splice(spaceAt, 1);
  return out.join("");
}

// -- Python's ways with text, where a message or a limit depends on them ----------------------------------

function pyLength(value) {
  return [...value].length;
}

function pyStrip(value) {
  const chars = [...value];
  let start = 0;
  let end = chars.length;
  while (start < end && SPACE.test(chars[start])) start++;
  while (end > start && SPACE.test(chars[end - 1])) end--;
  return chars.slice(start, end).join("");
}

// rules/fields.py's shown() of text: Python's repr of its first 40 characters, cut with "..." when longer.
export function shown(value) {
  const chars = [...value];
  const quoted = pyRepr(chars.slice(0, MAX_SHOWN).join(""));
  if (chars.length <= MAX_SHOWN && pyLength(quoted) <= MAX_SHOWN + 2) return quoted;
  return [...quoted].slice(0, MAX_SHOWN - 2).join("") + "..." + quoted[0];
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const ESCAPES = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function pyRepr(value) {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0);
    if (ESCAPES[char]) out += ESCAPES[char];
    else if (char === quote) out += `\\${quote}`;
    else if (char !== " " && NOT_PRINTABLE.test(char)) {
      out += code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    } else out += char;
  }
  return quote + out + quote;
}

function hex(code, width) {
  return code.toString(16).padStart(width, "0");
}
