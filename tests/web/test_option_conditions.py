"""A form follows the encounter's rule options: an action's tab, and an input, shown only while an option has
one of some values (docs/api.md, "The page's vocabulary"), through the page as a game master would meet it.

Driven with FUDGE, whose schema is the contract these tests are written against: option `pacing` (a choice of
`simultaneous`, the default, `alternating` and `story`) offers the action `round` while simultaneous, `attack`
while alternating and `story` while story; `shoot`, `wound`, `heal` and `time` are always offered. Option
`stances` (`off`, the default, or `on`) shows the round's input `stance` while on, and offers the all-out choices of
its `tactic` only while off (a stance takes their place).

Options are not events of the log (`set_options` gives the encounter new options; undo steps back events), so
nothing here asserts what an undo does to them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from rules.api import call

from .conftest import wait_ready

SYSTEM = "fudge"
ALWAYS = ["shoot", "wound", "heal", "time"]
BY_PACING = {"simultaneous": "round", "alternating": "attack", "story": "story"}


def system_schema() -> dict[str, Any]:
    """The system's schema as the engine gives it; a clear failure, at once, while it is not registered."""
    systems = json.loads(call("systems", "{}"))["result"]["systems"]
    system: dict[str, Any] | None = next((one for one in systems if one["id"] == SYSTEM), None)
    assert system is not None, f"no system {SYSTEM!r} is registered"
    return system


def option_schema(name: str) -> dict[str, Any]:
    """The option's schema as the engine gives it (the options form lists its choices in this order)."""
    system = system_schema()
    option: dict[str, Any] | None = next((one for one in system["options"] if one["name"] == name), None)
    assert option is not None and option["kind"] == "choice", f"{SYSTEM} has no choice option {name!r}"
    return option


def start_fudge(page: Page) -> None:
    """A new encounter of the system, chosen in the picker by its id."""
    page.get_by_test_id("new-encounter").click()
    page.get_by_test_id("system-picker").locator(f'input[value="{SYSTEM}"]').check()
    page.get_by_test_id("new-confirm").click()
    expect(page.get_by_test_id("options-form").get_by_test_id("option-pacing")).to_have_count(1)


def set_option(page: Page, name: str, value: str) -> None:
    """Choose an option's value in the options form, as a person would: its list keeps the schema's order."""
    details = page.locator(".options-panel details")
    if details.get_attribute("open") is None:
        page.locator("#options-title").click()
    page.get_by_test_id(f"option-{name}").select_option(index=option_index(name, value))


def option_index(name: str, value: str) -> int:
    """Where a value is in the option's list: the options form's select is valued by position."""
    return [choice["value"] for choice in option_schema(name)["choices"]].index(value)


def tab(page: Page, action: str) -> Locator:
    return page.locator(f'[data-testid="action-tab"][data-action="{action}"]')


def offered(page: Page) -> list[str]:
    actions: list[str] = page.get_by_test_id("action-tab").evaluate_all(
        "(tabs) => tabs.map((one) => one.dataset.action)")
    return actions


def selected(page: Page) -> Locator:
    return page.locator('[data-testid="action-tab"][aria-selected="true"]')


def expect_pacing(page: Page, pacing: str) -> None:
    """The pacing's own action is offered and the other pacings' are not, those offered whatever the pacing are
    there, and exactly one tab is selected, one of those offered."""
    for other, action in BY_PACING.items():
        expect(tab(page, action)).to_have_count(1 if other == pacing else 0)
    for action in ALWAYS:
        expect(tab(page, action)).to_have_count(1)
    expect(selected(page)).to_have_count(1)
    assert selected(page).get_attribute("data-action") in offered(page)


@pytest.fixture
def fudge(app: Page) -> Page:
    system_schema()
    start_fudge(app)
    return app


def test_a_new_encounter_offers_the_round_and_not_the_attack(fudge: Page) -> None:
    expect_pacing(fudge, "simultaneous")


def test_alternating_pacing_offers_the_attack_and_a_tab_still_offered_is_selected(fudge: Page) -> None:
    page = fudge
    tab(page, "round").click()
    expect(tab(page, "round")).to_have_attribute("aria-selected", "true")
    set_option(page, "pacing", "alternating")
    expect_pacing(page, "alternating")
    # The round's form went with its tab: the form on show is the selected action's.
    expect(page.get_by_test_id("action-form").get_by_test_id("field-foe")).to_have_count(0)
    tab(page, "attack").click()
    expect(tab(page, "attack")).to_have_attribute("aria-selected", "true")
    set_option(page, "pacing", "story")
    expect_pacing(page, "story")
    set_option(page, "pacing", "simultaneous")
    expect_pacing(page, "simultaneous")


def test_a_tab_offered_by_every_pacing_stays_selected(fudge: Page) -> None:
    page = fudge
    tab(page, "heal").click()
    set_option(page, "pacing", "alternating")
    expect_pacing(page, "alternating")
    expect(tab(page, "heal")).to_have_attribute("aria-selected", "true")


def all_out(form: Locator) -> Locator:
    """The tactic's all-out offense choice (a choice of five is a list)."""
    return form.get_by_test_id("input-tactic").locator("option", has_text="All-out offense")


def test_stances_on_shows_the_stance_and_withdraws_all_out(fudge: Page) -> None:
    page = fudge
    tab(page, "round").click()
    form = page.get_by_test_id("action-form")
    expect(form.get_by_test_id("field-tactic")).to_be_visible()
    expect(all_out(form)).to_have_js_property("disabled", False)
    expect(form.get_by_test_id("field-stance")).to_be_hidden()
    form.get_by_test_id("input-tactic").select_option(label="All-out offense (+1)")
    set_option(page, "stances", "on")
    expect(form.get_by_test_id("field-stance")).to_be_visible()
    expect(all_out(form)).to_have_js_property("disabled", True)
    expect(form.get_by_test_id("input-tactic").locator("option:checked")).to_have_text("Normal")   # it gave way
    set_option(page, "stances", "off")
    expect(all_out(form)).to_have_js_property("disabled", False)
    expect(form.get_by_test_id("field-stance")).to_be_hidden()


def test_a_form_not_on_show_follows_the_options_too(fudge: Page) -> None:
    """Stances switched on while another tab is on show: the round's form shows the stance when it is chosen."""
    page = fudge
    tab(page, "heal").click()
    set_option(page, "stances", "on")
    tab(page, "round").click()
    form = page.get_by_test_id("action-form")
    expect(form.get_by_test_id("field-stance")).to_be_visible()
    expect(all_out(form)).to_have_js_property("disabled", True)


def share_link(page: Page) -> str:
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link").input_value()
    page.get_by_test_id("share-close").click()
    return link


def test_an_encounter_opened_from_a_link_follows_its_own_options(fudge: Page, fresh_context: BrowserContext) -> None:
    page = fudge
    set_option(page, "pacing", "alternating")
    set_option(page, "stances", "on")
    expect(tab(page, "attack")).to_have_count(1)
    link = share_link(page)
    other = fresh_context.new_page()
    other.goto(link)
    wait_ready(other)
    expect_pacing(other, "alternating")
    expect(other.get_by_test_id("option-pacing")).to_have_value(str(option_index("pacing", "alternating")))


def test_switching_encounters_in_the_library_follows_each_ones_options(fudge: Page) -> None:
    """Two encounters kept with different options (so both hold work): opening each brings its own tabs and
    fields back, and a selected tab the opened one does not offer gives way to one it does."""
    page = fudge
    set_option(page, "pacing", "alternating")            # the first: alternating, stances off
    expect(tab(page, "attack")).to_have_count(1)
    start_fudge(page)                                    # the second: simultaneous, stances on
    expect_pacing(page, "simultaneous")
    set_option(page, "stances", "on")
    tab(page, "round").click()
    form = page.get_by_test_id("action-form")
    expect(form.get_by_test_id("field-stance")).to_be_visible()
    open_the_other(page)
    expect_pacing(page, "alternating")
    assert selected(page).get_attribute("data-action") != "round"
    open_the_other(page)
    expect_pacing(page, "simultaneous")
    tab(page, "round").click()
    expect(form.get_by_test_id("field-stance")).to_be_visible()
    expect(all_out(form)).to_have_js_property("disabled", True)


def open_the_other(page: Page) -> None:
    """Open, from the library, the one encounter kept there that is not open here."""
    page.get_by_test_id("library").click()
    expect(page.get_by_test_id("library-dialog")).to_be_visible()
    page.get_by_test_id("library-list").get_by_test_id("library-open").click()
    expect(page.get_by_test_id("library-dialog")).to_be_hidden()
