"""Forms start clean (issue 36): what a form keeps between resolutions is what a game master repeats; a per-round
choice (an input marked `each_round`, FUDGE's tactic) goes back to its default when a new round starts, and
nothing of any form carries into another encounter. Before, FUDGE's All-out offense stayed chosen for the next
round and even into a New encounter ("Macer attacks all-out (+1)" that nobody chose)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from .actions import start_new
from .conftest import open_page
from .tables import busy_table, schema

ALL_OUT = "All-out offense (+1)"
TAP_APART_MS = 500   # a game master reads each turn before the next tap (two taps within 400 ms are one: js/dom.js)


def round_input(name: str) -> dict[str, Any]:
    action = next(action for action in schema("fudge")["actions"] if action["id"] == "round")
    found: dict[str, Any] = next(entry for entry in action["inputs"] if entry["name"] == name)
    return found


def chosen(control: Locator) -> str:
    label: str = control.evaluate("(node) => node.selectedOptions[0]?.textContent ?? ''")
    return label


def next_round(page: Page) -> None:
    """Next turn until the round changes, each tap once the last has shown and settled (a double tap acts once)."""
    status = page.get_by_test_id("turn-status")
    before = status.text_content() or ""
    start = before.split(" \u00b7 ")[0]
    for _ in range(12):
        page.wait_for_timeout(TAP_APART_MS)
        page.get_by_test_id("turn-next").click()
        expect(status).not_to_have_text(before)
        before = status.text_content() or ""
        if before.split(" \u00b7 ")[0] != start:
            return
    raise AssertionError(f"the round never changed from {start!r}")


def test_a_tactic_is_chosen_afresh_each_round_and_nothing_carries_into_a_new_encounter(page: Page, site_url: str) -> None:
    tactic_default = next(choice["label"] for choice in round_input("tactic")["choices"]
                          if choice["value"] == round_input("tactic")["default"])
    minimum = round_input("minimum")
    minimum_default = next(choice["label"] for choice in minimum["choices"] if choice["value"] == minimum["default"])
    minimum_other = next(choice["label"] for choice in minimum["choices"] if choice["value"] != minimum["default"])
    app = open_page(page, f"{site_url}#{busy_table('fudge')['fragment']}")
    expect(app.get_by_test_id("system-name")).to_have_text("FUDGE")
    form = app.get_by_test_id("action-form")
    tactic = form.get_by_test_id("input-tactic")
    expect(tactic).to_be_visible()
    tactic.select_option(label=ALL_OUT)
    app.get_by_test_id("turn-start").click()
    expect(app.get_by_test_id("turn-status")).to_contain_text("Round 1")
    assert chosen(tactic) == ALL_OUT, "chosen before the fight starts, the tactic is the first round's"
    form.get_by_test_id("more-inputs").locator("summary").click()
    form.get_by_test_id("input-minimum").select_option(label=minimum_other)
    log = app.get_by_test_id("log-entry")
    entries = log.count()
    app.get_by_test_id("roll").click()
    expect(log).to_have_count(entries + 1)
    assert chosen(tactic) == ALL_OUT, "within the round the tactic stays as chosen"
    next_round(app)
    expect(app.get_by_test_id("turn-status")).to_contain_text("Round 2")
    assert chosen(tactic) == tactic_default, "a new round: the tactic is chosen afresh"
    assert chosen(form.get_by_test_id("input-minimum")) == minimum_other, "what a game master repeats (the least result to hit) is kept"
    tactic.select_option(label=ALL_OUT)
    start_new(app, "FUDGE")
    form = app.get_by_test_id("action-form")
    tactic = form.get_by_test_id("input-tactic")
    assert chosen(tactic) == tactic_default, "a new encounter: nothing chosen before carries into it"
    assert chosen(form.get_by_test_id("input-minimum")) == minimum_default
    expect(form.get_by_test_id("more-inputs")).not_to_have_attribute("open", "")
    checked = 0
    for action in schema("fudge")["actions"]:          # every form of the system, each tab in turn, at its defaults
        tab = app.get_by_test_id("action-tab").and_(app.locator(f'[data-action="{action["id"]}"]'))
        if tab.count() and tab.is_visible():
            tab.click()
            checked += at_defaults(app.get_by_test_id("action-form"), action)
    assert checked >= 20, checked


def at_defaults(form: Locator, action: dict[str, Any]) -> int:
    """Each input of the form on show that is drawn holds its schema default (combatants and gear come from the
    roster, which a new encounter has none of); how many were checked."""
    checked = 0
    for entry in action["inputs"]:
        if "default" not in entry or entry["kind"] in ("combatant", "weapon", "mode", "part", "hex"):
            continue
        field = form.get_by_test_id(f"field-{entry['name']}")
        if not field.count() or field.evaluate("(node) => node.hidden"):
            continue
        where = f"{action['id']}: {entry['name']}"
        checked += 1
        if entry["kind"] == "flag":
            assert form.get_by_test_id(f"input-{entry['name']}").is_checked() == bool(entry["default"]), where
        elif entry["kind"] == "choice":
            label = next(choice["label"] for choice in entry["choices"] if str(choice["value"]) == str(entry["default"]))
            control = form.get_by_test_id(f"input-{entry['name']}")
            if control.count():                         # a list; a row of up to four buttons has none
                assert chosen(control) == label, where
            else:
                assert form.get_by_test_id(f"input-{entry['name']}-{entry['default']}").is_checked(), where
        elif entry["kind"] == "integer":
            assert form.get_by_test_id(f"input-{entry['name']}").input_value() == str(entry["default"]), where
    return checked
