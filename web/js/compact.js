// A card's wound record in its smallest honest form, for a row of the compact roster: drawn from the same widgets
// the full card draws (docs/api.md), for any system. What each kind keeps:
//   track   every level's boxes, small, marked as on the card (a level of more boxes than a row holds, such as
//           a pool of thirty, as its name and its penalty's words: "Incap 30 left");
//   grid    the rows holding a mark, their usable cells only, each with its label (a chart with none: its first row);
//   meters  the items furthest below their maximum (two at most), each as its words; none when all are full;
//   table   the first row (the values read against, e.g. thresholds), its columns marked where a mostly empty row
//           holds something (the levels held);
//   hexes, stats and gear are left to the full card (the meters and the name's line carry what they say).
// The full text of each part is its title and its aria-label, so nothing is only a colour or a glyph.

import { el } from "./dom.js";

const MANY_BOXES = 12;     // a level with more boxes than this is said in words
const WORST_METERS = 2;    // the meters shown: the furthest below their maximum

const COMPACT = { track, grid, meters, table };

// The compact record of a card: one node holding each widget's compact form, or null when nothing has one.
export function compactRecord(card) {
  const parts = card.widgets.map((widget) => COMPACT[widget.kind]?.(widget)).filter(Boolean);
  return parts.length ? el("span", { class: "compact-record", testid: "card-compact" }, parts) : null;
}

function track(widget) {
  return el("span", { class: "mini-track", role: "img", title: widget.label,
    "aria-label": `${widget.label}: ${widget.levels.map((level) => level.summary ?? level.name).join("; ")}` },
  widget.levels.map((level) => {
    const marked = level.boxes.filter((box) => box.marked).length;
    if (level.boxes.length > MANY_BOXES) {
      return el("span", { class: `mini-words${marked ? " has-marks" : ""}`, testid: "compact-level",
        title: level.summary ?? level.name, text: `${level.name} ${level.penalty || `${marked} of ${level.boxes.length}`}` });
    }
    return el("span", { class: "mini-level", testid: "compact-level", title: level.summary ?? level.name,
      dataset: { level: level.name } },
    level.boxes.map((box) => el("span", { class: "mini-box", dataset: { marked: String(box.marked) },
      text: box.marked ? box.mark ?? "" : "" })));
  }));
}

function grid(widget) {
  const usable = widget.columns.map((_, c) => widget.rows.some((row) => row.cells[c] !== "unusable"));
  const markedRows = widget.rows.filter((row) => row.cells.some((state) => state === "slash" || state === "cross"));
  const rows = markedRows.length ? markedRows : widget.rows.slice(0, 1);
  return el("span", { class: "mini-grid", role: "img", title: widget.summary, "aria-label": `${widget.label}: ${widget.summary}` },
    rows.map((row) => el("span", { class: "mini-row", testid: "compact-row", title: row.summary },
      row.cells.filter((_, c) => usable[c]).map((state) => el("span", { class: "mini-cell", dataset: { state },
        text: state === "slash" ? "/" : state === "cross" ? "X" : "" })),
      el("span", { class: "mini-label", text: row.label }))));
}

function meters(widget) {
  const share = (item) => (item.max > 0 ? item.value / item.max : 1);
  const worst = widget.items.filter((item) => item.value < item.max)
    .sort((a, b) => share(a) - share(b)).slice(0, WORST_METERS);
  if (!worst.length) return null;
  return el("span", { class: "mini-meters", title: widget.label }, worst.map((item) => el("span", {
    class: "mini-meter", testid: "compact-meter", title: item.summary, "aria-label": item.summary,
    dataset: { name: item.name, value: String(item.value), max: String(item.max) } },
  el("span", { class: "mini-meter-name", text: item.name }), " ",
  el("span", { class: "mini-meter-bar", "aria-hidden": "true" },
    el("span", { class: "mini-meter-fill", style: `width: ${(Math.max(0, Math.min(1, share(item))) * 100).toFixed(1)}%` })),
  " ", el("span", { class: "mini-meter-text", text: item.text }))));
}

// The columns a mostly empty row fills (a row of marks, such as the levels held) are marked on the first row.
function table(widget) {
  const [first, ...rest] = widget.rows;
  if (!first) return null;
  const marks = rest.filter((row) => {
    const filled = row.slice(1).filter((cell) => String(cell).trim()).length;
    return filled > 0 && filled * 2 < row.length - 1;
  });
  const markAt = (column) => marks.map((row) => row[column]).filter((cell) => String(cell).trim()).join(" ");
  return el("span", { class: "mini-table", role: "group", "aria-label": widget.caption, title: widget.caption },
    el("span", { class: "mini-label", text: first[0] }),
    first.slice(1).map((cell, index) => {
      const column = index + 1;
      const mark = markAt(column);
      const heading = widget.header[column] ?? "";
      return el("span", { class: `mini-value${mark ? " held" : ""}`, testid: "compact-value",
        title: `${widget.header[0] ?? ""} ${heading}: ${cell}${mark ? ` (${marks.map((row) => row[0]).join(", ")} ${mark})` : ""}`.trim(),
        dataset: { marked: String(Boolean(mark)) }, text: cell });
    }));
}
