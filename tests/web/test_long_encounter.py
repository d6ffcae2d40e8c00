"""A long evening: undo and redo on an encounter of 2,000 events, opened from its link.

Behaviour only (the bench times it): each tap takes the right entries off the log or puts them back, and the
cards are those the engine replays the encounter to at that point.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.bench_encounters import long_evening
from tests.bench_systems import typed_in_hit

from .actions import settle
from .conftest import open_page

EVENTS = 2000
SHOWN = 12           # the newest entries checked one by one (all of them are counted)


def cards(page: Page) -> list[dict[str, Any]]:
    """Each card as drawn: its name, status, severity and the state of every cell of its chart."""
    return page.get_by_test_id("combatant").evaluate_all("""(cards) => cards.map((card) => ({
      name: card.querySelector('[data-testid="combatant-name"]').textContent,
      status: card.querySelector('[data-testid="combatant-status"]').textContent,
      severity: card.dataset.severity,
      cells: [...card.querySelectorAll('[data-testid="grid-cell"]')].map((cell) => cell.dataset.state).join(","),
    }))""")


def expected_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": card["name"], "status": card["status"]["text"], "severity": card["status"]["severity"],
             "cells": ",".join(cell for widget in card["widgets"] if widget["kind"] == "grid"
                               for row in widget["rows"] for cell in row["cells"])}
            for card in view["roster"]]


def check(page: Page, encounter: Any) -> None:
    """The page shows ``encounter``: as many log entries as its cursor, the newest ones titled and numbered as its
    replay's reports, its cards, and Undo and Redo named after the events either side of the cursor."""
    view = encounter.view()
    log = page.get_by_test_id("log-entry")
    expect(log).to_have_count(encounter.cursor, timeout=20_000)
    newest = view["log"][::-1][:SHOWN]
    titles = page.get_by_test_id("log-title").evaluate_all(f"(all) => all.slice(0, {SHOWN}).map((t) => t.textContent)")
    numbers = log.evaluate_all(f"(all) => all.slice(0, {SHOWN}).map((entry) => entry.value)")
    assert titles == [entry["title"] for entry in newest]
    assert numbers == [entry["index"] for entry in newest] == list(range(encounter.cursor, encounter.cursor - SHOWN, -1))
    assert cards(page) == expected_cards(view)
    assert page.get_by_test_id("undo").get_attribute("title") == f"Undo: {view['undo_label']} (Ctrl+Z)"
    if view["can_redo"]:
        assert page.get_by_test_id("redo").get_attribute("title") == f"Redo: {view['redo_label']} (Ctrl+Shift+Z)"
    else:
        expect(page.get_by_test_id("redo")).to_be_disabled()


def test_undo_and_redo_at_two_thousand_events(page: Page, site_url: str) -> None:
    """Twenty undos (past a checkpoint of the replay), three redos, and a new blow after them that drops the rest
    of the undone tail: the log and the cards follow each tap."""
    encounter = long_evening(EVENTS)
    page = open_page(page, f"{site_url}#{encounter.link()}")
    check(page, encounter)
    before = cards(page)
    for number in range(1, 21):
        if number > 1:
            settle(page)   # an Undo after reading the last, not the second half of a double tap (which acts once)
        page.get_by_test_id("undo").click()
        encounter = encounter.undo()
        expect(page.get_by_test_id("log-entry")).to_have_count(EVENTS - number)
        if number in (1, 7, 20):
            check(page, encounter)
    assert cards(page) != before            # twenty blows undone show on the cards
    for number in range(1, 4):
        if number > 1:
            settle(page)
        page.get_by_test_id("redo").click()
        encounter = encounter.redo()
        expect(page.get_by_test_id("log-entry")).to_have_count(EVENTS - 20 + number)
    check(page, encounter)
    page.keyboard.press("Control+z")
    encounter = encounter.undo()
    check(page, encounter)
    expect(page.get_by_test_id("redo")).to_be_enabled()
    typed_in_hit(page, "No attacker: type the Damage Value", "Fighter 4", "damage_value", "2")
    page.get_by_test_id("input-harm-non_lethal").check()
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("log-entry")).to_have_count(encounter.cursor + 1)
    expect(page.get_by_test_id("log-title").first).to_have_text("Fighter 4 is hit: Damage Value 2, non-lethal")
    expect(page.get_by_test_id("redo")).to_be_disabled()
    titles = page.get_by_test_id("log-title").evaluate_all(f"(all) => all.slice(1, {SHOWN}).map((t) => t.textContent)")
    assert titles == [entry["title"] for entry in encounter.view()["log"][::-1][:SHOWN - 1]]
