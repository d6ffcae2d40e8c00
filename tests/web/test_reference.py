"""A system's reference tables (to read at the table, or print) and a rule option that is a table of values, through
the page with Know Your Own Damage, the first system that has them. The page knows neither: it draws the `tables`
the `systems` method lists and any option of kind `table`, so these tests find the option by its kind."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .actions import start_new
from .conftest import wait_ready
from .test_layout import run_axe, small_targets

KYOD = "Know Your Own Damage"
SCREENS = Path(__file__).resolve().parents[2] / "dist" / "screens"


@pytest.fixture
def kyod(app: Page) -> Page:
    start_new(app, KYOD)
    return app


def open_tables(page: Page) -> Locator:
    page.get_by_test_id("open-tables").click()
    dialog = page.get_by_test_id("tables-dialog")
    expect(dialog).to_be_visible()
    return dialog


def reference_table(page: Page, caption: str, *, header: str | None = None) -> Locator:
    """The reference table whose caption contains `caption` (and, given `header`, with a column headed so)."""
    tables = page.get_by_test_id("reference-table").filter(has=page.locator("caption", has_text=caption))
    if header is not None:
        tables = tables.filter(has=page.locator("thead th", has_text=re.compile(rf"^\s*{re.escape(header)}\s*$")))
    return tables


def small_targets_of(page: Page, prefix: str) -> list[dict[str, Any]]:
    """The page's small targets among these features' own controls (an empty encounter has small lists elsewhere)."""
    return [target for target in small_targets(page) if str(target["what"]).startswith(prefix)]


# -- the reference tables --------------------------------------------------------------------------------------------

def test_the_tables_button_shows_only_for_a_system_that_has_tables(app: Page) -> None:
    expect(app.get_by_test_id("system-name")).not_to_have_text(KYOD)     # the default system has no tables
    expect(app.get_by_test_id("open-tables")).to_be_hidden()
    start_new(app, KYOD)
    expect(app.get_by_test_id("open-tables")).to_be_visible()


def test_the_tables_dialog_shows_the_logd_addition_and_subtraction_tables(kyod: Page) -> None:
    page = kyod
    dialog = open_tables(page)
    expect(dialog.get_by_test_id("tables-title")).to_have_text(f"Tables: {KYOD}")
    logd = reference_table(page, "LogD", header="+0")
    expect(logd).to_have_count(1)
    header = logd.locator("thead th").all_inner_texts()
    assert [cell.strip() for cell in header] == ["LogD"] + [f"+{units}" for units in range(10)], header
    thirty = logd.get_by_test_id("table-row").filter(has=page.locator("th", has_text=re.compile(r"^\s*30\s*$")))
    expect(thirty).to_have_count(1)
    expect(thirty.get_by_test_id("table-cell").nth(header.index("+0"))).to_have_text("10")
    for caption in ("Addition", "Subtraction"):
        table = reference_table(page, caption)
        expect(table).to_have_count(1)
        expect(table.locator("thead th")).to_have_count(2)
    # Print calls the browser's print; Close closes the dialog.
    page.evaluate("window.print = () => { window.printedTables = true; }")
    dialog.get_by_test_id("tables-print").click()
    assert page.evaluate("window.printedTables === true")
    dialog.get_by_test_id("tables-close").click()
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_printing_with_the_tables_open_prints_only_the_tables_in_black_on_white(kyod: Page, scheme: str) -> None:
    page = kyod
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    dialog = open_tables(page)
    page.emulate_media(media="print")
    tables = dialog.get_by_test_id("reference-table")
    assert tables.count() >= 3
    for index in range(tables.count()):
        expect(tables.nth(index)).to_be_visible()
        assert tables.nth(index).evaluate("(node) => getComputedStyle(node).breakInside") == "avoid"
    for testid in ("roster-empty", "action-form", "roll", "log", "options-form", "open-tables", "tables-print",
                   "tables-close"):
        expect(page.get_by_test_id(testid)).to_be_hidden()
    # Nothing clipped: paper does not scroll, so each table's box is as wide as its table.
    clipped = page.evaluate("""() => [...document.querySelectorAll('[data-testid="reference-table"] .table-scroll')]
        .filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.getAttribute('aria-label'))""")
    assert clipped == []
    cell = reference_table(page, "LogD", header="+0").get_by_test_id("table-cell").nth(1)
    assert cell.evaluate("(node) => getComputedStyle(node).color") == "rgb(0, 0, 0)"
    assert dialog.evaluate("(node) => getComputedStyle(node).backgroundColor") == "rgb(255, 255, 255)"
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"kyod-tables-print-{scheme}.png"), full_page=True)
    # Closed, printing is the cards again.
    page.evaluate("document.querySelector('[data-testid=\"tables-dialog\"]').close()")
    expect(page.get_by_test_id("roster-empty")).to_be_visible()
    expect(tables.first).to_be_hidden()
    expect(page.get_by_test_id("roll")).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tables_fit_a_phone_and_axe_finds_no_serious_problem(kyod: Page, scheme: str) -> None:
    page = kyod
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.set_viewport_size({"width": 390, "height": 844})
    dialog = open_tables(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for table in dialog.get_by_test_id("reference-table").all():
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert small_targets_of(page, "tables-") == []
    assert run_axe(page) == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"kyod-tables-phone-390-{scheme}.png"))


# -- an option that is a table of values -----------------------------------------------------------------------------

def option_table(page: Page) -> tuple[Locator, str]:
    """Open the rule options and find the option drawn as a table: its block and its name."""
    page.locator("#options-title").click()
    block = page.locator('[data-testid^="option-"][data-kind="table"]')
    expect(block).to_have_count(1)
    return block, str(block.get_attribute("data-option"))


def cells(page: Page, name: str) -> tuple[Locator, Locator]:
    """The first row's Effect cell (text) and its first whole-number cell."""
    effect = page.locator(f'[data-testid^="option-{name}-0-"][data-kind="text"][aria-label$=": Effect"]')
    number = page.locator(f'[data-testid^="option-{name}-0-"][data-kind="integer"]').first
    expect(effect).to_have_count(1)
    return effect, number


def another_whole_number(number: Locator) -> str:
    value = int(number.input_value())
    high = number.get_attribute("data-max")
    return str(value + 1 if not high or value + 1 <= int(high) else value - 1)


def test_the_option_table_keeps_an_edit_through_a_reload_and_goes_back_to_the_default(kyod: Page) -> None:
    page = kyod
    block, name = option_table(page)
    effect, number = cells(page, name)
    default_effect, default_number = effect.input_value(), number.input_value()
    new_number = another_whole_number(number)
    effect.fill("Winded: -1 to the next action")
    effect.press("Tab")                 # the change is sent as focus moves on; the focus stays where it went
    following = block.locator("input").evaluate_all(
        "(inputs, id) => inputs[inputs.findIndex((input) => input.dataset.testid === id) + 1].dataset.testid",
        effect.get_attribute("data-testid"))
    assert page.evaluate("document.activeElement.dataset.testid") == following
    number.fill(new_number)
    number.press("Tab")
    expect(page.get_by_test_id(f"option-{name}-error")).to_be_hidden()
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("system-name")).to_have_text(KYOD)
    block, name = option_table(page)
    effect, number = cells(page, name)
    expect(effect).to_have_value("Winded: -1 to the next action")
    expect(number).to_have_value(new_number)
    page.get_by_test_id(f"option-{name}-reset").click()
    expect(effect).to_have_value(default_effect)
    expect(number).to_have_value(default_number)
    page.reload()
    wait_ready(page)
    expect(cells(page, name)[0]).to_have_value(default_effect)


def test_a_cell_that_is_not_a_whole_number_is_refused_at_the_table(kyod: Page) -> None:
    page = kyod
    block, name = option_table(page)
    _, number = cells(page, name)
    before = number.input_value()
    number.fill("lots")
    number.press("Tab")
    error = page.get_by_test_id(f"option-{name}-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error).not_to_be_empty()
    expect(number).to_have_value(before)             # the encounter is left as it was, and so is the table
    expect(page.locator('[data-testid="banner"][data-kind="error"]')).to_have_count(0)
    number.fill(another_whole_number(number))       # a good value afterwards clears the error
    number.press("Tab")
    expect(error).to_be_hidden()


@pytest.mark.parametrize("width, height", [(390, 844), (768, 1024), (1024, 768)])
def test_the_option_table_fits_and_every_cell_is_a_44_pixel_target(kyod: Page, width: int, height: int) -> None:
    page = kyod
    page.set_viewport_size({"width": width, "height": height})
    block, name = option_table(page)
    block.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = block.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert small_targets_of(page, f"option-{name}") == []
    assert run_axe(page) == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    block.screenshot(path=str(SCREENS / f"kyod-option-table-{width}x{height}.png"))
