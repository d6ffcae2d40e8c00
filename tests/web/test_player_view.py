"""The player view: made in the share dialog, opened from its link read-only on the players' page (player.html),
which never loads the rules engine, holding nothing it hides; and the players' window, which follows the fight."""

from __future__ import annotations

import base64
import re
import json
import subprocess
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from rules import player
from tests.rules.helpers import attack, duel, ok, thug_fight
from tests.web.actions import add_combatant, cyrus_and_bandit, first_paint, hit_with_typed_dice, show_player_code
from tests.web.conftest import open_page, wait_ready

# Own profiles: the players' page registers its own service worker, which a first visit must find absent.
pytestmark = pytest.mark.own_profile

SECRET = "Secretly the mayor's son"



def fight_link() -> str:
    """Kit (a player's character) has hit the thug; the thug has a secret note and a condition."""
    return str(thug_fight(SECRET, thug_hits_back=False)["fragment"])


def decoded(url: str) -> str:
    payload = url.split("#p1.", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).decode("utf-8")


WOUNDS = "[data-testid=track], [data-testid^=\"widget-\"]"    # a wound widget: only a player's character's in "status"
ENGINE = re.compile(r"/(pyodide|pyscript|wheels|qr)/|python|\\.wasm|\\.whl|interpreter\\.js")


def open_players(page: Page, url: str) -> Page:
    """The players' page, drawn (or refused, saying why): it has no engine to wait for."""
    page.goto(url)
    page.wait_for_function("() => ['drawn', 'refused'].includes(document.documentElement.dataset.view)",
                           timeout=30_000)
    return page


def engine_requests(page: Page) -> list[str]:
    """Every request of the page (and of its service worker) that is part of the rules engine, from now on."""
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url) if ENGINE.search(request.url) else None)
    return asked


def test_the_player_view_has_no_controls_and_its_link_holds_no_hidden_detail(
        page: Page, site_url: str, fresh_context: BrowserContext, tmp_path: Path) -> None:
    open_page(page, f"{site_url}#{fight_link()}")
    page.get_by_test_id("share").click()        # Share opens on the players' view (issue 36)
    link = show_player_code(page, ["c1"])
    assert link.startswith(f"{site_url}player.html#p1."), link
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

    player = fresh_context.new_page()
    asked = engine_requests(player)
    open_players(player, link)
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
    # Its first paint is the view, not the empty page before it (player.html's blocking="render" on player.js).
    painted = {"paint": first_paint(player),
               "drawn": player.evaluate('() => performance.getEntriesByName("woundbook:player-drawn")[0].startTime')}
    assert painted["paint"] is not None and painted["paint"] >= painted["drawn"], painted
    assert not player.evaluate("() => Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))")
    # A player's phone fetches nothing of the engine, and keeps only the players' page for offline use.
    player.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert player.evaluate("() => navigator.serviceWorker.controller.scriptURL").endswith("sw.js?player")
    kept = player.evaluate("""async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0]);
      return [names, (await cache.keys()).map((request) => request.url)];
    }""")
    assert len(kept[0]) == 1 and kept[0][0].endswith("-player"), kept
    assert any(url.endswith("/player.html") for url in kept[1]) and not any(ENGINE.search(url) for url in kept[1]), kept
    assert asked == [], asked


def test_a_damaged_player_link_says_so_and_shows_nothing(page: Page, site_url: str) -> None:
    asked = engine_requests(page)
    # One made before the players' page existed names the game master's page, which hands it over.
    open_players(page, f"{site_url}#p1.eJyrVkrLz1eyUlAqSi0uyc9LVaoFADvBBkI")
    assert page.url.startswith(f"{site_url}player.html#p1.")
    expect(page.get_by_test_id("banner-text")).to_have_text("This player view cannot be shown: this player view link "
                                                            "is damaged: it was cut short or altered.")
    expect(page.get_by_test_id("combatant")).to_have_count(0)
    expect(page.get_by_test_id("player-view")).to_be_hidden()
    page.goto(f"{site_url}player.html#p1.%%%")      # a hash change: the page reads the new link
    expect(page.get_by_test_id("banner-text")).to_contain_text("This player view cannot be shown: this player view "
                                                               "link is damaged: it contains characters")
    expect(page.get_by_test_id("banner")).to_have_count(1)
    # The game master's page preloads two of the engine's small modules as it is read, before it hands the link
    # over (a link made before the players' page): neither runs, and nothing of Python itself is fetched.
    assert not [url for url in asked if not url.endswith(("/pyodide.mjs", "/core.js"))], asked


def test_a_player_view_opens_offline_once_the_site_is_cached(page: Page, site_url: str) -> None:
    """A game master's device that keeps the whole site opens a player link with no network, in the same tab."""
    open_page(page, site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    link = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"],
              npcs="tracks")["fragment"]
    page.context.set_offline(True)
    try:
        open_players(page, f"{site_url}player.html#{link}")
        expect(page.get_by_test_id("player-status")).to_have_text("Round 1 · Kit's turn")
        expect(page.get_by_test_id("combatant").nth(1).get_by_test_id("widget-grid")).to_be_visible()   # "tracks"
        # The whole site's worker serves the players' page too: the page does not replace it with its own.
        assert "?player" not in page.evaluate("() => navigator.serviceWorker.controller.scriptURL")
    finally:
        page.context.set_offline(False)


def test_a_players_phone_opens_the_next_player_link_offline(page: Page, site_url: str) -> None:
    link = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"],
              npcs="status")["fragment"]
    open_players(page, f"{site_url}player.html#{link}")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    later = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=[],
               npcs="tracks")["fragment"]
    page.context.set_offline(True)
    try:
        page.goto("about:blank")
        open_players(page, f"{site_url}player.html#{later}")
        expect(page.get_by_test_id("combatant")).to_have_count(2)
        expect(page.get_by_test_id("combatant").nth(0).get_by_test_id("widget-grid")).to_be_visible()
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
    assert page.url.startswith(f"{site_url}player.html#p1.")
    expect(page.get_by_test_id("roll")).to_have_count(0)
    expect(page.get_by_test_id("banner")).to_have_count(0)
    page.go_back()
    wait_ready(page)
    expect(page.get_by_test_id("roll")).to_be_visible()
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    expect(page.get_by_test_id("player-view")).to_be_hidden()


def test_the_players_window_follows_the_fight_as_it_happens_offline(page: Page, site_url: str) -> None:
    open_page(page, site_url)
    cyrus_and_bandit(page)
    page.get_by_test_id("share").click()
    show_player_code(page, ["c1"])
    with page.context.expect_page() as opened:
        page.get_by_test_id("players-window").click()
    window = opened.value
    window.wait_for_function("() => document.documentElement.dataset.view === 'drawn'", timeout=30_000)
    assert window.url.startswith(f"{site_url}player.html#live.")
    cards = window.get_by_test_id("combatant")
    expect(cards).to_have_count(2)
    expect(cards.nth(1).get_by_test_id("combatant-status")).to_have_text("Unhurt")
    expect(window.get_by_test_id("player-about")).to_contain_text("as it changes")
    # The game master's tab in front again: in a headless browser only the page in front draws frames, and each
    # action on a page that draws none waits some 2 s for its element to be seen still (a second screen shows both).
    page.bring_to_front()
    page.get_by_test_id("share-close").click()
    page.context.set_offline(True)      # the window needs no network: the same device tells it
    try:
        hit_with_typed_dice(page, "2", "-00+")        # TD-02: 1 damage, Bandit Scratched
        expect(cards.nth(1).get_by_test_id("combatant-status")).to_have_text("Scratched")
        expect(window.get_by_test_id("log-entry").first.get_by_test_id("log-title")).to_contain_text("Bandit")
        page.get_by_test_id("undo").click()
        expect(cards.nth(1).get_by_test_id("combatant-status")).to_have_text("Unhurt")
    finally:
        page.context.set_offline(False)
    # Reopened (a second tap, or after the window was closed), it shows the fight as it is now.
    window.close()
    with page.context.expect_page() as again:
        page.get_by_test_id("share").click()
        page.get_by_test_id("players-window").click()
    again.value.wait_for_function("() => document.documentElement.dataset.view === 'drawn'", timeout=30_000)
    expect(again.value.get_by_test_id("combatant")).to_have_count(2)


def test_the_game_masters_page_on_a_players_phone_takes_over_its_worker_quietly(page: Page, site_url: str) -> None:
    """A phone that opened a player link (its worker keeps the players' page alone) later opens the game master's
    page: the whole build's worker replaces it at once, with no "new version" offer and no reload, and keeps it all."""
    link = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"],
              npcs="status")["fragment"]
    open_players(page, f"{site_url}player.html#{link}")
    page.wait_for_function("() => navigator.serviceWorker.controller?.scriptURL.endsWith('sw.js?player')",
                           timeout=60_000)
    open_page(page, site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js')", timeout=120_000)
    expect(page.get_by_test_id("banner")).to_have_count(0)
    whole = page.evaluate("""async () => {
      const name = (await caches.keys()).find((one) => !one.endsWith('-player'));
      return (await (await caches.open(name)).keys()).map((request) => request.url);
    }""")
    assert any("/pyodide/" in url for url in whole) and any(url.endswith("/player.html") for url in whole)
    page.get_by_test_id("new-encounter").wait_for()
    expect(page.get_by_test_id("add-combatant")).to_be_enabled()


def test_a_player_choice_follows_its_combatant_not_its_id(page: Page, site_url: str) -> None:
    """Issue 48 (15): Hero and Sidekick ticked as players' characters, Sidekick's add undone, Villain added: Villain
    took Sidekick's id, and the players' window showed him as a player's character, his wounds in full."""
    open_page(page, site_url)
    add_combatant(page, "Hero")
    add_combatant(page, "Sidekick")
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    page.get_by_test_id("share").click()
    show_player_code(page, ["c1", "c2"])
    with page.context.expect_page() as opened:
        page.get_by_test_id("players-window").click()
    window = opened.value
    cards = window.get_by_test_id("combatant")
    expect(cards).to_have_count(2, timeout=30_000)
    expect(cards.nth(1).locator(WOUNDS)).to_be_visible()
    page.bring_to_front()
    page.get_by_test_id("share-close").click()
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("combatant")).to_have_count(1)
    add_combatant(page, "Villain")
    expect(cards).to_have_count(2)
    expect(cards.nth(1)).to_contain_text("Villain")
    expect(cards.nth(1).locator(WOUNDS)).to_have_count(0)      # only wounded or down, as the others
    expect(cards.nth(0).locator(WOUNDS)).to_be_visible()
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("player-shows")).to_have_text("This code shows Hero in full (the players' "
                                                             "characters), the others only as unhurt, wounded or down.")
    roster = json.loads(decoded(show_player_code(page)))["roster"]
    assert [(card["name"], card["player"]) for card in roster] == [("Hero", True), ("Villain", False)]


def test_the_players_page_numbers_its_log_among_itself(page: Page, site_url: str) -> None:
    """Issue 48 (16): a link that numbers its entries by their place in the whole log ("4." then "6.": 5 was about
    someone hidden) is drawn 1, 2, 3, ... all the same."""
    made = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"], npcs="status")
    view = json.loads(decoded(f"#{made['fragment']}"))
    view["log"] = [{**entry, "index": 2 * place + 4} for place, entry in enumerate(view["log"])]
    link = "p1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(view).encode())).decode().rstrip("=")
    open_players(page, f"{site_url}player.html#{link}")
    entries = page.get_by_test_id("log-entry")
    expect(entries).to_have_count(len(view["log"]))
    assert entries.evaluate_all("(items) => items.map((item) => item.value)") == list(range(len(view["log"]), 0, -1))


def test_the_players_page_says_what_changed_in_the_game_masters_words(page: Page, site_url: str) -> None:
    """Issue 48 (11): a player's character Scratched and hit again read "No change the players can see", and a
    condition a turn ends read "1 round left" where the game master's card said whose turn ends it."""
    once, _ = attack(duel("3-"), {"margin": "typed", "margin_of_success": 1}, {"damage": "-000"})
    twice, _ = attack(once, {"margin": "typed", "margin_of_success": 1}, {"damage": "-000"})
    held, _ = twice.record("condition", {"id": "c2", "change": "add", "name": "Held", "ends": "start", "by": "c1"})
    open_players(page, f"{site_url}player.html#{player.link(held, ['c2'], 'status')}")
    outcomes = page.get_by_test_id("log-entry").get_by_test_id("log-outcome")
    expect(outcomes.nth(0)).to_have_text("Held until the start of Attacker's next turn")
    expect(outcomes.nth(1)).to_have_text("Target: Scratched (no penalty): 1 of 4 marked \u2192 2 of 4 marked")
    expect(page.get_by_test_id("card-condition")).to_have_text("Held \u00b7 until the start of Attacker's next turn")


def test_a_players_phone_fetches_the_icon_once(browser: Browser, site_url: str) -> None:
    """Issue 48 (14): on a phone the players' page fetched icon.svg twice, for the tab and for its header."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        icons: list[str] = []
        page.on("request", lambda request: icons.append(request.resource_type) if request.url.endswith("/icon.svg")
                else None)
        link = ok("player_link", encounter=ok("open_link", link=fight_link())["encounter"], players=["c1"],
                  npcs="status")["fragment"]
        open_players(page, f"{site_url}player.html#{link}")
        page.wait_for_load_state("networkidle")
        assert len(icons) == 1, icons
        expect(page.get_by_test_id("system-name")).to_be_visible()         # its title in words, not the icon
    finally:
        context.close()
