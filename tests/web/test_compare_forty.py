"""Compare against forty people: the table is drawn a piece at a time, says more is coming, and ends as the
engine's whole answer (behaviour only; the bench times the keystrokes)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from rules.api import call
from tests.bench_encounters import forty

from .conftest import open_page

NO_ATTACKER = "No attacker: type the Damage Value"

# Type a value into the input (one `input` event, as a keystroke makes) and read, before anything else runs, what
# the page drew: the progress line, whether the chart is busy, and the table's rows.
TYPE_AND_READ = """([testid, value]) => {
  const input = document.querySelector(`[data-testid="${testid}"]`);
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  const more = document.querySelector('[data-testid="odds-more"]');
  return { more: more ? more.textContent : null,
           busy: document.querySelector('[data-testid="odds-chart"]').getAttribute("aria-busy"),
           rows: document.querySelectorAll('[data-testid="odds-table"] [data-testid="table-row"]').length };
}"""


def whole_table(encounter: dict[str, object], damage_value: int) -> list[list[str]]:
    answer = json.loads(call("odds", json.dumps({"encounter": encounter, "action": "compare", "inputs": {
        "attacker": None, "damage_value": damage_value, "harm": "lethal"}})))
    rows: list[list[str]] = answer["result"]["tables"][0]["rows"]
    return rows


def drawn_rows(page: Page) -> list[list[str]]:
    return page.get_by_test_id("odds-table").get_by_test_id("table-row").evaluate_all(
        "(rows) => rows.map((row) => [...row.querySelectorAll('[data-testid=\"table-cell\"]')].map((c) => c.textContent))")


def test_compare_with_forty_people_fills_in_while_the_form_stays_usable(page: Page, site_url: str) -> None:
    encounter = forty("different")
    page = open_page(page, f"{site_url}#{encounter.link()}")
    expect(page.get_by_test_id("combatant")).to_have_count(40)
    page.get_by_test_id("action-tab").filter(has_text="Compare").click()
    page.get_by_test_id("input-attacker").select_option(label=NO_ATTACKER)
    expect(page.get_by_test_id("odds-more")).to_have_count(0, timeout=60_000)
    document = encounter.to_dict()

    # A keystroke draws the table at once, every row there, the rest said to be coming.
    first = page.evaluate(TYPE_AND_READ, ["input-damage_value", "1"])
    assert first["rows"] == 45 and first["busy"] == "true"
    assert first["more"] and first["more"].endswith("of 45 targets worked out; the rest are coming")
    expect(page.get_by_test_id("odds-table")).to_contain_text("\u2026")

    # Another keystroke before it is done starts over with the new value, and that table fills in completely.
    page.evaluate(TYPE_AND_READ, ["input-damage_value", "4"])
    expect(page.get_by_test_id("odds-more")).to_have_count(0, timeout=120_000)
    expect(page.get_by_test_id("odds-chart")).not_to_have_attribute("aria-busy", "true")
    assert drawn_rows(page) == whole_table(document, 4)
    expect(page.get_by_test_id("odds-summary")).to_contain_text("4 Damage Dice a hit, lethal;")
    expect(page.get_by_test_id("odds-summary")).to_contain_text("lasts longest")

    # Coming back to a value worked out before is answered whole at once.
    again = page.evaluate(TYPE_AND_READ, ["input-damage_value", "4"])
    assert again["more"] is None and again["busy"] is None
    assert drawn_rows(page) == whole_table(document, 4)

    # Leaving Compare while it works stops it: the Hit tab's odds are drawn, not overwritten by Compare's rest.
    page.evaluate(TYPE_AND_READ, ["input-damage_value", "2"])
    page.get_by_test_id("action-tab").filter(has_text="Hit").click()
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("odds-table")).to_have_count(0)
    expect(page.get_by_test_id("odds-more")).to_have_count(0)
