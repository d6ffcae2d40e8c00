"""The README's tour for a game master, as pictures: typing the table's dice, a result with its Why and the odds,
sharing the player view, and the encounters library, on a landscape tablet (1024x768, light).

    python3 build.py && .venv/bin/python docs/screens/tour.py [OUTDIR]

Opens the Typed Damage busy table (tests/web/tables.py) from its link, as shoot.py does, and saves tour-*.png in
OUTDIR (by default this folder). Debian's Chromium, as the tests use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from shoot import FLAGS, site
from tests.web.tables import busy_table

SIZE = {"width": 1024, "height": 768}


def ready(page: Page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    page.wait_for_timeout(300)


def shoot(page: Page, out: Path, name: str) -> None:
    page.wait_for_timeout(400)
    page.screenshot(path=str(out / f"tour-{name}.png"))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with site() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        context = browser.new_context(viewport=SIZE, has_touch=True, color_scheme="light")
        page = context.new_page()
        page.goto(f"{url}#{busy_table('typed')['fragment']}")
        ready(page)
        page.get_by_test_id("turn-start").tap()
        page.wait_for_function("() => !document.querySelector('[data-testid=turn-next]').hidden")
        page.get_by_test_id("type-dice").tap()
        page.get_by_test_id("dice-prompt").wait_for()
        for face in "+0+":
            page.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
        shoot(page, out, "dice")
        page.locator(f'[data-testid="dice-face"][data-face="-"]').tap()
        page.get_by_test_id("dice-use").tap()
        page.get_by_test_id("dice-prompt").wait_for(state="hidden")
        page.get_by_test_id("latest-steps").locator("summary").tap()
        shoot(page, out, "why")
        page.get_by_test_id("share").tap()
        for pc in (0, 2):   # Cyrus and Ilsa the Tall are the players' characters, asked for first
            page.get_by_test_id("player-pc").nth(pc).tap()
        page.get_by_test_id("player-show").tap()
        page.wait_for_timeout(300)
        page.wait_for_function("() => document.querySelector('[data-testid=player-qr]')?.dataset.state === 'ready'",
                               timeout=60_000)
        shoot(page, out, "share")
        player_link = page.get_by_test_id("player-link").input_value()
        page.get_by_test_id("share-close").tap()
        page.get_by_test_id("library").tap()
        page.get_by_test_id("library-dialog").wait_for()
        shoot(page, out, "library")
        context.close()
        context = browser.new_context(viewport=SIZE, has_touch=True, color_scheme="light")
        page = context.new_page()
        page.goto(player_link)
        page.wait_for_function("() => document.documentElement.dataset.view === 'drawn'", timeout=60_000)
        shoot(page, out, "player")
        context.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if sys.argv[1:] else Path(__file__).resolve().parent)
