"""Screenshots of a running fight, for a person to look at (in /tmp/fight-shots/): an SLA fight with a bleeding
wound and a FUDGE fight with a stunned fighter (made with the engine by fight_actions.py, as test_fight.py makes
them), each opened once and looked at on a tablet either way round and on a phone at each of its moments, running,
after Next and, in SLA, at the round's initiative prompt; whose turn it is, Next, Roll and the newest result on
screen at every scroll."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .actions import at
from .fight_actions import act, by_name, call, encounter, next_turn, sla_bleeder, status
from .test_tablet import inside, show_as, touch  # noqa: F401  (touch is a fixture)

SHOTS = Path("/tmp/fight-shots")


def sla_fight() -> dict[str, Any]:
    result = sla_bleeder()
    result = call("turn", encounter=result["encounter"], move="start", dice="given",
                  faces={"initiative c1": "6 5 4", "initiative c2": "1 2 3"})
    result = call("condition", encounter=result["encounter"], id="c2", name="Pinned down", rounds=2)
    result = call("note", encounter=result["encounter"], id="c2", text="Behind the skip; wants the data chip back")
    return call("turn", encounter=result["encounter"], move="next")


def fudge_fight() -> dict[str, Any]:
    result = encounter("fudge", {"name": "Snorri", "initiative": 1}, {"name": "Brynhild"}, {"name": "Ulf the Grey"},
                       options={"pacing": "alternating"})
    result = act(result, "wound", {"target": "c2", "level": "hurt", "stun": True})
    result = call("turn", encounter=result["encounter"], move="start", dice="given",
                  faces={"initiative c1": "- - 0 0", "initiative c2": "+ + 0 0", "initiative c3": "0 0 0 +"})
    return call("condition", encounter=result["encounter"], id="c1", name="Prone", rounds=1)


# Each screen a size in one scheme: the shots' names say which.
SHOT_SCREENS = [("landscape", "dark"), ("portrait", "light"), ("phone", "light")]


def shot_screens(page: Page, system: str) -> Iterator[str]:
    """The page shown at each of SHOT_SCREENS in turn, scrolled to the top: the start of each shot's name, which
    says the size and scheme (for at(), too)."""
    for size, scheme in SHOT_SCREENS:
        show_as(page, size, scheme)
        page.evaluate("window.scrollTo(0, 0)")
        yield f"{system}-{size}-{scheme}"


@pytest.mark.parametrize("system", ["sla", "fudge"])
def test_screenshots_of_a_running_fight(touch: Any, system: str) -> None:
    """One fight a system, looked at on every screen at each of its moments (running, after Next, at the prompt)."""
    result = sla_fight() if system == "sla" else fudge_fight()
    page = touch(SHOT_SCREENS[0][0], scheme=SHOT_SCREENS[0][1], fragment=result["fragment"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in shot_screens(page, system):
        with at(name):
            expect(status(page)).to_contain_text("Round 1")
            page.screenshot(path=str(SHOTS / f"{name}.png"))
            page.screenshot(path=str(SHOTS / f"{name}-full.png"), full_page=True)
            # Whose turn it is, Next and Roll, and the newest result stay on screen however far the page is scrolled.
            for scroll in ("0", "document.body.scrollHeight / 2", "document.body.scrollHeight"):
                page.evaluate(f"window.scrollTo(0, {scroll})")
                for testid in ("turn-status", "turn-next", "roll", "latest-outcome"):
                    inside(page, testid, page.get_by_test_id(testid))
            page.evaluate("window.scrollTo(0, 0)")
            noted = by_name(page, "Scum" if system == "sla" else "Snorri")
            noted.get_by_test_id("card-notes").scroll_into_view_if_needed()
            noted.screenshot(path=str(SHOTS / f"{name}-card.png"))
    page.evaluate("window.scrollTo(0, 0)")
    status_before = status(page).inner_text()
    next_turn(page)
    expect(status(page)).not_to_have_text(status_before)       # the shots after Next are of the next turn
    for name in shot_screens(page, system):
        page.screenshot(path=str(SHOTS / f"{name}-next.png"))
    if system == "sla":
        next_turn(page)
        next_turn(page)
        next_turn(page)
        # The round's end asks for the next round's initiative; the prompt (which hides the turn bar: it says
        # whose dice they are) is on screen whole.
        for name in shot_screens(page, system):
            with at(name):
                expect(page.get_by_test_id("dice-prompt")).to_have_attribute("data-roll", "initiative c1")
                page.screenshot(path=str(SHOTS / f"{name}-prompt.png"))
                inside(page, "dice-prompt", page.get_by_test_id("dice-prompt"))
