"""No "undefined", "null", "NaN" or "[object" anywhere on the page (issue 36: a player saw "Thug skipped: undefined").

For each system, the busy table (six combatants mid-way, tests/web/tables.py) is opened, the fight started, every
folded part unfolded and every action's form shown, and the page's whole text, its attribute values (aria-label,
title, data-...) and its fields' values are read; then the players' view of that same encounter (as the page holds
it after the start, read back from the address bar), with the NPCs shown by status and by their wounds. FUDGE's
busy table has an incapacitated NPC, whose skipped turn the players' view must word.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.rules.helpers import ok
from tests.web.conftest import open_page, wait_ready
from tests.web.tables import busy_table

SYSTEMS = ("typed", "megatraveller", "kyod", "sla", "fudge")
BAD = re.compile(r"\bundefined\b|\bnull\b|\bNaN\b|\[object")

# Every text a person may meet: the visible text, each element's attribute values (a label read aloud, a tooltip),
# each field's value and each list's options. A function, not an expression: the page's policy refuses eval.
READ_ALL = """() => {
  const found = [];
  const say = (where, text) => { if (text) found.push([where, String(text)]); };
  say("text", document.body.innerText);
  say("title", document.title);
  for (const node of document.querySelectorAll("*")) {
    const name = node.getAttribute("data-testid") || node.tagName.toLowerCase();
    for (const attribute of node.attributes) say(`${name}[${attribute.name}]`, attribute.value);
    if ("value" in node && typeof node.value === "string") say(`${name}.value`, node.value);
  }
  return found;
}"""


def bad_words(page: Page, where: str) -> list[str]:
    found: list[list[str]] = page.evaluate(READ_ALL)
    return [f"{where}: {place}: {text[max(0, match.start() - 60): match.end() + 60]!r}"
            for place, text in found for match in BAD.finditer(text)]


def read_unfolded(page: Page, where: str) -> list[str]:
    """The bad words with every folded part open (More options, a card's details), folded back after."""
    page.evaluate("""() => { for (const details of document.querySelectorAll('details:not([open])')) {
      details.dataset.unfolded = "1"; details.open = true; } }""")
    found = bad_words(page, where)
    page.evaluate("""() => { for (const details of document.querySelectorAll('details[data-unfolded]')) {
      details.open = false; delete details.dataset.unfolded; } }""")
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_view_says_undefined(page: Page, site_url: str, system: str) -> None:
    busy = busy_table(system)
    open_page(page, f"{site_url}#{busy['fragment']}")
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    page.get_by_test_id("turn-start").click()
    expect(page.get_by_test_id("turn-status")).to_contain_text("Round 1")
    found = read_unfolded(page, "the fight")
    tabs = page.get_by_test_id("action-tab")
    for index in range(tabs.count()):
        tab = tabs.nth(index)
        if not tab.is_visible():
            continue
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        found += read_unfolded(page, f"the {tab.text_content()} form")

    # The same encounter as the page holds it: its share link, which the page keeps in the address bar.
    page.wait_for_function("() => location.hash.length > 10")
    encounter = ok("open_link", link=page.evaluate("() => location.hash.slice(1)"))["encounter"]
    for npcs, players in (("status", ["c1"]), ("tracks", [])):
        link = ok("player_link", encounter=encounter, players=players, npcs=npcs)["fragment"]
        page.goto(f"{site_url}player.html#{link}")
        page.wait_for_function("() => document.documentElement.dataset.view === 'drawn'", timeout=30_000)
        expect(page.get_by_test_id("player-view")).to_be_visible()
        expect(page.get_by_test_id("combatant")).to_have_count(6)
        found += read_unfolded(page, f"the players' view ({npcs})")
        if system == "fudge":    # the incapacitated NPC's turn is skipped, in words
            expect(page.get_by_test_id("turn-stands").filter(has_text="skipped")).not_to_have_count(0)
    assert not found, "\n".join(found)
