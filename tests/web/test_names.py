"""Bidirectional text in names, on the page (issue 22): a combatant named with U+202E (right-to-left override)
reversed the rest of its log line. The engine isolates such a name in its sentences (rules/fields.py isolated),
and the card lays its name out on its own (dir="auto")."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.actions import add_combatant

RLO, PDF, FSI, PDI = "\u202e", "\u202c", "\u2068", "\u2069"

# Where each word of a log title is laid out: the left and right edges of the range that holds it, found in the
# title's text, and of the name (the text before the first word asked for).
LAYOUT = """([testid, words]) => {
  const title = document.querySelector(`[data-testid="log-entry"] [data-testid="${testid}"]`);
  const node = title.firstChild;
  const box = (start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    const rects = [...range.getClientRects()];
    return [Math.min(...rects.map((r) => r.left)), Math.max(...rects.map((r) => r.right))];
  };
  const text = node.textContent;
  const first = text.indexOf(` ${words[0]} `);
  return {name: box(0, first), words: words.map((word) => {
    const at = text.indexOf(` ${word}`, first) + 1;
    return box(at, at + word.length);
  })};
}"""


def assert_in_order(page: Page, words: list[str]) -> None:
    laid = page.evaluate(LAYOUT, ["log-title", words])
    lefts = [left for left, _ in laid["words"]]
    assert laid["name"][1] <= lefts[0] + 0.5, laid      # the name ends before the first word after it
    assert lefts == sorted(lefts), laid                  # and the words follow it left to right


def test_a_name_with_a_right_to_left_override_keeps_its_log_line_in_order(app: Page) -> None:
    add_combatant(app, f"Ali{RLO}ce", weapon="Dagger 2-/1+")
    title = app.get_by_test_id("log-title").first
    expect(title).to_contain_text("joins the encounter")
    assert_in_order(app, ["joins", "the", "encounter"])
    expect(title).to_have_text(f"{FSI}Ali{RLO}ce{PDF}{PDI} joins the encounter")
    name = app.get_by_test_id("combatant-name")
    expect(name).to_have_text(f"{FSI}Ali{RLO}ce{PDF}{PDI}")
    expect(name).to_have_attribute("dir", "auto")

    add_combatant(app, "Yolanda", weapon=None)
    app.get_by_test_id("roll").click()
    expect(title).to_contain_text(f"{FSI}Ali{RLO}ce{PDF}{PDI} attacks Yolanda")
    assert_in_order(app, ["attacks", "Yolanda"])


def test_names_without_direction_controls_are_kept_as_typed(app: Page) -> None:
    for name in ("Xavier", "\u05d0\u05d1\u05d9", "O'Brien <b>"):
        add_combatant(app, name, weapon=None)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Xavier", "\u05d0\u05d1\u05d9", "O'Brien <b>"])
