"""The bench's sharing figures (tests/bench.py): the share link's length, the share dialog's QR codes, and a player link opened on a fresh phone profile."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.bench_encounters import fighters
from tests.bench_visits import FLAGS, READY, SNAPSHOT_MADE, byte_counts, median, tap


def share_link_chars() -> int:
    return len(fighters(10).link())


def qr_matrix() -> ModuleType:
    """web/qr_matrix.py, as the page runs it, in this Python: with the generator's pinned wheel on the path (a
    pure-Python wheel imports as it is)."""
    import build

    wheel = str(build.pypi_wheel(*build.QR_GENERATOR))
    if wheel not in sys.path:
        sys.path.append(wheel)
    spec = importlib.util.spec_from_file_location("qr_matrix", build.QR_MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PAGES_URL = "https://someone.github.io/woundbook/"   # where a GitHub Pages project site serves the page


# Tap Share (and Show, where it asks who the players are) and wait for the players' QR code; then unfold the whole encounter, the
# second choice, and wait for its code: [ms from the tap to the players' code, ms from the unfolding to the whole's].
SHARE_QR = """async () => {
  const drawn = (qr) => new Promise((resolve) => {
    const done = () => ["ready", "failed"].includes(qr.dataset.state);
    if (done()) return resolve();
    const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
    watch.observe(qr, { attributes: true });
  });
  const players = document.querySelector('[data-testid="player-qr"]');
  const whole = document.querySelector('[data-testid="share-qr"]');
  const start = performance.now();
  document.querySelector('[data-testid="share"]').click();
  const show = document.querySelector('[data-testid="player-show"]');
  if (show.offsetParent) show.click();      // who the players are, the first time (issue 48), then their code
  await drawn(players);
  const playersMs = performance.now() - start;
  const unfolded = performance.now();
  document.querySelector('[data-testid="whole-share"]').open = true;
  await new Promise((resolve) => setTimeout(resolve, 0));       // the fold's toggle event comes as a task
  await drawn(whole);
  for (const qr of [players, whole]) if (qr.dataset.state !== "ready") throw new Error(qr.textContent);
  return [playersMs, performance.now() - unfolded];
}"""


def qr_figures(playwright: Any, url: str, runs: int) -> dict[str, Any]:
    """The share dialog's QR code of six combatants after ten resolutions: its size, then the time to the drawn code
    on the dialog's first opening (fresh profiles) and on later ones (a resolution between, so a new link)."""
    link = f"{PAGES_URL}#{fighters(10).link()}"
    code = json.loads(qr_matrix().matrix(link))["result"]

    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
    first_uses, later = [], []
    for run in range(min(runs, 5)):
        context = browser.new_context(viewport={"width": 768, "height": 1024})
        page = context.new_page()
        page.goto(f"{url}#{fighters(10).link()}")
        page.wait_for_function(READY, timeout=120_000)
        page.wait_for_function(SNAPSHOT_MADE, timeout=120_000)   # the first visit's background work, done
        first_uses.append(page.evaluate(SHARE_QR))
        if run == 0:
            for _ in range(5):
                page.get_by_test_id("share-close").click()
                before = page.get_by_test_id("log-entry").count()
                tap(page, "roll")                        # a new resolution, so a new link and new codes
                if page.get_by_test_id("log-entry").count() != before + 1:
                    raise RuntimeError("a Roll between two shares was dropped")
                later.append(page.evaluate(SHARE_QR))
        context.close()
    browser.close()
    return {"link_chars": len(link), "version": code["version"], "modules": code["size"],
            "error_correction": code["error_correction"],
            "first_use_ms": median([float(players) for players, _ in first_uses]),
            "whole_first_use_ms": median([float(whole) for _, whole in first_uses]),
            "generate_ms": median([float(players) for players, _ in later]),
            "whole_generate_ms": median([float(whole) for _, whole in later])}


def player_link_figures() -> dict[str, Any]:
    """The players' view link of six fighters after ten resolutions, a fight begun, three of them the players'
    characters and the others shown as wounded or down: its length on GitHub Pages and its QR code's version."""
    from rules import player
    from rules.dice import SeededDice

    encounter, _ = fighters(10).record("turn", {"move": "start"}, SeededDice(1))
    link = f"{PAGES_URL}#{player.link(encounter, ['c1', 'c2', 'c3'], 'status')}"
    code = json.loads(qr_matrix().matrix(link))["result"]
    return {"player_link_chars": len(link), "player_qr_version": code["version"]}


ENGINE_FILES = re.compile(r"/(pyodide|pyscript|wheels|qr)/|\\.wasm|\\.whl")


PLAYER_DRAWN = "() => ['drawn', 'refused'].includes(document.documentElement.dataset.view)"


def player_visit_figures(playwright: Any, root: Path, url: str, runs: int) -> dict[str, Any]:
    """A player's phone opening the players' view link (player_link_figures' six fighters) in a fresh profile, each
    run: the time to the drawn view, and every byte the visit fetched (its service worker's precache included,
    given time to end), and how many of those requests were the engine's (Pyodide, PyScript, the wheel)."""
    from rules import player
    from rules.dice import SeededDice

    encounter, _ = fighters(10).record("turn", {"move": "start"}, SeededDice(1))
    link = f"{url}player.html#{player.link(encounter, ['c1', 'c2', 'c3'], 'status')}"
    drawn, packed, engine = [], [], []
    for _ in range(runs):
        profile = tempfile.mkdtemp(prefix="woundbook-bench-player-")
        try:
            context = playwright.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium",
                                                                   args=FLAGS, viewport={"width": 390, "height": 844})
            asked: list[str] = []
            context.on("request", lambda request: asked.append(request.url))
            page = context.new_page()
            page.goto(link)
            page.wait_for_function(PLAYER_DRAWN, timeout=60_000)
            if page.evaluate("() => document.documentElement.dataset.view") != "drawn":
                raise RuntimeError("the player link was not drawn")
            drawn.append(float(page.evaluate(
                "() => performance.getEntriesByName('woundbook:player-drawn')[0].startTime")))
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
            page.wait_for_timeout(1000)
            packed.append(byte_counts(root, asked)[1])
            engine.append(sum(bool(ENGINE_FILES.search(address)) for address in asked))
            context.close()
        finally:
            shutil.rmtree(profile, ignore_errors=True)
    return {"drawn_ms": median(drawn), "bytes_gzip": int(statistics.median(packed)), "engine_requests": max(engine)}
