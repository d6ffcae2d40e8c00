"""Issue 48 (17): how long player.html takes to draw the heaviest links the bounds allow (combining marks at every
bound, a card's widgets at their item bound, the JSON near its size limit). A measure, not a test: run it after
`python3 build.py` as `.venv/bin/python -m tests.js.measure_player_link PORT`; it serves dist/site on PORT. On the
shared 2-core machine (December 2026) every case drew in 60 to 550 ms; before the bounds, one letter under 180,000
combining marks took 41 s."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import zlib
from typing import Any

from playwright.sync_api import sync_playwright

from rules import player, player_read

BUDGET = 390_000        # under the link's 400,000 bytes of JSON


def marked(length: int) -> str:
    """A text of ``length`` characters: one letter under combining marks."""
    return "a" + "\u0301" * (length - 1)


def size(document: Any) -> int:
    return len(json.dumps(document, ensure_ascii=False).encode("utf-8"))


def link(document: Any) -> str:
    packed = zlib.compress(json.dumps(document, ensure_ascii=False).encode("utf-8"), 9)
    return "p1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def heaviest(widget: dict[str, Any] | None, texts: bool = True) -> dict[str, Any]:
    """40 cards and 12 log entries, every text at its bound; each card given copies of ``widget`` while they fit."""
    text = marked if texts else (lambda length: "a")
    roster: list[dict[str, Any]] = [{"id": f"p{index}", "name": text(60), "player": True, "status": {"text": text(80), "severity": "hurt"},
               "widgets": [], "conditions": [{"name": text(40), "rounds": 3}] * (12 if texts else 0), "note": ""}
              for index in range(40)]
    view = {"format": 1, "system": {"name": text(100)}, "npcs": "tracks",
            "fight": {"started": True, "round": 3, "phase": text(80), "current": "p1",
                      "order": [{"id": f"p{index}", "name": text(60), "label": text(80), "stands": "waiting",
                                 "why": text(200)} for index in range(40 if texts else 0)]},
            "roster": roster, "log": [{"index": index + 1, "title": text(400), "outcome": text(2000)}
                                      for index in range(12 if texts else 0)]}
    if widget is not None:
        for card in roster:
            while len(card["widgets"]) < player_read.MAX_WIDGETS and size(view) + size(widget) < BUDGET:
                card["widgets"].append(widget)
    return view


def track(levels: int, boxes: int, texts: bool) -> dict[str, Any]:
    text = marked(200) if texts else "x"
    return {"kind": "track", "label": text, "levels": [
        {"name": text, "penalty": text, "threshold": text, "summary": text,
         "boxes": [{"marked": True, "by": text, "mark": text} if texts else {}] * boxes} for _ in range(levels)]}


CASES = {"no widgets": heaviest(None), "tracks of marked texts": heaviest(track(2, 3, True)),
         "tracks of 120 boxes, 8 a card": heaviest(track(1, 120, False), texts=False)}


def main(port: int) -> None:
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "-d", "dist/site"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            for width in (390, 1024):
                page = browser.new_page(viewport={"width": width, "height": 844})
                page.goto(f"http://127.0.0.1:{port}/player.html")
                for name, view in CASES.items():
                    fragment = link(view)
                    player.read(fragment)       # within every bound: the engine reads it
                    took, shown = page.evaluate("""async (link) => {
                      const start = performance.now();
                      location.hash = link;
                      await new Promise((done) => addEventListener('hashchange', done, { once: true }));
                      document.body.offsetHeight;
                      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
                      return [performance.now() - start, document.documentElement.dataset.view];
                    }""", fragment)
                    print(f"{width} px, {name}: {size(view):,} bytes of JSON, {len(fragment):,} characters, "
                          f"{shown} in {took:.0f} ms")
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main(int(sys.argv[1]))
