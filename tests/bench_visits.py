"""The bench's visits (tests/bench.py): a first and a return visit in fresh Chromium profiles, the app's and the
bare Pyodide baseline's, interleaved, and the bytes a first visit asks for until ready; and the timed tap the other
figures are made of."""

from __future__ import annotations

import gzip
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from playwright.sync_api import BrowserContext, Page, Request

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
