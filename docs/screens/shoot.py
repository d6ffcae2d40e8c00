"""The compact roster of a six-combatant fight, mid-fight, in each system at three sizes, light and dark.

    python3 build.py && .venv/bin/python docs/screens/shoot.py [OUTDIR] [system ...]

Serves dist/site on 127.0.0.1, opens each system's busy table (tests/web/tables.py) in a touch context, starts the
fight (the app's dice roll any initiative) and saves <system>-<width>x<height>-<scheme>.png in OUTDIR (by default
this folder). Debian's Chromium, as the tests use.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web.tables import busy_table  # noqa: E402

SYSTEMS = ("typed", "megatraveller", "kyod", "sla", "fudge")
SIZES = ((768, 1024), (1024, 768), (390, 844))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Each request is not news."""

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionResetError:
            pass   # the browser closed a page mid-response (the next context opens)


@contextmanager
def site() -> Iterator[str]:
    """dist/site served on 127.0.0.1 for as long as the block runs: its URL."""
    handler = functools.partial(QuietHandler, directory=str(ROOT / "dist" / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def main(out: Path, systems: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with site() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for system in systems:
            fragment = busy_table(system)["fragment"]
            for width, height in SIZES:
                for scheme in ("light", "dark"):
                    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                                  is_mobile=True, color_scheme=scheme)
                    page = context.new_page()
                    page.goto(f"{url}#{fragment}")
                    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=120_000)
                    page.get_by_test_id("turn-start").tap()
                    page.wait_for_function("() => !document.querySelector('[data-testid=turn-next]').hidden")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{system}-{width}x{height}-{scheme}.png"))
                    context.close()
        browser.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    target = Path(args.pop(0)) if args and args[0] not in SYSTEMS else Path(__file__).resolve().parent
    main(target, args or list(SYSTEMS))
