"""The player view: made in the share dialog, opened from its link read-only, and holding nothing it hides."""

from __future__ import annotations

import base64
import json
import subprocess
import zlib
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.rules.helpers import ok, thug_fight
from tests.web.conftest import open_page, wait_ready

SECRET = "Secretly the mayor's son"



def fight_link() -> str:
    """Kit (a player's character) has hit the thug; the thug has a secret note and a condition."""
    return str(thug_fight(SECRET, thug_hits_back=False)["fragment"])


def decoded(url: str) -> str:
    payload = url.split("#p1.", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).decode("utf-8")


def test_the_player_view_has_no_controls_and_its_link_holds_no_hidden_detail(
        page: Page, site_url: str, fresh_context: BrowserContext, tmp_path: Path) -> None:
    open_page(page, f"{site_url}#{fight_link()}")
    page.get_by_test_id("share").click()        # Share opens on the players' view (issue 36)
    page.locator('[data-testid="player-pc"][data-id="c1"]').check()
    page.wait_for_function("() => document.querySelector('[data-testid=\"player-link\"]').value.includes('#p1.')")
    link = page.get_by_test_id("player-link").input_value()
    qr = page.get_by_test_id("player-qr")
    expect(qr).to_have_attribute("data-state", "ready", timeout=90_000)
    qr.get_by_test_id("qr-code").screenshot(path=str(tmp_path / "player-qr.png"))
    read = subprocess.run(["/usr/bin/zbarimg", "--raw", "-q", str(tmp_path / "player-qr.png")], capture_output=True,
                          text=True, timeout=60)
    assert read.stdout.removesuffix("\n") == link              # the players scan exactly the player link
    text = decoded(link)
    for hidden in (SECRET, "A98765", "Laser Rifle (4)", '"events"', '"dice"', '"sheet"', "upp"):
        assert hidden not in text, hidden
    assert json.loads(text)["roster"][1]["status"]["text"] in ("Wounded", "Down", "Unhurt")

    player = open_page(fresh_context.new_page(), link)
    expect(player.get_by_test_id("player-view")).to_be_visible()
    expect(player.get_by_test_id("player-status")).to_have_text("Round 1 · Kit's turn")
    cards = player.get_by_test_id("combatant")
    expect(cards).to_have_count(2)
    expect(cards.nth(1).get_by_test_id("card-condition")).to_have_text("Blinded · 2 rounds left")
    expect(player.get_by_text(SECRET)).to_have_count(0)
    expect(cards.nth(0).get_by_test_id("widget-grid")).to_be_visible()        # the player's character in full
    expect(cards.nth(1).get_by_test_id("widget-grid")).to_have_count(0)       # the other: only wounded or down
    controls = player.locator("button:visible, input:visible, select:visible, textarea:visible")
    assert controls.count() == 0, controls.evaluate_all("(nodes) => nodes.map((node) => node.outerHTML.slice(0, 80))")
    expect(player.get_by_test_id("log-entry").first).to_be_visible()
    assert not player.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))")


def test_a_damaged_player_link_says_so_and_shows_nothing(page: Page, site_url: str) -> None:
    open_page(page, f"{site_url}#p1.eJyrVkrLz1eyUlAqSi0uyc9LVaoFADvBBkI")
    expect(page.get_by_test_id("banner-text")).to_contain_text("This player view cannot be shown")
    expect(page.get_by_test_id("combatant")).to_have_count(0)
    expect(page.get_by_test_id("roll")).to_be_hidden()


def test_a_player_view_opens_offline_once_the_site_is_cached(page: Page, site_url: str) -> None:
    """A player's phone that has opened Woundbook once opens a player link with no network."""
    open_page(page, site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready")
    link = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"],
                npcs="tracks")["fragment"]
    page.context.set_offline(True)
    try:
        page.goto(f"{site_url}#{link}")       # followed in this tab: the page starts again as the player view
        expect(page.get_by_test_id("player-status")).to_have_text("Round 1 · Kit's turn", timeout=60_000)
        wait_ready(page)
        expect(page.get_by_test_id("combatant").nth(1).get_by_test_id("widget-grid")).to_be_visible()   # "tracks"
    finally:
        page.context.set_offline(False)


def test_a_player_link_followed_in_the_game_masters_tab_opens_the_player_view_and_back_again(
        page: Page, site_url: str) -> None:
    """Tapping a player link in the tab the fight runs in (a hash change, no new page) shows the player view, not
    a refusal to open it as a share link; Back returns to the game master's encounter, which was kept."""
    open_page(page, f"{site_url}#{fight_link()}")
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    link = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"],
              npcs="status")["fragment"]
    page.goto(f"{site_url}#{link}")
    expect(page.get_by_test_id("player-status")).to_have_text("Round 1 · Kit's turn", timeout=30_000)
    expect(page.get_by_test_id("roll")).to_be_hidden()
    expect(page.get_by_test_id("banner")).to_have_count(0)
    page.go_back()
    wait_ready(page)
    expect(page.get_by_test_id("roll")).to_be_visible()
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    expect(page.get_by_test_id("player-view")).to_be_hidden()
    # A damaged one says that it is a damaged player view, not a share link of an unknown version.
    page.goto(f"{site_url}#p1.%%%")
    expect(page.get_by_test_id("banner-text")).to_contain_text("This player view cannot be shown: this player view "
                                                               "link is damaged", timeout=30_000)
