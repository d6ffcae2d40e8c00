// Hex diagrams (docs/api.md: the `hexes` widget and the `hex` input): the geometry of flat-topped hexes in axial
// coordinates, and the inline SVG both the card's diagram and the form's picker draw from it, so the two always
// agree on where a cell is. Nothing here knows what the cells stand for: a cell is q, r and a region's value.
// Elements are made with createElementNS and text goes in with textContent, never markup with data in it.

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 10;                    // a hex's corner radius in the drawing's own units; CSS sets its size on screen
const ROOT3 = Math.sqrt(3);
const PAD = 0.2 * SIZE;             // room for a thick outline or a ring at the drawing's edge
// The six neighbours, in the order of the edges between corner i and corner i + 1 (corner 0 points right,
// y grows downwards): below right, below, below left, above left, above, above right.
const NEIGHBOURS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const MARK_KINDS = new Set(["aim", "hit", "miss"]);
const ZONE = "zone";                 // a translucent fill over a cell, beneath the other marks
const MOVES = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"]);

export const cellKey = (q, r) => `${q},${r}`;

// "q,r" as two integers, or null for anything else ("", "1", "a,b", "1.5,2").
export function parseCell(value) {
  const match = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(String(value ?? ""));
  return match ? { q: Number(match[1]), r: Number(match[2]) } : null;
}

export function centre(q, r) {
  return { x: 1.5 * SIZE * q, y: ROOT3 * SIZE * (r + q / 2) };
}

const round = (number) => Math.round(number * 100) / 100;

function corners(q, r, scale = 1) {
  const { x, y } = centre(q, r);
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const angle = (Math.PI / 3) * i;
    return [round(x + scale * SIZE * Math.cos(angle)), round(y + scale * SIZE * Math.sin(angle))];
  });
}

export const points = (q, r, scale = 1) => corners(q, r, scale).map((corner) => corner.join(",")).join(" ");

// An SVG element: attributes as given (testid and dataset as el() takes them, `text` as textContent, on* as
// listeners, `style` custom properties set through the style object, which the page's policy allows).
export function svg(tag, props = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  setProps(node, props);
  for (const child of children.flat(Infinity)) if (child) node.append(child);
  return node;
}

function setProps(node, props) {
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "testid") node.dataset.testid = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") for (const [name, one] of Object.entries(value)) node.style.setProperty(name, one);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
}

// The drawing: one polygon a cell (cellProps(cell) gives its attributes and <title>), the borders between
// regions drawn thicker, then the marks. Its box holds every cell and every mark, so a mark off the cells (a miss
// beside the diagram) is drawn too. CSS sizes it from --hex-across and --hex-down, the box in hex sizes.
export function drawDiagram(cells, { cellProps = () => ({}), marks = [] } = {}) {
  const polygons = new Map();
  const shapes = shapesOf(cells);
  const cellNodes = cells.map((cell, index) => {
    const { title, ...props } = cellProps(cell);
    // A copy of the kept polygon: its corners come parsed, which costs less than setting them again.
    const node = shapes.polygons[index].cloneNode(false);
    setProps(node, props);
    if (title) node.append(svg("title", { text: title }));
    polygons.set(cellKey(cell.q, cell.r), node);
    return node;
  });
  if (!cells.length && !marks.length) {
    return { node: svg("svg", { viewBox: "0 0 1 1", class: "hex-diagram" }), polygons };
  }
  // The box holds the cells and a margin of one hex; a mark further off (a wide miss) is drawn on the margin, on
  // the line it came along, so the diagram keeps its size however far a miss lands.
  const zones = marks.filter((mark) => mark.kind === ZONE);
  const others = marks.filter((mark) => mark.kind !== ZONE);
  const spots = (cells.length ? cells : marks).map((spot) => centre(spot.q, spot.r));
  const xs = spots.map((p) => p.x);
  const ys = spots.map((p) => p.y);
  const box = { left: Math.min(...xs) - 2 * SIZE, right: Math.max(...xs) + 2 * SIZE,
    top: Math.min(...ys) - 1.5 * ROOT3 * SIZE, bottom: Math.max(...ys) + 1.5 * ROOT3 * SIZE };
  const left = box.left - SIZE - PAD;
  const top = box.top - (ROOT3 / 2) * SIZE - PAD;
  const width = box.right - box.left + 2 * (SIZE + PAD);
  const height = box.bottom - box.top + ROOT3 * SIZE + 2 * PAD;
  const node = svg("svg", {
    viewBox: [left, top, width, height].map(round).join(" "), class: "hex-diagram",
    style: { "--hex-across": round(width / SIZE), "--hex-down": round(height / SIZE) },
  },
  svg("g", { class: "hex-cells" }, cellNodes),
  zones.length ? svg("g", { class: "hex-zones", "aria-hidden": "true" },
    zones.map((mark) => drawZone(mark, shapes, box))) : null,
  svg("path", { class: "hex-borders", d: shapes.borders, "aria-hidden": "true" }),
  others.length ? svg("g", { class: "hex-marks", "aria-hidden": "true" },
    others.map((mark) => drawMark(mark, box))) : null);
  return { node, polygons };
}

// A diagram's shapes (each cell's corners, the regions' outlines) depend only on its cells, and a card draws the
// same diagram again on every tap: they are worked out once for each list of cells and kept.
const SHAPES = new Map();
const MAX_SHAPES = 16;

function shapesOf(cells) {
  const key = cells.map((cell) => `${cell.q},${cell.r},${cell.region}`).join(";");
  let shapes = SHAPES.get(key);
  if (!shapes) {
    if (SHAPES.size >= MAX_SHAPES) SHAPES.delete(SHAPES.keys().next().value);
    const polygons = cells.map((cell) => svg("polygon", { points: points(cell.q, cell.r), class: "hex-cell" }));
    shapes = { polygons, borders: borders(cells),
      at: new Map(cells.map((cell, index) => [cellKey(cell.q, cell.r), polygons[index]])) };
    SHAPES.set(key, shapes);
  }
  return shapes;
}

// The edges where a cell meets another region or no cell: each region's outline, drawn over the cells.
function borders(cells) {
  const regions = new Map(cells.map((cell) => [cellKey(cell.q, cell.r), cell.region]));
  const segments = [];
  for (const cell of cells) {
    const around = corners(cell.q, cell.r);
    NEIGHBOURS.forEach(([dq, dr], edge) => {
      const other = regions.get(cellKey(cell.q + dq, cell.r + dr));
      // A border between two cells is drawn once, from the cell whose edge faces downwards or right.
      if (other === cell.region || (other !== undefined && edge >= 3)) return;
      const [a, b] = [around[edge], around[(edge + 1) % 6]];
      segments.push(`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`);
    });
  }
  return segments.join("");
}

// A zone mark: the cell filled thinly over its state's colour (a copy of the kept polygon where the cell is one of
// the diagram's, its corners worked out where it is not); one off the drawing's box is left out, as it would
// stretch nothing and fill nothing a person can see.
function drawZone(mark, shapes, box) {
  const { x, y } = centre(mark.q, mark.r);
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return null;
  const kept = shapes.at.get(cellKey(mark.q, mark.r));
  const shape = kept ? kept.cloneNode(false) : svg("polygon", { points: points(mark.q, mark.r) });
  shape.setAttribute("class", "hex-zone-fill");
  return svg("g", { class: "hex-mark mark-zone", testid: "hexes-mark",
    dataset: { kind: ZONE, q: String(mark.q), r: String(mark.r), label: mark.label ?? "" } },
  mark.label ? svg("title", { text: mark.label }) : null, shape, markText(mark, { x, y }, true));
}

// A mark's `text`: one or two characters beside it (in the middle of a zone's cell), on a halo as the marks are.
function markText(mark, { x, y }, middle = false) {
  if (typeof mark.text !== "string" || !mark.text) return null;
  const text = Array.from(mark.text).slice(0, 2).join("");
  const at = middle ? { x, y } : { x: x + 0.62 * SIZE, y: y - 0.5 * SIZE };
  const part = svg("text", { class: "hex-mark-text", x: round(at.x), y: round(at.y), "text-anchor": "middle",
    "dominant-baseline": "central", text });
  return [halo(part), part];
}

// A mark: an aim as a ring, a hit as a filled dot, a miss as a cross, and an arrow from `from` when it has one.
// Each is drawn twice, wide in the card's colour under narrow in ink, so it shows on any cell's colour.
function drawMark(mark, box) {
  const kind = MARK_KINDS.has(mark.kind) ? mark.kind : "hit";
  const start = Array.isArray(mark.from) ? centre(mark.from[0], mark.from[1])
    : { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
  const { x, y } = within(box, start, centre(mark.q, mark.r));
  const shape = {
    aim: () => [svg("circle", { cx: x, cy: y, r: 0.62 * SIZE })],
    hit: () => [svg("circle", { cx: x, cy: y, r: 0.34 * SIZE })],
    miss: () => [svg("path", { d: cross(x, y, 0.42 * SIZE) })],
  }[kind]();
  const arrow = Array.isArray(mark.from) ? drawArrow(within(box, start, start), { x, y }) : [];
  return svg("g", { class: `hex-mark mark-${kind}`, testid: "hexes-mark",
    dataset: { kind, q: String(mark.q), r: String(mark.r), label: mark.label ?? "" } },
  mark.label ? svg("title", { text: mark.label }) : null,
  [...arrow, ...shape].map((part) => [halo(part), part]), markText(mark, { x, y }));
}

// A point inside the box, or where the line to it from `start` (inside the box) leaves the box.
function within(box, start, point) {
  const inside = (p) => p.x >= box.left && p.x <= box.right && p.y >= box.top && p.y <= box.bottom;
  if (inside(point)) return point;
  const from = inside(start) ? start : { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
  const dx = point.x - from.x;
  const dy = point.y - from.y;
  const reach = Math.min(dx > 0 ? (box.right - from.x) / dx : dx < 0 ? (box.left - from.x) / dx : Infinity,
    dy > 0 ? (box.bottom - from.y) / dy : dy < 0 ? (box.top - from.y) / dy : Infinity);
  return { x: from.x + dx * reach, y: from.y + dy * reach };
}

// A coordinate as the page writes numbers: a negative one with the typographic minus.
function signed(number) {
  return String(number).replace("-", "\u2212");
}

function cross(x, y, arm) {
  return `M${round(x - arm)} ${round(y - arm)}L${round(x + arm)} ${round(y + arm)}`
    + `M${round(x - arm)} ${round(y + arm)}L${round(x + arm)} ${round(y - arm)}`;
}

// A line from one centre towards another, stopping short of the mark it points at, with a head drawn as a path.
function drawArrow(from, to) {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  if (length < SIZE) return [];
  const [ux, uy] = [(to.x - from.x) / length, (to.y - from.y) / length];
  const tip = { x: to.x - ux * 0.75 * SIZE, y: to.y - uy * 0.75 * SIZE };
  const start = { x: from.x + ux * 0.3 * SIZE, y: from.y + uy * 0.3 * SIZE };
  const head = 0.4 * SIZE;
  const wing = (side) => `${round(tip.x - ux * head + side * uy * head * 0.6)} `
    + `${round(tip.y - uy * head - side * ux * head * 0.6)}`;
  return [
    svg("path", { class: "hex-arrow", d: `M${round(start.x)} ${round(start.y)}L${round(tip.x)} ${round(tip.y)}` }),
    svg("path", { class: "hex-arrow-head", d: `M${wing(1)}L${round(tip.x)} ${round(tip.y)}L${wing(-1)}Z` }),
  ];
}

function halo(part) {
  const copy = part.cloneNode(true);
  copy.classList.add("hex-halo");
  return copy;
}

// -- moving between cells with the arrow keys -------------------------------------------------------------------

// The cell a key moves to from `from`, or null: Up and Down stay in the column (the nearest cell above or below),
// Left and Right go to the nearest cell by height in the next column that has cells. Where two are equally near
// (a column is half a hex lower than the last), Right goes down and Left goes up, so Right then Left comes back.
export function step(cells, from, key) {
  const height = (cell) => cell.r + cell.q / 2;
  // The candidate with the least score; of equal scores the first listed, so the order given breaks a tie.
  const best = (candidates, score) => candidates.reduce(
    (one, cell) => (!one || score(cell) < score(one) ? cell : one), null);
  if (key === "ArrowUp" || key === "ArrowDown") {
    const sign = key === "ArrowUp" ? -1 : 1;
    const column = cells.filter((cell) => cell.q === from.q && sign * (cell.r - from.r) > 0);
    return best(column, (cell) => Math.abs(cell.r - from.r));
  }
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const sign = key === "ArrowLeft" ? -1 : 1;
    const ahead = cells.filter((cell) => sign * (cell.q - from.q) > 0);
    if (!ahead.length) return null;
    const next = best(ahead, (cell) => Math.abs(cell.q - from.q)).q;
    // Lower cells first for Right, higher first for Left: then of two equally near, that one wins.
    const column = ahead.filter((cell) => cell.q === next).sort((a, b) => sign * (height(b) - height(a)));
    return best(column, (cell) => Math.abs(height(cell) - height(from)));
  }
  if (key === "Home") return cells[0] ?? null;
  if (key === "End") return cells.at(-1) ?? null;
  return null;
}

// -- the picker: a radio group of cells --------------------------------------------------------------------------

// A form's `hex` input: every cell a radio (one tab stop, arrow keys move and choose, as native radios do), the
// cell chosen outlined thickly with a dot in it (not colour alone), and named in words beside the drawing.
// onPick() is called when a person chooses another cell; set() (a tap on a card, a default) is quiet.
export class HexPicker {
  constructor(input, { labelledBy, testid, onPick = () => {} }) {
    this.cells = input.cells;
    this.onPick = onPick;
    this.value = null;
    const labels = new Map((input.regions ?? []).map((region) => [region.value, region.label]));
    const order = new Map((input.regions ?? []).map((region, index) => [region.value, index]));
    this.words = (cell) => `${labels.get(cell.region) ?? cell.region} (${signed(cell.q)}, ${signed(cell.r)})`;
    const { node, polygons } = drawDiagram(this.cells, {
      cellProps: (cell) => ({
        role: "radio", "aria-checked": "false", tabindex: "-1", testid: "hex-cell", title: this.words(cell),
        "aria-label": this.words(cell), dataset: { value: cellKey(cell.q, cell.r), region: cell.region },
        // Neighbouring regions in two plain shades, from their place in the list (never their name): they tell
        // apart at a glance, and no hue reads as harm, as the colours of a card's diagram do.
        class: `hex-cell shade-${(order.get(cell.region) ?? 0) % 2}`,
      }),
    });
    this.polygons = polygons;
    this.chosenRing = svg("polygon", { class: "hex-chosen-ring", display: "none" });
    this.chosenDot = svg("circle", { class: "hex-chosen-dot", r: 0.3 * SIZE, display: "none" });
    node.append(svg("g", { class: "hex-choice", "aria-hidden": "true" }, this.chosenRing, this.chosenDot));
    node.setAttribute("role", "radiogroup");
    node.setAttribute("aria-labelledby", labelledBy);
    node.dataset.testid = testid;
    node.addEventListener("click", (event) => this.tapped(event));
    node.addEventListener("keydown", (event) => this.key(event));
    this.group = node;
    this.chosen = document.createElement("span");
    this.chosen.className = "hex-chosen-words";
    this.chosen.dataset.testid = "hex-chosen";
    this.show();
  }

  cellAt(value) {
    const at = parseCell(value);
    return at && this.cells.find((cell) => cell.q === at.q && cell.r === at.r);
  }

  // A value that is not a cell of the diagram is ignored, and the cell chosen stays; none clears the choice.
  set(value) {
    if (value === undefined || value === null || value === "") {
      this.value = null;
    } else {
      const cell = this.cellAt(value);
      if (!cell) return;
      this.value = cellKey(cell.q, cell.r);
    }
    this.show();
  }

  // A person's choice: drawn, focused (the focus follows the choice, as with radios) and told, if it changed.
  choose(cell) {
    const value = cellKey(cell.q, cell.r);
    const changed = value !== this.value;
    this.value = value;
    this.show();
    this.polygons.get(value).focus();
    if (changed) this.onPick(value);
  }

  tapped(event) {
    const cell = this.cellAt(event.target.closest?.("[data-value]")?.dataset.value);
    if (cell) this.choose(cell);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = this.cellAt(event.target.closest?.("[data-value]")?.dataset.value ?? this.value);
    if (!current) return;
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      this.choose(current);
      return;
    }
    if (!MOVES.has(event.key)) return;
    event.preventDefault();   // the page does not scroll under a moving choice
    const next = step(this.cells, current, event.key);
    if (next) this.choose(next);
  }

  // One tab stop: the chosen cell, or the first while none is chosen.
  show() {
    const chosen = this.value && this.cellAt(this.value);
    const stop = chosen ?? this.cells[0];
    for (const [value, polygon] of this.polygons) {
      polygon.setAttribute("aria-checked", String(value === this.value));
      polygon.setAttribute("tabindex", stop && value === cellKey(stop.q, stop.r) ? "0" : "-1");
    }
    for (const mark of [this.chosenRing, this.chosenDot]) mark.setAttribute("display", chosen ? "inline" : "none");
    if (chosen) {
      this.chosenRing.setAttribute("points", points(chosen.q, chosen.r, 0.86));
      const { x, y } = centre(chosen.q, chosen.r);
      this.chosenDot.setAttribute("cx", round(x));
      this.chosenDot.setAttribute("cy", round(y));
    }
    this.chosen.textContent = chosen ? this.words(chosen) : "None chosen";
  }
}
