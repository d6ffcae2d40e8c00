"""The share dialog's QR codes: Share opens on the players' view, whose code holds no note and no sheet; the whole
encounter is a second, explicit choice below it. Each code reads, with Debian's zbarimg, as exactly the link the
dialog shows; the generator is installed on the dialog's first opening, once, from the site itself, and works
offline; when it cannot be had, the dialog says so in plain words and goes on working.

The encounter is the bench's six combatants after ten resolutions (tests/bench.py), opened from its link."""

from __future__ import annotations

import base64
import json
import subprocess
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from build import ZBARIMG
from tests.bench_encounters import fighters
from tests.rules.helpers import ok, thug_fight

from .actions import show_player_code
from .conftest import open_page, wait_ready
from .test_layout import run_axe

READY_OR_FAILED = ("(testid) => ['ready', 'failed'].includes("
                   "document.querySelector(`[data-testid=\"${testid}\"]`).dataset.state)")
GENERATOR = ("qrcodegen-", "micropip-", "qr_matrix.py")     # what the first opening fetches


@pytest.fixture
def fight(page: Page, site_url: str) -> Page:
    """The page, opened on the link of six combatants after ten resolutions."""
    open_page(page, f"{site_url}#{fighters(10).link()}")
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    return page


@pytest.fixture
def fetched(page: Page) -> Iterator[list[str]]:
    """The URLs of the generator's files the page itself asks for (not the service worker's precache)."""
    urls: list[str] = []

    def heard(request: Request) -> None:
        if any(name in request.url for name in GENERATOR):
            urls.append(request.url)

    page.on("request", heard)
    yield urls


def open_share(page: Page, qr: str = "share-qr") -> str:
    """Open the share dialog (and unfold the whole encounter, for its code), wait for the QR code, and return the
    state it came to."""
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-dialog")).to_be_visible()
    if qr == "share-qr":
        page.get_by_test_id("whole-share").locator("summary").click()
    else:
        show_player_code(page)          # who the players are first, the first time
    page.wait_for_function(READY_OR_FAILED, arg=qr, timeout=90_000)
    return str(page.get_by_test_id(qr).get_attribute("data-state"))


def decoded(page: Page, tmp_path: Path, qr: str = "share-qr") -> str:
    """The share dialog's QR code as a camera would read it: a screenshot of it, decoded by zbarimg."""
    shot = tmp_path / "qr.png"
    page.get_by_test_id(qr).get_by_test_id("qr-code").screenshot(path=str(shot))
    read = subprocess.run([ZBARIMG, "--raw", "-q", str(shot)], capture_output=True, text=True, timeout=60)
    assert read.returncode == 0, f"zbarimg read no QR code in {shot}: {read.stderr}"
    return read.stdout.removesuffix("\n")


def keys(value: Any) -> set[str]:
    """Every key of every object in a JSON value, however deep."""
    if isinstance(value, dict):
        return set(value) | {key for inner in value.values() for key in keys(inner)}
    if isinstance(value, list):
        return {key for inner in value for key in keys(inner)}
    return set()


def values(value: Any, key: str) -> list[Any]:
    """Every value a key has in a JSON value, however deep."""
    if isinstance(value, dict):
        return [inner for name, inner in value.items() if name == key] + [
            found for inner in value.values() for found in values(inner, key)]
    if isinstance(value, list):
        return [found for inner in value for found in values(inner, key)]
    return []


def test_share_opens_on_the_players_code_which_holds_no_note_and_no_sheet(page: Page, site_url: str,
                                                                           tmp_path: Path) -> None:
    secret = "Secretly the mayor's son"
    open_page(page, f"{site_url}#{thug_fight(secret, thug_hits_back=False)['fragment']}")
    assert open_share(page, "player-qr") == "ready"
    expect(page.get_by_test_id("player-qr").get_by_test_id("qr-code")).to_be_visible()
    expect(page.get_by_test_id("share-qr")).to_be_hidden()           # the whole encounter: folded, no code
    expect(page.get_by_test_id("share-link")).to_be_hidden()
    expect(page.get_by_test_id("whole-share")).not_to_have_attribute("open", "")
    expect(page.get_by_test_id("whole-share").locator("summary")).to_contain_text("notes and every sheet")
    link = decoded(page, tmp_path, "player-qr")
    assert link == page.get_by_test_id("player-link").input_value() and "#p1." in link, link
    payload = link.split("#p1.", 1)[1]
    carried = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))))
    player = ok("open_player", link=link.split("#", 1)[1])["player"]        # as the players' phones read it
    for content in (carried, player):
        assert "sheet" not in keys(content) and set(values(content, "note")) <= {""}, content
        assert secret not in json.dumps(content)
    # Unfolded, the second choice says plainly that it holds everything, and its code is the whole encounter's.
    page.get_by_test_id("whole-share").locator("summary").click()
    expect(page.get_by_test_id("whole-warning")).to_contain_text("This link holds everything: your notes, every")
    page.wait_for_function(READY_OR_FAILED, arg="share-qr", timeout=90_000)
    assert decoded(page, tmp_path) == page.get_by_test_id("share-link").input_value()
    # Closed and opened again, Share starts on the players' view once more.
    page.get_by_test_id("share-close").click()
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-qr")).to_be_hidden()
    expect(page.get_by_test_id("player-qr").get_by_test_id("qr-code")).to_be_visible()


def test_the_qr_code_reads_as_exactly_the_link_and_axe_finds_no_serious_problem(fight: Page, tmp_path: Path) -> None:
    fight.emulate_media(color_scheme="dark")     # dark modules on white all the same
    assert open_share(fight) == "ready"
    link = fight.get_by_test_id("share-link").input_value()
    assert link.endswith("#" + fighters(10).link())
    assert decoded(fight, tmp_path) == link
    qr = fight.get_by_test_id("share-qr")
    expect(qr.get_by_test_id("qr-code")).to_have_attribute("aria-label", "QR code of the whole encounter's link")
    version, modules = qr.get_attribute("data-version"), qr.get_attribute("data-modules")
    expect(qr.get_by_test_id("qr-note")).to_have_text(f"QR code version {version}, {modules} × {modules} squares: "
                                                      "point a phone's camera at it.")
    assert run_axe(fight) == []


def test_a_second_opening_reuses_the_generator(fight: Page, fetched: list[str], tmp_path: Path) -> None:
    assert open_share(fight) == "ready"
    assert sorted(name for name in GENERATOR if any(name in url for url in fetched)) == sorted(GENERATOR)
    first, before = list(fetched), fight.get_by_test_id("share-link").input_value()
    fight.get_by_test_id("share-close").click()
    fight.get_by_test_id("roll").click()                                # a new resolution: a new link
    expect(fight.get_by_test_id("log-entry")).to_have_count(17)
    assert open_share(fight) == "ready"
    link = fight.get_by_test_id("share-link").input_value()
    assert link != before and decoded(fight, tmp_path) == link
    assert fetched == first, "the second opening fetched the generator again"


@pytest.mark.parametrize("width, height", [(390, 844), (1024, 768)])
def test_the_qr_code_and_the_dialogs_buttons_fit_the_screen(fight: Page, width: int, height: int) -> None:
    fight.set_viewport_size({"width": width, "height": height})
    assert open_share(fight, "player-qr") == "ready"
    code = fight.get_by_test_id("player-qr").get_by_test_id("qr-code").bounding_box()
    close = fight.get_by_test_id("share-close").bounding_box()
    assert code is not None and close is not None
    assert code["x"] >= 0 and code["x"] + code["width"] <= width and code["y"] >= 0
    assert code["y"] + code["height"] <= height and close["y"] + close["height"] <= height
    assert code["width"] >= 101 * 3     # at least 3 px a module, the quiet zone included
    fight.get_by_test_id("whole-share").locator("summary").click()
    fight.wait_for_function(READY_OR_FAILED, arg="share-qr", timeout=90_000)
    whole = fight.get_by_test_id("share-qr").get_by_test_id("qr-code")
    whole.scroll_into_view_if_needed()
    box = whole.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width and box["width"] >= 101 * 3


def test_it_works_offline(fight: Page, tmp_path: Path) -> None:
    fight.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    fight.evaluate("navigator.serviceWorker.ready")
    fight.context.set_offline(True)
    try:
        fight.reload()
        wait_ready(fight)
        assert open_share(fight) == "ready"
        assert decoded(fight, tmp_path) == fight.get_by_test_id("share-link").input_value()
    finally:
        fight.context.set_offline(False)


# Its own profile: a kept service worker would serve the generator from its cache, where the route cannot refuse it.
@pytest.mark.own_profile
def test_without_its_generator_the_dialog_says_so_and_goes_on(page: Page, site_url: str, tmp_path: Path) -> None:
    # As if offline before the generator was ever saved: routed for the whole context, the service worker's precache
    # of it fails too (a route on the page alone would not see what the service worker serves).
    page.context.route("**/qrcodegen-*.whl", lambda route: route.abort())
    open_page(page, f"{site_url}#{fighters(10).link()}")
    assert open_share(page) == "failed"
    note = page.get_by_test_id("share-qr").get_by_test_id("qr-note")
    expect(note).to_contain_text("No QR code: The QR code generator could not be loaded")
    expect(note).to_contain_text("The link above works without it")
    expect(page.get_by_test_id("share-qr").get_by_test_id("qr-code")).to_have_count(0)
    link = page.get_by_test_id("share-link").input_value()
    assert link.endswith("#" + fighters(10).link())
    page.get_by_test_id("share-close").click()
    expect(page.get_by_test_id("share-dialog")).to_be_hidden()
    page.context.unroute("**/qrcodegen-*.whl")
    assert open_share(page) == "ready"                                     # tried again at the next opening
    assert decoded(page, tmp_path) == link


def inside(page: Page, testid: str, height: int) -> bool:
    """Whether the element is on the screen as it is, unscrolled: what a game master sees without looking for it."""
    box = page.get_by_test_id(testid).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("width, height", [(390, 844), (768, 1024)])
def test_share_asks_who_the_players_are_then_shows_their_code_saying_what_it_shows(
        fight: Page, width: int, height: int, tmp_path: Path) -> None:
    """Issue 48 (10): the code opened above the ticks, and ticking two changed it (version 17 to 22), so a phone
    that scanned early held a stale view; on a phone "The others show" was off screen."""
    fight.set_viewport_size({"width": width, "height": height})
    fight.get_by_test_id("share").click()
    expect(fight.get_by_test_id("player-choose")).to_be_visible()
    expect(fight.get_by_test_id("player-code")).to_be_hidden()
    expect(fight.get_by_test_id("qr-code")).to_have_count(0)                  # no code before the choice
    boxes = fight.get_by_test_id("player-pc")
    expect(boxes).to_have_count(6)
    for testid in ("player-pcs", "player-npcs-tracks", "player-show", "share-close"):
        assert inside(fight, testid, height), testid
    names = fight.locator("[data-testid=player-pc] + span").all_inner_texts()
    boxes.nth(0).check()
    boxes.nth(2).check()
    fight.get_by_test_id("player-show").click()
    expect(fight.get_by_test_id("player-choose")).to_be_hidden()
    shows = (f"This code shows {names[0]} and {names[2]} in full (the players' characters), the others only as "
             "unhurt, wounded or down.")
    expect(fight.get_by_test_id("player-shows")).to_have_text(shows)
    fight.wait_for_function(READY_OR_FAILED, arg="player-qr", timeout=90_000)
    for testid in ("player-shows", "qr-code", "share-close"):
        assert inside(fight, testid, height), testid
    view = ok("open_player", link=decoded(fight, tmp_path, "player-qr").split("#", 1)[1])["player"]
    assert [card["name"] for card in view["roster"] if card["player"]] == [names[0], names[2]]
    # Remembered for the encounter: Share opens on its code; "Change" asks again, the ticks as they were, no code.
    fight.get_by_test_id("share-close").click()
    fight.get_by_test_id("share").click()
    expect(fight.get_by_test_id("player-shows")).to_have_text(shows)
    fight.get_by_test_id("player-change").click()
    expect(fight.get_by_test_id("player-code")).to_be_hidden()
    expect(fight.get_by_test_id("qr-code")).to_have_count(0)
    assert [box.is_checked() for box in boxes.all()] == [True, False, True, False, False, False]
    fight.get_by_test_id("player-npcs-tracks").check()
    fight.get_by_test_id("player-show").click()
    expect(fight.get_by_test_id("player-shows")).to_have_text(shows.replace("only as unhurt, wounded or down",
                                                                            "with their wounds"))
