// Card widgets: each small JSON shape the engine's `view` describes is drawn by one function here,
// written for any system (docs/api.md lists the vocabulary). Text goes in through el()/textContent.

import { el } from "./dom.js";
import { drawDiagram } from "./hexes.js";

const RENDERERS = { stats, track, grid, meters, table: (widget) => renderTable(widget), hexes, gear };

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
// threshold (the successes that reach it) and its boxes; a marked box says what marked it, and may carry a
// short mark drawn in it (the kind of wound it holds, where that differs from the level's own).
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
          title: level.summary, onclick: tapHandler(level.tap, onTap) },
          level.boxes.map((box) => el("span", {
            class: "box", testid: "track-box", title: box.marked ? `Marked: ${box.by}` : "Open",
            dataset: { marked: String(box.marked), level: level.name }, text: box.mark ?? "",
          }))));
    }));
}

// The tap a widget part carries, as a click handler; it stops at the part so the card is not picked too.
function tapHandler(tap, onTap) {
  return tap && onTap ? (event) => { event.stopPropagation(); onTap(tap); } : null;
}

// A chart of cells drawn as on paper: column labels across the top, each row's label at its right end,
// each cell a small box: open, "/", "X", or hatched when it cannot be used. The glyphs are text, so they print.
const GLYPHS = { empty: "", slash: "/", cross: "X", unusable: "" };

function grid(widget, onTap) {
  const tap = tapHandler(widget.tap, onTap);
  // A column no row can use is "spare": drawn crossed out, and folded away on a crowded roster, as the
  // paper chart's own examples draw only the columns in use.
  const spare = widget.columns.map((_, c) => widget.rows.every((row) => row.cells[c] === "unusable"));
  const fold = (c) => (spare[c] ? "spare" : null);
  return el("div", { class: `grid-widget${tap ? " tappable" : ""}`, testid: "widget-grid", title: widget.summary, onclick: tap },
    el("table", { class: "cells" },
      el("caption", { text: widget.label }),
      el("thead", {}, el("tr", {},
        widget.columns.map((column, c) => el("th", { scope: "col", class: fold(c), text: column })),
        el("th", { scope: "col", class: "row-title", text: widget.row_title }))),
      el("tbody", {}, widget.rows.map((row) => el("tr", {
        testid: "grid-row", dataset: { label: row.label }, "aria-label": row.summary, title: row.summary,
      },
      row.cells.map((state, c) => el("td", { class: fold(c), testid: "grid-cell", dataset: { state }, text: GLYPHS[state] ?? "" })),
      el("th", { scope: "row", class: "row-label", text: row.label }))))),
    el("span", { class: "visually-hidden", testid: "grid-summary", text: widget.summary }));
}

// Named values against a maximum: a bar filled to value/max, a tick at each mark, and the value in words.
function meters(widget, onTap) {
  const share = (at, max) => `${(max > 0 ? Math.max(0, Math.min(100, (at / max) * 100)) : 0).toFixed(2)}%`;
  return el("div", { class: "meters", testid: "widget-meters", role: "group", "aria-label": widget.label },
    widget.items.map((item) => {
      const tap = tapHandler(item.tap, onTap);
      return el("div", { class: `meter${tap ? " tappable" : ""}`, testid: "meter", onclick: tap,
        dataset: { name: item.name, value: String(item.value), max: String(item.max) } },
      el("span", { class: "meter-name", text: item.name, title: item.name }),
      el("span", { class: "meter-bar", role: "img", "aria-label": item.summary, title: item.summary },
        el("span", { class: "meter-fill", style: `width: ${share(item.value, item.max)}` }),
        item.marks.map((mark) => el("span", { class: "meter-mark", testid: "meter-mark", title: mark.label,
          dataset: { at: String(mark.at), label: mark.label }, style: `left: ${share(mark.at, item.max)}` }))),
      el("span", { class: "meter-text", testid: "meter-text", text: item.text }));
    }));
}

// A hex diagram: cells coloured by their state, each region outlined, the marks on it (an aim as a ring, a hit
// as a dot, a miss as a cross, an arrow from where a mark came from). The summary names the drawing for screen
// readers, and each region's summary is a line of the legend beside it. With `tap`, a tap on a cell opens the
// action with that cell preset in its `hex` input (app.js decides whether it is the action on show).
function hexes(widget, onTap) {
  const regions = new Map(widget.regions.map((region) => [region.value, region]));
  const tap = widget.tap && onTap ? widget.tap : null;
  const { node } = drawDiagram(widget.cells, {
    marks: widget.marks ?? [],
    cellProps: (cell) => {
      const state = regions.get(cell.region)?.state ?? "ok";    // a cell is as its region is
      return { class: `hex-cell state-${state}`, testid: "hexes-cell",
        dataset: { q: String(cell.q), r: String(cell.r), region: cell.region, state } };
    },
  });
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", widget.summary);
  node.dataset.testid = "hexes-diagram";
  if (tap) {
    node.classList.add("tappable");
    node.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-testid=\"hexes-cell\"]");
      if (!cell) return;   // between the cells: the card is picked, as anywhere else on it
      event.stopPropagation();
      onTap({ action: tap.action, combatant: tap.combatant,
        inputs: { ...tap.inputs, [tap.hex]: `${cell.dataset.q},${cell.dataset.r}` } });
    });
  }
  return el("div", { class: "hexes-widget", testid: "widget-hexes", role: "group", "aria-label": widget.label },
    node,
    el("ul", { class: "hexes-legend", testid: "hexes-legend" }, widget.regions.map((region) => el("li", {
      testid: "hexes-region", dataset: { value: region.value, state: region.state } },
    el("span", { class: `hexes-swatch state-${region.state}`, "aria-hidden": "true" }), region.summary))));
}

// A table of words: a caption, a header, rows whose first cell names the row, and an optional note.
// It scrolls sideways inside its box (focusable, so a keyboard can scroll it) rather than widen the page.
export function renderTable(table, testid = "widget-table") {
  return el("div", { class: "table-widget", testid },
    el("div", { class: "table-scroll", role: "group", "aria-label": table.caption, tabindex: "0" },
      el("table", { class: "data-table" },
        el("caption", { text: table.caption }),
        el("thead", {}, el("tr", {}, table.header.map((heading) => el("th", { scope: "col", text: heading })))),
        el("tbody", {}, table.rows.map((row) => el("tr", { testid: "table-row" },
          row.map((cell, index) => el(index === 0 ? "th" : "td",
            { scope: index === 0 ? "row" : null, testid: "table-cell", text: cell }))))))),
    table.note ? el("p", { class: "table-note small", testid: "table-note", text: table.note }) : null);
}

function gear(widget) {
  if (!widget.items.length) return null;
  return el("ul", { class: "gear", testid: "widget-gear" },
    widget.items.map((item) => el("li", { class: item.kind, testid: `gear-${item.kind}` },
      `${item.name} `, el("span", { class: "notation", text: item.notation }),
      item.note ? el("span", { class: "note", text: ` (${item.note})` }) : null)));
}
