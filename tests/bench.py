"""The benchmark behind `python3 build.py bench`: Chromium over the built site, medians of fresh profiles.

Figures (milliseconds are medians):
- cold_ms / warm_ms: navigation start until the page marks the engine ready (``window.woundbookReadyAt``),
  on a first visit with an empty profile and on the next visit in the same profile (on the app, after the first
  visit added two fighters and its memory snapshot was stored);
- first_paint_warm_ms: first contentful paint of the warm visit;
- saved_cards_paint_ms: the warm visit's first frame with the saved cards drawn (the page's
  ``woundbook:first-frame`` mark, taken after that frame);
- return_visits_restored: how many warm visits restored the memory snapshot;
- webkit: the app's first visit in Debian's WebKitGTK (tests/bench_webkit.py), a fresh browser before each run's
  Chromium visits: cold_ms (median; each_cold_ms, every visit's), runs_ready, vs_chromium_first_visit (against
  app.cold_ms), failures;
- bytes_raw / bytes_gzip: what a first visit asks for until ready (gzip as a static host would serve it), not the
  service worker's precache that follows;
- baseline: a bare Pyodide page (its npm package's files, untrimmed) that loads the same wheel and makes one
  call, measured in the same run, its profiles interleaved with the app's;
- targets: each of issue 8's targets and issue 22's (undo and redo at 2,000 events: 50 ms of work, no task over
  200 ms; a keystroke in Compare with forty combatants: 50 ms of work, no task over 200 ms) with its bound and
  whether it is met (also printed as a table on stderr);
- systems.typed.tap_to_paint_ms: a tap on "Roll the dice" until the frame after the result is drawn;
- systems.<id>.tap_work_ms: the same taps, handler start until the DOM is updated (the engine call and drawing);
- systems.typed.odds_ms: one odds computation (opposed roll, so every margin is mixed), through the bridge;
- systems.typed.take_out_ms: tap to painted result for the attack that takes a fresh combatant out;
- systems.megatraveller.tap_to_paint_ms: a typed-in Damage Value 3 hit on a person (the chart marked, its stun
  rolls rolled) until the frame after the result is drawn;
- systems.megatraveller.odds_ms: the odds of a 34 Damage Dice hit on a fresh person (every roll the hit calls for);
- systems.megatraveller.take_out_ms: tap to painted result for a 34 Damage Dice hit that kills a fresh person;
- systems.kyod.tap_to_paint_ms: the knight's broadsword (thr+2 imp) on an armoured guard, the app rolling penetration
  and any cascade, until the frame after the result is drawn;
- systems.kyod.odds_ms: the odds of that hit on the wounded guard (every 3d6 total and every way the cascade goes);
- systems.kyod.take_out_ms: tap to painted result for a typed 3d+52[+0] hit that kills a fresh ST 10 target;
- systems.fudge.tap_to_paint_ms: a simultaneous round, Snorri (Great, a broadsword) against Brynhild (Good), the app
  rolling both fighters' 4dF (the chapter's default options: the damage number, no damage roll);
- systems.fudge.odds_ms: the odds of that round (every pair of 4dF totals, through to each fighter's wounds);
  odds_damage_roll_ms, the same with the 4dF damage roll and its limitations (section 4.7's options);
- systems.fudge.take_out_ms: tap to painted result for a bazooka shot at an unaware pawn, which takes it out;
- systems.sla: twenty-one aimed pistol shots at an armoured Torso (tap_to_paint_ms, tap_work_ms), the odds of one
  (odds_ms), five kills by a marksman's rifle (take_out_ms); burst_odds_ms: the odds of a ten-round burst (bullets on
  target and where they land), each request worked out afresh, whole, with no budget (issue 26: 20 ms);
- long_tasks_over_50ms: long tasks seen during the scripted sessions after ready;
- long_encounter: twenty-one taps of Roll on a Typed Damage encounter of 400 events (six fighters, rolled attacks),
  opened from its link: tap_work_ms and tap_to_paint_ms as above, and its long tasks (not in the session's count);
- long_encounter.at_2000: ten taps of Undo, then ten of Redo, on a MegaTraveller encounter of 2,000 events (the most
  an encounter holds; long_evening: six people, blows typed in and rest), opened from its link: for each,
  tap_work_ms (the click's handlers: engine call and drawing), tap_to_paint_ms, and longest_task_ms (the longest
  task from the tap until 300 ms after its frame, the odds worked out after it included);
- compare_40.alike / compare_40.different: a Damage Value typed a key at a time (COMPARE_KEYS, a key every 150 ms)
  into MegaTraveller's Compare form with forty people on the roster (all UPP 777777, the issue's roster; or all
  different, so no work is shared): keystroke_work_ms (median; the `input` event's handlers, the engine's first
  piece of the table and its drawing), keystroke_work_max_ms, whole_table_ms (from the last key until the whole
  table is drawn), longest_task_ms (while typing and until the table is whole), link_chars;
- share_link_chars: the link of six combatants after ten resolutions;
- qr: the share dialog's QR code of that encounter's link as a GitHub Pages project site would give it (link_chars,
  its QR version and modules a side, made by web/qr_matrix.py as the page makes it); first_use_ms, a tap on Share
  until the players' code (what the dialog opens on) is drawn on its first opening (micropip and the generator
  installed, the first code made; median of fresh profiles, at most five), and whole_first_use_ms, from unfolding the
  whole encounter until its code is drawn; generate_ms and whole_generate_ms, the same for a later opening on a new
  link (median of five);
- experiments.node_snapshot: the bare page again, restoring a memory snapshot made in Node (as a build could) and
  fetched as a static file: does it make a first visit faster than bare Pyodide, and at how many bytes.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import gzip
import http.server
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urlparse

from playwright.sync_api import BrowserContext, Page, Request, sync_playwright

from build import Handler  # the same static server as `python3 build.py serve`
from tests.bench_webkit import WebKitVisits
from tests.web.actions import TAP_SETTLE_MS

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
# Functions, not expressions: Playwright polls an expression with eval, which the page's policy refuses.
READY = "() => document.documentElement.dataset.engine === 'ready' || document.documentElement.dataset.engine === 'failed'"
SNAPSHOT_MADE = "() => ['stored', 'failed', 'unsupported', 'refused'].includes(document.documentElement.dataset.snapshot)"

BASELINE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Bare Pyodide baseline</title></head>
<body><p>Bare Pyodide: load the interpreter and the rules wheel, make one call.</p>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
await pyodide.loadPackage(new URL("./WHEEL", location.href).href);
pyodide.runPython("import rules.api; rules.api.call('new', '{\\"system\\": \\"typed\\"}')");
window.woundbookReadyAt = performance.now();
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""


# The experiment the issue asks to report: bare Pyodide restoring a snapshot made in Node at build time and
# shipped as a static file, against the bare page that starts Python itself.
NODE_SNAPSHOT = BASELINE.replace(
    'const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });',
    'const snapshot = fetch("./snapshot.bin").then((response) => response.arrayBuffer());\n'
    'const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href, _loadSnapshot: snapshot });')


TAPS = 21   # a tap figure is the median of at least 21 taps (issue 38), its spread printed beside it


def spread(values: list[float]) -> list[float] | None:
    """[min, median, max] of tap figures, so one noisy tap is seen and cannot decide the figure."""
    return [round(min(values), 1), median(values), round(max(values), 1)] if values else None  # type: ignore[list-item]


def median(values: list[float]) -> float | None:
    return round(statistics.median(values), 1) if values else None


def visit(context: BrowserContext, url: str) -> tuple[Page, float, list[str]]:
    """Open ``url`` in a new page of ``context`` and wait for ready: the page, when it was ready (ms after
    navigation) and the URLs it asked for until then. Requests reach us late, so those that started after ready
    (the service worker's precache, PyScript's main.py) are left out by their start time, and the service worker's
    own by their origin, as their times are not the page's."""
    requested: list[Request] = []

    def heard(request: Request) -> None:
        requested.append(request)

    context.on("request", heard)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    if page.evaluate("document.documentElement.dataset.engine") != "ready":
        raise RuntimeError(f"{url} did not reach ready")
    ready_at = float(page.evaluate("window.woundbookReadyAt"))
    ready_epoch = float(page.evaluate("performance.timeOrigin")) + ready_at
    context.remove_listener("request", heard)  # the next visit in this context counts its own
    return page, ready_at, [request.url for request in list(requested)
                            if request.service_worker is None and request.timing["startTime"] <= ready_epoch]


def byte_counts(root: Path, urls: list[str]) -> tuple[int, int]:
    raw = packed = 0
    for path in {unquote(urlparse(url).path) for url in urls if url.startswith("http://127.0.0.1")}:
        file = root / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            data = file.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
    return raw, packed


def boot_figures(playwright: Any, root: Path, url: str, app: bool) -> dict[str, Any]:
    """One fresh profile: a first visit (on the app, two fighters are added and the snapshot is made, as a game
    master's first visit would leave them), then a return visit."""
    profile = tempfile.mkdtemp(prefix="woundbook-bench-")
    try:
        context = playwright.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium",
                                                               args=FLAGS, viewport={"width": 768, "height": 1024})
        page, cold, requested = visit(context, url)
        raw, packed = byte_counts(root, requested)
        if app:
            from tests.web.actions import add_combatant
            add_combatant(page, "Cyrus", skill="Good (+1)", weapon="Longsword 4-/2+")
            add_combatant(page, "Bandit", weapon="Dagger 2-/1+", armour="Light Chain -*++")
            page.wait_for_function(SNAPSHOT_MADE, timeout=120_000)
        page.wait_for_timeout(1500)  # let the service worker (app) finish precaching before the next visit
        page.close()
        page, warm, _ = visit(context, url)
        figures = {"cold_ms": cold, "warm_ms": warm, "bytes_raw": raw, "bytes_gzip": packed}
        if app:
            figures["first_paint_warm_ms"] = page.evaluate(
                "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null")
            figures["saved_cards_paint_ms"] = page.evaluate(
                "(performance.getEntriesByName('woundbook:first-frame')[0] || {}).startTime ?? null")
            figures["restored"] = page.evaluate("document.documentElement.dataset.snapshot") == "restored"
        context.close()
        return figures
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def boot_runs(playwright: Any, root: Path, urls: dict[str, str], runs: int,
              each_run: Callable[[], object] = lambda: None) -> dict[str, dict[str, Any]]:
    """Medians of ``runs`` fresh profiles for each page, the pages interleaved (the order turning each run) so
    that a machine growing busier or quieter weighs on all of them alike; ``each_run`` is called before each run
    (WebKit's first visit)."""
    seen: dict[str, list[dict[str, Any]]] = {which: [] for which in urls}
    names = list(urls)
    for run in range(runs):
        each_run()
        for which in names[run % len(names):] + names[:run % len(names)]:
            seen[which].append(boot_figures(playwright, root, urls[which], app=which == "app"))

    def summary(which: str) -> dict[str, Any]:
        values = seen[which]
        out: dict[str, Any] = {key: median([float(v[key]) for v in values if v.get(key) is not None])
                               for key in ("cold_ms", "warm_ms", "first_paint_warm_ms", "saved_cards_paint_ms")
                               if key in values[0]}
        out["bytes_raw"] = int(statistics.median(v["bytes_raw"] for v in values))
        out["bytes_gzip"] = int(statistics.median(v["bytes_gzip"] for v in values))
        if which == "app":
            out["return_visits_restored"] = f"{sum(v['restored'] for v in values)}/{len(values)}"
        return out

    return {which: summary(which) for which in urls}


# [tap to painted frame, synchronous work]: the click's handlers run synchronously (the engine call and the
# drawing), so the time to the end of click() is the tap's work; the frame after it is the paint. Each tap comes
# as a person's does, after reading the last result: a tap within TAP_SETTLE_MS of the last one's end is taken for
# a double tap and dropped (web/js/dom.js), and a dropped tap would be timed as a very fast one.
TAP = """async ([testid, settle]) => {
  await new Promise((resolve) => setTimeout(resolve, settle));
  const button = document.querySelector(`[data-testid="${testid}"]`);
  const start = performance.now();
  button.click();
  const work = performance.now() - start;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return [performance.now() - start, work];
}"""


def tap(page: Page, testid: str) -> tuple[float, float]:
    """One tap on ``testid`` after a person's pause: (tap to paint, synchronous work)."""
    paint, work = page.evaluate(TAP, [testid, TAP_SETTLE_MS + 50])
    return float(paint), float(work)


def taps(page: Page, times: int) -> tuple[list[float], list[float]]:
    """Tap Roll ``times`` times: (tap to paint, synchronous work) of each; each must add a resolution."""
    before = page.get_by_test_id("log-entry").count()
    measured = [tap(page, "roll") for _ in range(times)]
    if page.get_by_test_id("log-entry").count() != before + times:
        raise RuntimeError(f"{times} taps of Roll did not give {times} resolutions: a tap was dropped")
    return [paint for paint, _ in measured], [work for _, work in measured]

# The encounter on screen, as a document: this tab's saved entry (a link fragment) opened by the engine.
SAVED_ENCOUNTER = """() => {
  const doc = JSON.parse(localStorage.getItem('woundbook.doc.' + sessionStorage.getItem('woundbook.open')));
  return JSON.parse(window.woundbook.call('open_link', JSON.stringify({link: doc.fragment}))).result.encounter;
}"""
# The engine's own time for one request, in seven batches of ten (a call is too short to time alone).
CALLS = """([method, request]) => {
  const text = JSON.stringify(request);
  const times = [];
  for (let batch = 0; batch < 7; batch++) {
    const start = performance.now();
    for (let i = 0; i < 10; i++) window.woundbook.call(method, text);
    times.push((performance.now() - start) / 10);
  }
  return times;
}"""


def odds_times(page: Page, encounter: Any, action: str, inputs: dict[str, Any]) -> list[float]:
    """The engine's time for the odds of an action, batch by batch."""
    request = {"encounter": encounter, "action": action, "inputs": inputs}
    return [float(t) for t in page.evaluate(CALLS, ["odds", request])]


WATCH_LONG_TASKS = """() => { window.longTasks = [];
  if (window.longTaskObserver) return;
  window.longTaskObserver = new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)));
  window.longTaskObserver.observe({type: 'longtask'}); }"""


def session_figures(playwright: Any, url: str) -> dict[str, Any]:
    """A scripted session on the app: add two fighters, twenty-one rolled attacks, the odds, a take-out."""
    from tests.web.actions import add_combatant  # the same steps the browser tests take

    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
    page = browser.new_page(viewport={"width": 768, "height": 1024})
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function(SNAPSHOT_MADE, timeout=120_000)   # a first visit's one piece of background work
    page.evaluate(WATCH_LONG_TASKS)
    add_combatant(page, "Cyrus", skill="Good (+1)", weapon="Longsword 4-/2+")
    add_combatant(page, "Bandit", weapon="Dagger 2-/1+", armour="Light Chain -*++")
    page.get_by_test_id("input-margin-rolled").check()
    paints, works = taps(page, TAPS)
    encounter = page.evaluate(SAVED_ENCOUNTER)
    odds = odds_times(page, encounter, "attack", {"attacker": "c1", "target": "c2", "margin": "rolled"})
    take_outs = []
    for number in range(1, 6):
        add_combatant(page, f"Victim {number}", weapon=None)
        page.get_by_test_id("input-attacker").select_option(label="A hazard (fire, fall\u2026)")
        page.get_by_test_id("input-target").select_option(label=f"Victim {number}")
        page.get_by_test_id("input-hazard").fill("11E-*+")
        page.get_by_test_id("input-margin-automatic").check()
        take_outs.append(taps(page, 1)[0][0])
        if "taken out" not in page.get_by_test_id("latest-outcome").inner_text():
            raise RuntimeError("the take-out attack did not take the victim out")
        page.get_by_test_id("input-attacker").select_option(label="Cyrus")
    long_tasks = page.evaluate("window.longTasks.filter((d) => d > 50).length")
    traveller = traveller_figures(page)
    logarithmic = kyod_figures(page)
    fudge = fudge_figures(page)
    sla = sla_figures(page)
    long_encounter = long_encounter_figures(page, url)
    long_encounter["at_2000"] = evening_figures(page, url)
    compare = {roster: compare_figures(page, url, roster) for roster in ("alike", "different")}
    fight = fight_figures(page, url)
    browser.close()
    return {"typed": {"tap_to_paint_ms": median(paints), "tap_work_ms": median(works), "tap_work_spread_ms": spread(works),
                      "odds_ms": median(odds),
                      "take_out_ms": median(take_outs)},
            "megatraveller": traveller, "kyod": logarithmic, "fudge": fudge, "sla": sla, "long_encounter": long_encounter,
            "compare_40": compare, "fight": fight,
            "long_tasks_over_50ms": int(long_tasks) + traveller.pop("long_tasks")
            + logarithmic.pop("long_tasks") + fudge.pop("long_tasks") + sla.pop("long_tasks")}


def system_figures(page: Page, system: str, setup: Callable[[Page], None], odds_request: list[Any],
                   take_out: Callable[[Page, int], None], killed: str) -> dict[str, Any]:
    """One system on the same page: ``setup`` fills the roster and the form for twenty-one taps of Roll; the odds of
    ``odds_request`` ([action, inputs]); five kills, each victim made ready by ``take_out`` and its outcome
    naming ``killed``."""
    from tests.web.actions import start_new

    start_new(page, system)
    page.evaluate("window.longTasks = []")
    setup(page)
    paints, works = taps(page, TAPS)
    encounter = page.evaluate(SAVED_ENCOUNTER)
    odds = odds_times(page, encounter, *odds_request)
    take_outs = []
    for number in range(1, 6):
        take_out(page, number)
        take_outs.append(taps(page, 1)[0][0])
        if killed not in page.get_by_test_id("latest-outcome").inner_text():
            raise RuntimeError(f"the {system} take-out did not kill victim {number}")
    long_tasks = int(page.evaluate("window.longTasks.filter((d) => d > 50).length"))
    return {"tap_to_paint_ms": median(paints), "tap_work_ms": median(works), "tap_work_spread_ms": spread(works),
            "odds_ms": median(odds), "take_out_ms": median(take_outs), "long_tasks": long_tasks}


def typed_in_hit(page: Page, no_attacker: str, target: str, field: str, value: str) -> None:
    page.get_by_test_id("input-attacker").select_option(label=no_attacker)
    page.get_by_test_id("input-target").select_option(label=target)
    page.get_by_test_id(f"input-{field}").fill(value)


def traveller_figures(page: Page) -> dict[str, Any]:
    """MegaTraveller: twenty-one 3-dice hits on a person, the odds of 34 Damage Dice, five kills by 34 dice."""
    from tests.web.actions import add_sheet

    no_attacker = "No attacker: type the Damage Value"

    def setup(page: Page) -> None:
        add_sheet(page, "Thug", upp="777777")
        add_sheet(page, "Strongman", upp="FFFFFF", weapons=0)
        typed_in_hit(page, no_attacker, "Strongman", "damage_value", "3")

    def take_out(page: Page, number: int) -> None:
        add_sheet(page, f"Victim {number}", upp="777777", weapons=0)
        typed_in_hit(page, no_attacker, f"Victim {number}", "damage_value", "34")

    bomb = {"attacker": None, "target": "c1", "damage_value": 34, "harm": "lethal"}
    return system_figures(page, "MegaTraveller", setup, ["hit", bomb], take_out, "dead")


def kyod_figures(page: Page) -> dict[str, Any]:
    """Know Your Own Damage: twenty-one broadsword hits on an armoured guard, their odds, five kills by 3d+52[+0]."""
    from tests.web.actions import add_sheet

    def setup(page: Page) -> None:
        add_sheet(page, "Knight", st="12")                      # the default weapon: the text's broadsword, thr+2 imp
        add_sheet(page, "Guard", st="10", armour="4", weapons=0)
        page.get_by_test_id("input-attacker").select_option(label="Knight")
        page.get_by_test_id("input-target").select_option(label="Guard")

    def take_out(page: Page, number: int) -> None:
        add_sheet(page, f"Victim {number}", st="10", weapons=0)
        typed_in_hit(page, "No attacker: type the attack", f"Victim {number}", "damage", "3d+52[+0]")

    broadsword = {"attacker": "c1", "target": "c2", "weapon": 0}
    return system_figures(page, "Know Your Own Damage", setup, ["hit", broadsword], take_out, "Dead")


def fudge_figures(page: Page) -> dict[str, Any]:
    """FUDGE: twenty-one simultaneous rounds of Snorri against Brynhild, their odds (and with the damage roll), five
    bazooka shots that take an unaware pawn out."""
    from tests.web.actions import add_sheet

    def action(page: Page, name: str) -> None:
        page.locator(f'[data-testid="action-tab"][data-action="{name}"]').click()

    def setup(page: Page) -> None:
        add_sheet(page, "Snorri", offense="Great (+2)", strength="Good (+1)")     # the default weapon: a broadsword
        add_sheet(page, "Brynhild", offense="Good (+1)")
        action(page, "round")
        page.get_by_test_id("input-fighter").select_option(label="Snorri")
        page.get_by_test_id("input-foe").select_option(label="Brynhild")

    def take_out(page: Page, number: int) -> None:
        if number == 1:     # only now: with nobody else standing, the round's foe stays Brynhild once she falls
            bazooka: Any = {"weapons-0": "Bazooka power 10"}      # the first weapon row, by its field name
            add_sheet(page, "Gunner", shooting="Superb (+3)", **bazooka)
        add_sheet(page, f"Victim {number}", role="NPC pawn (Undamaged, Hurt, Out)", weapons=0)
        action(page, "shoot")
        page.get_by_test_id("input-shooter").select_option(label="Gunner")
        page.get_by_test_id("input-target").select_option(label=f"Victim {number}")
        page.get_by_test_id("input-difficulty").select_option(label="Terrible (−3)")
        page.get_by_test_id("field-awareness").get_by_text("Is unaware", exact=True).click()

    duel = {"fighter": "c1", "foe": "c2"}
    figures = system_figures(page, "FUDGE", setup, ["round", duel], take_out, "Near Death")
    encounter = page.evaluate(SAVED_ENCOUNTER)
    rolled = dict(encounter, options={**encounter["options"], "damage_roll": "situational_limited"})
    figures["odds_damage_roll_ms"] = median(odds_times(page, rolled, "round", duel))
    return figures


def sla_figures(page: Page) -> dict[str, Any]:
    """SLA Industries: twenty-one aimed pistol shots at an armoured target's Torso, the odds of one, five kills by a
    12.7 mm rifle in a marksman's hands (Rifle 20: it never misses and never deviates) on victims of Incap 1."""
    from tests.web.actions import add_sheet

    def setup(page: Page) -> None:
        add_sheet(page, "Max", skills="Pistol 6, Marksman 2")         # the default weapon: a MAL Anvil
        # Hits to spare everywhere: a shot that deviates may land anywhere, and a Head of 9 is soon lost, when the
        # form would move on to the next one standing (while_standing) and shoot the Sniper instead.
        body = {f"hits_{part}": "200" for part in ("head", "torso", "abdomen", "right_arm", "left_arm", "right_leg",
                                                   "left_leg")}
        add_sheet(page, "Scum", weapons=0, incap="400", **body)
        rifle = "12.7 mm rifle skill Rifle, RNG 100, RCL 6, PEN 6, DAM 10, AD 5"       # the catalog's row
        add_sheet(page, "Sniper", skills="Rifle 20", **{"weapons-0": rifle})
        page.get_by_test_id("input-attacker").select_option(label="Max")
        page.get_by_test_id("input-target").select_option(label="Scum")

    def take_out(page: Page, number: int) -> None:
        add_sheet(page, f"Victim {number}", weapons=0, incap="1")
        page.get_by_test_id("input-attacker").select_option(label="Sniper")
        page.get_by_test_id("input-target").select_option(label=f"Victim {number}")

    shot = {"attacker": "c1", "target": "c2", "aim": "0,3", "aims": 3, "distance": 15}
    figures = system_figures(page, "SLA Industries (3d system)", setup, ["shoot", shot], take_out, "dead")
    figures["burst_odds_ms"] = burst_odds(page)
    return figures


EACH_ODDS = """(requests) => requests.map((request) => {
  const start = performance.now();
  const answer = JSON.parse(window.woundbook.call("odds", JSON.stringify(request)));
  if (!answer.ok || answer.result.more) throw new Error("the burst's odds did not come whole: " + JSON.stringify(answer));
  return performance.now() - start;
})"""


def burst_odds(page: Page) -> float | None:
    """The odds of a ten-round burst (issue 26), each worked out afresh: twenty-one requests that differ in the GM's
    modifier, so no request finds another's work kept; the median time of one, whole (no budget)."""
    from rules.api import call

    def ok(method: str, **request: Any) -> Any:
        return json.loads(call(method, json.dumps(request)))["result"]

    encounter = ok("new", system="sla")["encounter"]
    gun = "skill Auto/Support, RNG 40, RCL 3, PEN 4, DAM 6, auto, FA 1, burst 10"
    encounter = ok("add", encounter=encounter, sheet={"name": "Gunner", "skills": "Auto/Support 5",
                                                        "weapons": [{"name": "Burst 10", "notation": gun}]})["encounter"]
    encounter = ok("add", encounter=encounter, sheet={"name": "Scum", "weapons": []})["encounter"]
    requests = [{"encounter": encounter, "action": "shoot",
                 "inputs": {"attacker": "c1", "target": "c2", "mode": "burst", "aim": "0,3", "distance": 30,
                            "modifier": modifier}} for modifier in range(-10, 11)]
    return median([float(t) for t in page.evaluate(EACH_ODDS, requests)])


def fighters(attacks: int, *, turns: bool = True) -> Any:
    """A Typed Damage encounter of six fighters and ``attacks`` rolled attacks: each fighter attacking the next in
    turn, or (``turns=False``) Fighter 1 attacking the other five in turn, as they can go on being hit once taken out."""
    from rules.dice import SeededDice
    from rules.encounter import Encounter

    encounter = Encounter.new("typed")
    for n in range(6):
        encounter, _ = encounter.record("add", {"sheet": {
            "name": f"Fighter {n + 1}", "skill": n % 3, "defence": n % 2,
            "weapons": [{"name": "Longsword", "notation": "4-/2+"}], "armour": {"name": "Light Chain", "notation": "-*++"}}})
    for seed in range(attacks):
        attacker, target = (seed % 6 + 1, (seed + 1) % 6 + 1) if turns else (1, seed % 5 + 2)
        inputs = {"attacker": f"c{attacker}", "target": f"c{target}", "margin": "rolled"}
        encounter, _ = encounter.record("action", {"action": "attack", "inputs": inputs}, SeededDice(seed))
    return encounter


def long_evening(events: int) -> Any:
    """A MegaTraveller encounter of ``events`` events, a long evening's fight: six people of different UPPs, blows
    typed in (mostly non-lethal Damage Values 1 to 3, now and then lethal) and two hours of rest after every three,
    each rolled from its own seed. Its events are short enough that 2,000 of them fit in a link (a Typed Damage
    attack's do not: 2,000 of them unpack to more than a link may hold)."""
    from rules.dice import SeededDice
    from rules.encounter import Encounter

    encounter = Encounter.new("megatraveller")
    for number, upp in enumerate(("777777", "8A7987", "FFFFFF", "596A76", "777777", "99A888")):
        encounter, _ = encounter.record("add", {"sheet": {"name": f"Fighter {number + 1}", "upp": upp,
                                                          "weapons": [{"name": "Cudgel", "notation": "2N"}]}})
    seed = 0
    while len(encounter.events) < events:
        seed += 1
        if seed % 4 == 0:
            data: dict[str, Any] = {"action": "time", "inputs": {"hours": 2, "resting": True}}
        else:
            data = {"action": "hit", "inputs": {"attacker": None, "target": f"c{seed % 6 + 1}",
                                                "damage_value": 1 + seed % 3,
                                                "harm": "lethal" if seed % 50 == 0 else "non_lethal"}}
        encounter, _ = encounter.record("action", data, SeededDice(seed))
    return encounter


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

# Tap Share and wait for the players' QR code, which the dialog opens on; then unfold the whole encounter, the
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


def fight_figures(page: Page, url: str) -> dict[str, Any]:
    """Running the fight: twenty-one taps of Next turn among six fighters after ten resolutions (rounds end on the way),
    and twenty round starts of SLA Industries with the app rolling three combatants' initiative each time."""
    page.goto(f"{url}#{fighters(10).link()}")
    page.wait_for_function(READY, timeout=120_000)
    page.get_by_test_id("turn-start").click()
    page.wait_for_function("() => document.querySelector('[data-testid=\"turn-status\"]').textContent.includes('Round 1')")
    measured = [tap(page, "turn-next") for _ in range(TAPS)]
    if "Round 4" not in page.get_by_test_id("turn-status").inner_text():
        raise RuntimeError(f"{TAPS} taps of Next turn among six fighters did not reach round 4")
    return {"next_tap_to_paint_ms": median([float(paint) for paint, _ in measured]),
            "next_tap_work_ms": median([float(work) for _, work in measured]),
            "next_tap_work_spread_ms": spread([float(work) for _, work in measured]),
            # the engine's own time to start a fight in SLA Industries: three Initiative Totals rolled by the app
            "sla_round_start_ms": median(page.evaluate(CALLS, ["turn", {"encounter": sla_three(), "move": "start",
                                                                        "seed": 1}])),
            **player_link_figures()}


def sla_three() -> Any:
    from rules.encounter import Encounter

    encounter = Encounter.new("sla")
    for name in ("Kit", "Scum", "Stoo"):
        encounter, _ = encounter.record("add", {"sheet": {"name": name}})
    return encounter.to_dict()


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


LONG_EVENTS = 400


def long_encounter_figures(page: Page, url: str) -> dict[str, Any]:
    """TAPS taps of Roll on an encounter of LONG_EVENTS events (a long evening's fight), opened from its link."""
    page.goto(f"{url}#{fighters(LONG_EVENTS - 6, turns=False).link()}")
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function(f"() => document.querySelectorAll('[data-testid=\"log-entry\"]').length === {LONG_EVENTS}")
    page.evaluate("window.longTasks = []")
    page.get_by_test_id("input-attacker").select_option(label="Fighter 1")
    page.get_by_test_id("input-target").select_option(value="c2")      # "Fighter 2 (out)" by now
    page.get_by_test_id("input-margin-rolled").check()
    paints, works = taps(page, TAPS)
    if page.get_by_test_id("log-entry").count() != LONG_EVENTS + TAPS:
        raise RuntimeError("the taps on the long encounter were not all resolved")
    return {"events": LONG_EVENTS, "tap_to_paint_ms": median(paints), "tap_work_ms": median(works),
            "long_tasks": int(page.evaluate("window.longTasks.filter((d) => d > 50).length"))}


EVENING_EVENTS = 2000          # the most an encounter holds (rules.encounter.MAX_EVENTS)

# [work, tap to painted frame, longest task seen meanwhile] of a tap on `testid`, the page idle before it: work is
# the click's synchronous handlers (engine call and drawing); the longest task covers whatever the tap set going.
MOVE = """async (testid) => {
  window.longTasks = [];
  const button = document.querySelector(`[data-testid="${testid}"]`);
  const start = performance.now();
  button.click();
  const work = performance.now() - start;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const paint = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 300));     // the odds after the frame, and any long task report
  return [work, paint, Math.max(0, ...window.longTasks)];
}"""


def evening_figures(page: Page, url: str, taps: int = 10) -> dict[str, Any]:
    """Undo ``taps`` times, then redo as many, on an encounter of EVENING_EVENTS events opened from its link."""
    encounter = long_evening(EVENING_EVENTS)
    page.goto(f"{url}#{encounter.link()}")
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function(f"() => document.querySelectorAll('[data-testid=\"log-entry\"]').length === {EVENING_EVENTS}",
                           timeout=120_000)
    page.wait_for_timeout(1000)
    page.evaluate(WATCH_LONG_TASKS)
    figures: dict[str, Any] = {"events": EVENING_EVENTS, "system": "megatraveller"}
    for testid in ("undo", "redo"):
        measured = [page.evaluate(MOVE, testid) for _ in range(taps)]
        figures[testid] = {"tap_work_ms": median([float(m[0]) for m in measured]),
                           "tap_to_paint_ms": median([float(m[1]) for m in measured]),
                           "longest_task_ms": max(float(m[2]) for m in measured)}
    if page.get_by_test_id("log-entry").count() != EVENING_EVENTS:
        raise RuntimeError("the undo and redo taps on the long evening did not all land")
    return figures


COMPARE_KEYS = ["1", "12", "1", "", "3", "34", "3", "5", "57", "5", "6"]   # the Damage Value as it is typed

# [work, longest task] of typing `value` into the input `testid` (one `input` event, as a keystroke makes): work is
# the event's synchronous handlers, the engine's first piece of the odds and the drawing.
KEYSTROKE = """([testid, value]) => {
  const input = document.querySelector(`[data-testid="${testid}"]`);
  input.value = value;
  const start = performance.now();
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return performance.now() - start;
}"""


def compare_figures(page: Page, url: str, roster: str) -> dict[str, Any]:
    """Type a Damage Value a key at a time into MegaTraveller's Compare form with forty combatants on the roster
    (``roster`` "alike": forty people of UPP 777777, as the issue measured; "different": forty people of different
    characteristics and skills, nothing shared), a key every 150 ms, then wait for the whole table."""
    encounter = forty(roster)
    page.goto(f"{url}#{encounter.link()}")
    page.wait_for_function(READY, timeout=120_000)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=\"combatant\"]').length === 40", timeout=120_000)
    page.get_by_test_id("action-tab").filter(has_text="Compare").click()
    page.get_by_test_id("input-attacker").select_option(label="No attacker: type the Damage Value")
    page.wait_for_function("() => !document.querySelector('[data-testid=\"odds-more\"]')", timeout=120_000)
    page.evaluate(WATCH_LONG_TASKS)
    works = []
    for number, value in enumerate(COMPARE_KEYS):
        if number:
            page.wait_for_timeout(150)
        start = page.evaluate("performance.now()")
        works.append(float(page.evaluate(KEYSTROKE, ["input-damage_value", value])))
    page.wait_for_function("() => !document.querySelector('[data-testid=\"odds-more\"]')", timeout=300_000)
    whole = page.evaluate("performance.now()") - start
    rows = page.get_by_test_id("odds-table").get_by_test_id("table-row").count()
    if rows != 45 or "\u2026" in page.get_by_test_id("odds-table").inner_text():
        raise RuntimeError(f"the Compare table did not fill in ({rows} rows)")
    return {"combatants": 40, "link_chars": len(encounter.link()), "keystroke_work_ms": median(works),
            "keystroke_work_max_ms": round(max(works), 1), "whole_table_ms": round(whole, 1),
            "longest_task_ms": round(float(page.evaluate("Math.max(0, ...window.longTasks)")), 1)}


def forty(roster: str) -> Any:
    """Forty MegaTraveller people: all UPP 777777 ("alike"), or each of different Str, Dex and End, a third of them
    without Brawling and the rest with Brawling 1 to 3 ("different")."""
    from rules.encounter import Encounter

    digits = "0123456789ABCDEF"
    encounter = Encounter.new("megatraveller")
    for index in range(40):
        sheet: dict[str, Any] = {"name": f"Guard {index + 1}", "upp": "777777"}
        if roster == "different":
            sheet = {"name": f"Person {index + 1}", "upp": digits[4 + index % 12] + digits[3 + (index * 5) % 13]
                     + digits[2 + (index * 7) % 14] + "777"}
            if index % 3:
                sheet["brawling"] = index % 4
        encounter, _ = encounter.record("add", {"sheet": sheet})
    return encounter


def baseline_page(site: Path, bench_dir: Path) -> None:
    """bench/baseline.html: bare Pyodide as its npm package ships it (the whole standard library, no snapshot),
    loading our wheel and making one call."""
    from build import PYODIDE, PYODIDE_FILES, npm_package, unpack

    runtime = bench_dir / "pyodide"
    shutil.rmtree(runtime, ignore_errors=True)
    unpack(npm_package(*PYODIDE), runtime, lambda name: name in PYODIDE_FILES + ("pyodide-lock.json",))
    (wheel,) = site.parent.glob("wheel/*/*.whl")      # built beside the site (buildtools/common.py WHEEL_DIR)
    shutil.copy(wheel, bench_dir / wheel.name)
    (bench_dir / "baseline.html").write_text(BASELINE.replace("WHEEL", wheel.name))
    subprocess.run(["node", str(Path(__file__).with_name("node_snapshot.mjs")), str(runtime), str(bench_dir / "snapshot.bin")],
                   check=True)
    (bench_dir / "node-snapshot.html").write_text(NODE_SNAPSHOT.replace("WHEEL", wheel.name))


# The targets: (figure, how to read it from the result, the bound, True if the figure must stay below it)
TARGETS: list[tuple[str, Callable[[dict[str, Any]], Any], float]] = [
    ("return visit, app/baseline", lambda r: r["ratios"]["warm"], 0.18),
    ("saved cards painted on a return visit, ms", lambda r: r["app"].get("saved_cards_paint_ms"), 100),
    ("first visit, app/baseline", lambda r: r["ratios"]["cold"], 0.80),
    ("bytes (gzip), app/baseline", lambda r: r["ratios"]["bytes_gzip"], 0.85),
    ("WebKit first visit / Chromium's", lambda r: r["webkit"]["vs_chromium_first_visit"], 1.4),
    *[(f"{system}: tap work, ms", (lambda r, s=system: r["systems"][s]["tap_work_ms"]), 8)
      for system in ("typed", "megatraveller", "kyod", "fudge", "sla")],
    *[(f"{system}: odds, ms", (lambda r, s=system: r["systems"][s]["odds_ms"]), 20)
      for system in ("typed", "megatraveller", "kyod", "fudge", "sla")],
    ("sla: odds of a ten-round burst, ms", lambda r: r["systems"]["sla"]["burst_odds_ms"], 20),
    ("fight: Next turn, tap work, ms", lambda r: r["fight"]["next_tap_work_ms"], 8),
    ("long tasks over 50 ms in the session", lambda r: r["long_tasks_over_50ms"], 0),
    ("player link drawn, / app's first visit", lambda r: r["player_visit"]["drawn_vs_app_first_visit"], 0.10),
    ("player link visit, bytes (gzip)", lambda r: r["player_visit"]["bytes_gzip"], 200_000),
    ("player link visit, engine requests", lambda r: r["player_visit"]["engine_requests"], 0),
    *[(f"{move} at 2,000 events: tap work, ms", (lambda r, m=move: r["long_encounter"]["at_2000"][m]["tap_work_ms"]), 50)
      for move in ("undo", "redo")],
    *[(f"{move} at 2,000 events: longest task, ms",
       (lambda r, m=move: r["long_encounter"]["at_2000"][m]["longest_task_ms"]), 200) for move in ("undo", "redo")],
    *[(f"Compare, 40 {roster}: keystroke work, ms", (lambda r, k=roster: r["compare_40"][k]["keystroke_work_ms"]), 50)
      for roster in ("alike", "different")],
    *[(f"Compare, 40 {roster}: longest task, ms", (lambda r, k=roster: r["compare_40"][k]["longest_task_ms"]), 200)
      for roster in ("alike", "different")],
]


def targets(result: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for name, read, bound in TARGETS:
        value = read(result)
        out[name] = {"value": value, "target": bound, "met": value is not None and value <= bound}
    return out


def report(result: dict[str, Any]) -> str:
    """The figures as a table a person reads (the JSON line stays the record)."""
    base, app = result["baseline"], result["app"]
    lines = [f"{'figure':<44}{'app':>12}{'baseline':>12}{'ratio':>8}",
             f"{'first visit, ms':<44}{app['cold_ms']:>12}{base['cold_ms']:>12}{result['ratios']['cold']:>8}",
             f"{'return visit, ms':<44}{app['warm_ms']:>12}{base['warm_ms']:>12}{result['ratios']['warm']:>8}",
             f"{'bytes, gzip':<44}{app['bytes_gzip']:>12}{base['bytes_gzip']:>12}{result['ratios']['bytes_gzip']:>8}",
             f"{'first visit, WebKitGTK : Chromium, ms':<44}{result['webkit']['cold_ms']!s:>12}{app['cold_ms']:>12}"
             f"{result['webkit']['vs_chromium_first_visit']!s:>8}  ({result['webkit']['runs_ready']} ready)",
             "", f"{'system':<16}{'tap_work_ms':>12}{'tap_to_paint_ms':>16}{'odds_ms':>10}{'take_out_ms':>12}"
                 f"  tap work min / median / max of {TAPS}"]
    for system, figures in result["systems"].items():
        if figures:
            lines.append(f"{system:<16}{figures['tap_work_ms']:>12}{figures['tap_to_paint_ms']:>16}"
                         f"{figures['odds_ms']:>10}{figures['take_out_ms']:>12}  "
                         + " / ".join(str(value) for value in figures["tap_work_spread_ms"]))
    long = result["long_encounter"]
    lines.append(f"{'typed, ' + str(long['events']) + ' events':<16}{long['tap_work_ms']:>12}{long['tap_to_paint_ms']:>16}"
                 f"{'':>10}{'':>12}  ({long['long_tasks']} long tasks)")
    evening = long["at_2000"]
    for move in ("undo", "redo"):
        lines.append(f"{'mt, 2,000, ' + move:<16}{evening[move]['tap_work_ms']:>12}{evening[move]['tap_to_paint_ms']:>16}"
                     f"{'':>10}{'':>12}  (longest task {evening[move]['longest_task_ms']} ms)")
    lines += ["", f"{'Compare, 40 combatants':<24}{'keystroke_work_ms':>18}{'max':>8}{'whole_table_ms':>18}"
                  f"{'longest_task':>14}"]
    for roster, figures in result["compare_40"].items():
        lines.append(f"{roster:<24}{figures['keystroke_work_ms']:>18}{figures['keystroke_work_max_ms']:>8}"
                     f"{figures['whole_table_ms']:>18}{figures['longest_task_ms']:>14}")
    fight = result["fight"]
    lines += ["", f"{'fight: Next turn, six fighters':<44}{fight['next_tap_work_ms']:>12}{fight['next_tap_to_paint_ms']:>16}"
                  f"  (work, tap to paint, ms; work min / median / max "
                  f"{' / '.join(str(value) for value in fight['next_tap_work_spread_ms'])}); SLA round start {fight['sla_round_start_ms']} ms; player link "
                  f"{fight['player_link_chars']} characters, QR version {fight['player_qr_version']}"]
    qr = result["qr"]
    lines += ["", f"{'share QR code, six combatants, ten resolutions':<44}{qr['link_chars']:>6} characters, version "
                  f"{qr['version']} ({qr['modules']} modules); players' code first use {qr['first_use_ms']} ms, later "
                  f"{qr['generate_ms']} ms; whole encounter's first use {qr['whole_first_use_ms']} ms, later "
                  f"{qr['whole_generate_ms']} ms"]
    visit = result["player_visit"]
    lines += ["", f"{'player link, fresh phone profile: drawn, ms':<44}{visit['drawn_ms']:>12}{app['cold_ms']:>12}"
                  f"{visit['drawn_vs_app_first_visit']:>8}  ({visit['bytes_gzip']} bytes gzip, service worker's "
                  f"included; {visit['engine_requests']} of the engine's files)"]
    node = result["experiments"]["node_snapshot"]
    lines += ["", f"{'bare Pyodide + a snapshot made in Node':<44}{node['cold_ms']:>12}{base['cold_ms']:>12}"
                  f"{node['cold_vs_baseline']:>8}  (first visit, ms; {node['bytes_gzip']} bytes gzip)"]
    lines += ["", f"{'target':<44}{'value':>12}{'bound':>8}  met"]
    for name, target in result["targets"].items():
        lines.append(f"{name:<44}{str(target['value']):>12}{target['target']:>8}  {'yes' if target['met'] else 'NO'}")
    return "\n".join(lines)


def run_bench(site: Path, runs: int = 9) -> dict[str, Any]:
    root = site.parent
    bench_dir = root / "bench"
    bench_dir.mkdir(exist_ok=True)
    baseline_page(site, bench_dir)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as playwright, WebKitVisits(f"{origin}/site/", bench_dir / "webkit.log") as webkit:
            boots = boot_runs(playwright, root, {"baseline": f"{origin}/bench/baseline.html", "app": f"{origin}/site/",
                                                 "node_snapshot": f"{origin}/bench/node-snapshot.html"}, runs,
                              each_run=webkit.visit)
            baseline, app, node_snapshot = boots["baseline"], boots["app"], boots["node_snapshot"]
            session = session_figures(playwright, f"{origin}/site/")
            qr = qr_figures(playwright, f"{origin}/site/", runs)
            players = player_visit_figures(playwright, root, f"{origin}/site/", runs)
    finally:
        server.shutdown()

    def ratio(a: float | None, b: float | None) -> float | None:
        return round(a / b, 2) if a is not None and b else None

    result = {
        "runs": runs,
        "baseline": baseline,
        "app": app,
        "webkit": webkit.figures(app["cold_ms"]),
        "ratios": {"cold": ratio(app["cold_ms"], baseline["cold_ms"]), "warm": ratio(app["warm_ms"], baseline["warm_ms"]),
                   "bytes_gzip": ratio(app["bytes_gzip"], baseline["bytes_gzip"])},
        "systems": {
            "typed": session["typed"], "megatraveller": session["megatraveller"], "kyod": session["kyod"],
            "fudge": session["fudge"], "sla": session["sla"],
        },
        "long_tasks_over_50ms": session["long_tasks_over_50ms"],
        "long_encounter": session["long_encounter"],
        "compare_40": session["compare_40"],
        "fight": session["fight"],
        "share_link_chars": share_link_chars(),
        "qr": qr,
        "player_visit": {**players, "drawn_vs_app_first_visit": ratio(players["drawn_ms"], app["cold_ms"])},
        "experiments": {"node_snapshot": {
            **node_snapshot, "cold_vs_baseline": ratio(node_snapshot["cold_ms"], baseline["cold_ms"]),
            "bytes_gzip_vs_baseline": ratio(node_snapshot["bytes_gzip"], baseline["bytes_gzip"])}},
    }
    result["targets"] = targets(result)
    return result
