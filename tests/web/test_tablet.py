"""The tablet at the table: a touch screen, six combatants, physical dice typed in.

What a game master needs mid-fight is on one screen in every system and at every size (Roll, the newest result,
the odds in a line, an open dice prompt); no text field takes the focus unless the person taps it; a tap on a
card picks it; the prompt counts faces and refuses one too many; text is checked as it is typed.
Screenshots go to dist/screens/ for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from .conftest import open_page, set_back
from .actions import SCHEMES, at, turn_to
from .test_layout import axe_in_each_scheme
from .tables import SYSTEMS, busy_table

SCREENS = Path(__file__).resolve().parents[2] / "dist" / "screens"
SIZES = {"portrait": (768, 1024), "landscape": (1024, 768), "phone": (390, 844)}
TEXT_FIELD = """() => { const at = document.activeElement;
  return at.tagName === 'TEXTAREA' || (at.tagName === 'INPUT' && !['checkbox', 'radio', 'button'].includes(at.type)); }"""


@pytest.fixture
def touch(warm_phone_profile: BrowserContext, site_url: str) -> Iterator[Any]:
    """open(size, scheme, fragment) -> a page of a mobile touch device's profile, sized and coloured so, booted to
    ready: the process's kept one (conftest.py's warm_phone_profile), set back to nothing kept first."""
    set_back(warm_phone_profile, site_url)

    def open_touch(size: str, *, scheme: str = "light", fragment: str = "") -> Page:
        page = warm_phone_profile.new_page()
        show_as(page, size, scheme)
        return open_page(page, site_url + (f"#{fragment}" if fragment else ""))

    yield open_touch
    for page in warm_phone_profile.pages:
        page.close()


def show_as(page: Page, size: str, scheme: str = "light") -> None:
    """The page on a screen of that size (SIZES) in that colour scheme (actions.turn_to): one page built once can
    be checked at every size and scheme."""
    turn_to(page, *SIZES[size], scheme)


def inside(page: Page, what: str, locator: Locator) -> None:
    """The element is drawn entirely within the screen, as it is scrolled now."""
    box = locator.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None, f"{what} is not drawn"
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (what, box)
    assert box["x"] + box["width"] <= viewport["width"] + 0.5, (what, box, viewport)
    assert box["y"] + box["height"] <= viewport["height"] + 0.5, (what, box, viewport)


def no_text_field_focused(page: Page) -> None:
    assert not page.evaluate(TEXT_FIELD), page.evaluate("document.activeElement.outerHTML.slice(0, 200)")


@pytest.mark.parametrize("system", SYSTEMS)
def test_roll_the_result_the_odds_and_the_prompt_are_on_one_screen(touch: Any, system: str) -> None:
    """One busy table a system, turned through every size: then its dice prompt opened, and turned again (the
    prompt is opened once, so no second tap on Type dice waits out a tap's settling)."""
    page = touch(next(iter(SIZES)), fragment=busy_table(system)["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    expect(page.get_by_test_id("odds-summary")).to_contain_text(" on " if system == "kyod" else " against ")
    for size in SIZES:
        show_as(page, size)
        with at(size):
            for scroll in ("0", "document.body.scrollHeight / 2", "document.body.scrollHeight"):
                page.evaluate(f"window.scrollTo(0, {scroll})")
                for testid in ("roll", "type-dice", "latest-outcome", "odds-summary"):
                    inside(page, testid, page.get_by_test_id(testid))
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_test_id("type-dice").tap()
    prompt = page.get_by_test_id("dice-prompt")
    SCREENS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        show_as(page, size)
        with at(f"{size}, the prompt open"):
            expect(prompt).to_be_visible()
            inside(page, "the dice prompt", prompt)
            for testid in ("roll", "latest-outcome", "odds-summary"):
                inside(page, testid, page.get_by_test_id(testid))
            no_text_field_focused(page)
            expect(page.locator('[data-testid="dice-face"]').first).to_be_focused()
            page.screenshot(path=str(SCREENS / f"tablet-{system}-{size}-prompt.png"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_screens_of_a_busy_table(touch: Any, system: str) -> None:
    """Screenshots for a person to look at (the other tests check what they show): every size, every scheme, of
    one busy table a system."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page = touch(next(iter(SIZES)), fragment=busy_table(system)["fragment"])
    for size in SIZES:
        for scheme in SCHEMES:
            show_as(page, size, scheme)
            with at(f"{size}, {scheme}"):
                expect(page.get_by_test_id("combatant")).to_have_count(6)
                page.screenshot(path=str(SCREENS / f"tablet-{system}-{size}-{scheme}.png"))


def test_a_tap_on_a_cards_boxes_picks_the_card_and_opens_no_keyboard(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    third = page.get_by_test_id("combatant").nth(2)
    third.get_by_test_id("compact-level").first.tap()          # a row's small boxes
    expect(third).to_have_attribute("data-role", "actor")
    expect(page.locator('[data-testid="action-tab"][aria-selected="true"]')).to_have_text("Attack")
    no_text_field_focused(page)
    fourth = page.get_by_test_id("combatant").nth(3)
    fourth.get_by_test_id("card-details").tap()                # its full card opens; nothing is picked
    expect(fourth).to_have_attribute("data-role", "")
    fourth.locator(".boxes").nth(1).tap()                      # the full card's boxes
    expect(fourth).to_have_attribute("data-role", "target")
    expect(page.get_by_test_id("input-attacker")).to_have_value(third.get_attribute("data-id") or "")


def test_marking_by_hand_is_a_control_of_its_own(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    card = page.get_by_test_id("combatant").nth(4)
    card.get_by_test_id("card-menu").locator("summary").tap()
    mark = card.get_by_test_id("mark-combatant")
    expect(mark).to_have_accessible_name("Mark by hand: Second guard's wounds")
    box = mark.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    mark.tap()
    expect(page.locator('[data-testid="action-tab"][aria-selected="true"]')).to_have_text("Mark by hand")
    expect(page.get_by_test_id("input-target")).to_have_value(card.get_attribute("data-id") or "")
    no_text_field_focused(page)
    # With marking by hand on show, a tap on a level's boxes (on the full card) says which level.
    card.get_by_test_id("card-details").tap()
    card.locator('[data-testid="track-level"][data-level="Hurt"] .boxes').tap()
    expect(page.get_by_test_id("input-level")).to_have_value("1")   # the list's second level, Hurt


def test_the_prompt_refuses_a_face_past_the_count_and_gives_the_focus_back(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    page.get_by_test_id("input-margin_of_success").fill("3")
    page.get_by_test_id("type-dice").tap()
    expect(page.get_by_test_id("dice-count")).to_have_text("0 of 6 dice")   # margin 3, the shortsword's 3-
    for face in "+0-0+-+":
        page.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
    expect(page.get_by_test_id("dice-entry")).to_have_value("+0-0+-")
    expect(page.get_by_test_id("dice-count")).to_contain_text("That is all 6 dice this roll needs")
    page.get_by_test_id("dice-entry").fill("+0-0+-+")        # typed past the count, too
    expect(page.get_by_test_id("dice-entry")).to_have_value("+0-0+-")
    page.get_by_test_id("dice-use").tap()
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("roll")).to_be_focused()
    expect(page.get_by_test_id("latest-outcome")).to_contain_text("damage")


def test_a_keyboard_types_the_faces_wherever_the_prompts_focus_is(touch: Any) -> None:
    page = touch("landscape", fragment=busy_table("megatraveller")["fragment"])
    page.get_by_test_id("type-dice").click()
    expect(page.locator('[data-testid="dice-face"]').first).to_be_focused()
    page.keyboard.type("345")
    expect(page.get_by_test_id("dice-entry")).to_have_value("345")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("latest-title")).to_contain_text("hits")


def test_cancel_gives_the_focus_back_to_roll(touch: Any) -> None:
    page = touch("phone", fragment=busy_table("kyod")["fragment"])
    page.get_by_test_id("type-dice").tap()
    page.get_by_test_id("dice-cancel").tap()
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("roll")).to_be_focused()


def test_the_changed_card_is_scrolled_into_view_and_marked(touch: Any) -> None:
    page = touch("phone", fragment=busy_table("typed")["fragment"])
    page.get_by_test_id("input-target").select_option(label="Wolf")
    page.get_by_test_id("input-margin_of_success").fill("3")
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_test_id("type-dice").tap()
    for face in "------":
        page.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
    page.get_by_test_id("dice-use").tap()
    wolf = page.locator('[data-testid="combatant"]', has_text="Wolf")
    expect(wolf).to_have_class(re.compile(r"\bchanged\b"))
    expect(wolf).not_to_have_attribute("data-severity", "ok")
    box = wolf.bounding_box()
    dock = page.get_by_test_id("dock").bounding_box()
    assert box is not None and dock is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= dock["y"] + 0.5, (box, dock)


def test_a_hazard_has_no_margin_each_time_it_is_chosen(touch: Any) -> None:
    page = touch("landscape", fragment=busy_table("typed")["fragment"])
    page.get_by_test_id("input-margin_of_success").fill("3")
    page.get_by_test_id("input-attacker").select_option(label="A hazard (fire, fall…)")
    expect(page.get_by_test_id("input-margin-automatic")).to_be_checked()
    page.get_by_test_id("input-attacker").select_option(label="Cyrus")
    page.get_by_test_id("input-margin-typed").check()
    page.get_by_test_id("input-attacker").select_option(label="A hazard (fire, fall…)")
    expect(page.get_by_test_id("input-margin-automatic")).to_be_checked()
    page.get_by_test_id("type-dice").click()
    expect(page.get_by_test_id("dice-why")).not_to_contain_text("Margin of success")


def test_text_the_engine_can_check_is_checked_before_roll(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("kyod")["fragment"])
    page.get_by_test_id("input-attacker").select_option(label="No attacker: type the attack")
    damage = page.get_by_test_id("input-damage")
    damage.fill("9d pi gun")
    expect(page.get_by_test_id("error-damage")).to_contain_text("9d pi gun")
    expect(page.get_by_test_id("odds-summary")).to_contain_text("9d pi gun")
    damage.fill("2d+1 pi")
    expect(page.get_by_test_id("error-damage")).to_be_empty()
    expect(page.get_by_test_id("odds-summary")).to_contain_text("2d+1")


def test_a_touch_screen_opens_the_sheet_on_its_title_not_a_field(touch: Any) -> None:
    page = touch("portrait")
    page.get_by_test_id("add-combatant").tap()
    expect(page.get_by_test_id("sheet-dialog")).to_be_visible()
    expect(page.get_by_test_id("sheet-title")).to_be_focused()
    no_text_field_focused(page)


def test_print_gives_the_roster_then_the_log(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("megatraveller")["fragment"])
    page.emulate_media(media="print")
    expect(page.get_by_test_id("roster")).to_be_visible()
    expect(page.get_by_test_id("widget-grid")).to_have_count(6)
    expect(page.get_by_test_id("log-entry")).to_have_count(9)   # six added, three hits
    expect(page.get_by_test_id("dock")).to_be_hidden()
    expect(page.get_by_test_id("action-panel")).to_be_hidden()
    roster = page.get_by_test_id("roster").bounding_box()
    log = page.get_by_test_id("log").bounding_box()
    assert roster is not None and log is not None and log["y"] >= roster["y"] + roster["height"], (roster, log)
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=log]')).overflowY") == "visible"


@pytest.mark.parametrize("system", SYSTEMS)
def test_axe_finds_no_serious_problem_in_any_state(touch: Any, system: str) -> None:
    """A busy table, then each action's tab, the latest steps open, a prompt open, and the card menu open: each
    state checked in the light scheme and then the dark one, on the same page."""
    page: Page = touch("portrait", fragment=busy_table(system)["fragment"])
    found: dict[str, list[dict[str, Any]]] = {}
    axe_in_each_scheme(page, "a busy table", found)
    page.get_by_test_id("latest-steps").locator("summary").tap()
    tabs = page.get_by_test_id("action-tab")
    for index in range(tabs.count()):
        tabs.nth(index).tap()
        axe_in_each_scheme(page, f"the tab {tabs.nth(index).inner_text()!r}, the latest steps open", found)
    tabs.first.tap()
    page.get_by_test_id("combatant").first.get_by_test_id("card-menu").locator("summary").tap()
    axe_in_each_scheme(page, "the card menu open", found)
    page.get_by_test_id("type-dice").tap()
    expect(page.get_by_test_id("dice-prompt")).to_be_visible()
    axe_in_each_scheme(page, "the dice prompt open", found)
    assert found == {}


def test_a_sheets_defaults_and_help_follow_the_kind_chosen(touch: Any) -> None:
    page = touch("portrait")
    page.get_by_test_id("new-encounter").tap()
    page.get_by_test_id("system-picker").get_by_text("MegaTraveller", exact=True).tap()
    page.get_by_test_id("new-confirm").tap()
    page.get_by_test_id("add-combatant").tap()
    kind = page.get_by_test_id("input-kind")
    kind.select_option(label="Vehicle, craft or ship")
    expect(page.get_by_test_id("input-hull")).to_have_value("2/5")
    vehicle_help = page.get_by_test_id("help-hull").inner_text()
    kind_help = page.get_by_test_id("help-kind").inner_text()
    kind.select_option(label="Aircraft")
    expect(page.get_by_test_id("input-hull")).to_have_value("46/115")
    expect(page.get_by_test_id("help-hull")).not_to_have_text(vehicle_help)
    expect(page.get_by_test_id("help-kind")).not_to_have_text(kind_help)
    expect(page.get_by_test_id("help-hull")).to_contain_text("taken as given")


def test_a_notation_typed_into_a_sheet_is_checked_before_add(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    page.get_by_test_id("add-combatant").tap()
    page.get_by_test_id("input-name").fill("Ogre")
    page.get_by_test_id("input-weapons-0").select_option(label="Other: type a notation")
    page.get_by_test_id("input-weapons-0-notation").fill("3Q")
    expect(page.get_by_test_id("error-weapons")).to_contain_text("3Q")
    page.get_by_test_id("input-weapons-0-notation").fill("3B")
    expect(page.get_by_test_id("error-weapons")).to_be_empty()
    page.get_by_test_id("sheet-submit").tap()
    expect(page.get_by_test_id("combatant")).to_have_count(7)


def test_a_cards_table_fits_its_card(touch: Any) -> None:
    """Twelve columns of wound thresholds, two cards to a row on a portrait tablet: no table scrolls in its card
    at any size (Firefox drew it 8 px too wide before; checked there by hand, headless, the same way)."""
    page = touch(next(iter(SIZES)), fragment=busy_table("kyod")["fragment"])
    page.get_by_test_id("roster-mode").tap()                   # the full cards, where the tables are drawn
    for size in SIZES:
        show_as(page, size)
        with at(size):
            expect(page.get_by_test_id("widget-table")).to_have_count(6)
            for table in page.get_by_test_id("widget-table").all():
                expect(table).to_be_visible()
            over = page.evaluate("""() => [...document.querySelectorAll('[data-testid=combatant] .table-scroll')]
                .map((box) => box.scrollWidth - box.clientWidth)""")
            assert over == [0] * 6, over
