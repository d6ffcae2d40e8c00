"""The `hexes` widget and the `hex` input, drawn from fixture shapes (docs/api.md) before any system emits them.

The page's modules are bundled at build time, so a fixture page served beside the built site, under the page's own
Content-Security-Policy, takes web/app.css (which imports its parts from web/css/) and imports the source modules
from web/js/, mounts a card's widget and an action's form, and is driven as a person would: taps, arrow keys, and a
look at the sizes on a tablet and a phone, light and dark.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from ..rules import vocabulary
from .axe import axe_script
from .test_layout import SCREENS

# Own profiles: a kept service worker would fetch the fixture page's modules itself, where the route cannot serve them.
pytestmark = pytest.mark.own_profile

WEB = Path(__file__).resolve().parents[2] / "web"
BODY = {
    "head": ("Head", [[0, 0], [0, 1]]),
    "torso": ("Torso", [[0, 2], [0, 3], [0, 4], [-1, 3], [-1, 4], [1, 2], [1, 3]]),
    "abdomen": ("Abdomen", [[0, 5], [0, 6], [-1, 5], [-1, 6], [1, 4], [1, 5]]),
    "right_arm": ("Right arm", [[-2, 3], [-2, 4], [-2, 5], [-2, 6]]),
    "left_arm": ("Left arm", [[2, 1], [2, 2], [2, 3], [2, 4]]),
    "right_leg": ("Right leg", [[-1, 7], [-1, 8], [-1, 9], [-1, 10]]),
    "left_leg": ("Left leg", [[1, 6], [1, 7], [1, 8], [1, 9]]),
}
STATES = {"torso": "hurt", "left_arm": "down", "right_leg": "out"}
CELLS = [{"q": q, "r": r, "region": value} for value, (_, cells) in BODY.items() for q, r in cells]
REGIONS = [{"value": value, "label": label} for value, (label, _) in BODY.items()]
OFF_THE_DIAGRAM = (-4, 9)


def widget(*, tap: bool = True) -> dict[str, Any]:
    shape: dict[str, Any] = {
        "kind": "hexes", "label": "Diagram",
        "cells": CELLS,
        "regions": [{**region, "state": STATES.get(region["value"], "ok"),
                     "summary": f"{region['label']}: {STATES.get(region['value'], 'ok')}"} for region in REGIONS],
        "marks": [{"q": 0, "r": 3, "kind": "aim", "label": "Aimed at"},
                  {"q": 1, "r": 4, "kind": "hit", "label": "Hit: Abdomen", "from": [0, 3]},
                  {"q": OFF_THE_DIAGRAM[0], "r": OFF_THE_DIAGRAM[1], "kind": "miss", "label": "Missed",
                   "from": [0, 3]}],
        "summary": "Diagram: Torso hurt; aimed at Torso, hit Abdomen",
    }
    if tap:
        shape["tap"] = {"action": "act", "combatant": "target", "inputs": {"style": "careful"}, "hex": "aim"}
    return shape


INPUTS = [
    {"name": "mode", "kind": "choice", "label": "Mode", "choices": [{"value": "aimed", "label": "Aimed"},
                                                                    {"value": "quick", "label": "Quick"}]},
    {"name": "aim", "kind": "hex", "label": "Aim at", "cells": CELLS, "regions": REGIONS, "default": "0,3",
     "help": "tap the cell to aim at", "when": {"input": "mode", "in": ["aimed"]}},
    {"name": "bonus", "kind": "integer", "label": "Bonus", "min": 0, "max": 5, "default": 0},
]

# The fixture page: the page's own policy and stylesheet, a roster with one card, an action panel.
FIXTURE = """<!doctype html><html lang="en"><head><meta charset="utf-8">{policy}
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>Hex fixture</title><link rel="stylesheet" href="app.css"></head>
<body><header><h1 class="visually-hidden">Hex fixture</h1></header>
<main class="table"><section class="panel roster-panel" aria-label="Cards"><ul class="roster">
<li class="card severity-hurt" data-testid="combatant"><div class="card-head">
<button type="button" class="name">Target</button>
<span class="status hurt">Hurt</span></div><div id="widgets"></div></li></ul></section>
<section class="panel action-panel" aria-label="Action"><div id="form" data-testid="action-form"></div></section>
</main></body></html>"""


def serve_fixture(route: Route) -> None:
    path = route.request.url.split("/fixture/", 1)[1].split("?")[0]
    if path == "index.html":
        policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', (WEB / "index.html").read_text())
        assert policy
        route.fulfill(body=FIXTURE.format(policy=policy.group(0)), content_type="text/html")
    elif re.fullmatch(r"js/[a-z-]+\.js", path) and (WEB / path).exists():
        route.fulfill(body=(WEB / path).read_text(), content_type="text/javascript")
    elif (path == "app.css" or re.fullmatch(r"css/[a-z-]+\.css", path)) and (WEB / path).exists():
        route.fulfill(body=(WEB / path).read_text(), content_type="text/css")   # app.css imports its parts
    else:
        route.fulfill(status=404, body="not here")


@pytest.fixture
def fixture(page: Page, site_url: str) -> Page:
    """The fixture page with the widget on the card and the form in the action panel, taps and changes recorded."""
    page.route(f"{site_url}fixture/**", serve_fixture)
    page.goto(f"{site_url}fixture/index.html")
    page.evaluate("""async ({widgets, inputs}) => {
        const { renderWidget } = await import(new URL("js/widgets.js", location.href).href);
        const { SchemaForm } = await import(new URL("js/forms.js", location.href).href);
        window.taps = [];
        window.changes = [];
        document.getElementById("widgets").append(...widgets.map((one) => renderWidget(one, (tap) => taps.push(tap))));
        window.form = new SchemaForm(document.getElementById("form"), inputs,
            { roster: () => [], catalog: {}, options: () => ({}) }, (name, type) => changes.push([name, type]));
    }""", {"widgets": [widget()], "inputs": INPUTS})
    return page


def chosen(page: Page) -> str:
    return page.get_by_test_id("hex-chosen").inner_text()


def cell(page: Page, value: str) -> Any:
    return page.get_by_test_id("input-aim").locator(f'[data-testid="hex-cell"][data-value="{value}"]')


def test_the_picker_starts_on_its_default_and_a_tap_chooses_a_cell(fixture: Page) -> None:
    page = fixture
    expect(page.get_by_test_id("hex-cell")).to_have_count(len(CELLS))
    assert chosen(page) == "Torso (0, 3)"
    expect(cell(page, "0,3")).to_have_attribute("aria-checked", "true")
    cell(page, "1,4").tap()
    assert chosen(page) == "Abdomen (1, 4)"
    expect(cell(page, "1,4")).to_have_attribute("aria-checked", "true")
    expect(cell(page, "0,3")).to_have_attribute("aria-checked", "false")
    assert page.evaluate("form.values()") == {"mode": "aimed", "aim": "1,4", "bonus": "0"}
    assert page.evaluate("changes") == [["aim", "change"]]   # the form tells the page, which runs the odds again
    # Touch first: no text field took the focus, so no on-screen keyboard opened.
    assert page.evaluate("document.activeElement.tagName") not in ("INPUT", "TEXTAREA", "SELECT")
    cell(page, "1,4").tap()                                   # the same cell again changes nothing
    assert page.evaluate("changes.length") == 1


def test_the_picker_is_one_tab_stop_and_the_arrow_keys_move_the_choice(fixture: Page) -> None:
    page = fixture
    stops = page.get_by_test_id("input-aim").locator('[tabindex="0"]')
    expect(stops).to_have_count(1)
    expect(stops).to_have_attribute("data-value", "0,3")
    page.get_by_test_id("input-mode-quick").focus()
    page.get_by_test_id("input-mode-aimed").check()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.value") == "0,3"
    # Up and Down stay in the column; Right and Left go to the next column, back where they started.
    for key, expected in [("ArrowUp", "0,2"), ("ArrowDown", "0,3"), ("ArrowRight", "1,3"), ("ArrowLeft", "0,3"),
                          ("ArrowLeft", "-1,3"), ("ArrowLeft", "-2,3"), ("ArrowLeft", "-2,3"), ("ArrowRight", "-1,3"),
                          ("ArrowDown", "-1,4"), ("ArrowUp", "-1,3"), ("ArrowUp", "-1,3"), ("Home", "0,0"),
                          ("End", "1,9"), ("ArrowDown", "1,9"), ("ArrowRight", "2,4"), ("ArrowRight", "2,4")]:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.value") == expected, key
        assert page.evaluate("form.values().aim") == expected, key   # the choice follows the focus, as radios do
    assert chosen(page) == "Left arm (2, 4)"   # the nearest cell of the next column that has cells
    expect(stops).to_have_count(1)
    page.keyboard.press("Space")
    assert page.evaluate("form.values().aim") == "2,4"
    page.keyboard.press("Tab")   # one tab stop: the next field is the next input
    assert page.evaluate("document.activeElement.dataset.testid") == "input-bonus"


def test_set_chooses_a_cell_and_keeps_the_old_one_for_a_value_that_is_not_a_cell(fixture: Page) -> None:
    page = fixture
    page.evaluate("form.set('aim', '-2,4')")
    assert chosen(page) == "Right arm (\u22122, 4)"
    for bad in ["9,9", "x", "0,3.5", "0", "2,,3", "[0, 3]"]:
        page.evaluate("(bad) => form.set('aim', bad)", bad)
        assert page.evaluate("form.values().aim") == "-2,4", bad
    assert chosen(page) == "Right arm (\u22122, 4)"
    assert page.evaluate("changes") == []    # set() is the page's doing, not a person's change


def test_a_when_hides_the_picker_and_leaves_it_out_of_the_values(fixture: Page) -> None:
    page = fixture
    page.get_by_test_id("input-mode-quick").check()
    expect(page.get_by_test_id("field-aim")).to_be_hidden()
    assert "aim" not in page.evaluate("form.values()")
    page.get_by_test_id("input-mode-aimed").check()
    expect(page.get_by_test_id("field-aim")).to_be_visible()
    assert page.evaluate("form.values().aim") == "0,3"


@pytest.mark.parametrize("width, height", [(768, 1024), (1024, 768)])
def test_every_cell_of_the_picker_is_a_44_pixel_target_on_a_tablet(fixture: Page, width: int, height: int) -> None:
    page = fixture
    page.set_viewport_size({"width": width, "height": height})
    for box in [one.bounding_box() for one in page.get_by_test_id("hex-cell").all()]:
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    # Each cell is its own target: the centre of every cell reaches that cell, not a neighbour.
    for one in page.get_by_test_id("hex-cell").all()[:8]:
        one.click()
        assert page.evaluate("form.values().aim") == one.get_attribute("data-value")


def test_the_picker_and_the_diagram_fit_a_phone(fixture: Page) -> None:
    page = fixture
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    picker = page.get_by_test_id("input-aim").bounding_box()
    assert picker and picker["x"] >= 0 and picker["x"] + picker["width"] <= 390, picker
    diagram = page.get_by_test_id("hexes-diagram").bounding_box()
    assert diagram and diagram["height"] <= 200, diagram       # a card's diagram stays a phone card's size


@pytest.mark.parametrize("width, height", [(768, 1024), (1024, 768)])
def test_the_diagram_on_a_card_is_compact_and_draws_every_cell_region_and_mark(fixture: Page, width: int,
                                                                               height: int) -> None:
    page = fixture
    page.set_viewport_size({"width": width, "height": height})
    drawn = page.get_by_test_id("widget-hexes")
    diagram = drawn.get_by_test_id("hexes-diagram")
    box = diagram.bounding_box()
    assert box and box["height"] <= 220, box                  # big enough to read a mark, small enough for a card
    expect(drawn.get_by_test_id("hexes-cell")).to_have_count(len(CELLS))
    expect(drawn.locator('[data-testid="hexes-cell"][data-state="hurt"][data-region="torso"]')).to_have_count(7)
    expect(drawn.locator('[data-testid="hexes-cell"][data-state="out"]')).to_have_count(4)
    expect(diagram).to_have_attribute("aria-label", "Diagram: Torso hurt; aimed at Torso, hit Abdomen")
    expect(drawn.get_by_test_id("hexes-region")).to_have_text([f"{label}: {STATES.get(value, 'ok')}"
                                                               for value, (label, _) in BODY.items()])
    expect(drawn.locator('[data-testid="hexes-cell"] title')).to_have_count(0)   # the legend names the regions
    marks = drawn.get_by_test_id("hexes-mark")
    assert [mark.get_attribute("data-kind") for mark in marks.all()] == ["aim", "hit", "miss"]
    # A miss off the cells is drawn anyway, inside the drawing's box.
    miss = marks.nth(2).bounding_box()
    assert miss and miss["width"] > 0, miss
    assert box["x"] <= miss["x"] and miss["x"] + miss["width"] <= box["x"] + box["width"] + 0.5, (box, miss)
    assert box["y"] <= miss["y"] and miss["y"] + miss["height"] <= box["y"] + box["height"] + 0.5, (box, miss)
    assert marks.nth(1).locator(".hex-arrow-head").count() == 2   # the arrow from where the shot was aimed


def test_a_tap_on_a_cell_of_the_diagram_presets_that_cell_in_the_action(fixture: Page) -> None:
    page = fixture
    page.get_by_test_id("widget-hexes").locator('[data-testid="hexes-cell"][data-q="-2"][data-r="5"]').tap()
    assert page.evaluate("taps") == [{"action": "act", "combatant": "target",
                                      "inputs": {"style": "careful", "aim": "-2,5"}}]


def test_a_diagram_without_tap_leaves_a_tap_to_the_card(fixture: Page) -> None:
    page = fixture
    page.evaluate("""async (shape) => {
        const { renderWidget } = await import(new URL("js/widgets.js", location.href).href);
        document.getElementById("widgets").replaceChildren(renderWidget(shape, (tap) => taps.push(tap)));
        window.picked = 0;
        document.querySelector(".card").addEventListener("click", () => { picked += 1; });
    }""", widget(tap=False))
    page.get_by_test_id("hexes-cell").first.tap()
    assert page.evaluate("taps") == [] and page.evaluate("picked") == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_and_the_screens_are_saved(fixture: Page, scheme: str) -> None:
    """Not even a minor finding (test_layout's run_axe keeps the serious ones): the fixture is only these two."""
    page = fixture
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.evaluate(axe_script().read_text())
    found = page.evaluate("""async () => (await axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})).violations
        .map((one) => ({id: one.id, impact: one.impact, nodes: one.nodes.map((node) => node.target).slice(0, 5)}))""")
    assert found == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height in [(1024, 768), (768, 1024), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENS / f"hexes-{width}x{height}-{scheme}.png"), full_page=True)


def test_the_fixture_speaks_the_vocabulary_and_the_vocabulary_refuses_bad_shapes() -> None:
    """tests/rules/vocabulary.py checks every system's hexes and hex against the shapes these tests draw."""
    names = {entry["name"] for entry in INPUTS}
    vocabulary.check_inputs(INPUTS)
    vocabulary.check_hexes(widget())
    vocabulary.check_hexes(widget(tap=False))
    hex_input = INPUTS[1]
    bad_inputs = [{**hex_input, "default": "9,9"}, {**hex_input, "default": [0, 3]},
                  {**hex_input, "cells": [*CELLS, {"q": 5, "r": 5, "region": "tail"}]},
                  {**hex_input, "cells": [*CELLS, CELLS[0]]},
                  {**hex_input, "cells": [{"q": 0.5, "r": 0, "region": "head"}], "default": "0,0"}]
    for bad in bad_inputs:
        with pytest.raises(AssertionError):
            vocabulary.check_input(bad, names)
    good = widget()
    bad_widgets = [
        {**good, "cells": [{**good["cells"][0], "state": "hurt"}, *good["cells"][1:]]},     # a cell takes its region's
        {**good, "regions": [{**good["regions"][0], "state": "dying"}, *good["regions"][1:]]},
        {**good, "marks": [{"q": 0, "r": 3, "kind": "graze", "label": "Grazed"}]},
        {**good, "marks": [{"q": 0, "r": 3, "kind": "hit", "label": "Hit", "from": [0]}]},
        {**good, "tap": {"action": "act", "combatant": "target", "inputs": {}}},
    ]
    for bad in bad_widgets:
        with pytest.raises(AssertionError):
            vocabulary.check_hexes(bad)


def zoned() -> dict[str, Any]:
    """The fixture's widget with a blast's zone over three cells (one far off the drawing) and a numbered hit."""
    shape = widget(tap=False)
    shape["marks"] = [{"q": 0, "r": 3, "kind": "zone", "label": "Zone: Torso"},
                      {"q": 1, "r": 3, "kind": "zone", "label": "Zone: Torso", "text": "Z"},
                      {"q": 9, "r": -9, "kind": "zone", "label": "Zone: nowhere"},
                      {"q": 0, "r": 4, "kind": "hit", "label": "Bullet 2", "text": "2", "from": [0, 3]},
                      {"q": -1, "r": 4, "kind": "hit", "label": "Bullet 3", "text": "too long"}]
    return shape


def test_a_zone_is_a_wash_beneath_the_other_marks_and_a_mark_may_carry_a_short_text(fixture: Page) -> None:
    page = fixture
    page.evaluate("""async (shape) => {
        const { renderWidget } = await import(new URL("js/widgets.js", location.href).href);
        document.getElementById("widgets").replaceChildren(renderWidget(shape, () => {}));
    }""", zoned())
    drawn = page.get_by_test_id("widget-hexes")
    marks = drawn.get_by_test_id("hexes-mark")
    # The zone off the drawing is left out; the others are drawn, the zones first, beneath the borders and marks.
    assert [mark.get_attribute("data-kind") for mark in marks.all()] == ["zone", "zone", "hit", "hit"]
    order = drawn.get_by_test_id("hexes-diagram").evaluate(
        "(svg) => [...svg.children].map((child) => child.getAttribute('class'))")
    assert order == ["hex-cells", "hex-zones", "hex-borders", "hex-marks"]
    fill = marks.first.locator(".hex-zone-fill")
    opacity = float(fill.evaluate("(node) => getComputedStyle(node).fillOpacity"))
    assert 0 < opacity < 0.5                       # the cell's state colour shows through
    torso = drawn.locator('[data-testid="hexes-cell"][data-q="0"][data-r="3"]').bounding_box()
    wash = fill.bounding_box()
    assert torso and wash and abs(torso["x"] - wash["x"]) < 1 and abs(torso["width"] - wash["width"]) < 1
    # A text is drawn (two characters at most), on a halo, beside a mark or in a zone's cell.
    texts = drawn.locator("text.hex-mark-text:not(.hex-halo)")
    assert texts.all_text_contents() == ["Z", "2", "to"]
    expect(drawn.locator("text.hex-mark-text.hex-halo")).to_have_count(3)
    expect(marks.nth(2)).to_have_attribute("data-label", "Bullet 2")


def test_the_vocabulary_takes_a_zone_and_a_short_text_and_refuses_a_long_one() -> None:
    good = zoned()
    good["marks"] = good["marks"][:4]
    vocabulary.check_hexes(good)
    for bad in ({"q": 0, "r": 3, "kind": "zone", "label": "Z", "text": "abc"},
                {"q": 0, "r": 3, "kind": "zone", "label": "Z", "text": ""},
                {"q": 0, "r": 3, "kind": "zone", "label": "Z", "text": 2}):
        with pytest.raises(AssertionError):
            vocabulary.check_hexes({**good, "marks": [bad]})
