"""The table-side layout: six combatants, their tracks, the Roll button and the newest result on one tablet screen.

Each test saves its screenshots in dist/screens/ so a person can look at them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import FloatRect, Page, expect

from .actions import SCHEMES, add_combatant, at, hit_with_typed_dice
from .axe import axe_script

SCREENS = Path(__file__).resolve().parents[2] / "dist" / "screens"
SIX = [("Cyrus", "Shortsword 3-/2+", ""), ("Bandit", "Dagger 2-/1+", "Leather +"), ("Goblin", "Light Club 2*", ""),
       ("Orc Sergeant", "Mace 4*", "Full Chain ---*++"), ("Troll", "Fist 0*", ""), ("Captain Sturmhagen", "Longsword 4-/2+", "")]


def busy_table(page: Page, *, taken_out: bool = True) -> None:
    """Six combatants, a hit, and (optionally) one of them taken out by a hazard."""
    for name, weapon, armour in SIX:
        add_combatant(page, name, weapon=weapon, armour=armour or None)
    hit_with_typed_dice(page, "2", "--0+0")
    if taken_out:
        page.get_by_test_id("input-attacker").select_option(label="A hazard (fire, fall…)")
        page.get_by_test_id("input-target").select_option(label="Troll")
        page.get_by_test_id("input-hazard").fill("11E-*+")
        page.get_by_test_id("input-margin-automatic").check()
        page.get_by_test_id("roll").click()
        expect(page.locator('[data-testid="combatant"][data-severity="out"]')).to_have_count(1)
        page.get_by_test_id("input-attacker").select_option(label="Cyrus")


def inside(page: Page, testid: str, box: FloatRect | None, viewport: dict[str, int]) -> None:
    assert box is not None, f"{testid} is not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, (testid, box)
    assert box["x"] + box["width"] <= viewport["width"] + 0.5, (testid, box, viewport)
    assert box["y"] + box["height"] <= viewport["height"] + 0.5, (testid, box, viewport)


def test_six_tracks_the_roll_button_and_the_newest_result_fit_on_a_tablet(app: Page) -> None:
    """One busy table, turned through both ways of holding a tablet in both schemes."""
    busy_table(app)
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height in [(1024, 768), (768, 1024)]:
        for scheme in SCHEMES:
            app.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            app.set_viewport_size({"width": width, "height": height})
            app.evaluate("window.scrollTo(0, 0)")
            viewport = {"width": width, "height": height}
            with at(f"{width}x{height}, {scheme}"):
                # Six combatants are drawn as rows, each with its track's boxes in small (the full track a tap away).
                tracks = app.get_by_test_id("card-compact")
                expect(tracks).to_have_count(6)
                for index in range(6):
                    inside(app, f"track {index}", tracks.nth(index).bounding_box(), viewport)
                    inside(app, f"row {index}", app.get_by_test_id("combatant").nth(index).bounding_box(), viewport)
                inside(app, "roll", app.get_by_test_id("roll").bounding_box(), viewport)
                inside(app, "latest", app.get_by_test_id("latest-outcome").bounding_box(), viewport)
                app.screenshot(path=str(SCREENS / f"table-{width}x{height}-{scheme}.png"))


def test_a_phone_has_no_sideways_scrolling_and_names_are_not_broken(app: Page) -> None:
    """One busy table on a phone, in both schemes."""
    app.set_viewport_size({"width": 390, "height": 844})
    busy_table(app)
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in SCHEMES:
        app.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        with at(scheme):
            assert app.evaluate("document.documentElement.scrollWidth") <= 390
            for name in app.get_by_test_id("combatant-name").all():
                # One line box per line of text: a word broken mid-word would need more lines than there are words.
                lines = name.evaluate("""(node) => { const range = document.createRange();
                    range.selectNodeContents(node);
                    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size; }""")
                words = len(name.inner_text().split())
                assert 1 <= lines <= words, (name.inner_text(), lines)
                assert name.evaluate("(node) => node.scrollWidth <= node.clientWidth + 1"), name.inner_text()
            app.screenshot(path=str(SCREENS / f"phone-390-{scheme}.png"), full_page=True)


def small_targets(page: Page) -> list[dict[str, Any]]:
    """Every control on screen (and every tappable widget part) smaller than 44 by 44 pixels; a track's boxes are
    small on purpose and reach 44 pixels through their ::after tap area."""
    small: list[dict[str, Any]] = page.evaluate("""() => [...document.querySelectorAll(
          'button, summary, select, input:not([type=file]), [role=tab], label.segment, .tappable:not(.boxes)')]
        .filter((node) => node.offsetParent !== null && !node.closest('dialog:not([open])'))
        .map((node) => { const r = (node.closest('label.inline, label.segment') || node).getBoundingClientRect();
                         return {what: node.dataset.testid || node.textContent.trim().slice(0, 20) || node.tagName, w: r.width, h: r.height}; })
        .filter((r) => r.w < 43.5 || r.h < 43.5)""")
    return small


def test_every_target_is_at_least_44_pixels(app: Page) -> None:
    busy_table(app, taken_out=False)
    app.get_by_test_id("type-dice").click()
    assert small_targets(app) == []


def test_a_focused_control_is_never_under_the_sticky_header(app: Page) -> None:
    busy_table(app, taken_out=False)
    app.set_viewport_size({"width": 768, "height": 600})
    app.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    app.get_by_test_id("combatant").first.get_by_test_id("combatant-pick").focus()
    header = app.locator("header.bar").bounding_box()
    focused = app.get_by_test_id("combatant").first.get_by_test_id("combatant-pick").bounding_box()
    assert header and focused and focused["y"] >= header["y"] + header["height"] - 0.5, (header, focused)


def test_wound_boxes_have_words_for_screen_readers_and_the_log_is_announced(app: Page) -> None:
    busy_table(app, taken_out=False)
    boxes = app.get_by_test_id("combatant").nth(1).get_by_test_id("track").locator('[role="img"]')
    expect(boxes.first).to_have_attribute("aria-label", "Scratched (no penalty): 2 of 4 marked")
    expect(app.get_by_test_id("latest")).to_have_attribute("aria-live", "polite")
    assert app.get_by_test_id("odds").get_attribute("aria-live") is None


def test_the_print_stylesheet_keeps_the_cards_with_their_tracks_then_the_log(app: Page) -> None:
    busy_table(app)
    app.emulate_media(media="print")
    assert app.get_by_test_id("roll").is_hidden() and app.get_by_test_id("action-form").is_hidden()
    expect(app.get_by_test_id("log")).to_be_visible()
    expect(app.get_by_test_id("track")).to_have_count(6)
    marked = app.locator('[data-testid="track-box"][data-marked="true"]').first
    assert marked.evaluate("(node) => getComputedStyle(node).backgroundColor") == "rgb(0, 0, 0)"


def run_axe(page: Page) -> list[dict[str, Any]]:
    """The serious and critical problems axe finds on the page as it is drawn now. axe.min.js (some 550 KB) is
    evaluated only when the page has none yet: a test that checks one page in several states or schemes parses it
    once, and a navigation (a reload, a link followed) clears it, so a new document gets its own."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(axe_script().read_text())   # the page's policy refuses add_script_tag's inline script
    # Every rule runs; only the violations are described node by node (resultTypes: the passes, some 650 KB of
    # them on a busy table, are not) and only the serious ones leave the page.
    found: list[dict[str, Any]] = page.evaluate("""async () => (await axe.run(document, {
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
        resultTypes: ['violations']})).violations
      .filter((v) => ['serious', 'critical'].includes(v.impact))
      .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target).slice(0, 5)}))""")
    return found


def axe_in_each_scheme(page: Page, state: str, found: dict[str, list[dict[str, Any]]]) -> None:
    """run_axe on the page as it stands, in light and then in dark; what it finds is kept in found under the state
    and scheme, so that a test checks every state and says at the end which failed."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        problems = run_axe(page)
        if problems:
            found[f"{state}, {scheme}"] = problems


def test_axe_finds_no_serious_problem(app: Page) -> None:
    """An empty encounter, then a busy table with its dice prompt open: each in light and then in dark."""
    found: dict[str, list[dict[str, Any]]] = {}
    axe_in_each_scheme(app, "empty", found)
    busy_table(app)
    app.get_by_test_id("type-dice").click()
    axe_in_each_scheme(app, "busy, the dice prompt open", found)
    assert found == {}
