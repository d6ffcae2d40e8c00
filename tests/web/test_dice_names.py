"""Dice the engine names ("names" in a needs answer, one per die): the prompt shows a slot per die and fills them in
order; a step that names its dice shows each face after its name.

No registered system names its dice yet, so the prompt is mounted directly: the page's own prompt module (web/js/prompt-view.js,
served unbundled under src-js/ for this test only) draws a needs answer the way app.js does. The screenshots go to
/tmp/dicenames-shots/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from playwright.sync_api import Locator, Page, Route, expect

from .actions import EVERY_SCREEN, SCHEMES, add_combatant, hit_with_typed_dice, seen_as
from .test_layout import run_axe

WEB_JS = Path(__file__).resolve().parents[2] / "web" / "js"
SHOTS = Path("/tmp/dicenames-shots")
NAMES = ["Success die", "Penetration die", "Damage die"]
D6 = [{"value": face, "label": str(face)} for face in range(1, 7)]
NAMED: dict[str, Any] = {"roll": "shot", "kind": "d6", "count": 3, "dice": "3 six-sided dice", "faces": D6,
                         "why": "Skill 4 + Dexterity 2 against 10: roll 3D, the white die first", "names": NAMES}
PLAIN: dict[str, Any] = {"roll": "damage", "kind": "d6", "count": 2, "dice": "2 six-sided dice", "faces": D6,
                         "why": "Roll 2D for damage"}


def serve_sources(route: Route) -> None:
    name = route.request.url.rsplit("/", 1)[-1]
    source = WEB_JS / name
    if "/" in name or not source.is_file():
        route.fulfill(status=404, body="not a module of web/js")
        return
    route.fulfill(status=200, content_type="text/javascript", body=source.read_text(encoding="utf-8"))


def mount(page: Page, needs: dict[str, Any], about: str = "") -> None:
    """Draw the prompt for ``needs`` with the view module itself (its own instance, wired to the prompt's controls)."""
    page.context.route("**/src-js/*.js", serve_sources)
    page.evaluate("""async ([needs, about]) => {
        const view = await import("./src-js/prompt-view.js");
        view.renderPrompt(needs, about);
    }""", [needs, about])
    expect(page.get_by_test_id("dice-prompt")).to_be_visible()


def slots(page: Page) -> list[dict[str, str]]:
    return cast(list[dict[str, str]], page.get_by_test_id("dice-slot").evaluate_all("""(nodes) => nodes.map((node) => ({
        name: node.querySelector('[data-testid="dice-slot-name"]').textContent,
        face: node.querySelector('[data-testid="dice-slot-face"]').textContent,
        next: node.dataset.next}))"""))


def on_screen(what: str, locator: Locator, width: int, height: int) -> None:
    box = locator.bounding_box()
    assert box is not None, f"{what} is not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, (what, box)
    assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (what, box)


def tap(page: Page, face: int) -> None:
    page.locator(f'[data-testid="dice-face"][data-face="{face}"]').click()


def faces_in_slots(page: Page) -> list[str]:
    return [slot["face"] for slot in slots(page)]


def next_slot(page: Page) -> list[str]:
    return [slot["name"] for slot in slots(page) if slot["next"] == "true"]


def test_named_dice_fill_their_slots_in_order(app: Page) -> None:
    mount(app, NAMED, "Attacker: Stormer · Target: Carrien")
    assert [slot["name"] for slot in slots(app)] == NAMES
    assert faces_in_slots(app) == ["", "", ""] and next_slot(app) == ["Success die"]
    expect(app.get_by_test_id("dice-count")).to_have_text("0 of 3 dice · next: Success die")
    tap(app, 5)
    assert faces_in_slots(app) == ["5", "", ""] and next_slot(app) == ["Penetration die"]
    tap(app, 3)
    assert faces_in_slots(app) == ["5", "3", ""] and next_slot(app) == ["Damage die"]
    app.get_by_test_id("dice-backspace").click()                       # ⌫ clears the last filled slot
    assert faces_in_slots(app) == ["5", "", ""] and next_slot(app) == ["Penetration die"]
    tap(app, 4)
    tap(app, 2)
    assert faces_in_slots(app) == ["5", "4", "2"] and next_slot(app) == []
    expect(app.get_by_test_id("dice-count")).to_have_text("3 of 3 dice")
    expect(app.get_by_test_id("dice-entry")).to_have_value("542")      # what Use these dice sends, as before
    tap(app, 6)                                                          # a fourth face is refused
    assert faces_in_slots(app) == ["5", "4", "2"]
    expect(app.get_by_test_id("dice-count")).to_contain_text("That is all 3 dice")


def test_faces_typed_into_the_entry_fill_the_slots_too(app: Page) -> None:
    mount(app, NAMED)
    entry = app.get_by_test_id("dice-entry")
    entry.fill("5 3")
    assert faces_in_slots(app) == ["5", "3", ""] and next_slot(app) == ["Damage die"]
    entry.fill("5 3 2")
    assert faces_in_slots(app) == ["5", "3", "2"] and next_slot(app) == []
    entry.press_sequentially("6")                                        # past the count: put back
    expect(entry).to_have_value("5 3 2")
    app.get_by_test_id("dice-backspace").click()
    assert faces_in_slots(app) == ["5", "3", ""]


def test_a_prompt_for_the_next_roll_starts_its_slots_empty_and_plain_dice_have_none(app: Page) -> None:
    mount(app, NAMED)
    tap(app, 6)
    mount(app, PLAIN)                                                    # the engine asks for the next roll
    expect(app.get_by_test_id("dice-slots")).to_be_hidden()
    expect(app.get_by_test_id("dice-slot")).to_have_count(0)
    expect(app.get_by_test_id("dice-count")).to_have_text("0 of 2 dice")
    tap(app, 5)
    tap(app, 3)
    app.get_by_test_id("dice-backspace").click()     # one face of "53" (not the run of digits), and wired once
    expect(app.get_by_test_id("dice-entry")).to_have_value("5")
    expect(app.get_by_test_id("dice-count")).to_have_text("1 of 2 dice")
    tap(app, 1)
    expect(app.get_by_test_id("dice-entry")).to_have_value("51")
    mount(app, NAMED)
    assert faces_in_slots(app) == ["", "", ""] and next_slot(app) == ["Success die"]
    expect(app.get_by_test_id("dice-entry")).to_have_value("")


STEPS = [
    {"text": "Skill 4 + Dexterity 2 + 5 = 11 against 10: a hit.", "rule": "SL-1", "roll": "shot", "dice": [5, 3, 2],
     "names": NAMES, "by": "table"},
    {"text": "Damage 4 + 1.", "rule": "SL-2", "roll": "damage", "dice": [4, 1], "by": "app"},
]


def test_a_step_shows_each_named_face_after_its_name(app: Page) -> None:
    app.context.route("**/src-js/*.js", serve_sources)
    app.evaluate("""async (steps) => {
        const view = await import("./src-js/view.js");
        view.renderLog([{index: 0, title: "Stormer shoots Carrien", steps, outcome: "Carrien takes 5"}]);
    }""", STEPS)
    dice = app.get_by_test_id("log").get_by_test_id("log-dice")
    expect(dice.nth(0)).to_have_text("Success die\u00a05 · Penetration die\u00a03 · Damage die\u00a02")
    expect(dice.nth(0)).to_have_attribute("aria-label",
                                          "shot dice rolled at the table: Success die 5, Penetration die 3, Damage die 2")
    expect(dice.nth(0)).to_have_attribute("data-faces", "532")
    expect(dice.nth(1)).to_have_text("41app")                           # without names, as before
    expect(dice.nth(1)).to_have_attribute("aria-label", "damage dice rolled by the app: 4, 1")
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.get_by_test_id("log").get_by_test_id("log-entry").screenshot(path=str(SHOTS / "log-named-dice.png"))


def test_the_named_prompt_fits_and_reads_at_a_glance(app: Page) -> None:
    """At a tablet's two orientations and a phone's width, in light and dark, the slots, the faces, Use these dice and
    Roll stay on screen with a result in the dock; each screenshot is saved for a person to look at. The prompt is
    drawn once, one face tapped, and stays open while the page is turned and switched to dark mode (actions.seen_as
    names the screen in any failure)."""
    add_combatant(app, "Cyrus", skill="Good (+1)")
    add_combatant(app, "Bandit", weapon=None, armour="Bandit's Leather +-*")
    hit_with_typed_dice(app, "2", "--0+0")
    expect(app.get_by_test_id("latest-outcome")).to_be_visible()
    mount(app, NAMED, "Attacker: Cyrus · Target: Bandit")
    tap(app, 5)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height, scheme in EVERY_SCREEN:
        with seen_as(app, width, height, scheme):
            for testid in ("dice-why", "dice-use", "dice-app-rest", "dice-backspace", "roll"):
                on_screen(testid, app.get_by_test_id(testid), width, height)
            for index in range(3):
                on_screen(f"dice-slot {index}", app.get_by_test_id("dice-slot").nth(index), width, height)
            for index in range(6):
                on_screen(f"dice-face {index}", app.get_by_test_id("dice-face").nth(index), width, height)
            name_size = app.get_by_test_id("dice-slot-name").first.evaluate(
                "(node) => parseFloat(getComputedStyle(node).fontSize)")
            face_size = app.get_by_test_id("dice-slot-face").first.evaluate(
                "(node) => parseFloat(getComputedStyle(node).fontSize)")
            assert name_size >= 15 and face_size >= 28, (name_size, face_size)
            assert app.evaluate("document.documentElement.scrollWidth") <= width
            app.screenshot(path=str(SHOTS / f"prompt-{width}x{height}-{scheme}.png"))
            app.get_by_test_id("dock").screenshot(path=str(SHOTS / f"dock-{width}x{height}-{scheme}.png"))


def test_axe_finds_no_serious_problem_in_the_named_prompt(app: Page) -> None:
    """The prompt drawn once, one face tapped, then read in light and dark at the size the page opens at."""
    mount(app, NAMED)
    tap(app, 5)
    for scheme in SCHEMES:
        with seen_as(app, 768, 1024, scheme):
            assert run_axe(app) == []
