"""A running fight on the page, as small steps the tests share: encounters that need a history, made with the engine
(rules.api) and opened from their share link, and what the game master does and reads: the turn status, the roster's
order, the log's steps, the dice prompt, Next turn and the conditions dialog."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from rules.api import handle

from .actions import add_sheet, settle, start_new
from .conftest import open_page


# -- encounters made with the engine ------------------------------------------------------------------------

def call(method: str, **request: Any) -> dict[str, Any]:
    answer = handle(method, request)
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def encounter(system: str, *sheets: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    result = call("new", system=system, options=options or {})
    for sheet in sheets:
        result = call("add", encounter=result["encounter"], sheet=sheet)
    return result


def act(result: dict[str, Any], action: str, inputs: dict[str, Any], **request: Any) -> dict[str, Any]:
    return call("act", encounter=result["encounter"], action=action, inputs=inputs,
                **(request or {"dice": "given", "faces": {}}))


def sla_bleeder() -> dict[str, Any]:
    """Kit (three actions, DIA + PHYS + COOL 30: a turn in each of the three phases) and Scum, whose torso wound was
    opened two rounds before the fight: D-SL-27 bleeds it at the end of the fifth phase 3 after it was taken, which is the
    end of the fight's third round."""
    result = encounter("sla", {"name": "Kit", "dia": 10, "phys": 10, "cool": 10, "dex": 2}, {"name": "Scum"})
    result = act(result, "harm", {"target": "c2", "location": "torso", "amount": 2, "wound": True})
    for _ in range(2):
        result = act(result, "time", {"span": "round"})
    said = [step["text"] for step in result["report"]["steps"]]
    assert "Scum (round 3, phase 1): 1 open wound: the next Hit bleeds away in 3 rounds" in said, said
    return result


def knocked_out_traveller() -> dict[str, Any]:
    """Ann, Bob and Cy; Bob is knocked out by a 15-point non-lethal hit (the engine's own test's)."""
    result = encounter("megatraveller", *({"name": name, "upp": "777777"} for name in ("Ann", "Bob", "Cy")))
    result = act(result, "hit", {"attacker": None, "target": "c2", "damage_value": 15, "harm": "non_lethal",
                                 "dice": "value"}, dice="app", seed=3)
    bob = next(card for card in result["view"]["roster"] if card["name"] == "Bob")
    assert bob["can_act"] is False or bob["status"]["severity"] in ("down", "out"), bob["status"]
    return result


def open_link(page: Page, site_url: str, result: dict[str, Any]) -> Page:
    return open_page(page, f"{site_url}#{result['fragment']}")


# -- what the game master does and reads --------------------------------------------------------------------

def status(page: Page) -> Locator:
    return page.get_by_test_id("turn-status")


def names_in_order(page: Page) -> Locator:
    """The roster's rows are the turn order: their names, top to bottom."""
    return page.get_by_test_id("roster").get_by_test_id("combatant-name")


def entry(page: Page, name: str) -> Locator:
    """A combatant's row, which says where it stands in the order."""
    return page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True))


def stands(page: Page) -> dict[str, str]:
    found: list[list[str]] = page.get_by_test_id("combatant").evaluate_all("""(nodes) => nodes.map((node) =>
        [node.querySelector('[data-testid="combatant-name"]').textContent, node.dataset.stands])""")
    return dict((name, where) for name, where in found)


def by_name(page: Page, name: str) -> Locator:
    found = page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True))
    expect(found).to_have_count(1)
    return found


def newest(page: Page) -> Locator:
    """The newest log entry (the log lists the newest first)."""
    return page.get_by_test_id("log").get_by_test_id("log-entry").first


def step(page: Page, text: str) -> Locator:
    """The newest log entry's steps that hold this text."""
    return newest(page).get_by_test_id("log-step").filter(has_text=text)


def dice(page: Page, roll: str, faces: list[Any] | str, *, why: str | None = None,
         names: list[str] | None = None) -> None:
    """The prompt asks for this roll: tap the faces, use them."""
    prompt = page.get_by_test_id("dice-prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_have_attribute("data-roll", roll)
    if why is not None:
        expect(page.get_by_test_id("dice-why")).to_have_text(why)
    if names is not None:
        expect(page.get_by_test_id("dice-slot-name")).to_have_text(names)
    for face in faces:
        prompt.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
    expect(page.get_by_test_id("dice-count")).to_have_attribute("data-full", "true")
    page.get_by_test_id("dice-use").tap()


def next_turn(page: Page) -> None:
    settle(page)    # a tap acts once: Next turn tapped again at once would be a double tap, dropped
    page.get_by_test_id("turn-next").tap()


def open_conditions(page: Page, name: str) -> Locator:
    card = by_name(page, name)
    card.get_by_test_id("card-menu").locator("summary").tap()
    card.get_by_test_id("conditions-combatant").tap()
    dialog = page.get_by_test_id("conditions-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("conditions-title")).to_contain_text(name)
    return dialog


def typed_trio(page: Page) -> None:
    start_new(page, "Typed Damage")
    for name in ("Ann", "Bob", "Cy"):
        add_sheet(page, name)
    expect(page.get_by_test_id("combatant")).to_have_count(3)
