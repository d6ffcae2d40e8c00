// Card widgets: each small JSON shape the engine's `view` describes is drawn by one function here,
// written for any system (docs/api.md lists the vocabulary). Text goes in through el()/textContent.

import { el } from "./dom.js";

const RENDERERS = { stats, track, gear };

// onTap(tap): a widget part the engine marks with `tap` opens that action with inputs preset.
export function renderWidget(widget, onTap = null) {
  const render = RENDERERS[widget.kind];
  if (!render) return el("p", { class: "small", text: `(${widget.kind}: this page cannot draw it yet)` });
  return render(widget, onTap);
}

function stats(widget) {
  return el("dl", { class: "stats", testid: "widget-stats" },
    widget.items.map((item) => el("div", {}, el("dt", { text: item.label }), el("dd", { text: item.value }))));
}

// A track of boxes: levels in order, each with its name, its penalty in visible text, an optional
// threshold (the successes that reach it) and its boxes; a marked box says what marked it.
function track(widget, onTap) {
  return el("div", { class: "track", testid: "track", role: "group", "aria-label": widget.label },
    widget.levels.map((level) => {
      const marked = level.boxes.filter((box) => box.marked).length;
      return el("div", { class: `level${marked ? " has-marks" : ""}`, testid: "track-level", dataset: { level: level.name } },
        el("span", { class: "level-name" },
          level.threshold ? el("span", { class: "threshold", testid: "track-threshold", text: level.threshold }) : null,
          level.name),
        el("span", { class: "penalty", testid: "track-penalty", text: level.penalty }),
        el("span", { class: `boxes${level.tap && onTap ? " tappable" : ""}`, role: "img", "aria-label": level.summary,
          title: level.summary, onclick: level.tap && onTap ? (event) => { event.stopPropagation(); onTap(level.tap); } : null },
          level.boxes.map((box) => el("span", {
            class: "box", testid: "track-box", title: box.marked ? `Marked: ${box.by}` : "Open",
            dataset: { marked: String(box.marked), level: level.name },
          }))));
    }));
}

function gear(widget) {
  if (!widget.items.length) return null;
  return el("ul", { class: "gear", testid: "widget-gear" },
    widget.items.map((item) => el("li", { class: item.kind, testid: `gear-${item.kind}` },
      `${item.name} `, el("span", { class: "notation", text: item.notation }),
      item.note ? el("span", { class: "note", text: ` (${item.note})` }) : null)));
}
