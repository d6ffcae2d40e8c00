"""How the page names the encounter to the engine: by the key of the engine's last answer, so a long log is not sent
back and forth on every tap, and whole when the engine no longer holds it (rules/api.py keeps the last few)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .actions import cyrus_and_bandit, settle
from .conftest import open_page

# Every call the page makes into Python, as (method, whether it names the encounter by key, whether it sends the
# document): the boot hands engine.js its entry point in this event's detail, which this wraps first.
RECORD_BRIDGE = """
window.bridgeCalls = [];
addEventListener("woundbook:rules-ready", (event) => {
  const call = event.detail.call;
  event.detail.call = (method, text) => {
    const request = JSON.parse(text);
    window.bridgeCalls.push([method, "encounter_key" in request, "encounter" in request]);
    return call(method, text);
  };
}, { once: true });
"""


def test_a_tap_names_the_encounter_by_key_and_sends_it_whole_when_the_engine_forgot_it(page: Page,
                                                                                       site_url: str) -> None:
    """A long log is not sent back and forth on every tap: the page names the encounter the engine answered by
    its key. An engine that no longer holds it says so, and the tap is made with the document itself."""
    page.add_init_script(RECORD_BRIDGE)
    open_page(page, site_url)
    cyrus_and_bandit(page)
    seen = len(page.evaluate("window.bridgeCalls"))
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("log-entry")).to_have_count(3)
    # The odds follow the result in a task of their own: they are asked for (by key) before the engine forgets,
    # or their own fallback would hand the engine the encounter again.
    expect(page.get_by_test_id("odds-chart")).not_to_have_attribute("aria-busy", "true")
    calls = page.evaluate("window.bridgeCalls")[seen:]
    assert ["odds", True, False] in calls and ["act", True, False] in calls, calls
    assert all(keyed and not whole for _, keyed, whole in calls), calls

    # Nine other encounters answered since: more than the engine keeps.
    page.evaluate("""() => {
      const ask = (method, request) => JSON.parse(window.woundbook.call(method, JSON.stringify(request))).result;
      let other = ask("new", { system: "typed" }).encounter;
      for (let i = 0; i < 9; i++) other = ask("add", { encounter: other, sheet: { name: `Extra ${i}` } }).encounter;
    }""")
    seen = len(page.evaluate("window.bridgeCalls"))
    settle(page)    # a tap acts once: Roll tapped again at once would be a double tap, dropped
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("log-entry")).to_have_count(4)
    expect(page.get_by_test_id("banner")).to_have_count(0)
    calls = [call for call in page.evaluate("window.bridgeCalls")[seen:] if call[0] == "act"]
    assert calls == [["act", True, False], ["act", False, True]], calls
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("log-entry")).to_have_count(3)
