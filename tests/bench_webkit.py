"""The bench's first visit in WebKit (issue 38): Debian's WebKitGTK, MiniBrowser driven by WebKitWebDriver under
Xvfb, spoken to in W3C WebDriver over HTTP with the standard library only (Playwright cannot fetch its own WebKit
here, and Safari on an iPad is what our players and game masters carry).

Each run is a fresh browser with nothing kept from the run before: MiniBrowser's automation mode uses an
ephemeral website data manager (no HTTP cache, service worker, local storage or origin private file system
survives it), and each run's WebKitWebDriver and MiniBrowser also get a new empty HOME and XDG folders, deleted
after. A visit is timed as Chromium's is (tests/bench.py's visit()): ``window.woundbookReadyAt``, the page's
performance.now() when the engine became ready, i.e. milliseconds from navigation start on the page's own clock.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from buildtools.testing import WEBKITWEBDRIVER, XVFB   # what `python3 build.py bench` installs when missing

MINIBROWSER = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"   # libwebkit2gtk-4.1-0 puts it under the arch's triplet
# WebKitGTK 2.50 ships the Storage API and the origin private file system switched off (MiniBrowser --features=help);
# Safari has them on, and the page looks for its memory snapshot there on a first visit too, so they are switched on.
SAFARI_FEATURES = "+StorageAPI,+FileSystem,+FileSystemWritableStream"
READY_TIMEOUT_S = 120                    # the page's own boot timeout (web/js/engine.js)

# The page's state for the poll: WebDriver's execute/sync runs a function body (WebKit's automation evaluates it
# itself; the page's policy, which forbids eval, does not apply to it).
STATE = """const root = document.documentElement;
const message = document.querySelector('[data-testid="engine-message"]');
return [root.dataset.engine || null, window.woundbookReadyAt ?? null, message ? message.textContent : null,
        root.dataset.snapshot || null];"""


def minibrowser() -> str:
    found = sorted(glob.glob(MINIBROWSER))
    if not found:
        raise RuntimeError(f"no MiniBrowser at {MINIBROWSER}: install Debian's libwebkit2gtk-4.1-0")
    return found[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def xvfb() -> Iterator[str]:
    """An X display of its own: Xvfb picks a free display number and writes it to the pipe (-displayfd)."""
    read, write = os.pipe()
    server = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1024x1024x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit status {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


class WebDriver:
    """The few W3C WebDriver commands the bench needs, on WebKitWebDriver at ``port``."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.session = ""

    def command(self, method: str, path: str, body: dict[str, Any] | None = None, timeout: float = 60) -> Any:
        """The command's value; RuntimeError with WebDriver's error, or with why the driver did not answer."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"null").get("value")
        except urllib.error.HTTPError as error:
            text = error.read().decode(errors="replace")
            try:
                value = json.loads(text).get("value", {})
                text = f"{value.get('error')}: {value.get('message')}"
            except (ValueError, AttributeError):
                pass
            raise RuntimeError(f"WebDriver {method} {path}: {text}") from None
        except (OSError, ValueError) as error:
            raise RuntimeError(f"WebDriver {method} {path}: no answer ({error})") from None

    def wait_until_up(self, driver: subprocess.Popen[bytes], within_s: float = 20) -> None:
        deadline = time.monotonic() + within_s
        while time.monotonic() < deadline:
            if driver.poll() is not None:
                raise RuntimeError(f"WebKitWebDriver exited with status {driver.returncode}")
            try:
                if self.command("GET", "/status", timeout=2).get("ready"):
                    return
            except RuntimeError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"WebKitWebDriver did not answer within {within_s} s")

    def open(self) -> None:
        """A new MiniBrowser window in automation mode (ephemeral website data), with Safari's storage features."""
        options = {"binary": minibrowser(), "args": ["--automation", f"--features={SAFARI_FEATURES}"]}
        value = self.command("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": options, "pageLoadStrategy": "none"}}})
        self.session = value["sessionId"]

    def go(self, url: str) -> None:
        self.command("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script: str) -> Any:
        return self.command("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})

    def close(self) -> None:
        if self.session:
            try:
                self.command("DELETE", f"/session/{self.session}", timeout=20)
            except RuntimeError:
                pass
            self.session = ""


def first_visit(display: str, url: str, log: Path) -> dict[str, Any]:
    """One fresh browser's first visit to ``url``: {"ready_ms"} when the engine became ready, or {"failed"} with the
    page's engine message (or what kept the page from answering); WebKitWebDriver's and MiniBrowser's own output
    (warnings, crashes) go to ``log``."""
    home = Path(tempfile.mkdtemp(prefix="woundbook-webkit-"))
    env = {**os.environ, "DISPLAY": display, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CACHE_HOME": str(home / "cache"), "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_RUNTIME_DIR": str(home / "runtime")}
    for folder in ("data", "cache", "config"):
        (home / folder).mkdir()
    (home / "runtime").mkdir(mode=0o700)
    port = free_port()
    with log.open("ab") as output:
        driver = subprocess.Popen([WEBKITWEBDRIVER, f"--port={port}"], env=env, stdout=output, stderr=subprocess.STDOUT,
                                  start_new_session=True)   # its browser's processes in a group of their own: end()
    browser = WebDriver(port)
    try:
        browser.wait_until_up(driver)
        browser.open()
        browser.go(url)
        deadline = time.monotonic() + READY_TIMEOUT_S + 10
        state: list[Any] = [None, None, None, None]
        while time.monotonic() < deadline:
            try:
                state = browser.run(STATE)
            except RuntimeError:   # the document is still being replaced: ask again
                pass
            if state[0] in ("ready", "failed"):
                break
            time.sleep(0.2)   # the time is the page's own: polling often would only take the page's thread
        engine, ready_at, message, snapshot = state
        if engine == "ready":
            return {"ready_ms": round(float(ready_at), 1), "snapshot": snapshot}
        return {"failed": message or f"the engine was {engine!r} after {READY_TIMEOUT_S} s", "snapshot": snapshot}
    except RuntimeError as error:
        return {"failed": str(error)}
    finally:
        browser.close()
        end(driver)
        shutil.rmtree(home, ignore_errors=True)


def end(driver: subprocess.Popen[bytes]) -> None:
    """Stop WebKitWebDriver, then whatever of its browser outlives it: a web process can linger after its window
    has closed (it says so in the log), still writing into the visit's folder, and would take the next visit's CPU."""
    driver.terminate()
    try:
        driver.wait(10)
    except subprocess.TimeoutExpired:
        driver.kill()
        driver.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(driver.pid, signal.SIGKILL)   # the group start_new_session made: this visit's processes only
        except ProcessLookupError:
            return
        time.sleep(0.1)


class WebKitVisits:
    """First visits to ``url`` in WebKitGTK on a display of their own, one per visit() call, so that the bench can
    make them between Chromium's (tests/bench.py's boot_runs) and a machine growing busier or quieter weighs on both
    browsers alike."""

    def __init__(self, url: str, log: Path) -> None:
        self.url, self.log = url, log
        self.visits: list[dict[str, Any]] = []
        self.display = ""
        self.stack = ExitStack()

    def __enter__(self) -> WebKitVisits:
        self.log.write_bytes(b"")
        self.display = self.stack.enter_context(xvfb())
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def visit(self) -> None:
        self.visits.append(first_visit(self.display, self.url, self.log))

    def figures(self, chromium_cold_ms: float | None) -> dict[str, Any]:
        """cold_ms, the median of the visits that got ready, and each_cold_ms, all of them in order; runs_ready
        ("n/runs"); vs_chromium_first_visit, the ratio to ``chromium_cold_ms`` (the app's first visit in Chromium,
        same run); each failure's message; the snapshot states the visits were in when ready ("fresh" where the
        private file system is on, "unsupported" where it is off)."""
        ready = [visit["ready_ms"] for visit in self.visits if "ready_ms" in visit]
        cold = round(statistics.median(ready), 1) if ready else None
        return {"cold_ms": cold, "each_cold_ms": ready, "runs_ready": f"{len(ready)}/{len(self.visits)}",
                "vs_chromium_first_visit": round(cold / chromium_cold_ms, 3) if cold and chromium_cold_ms else None,
                "failures": [visit["failed"] for visit in self.visits if "failed" in visit],
                "snapshot_when_ready": sorted({str(visit.get("snapshot")) for visit in self.visits}),
                "log": str(self.log)}


def webkit_figures(url: str, runs: int, log: Path, chromium_cold_ms: float | None = None) -> dict[str, Any]:
    """``runs`` first visits to ``url`` in WebKitGTK, one after another (the bench makes them between Chromium's
    instead): WebKitVisits.figures."""
    with WebKitVisits(url, log) as webkit:
        for _ in range(runs):
            webkit.visit()
    return webkit.figures(chromium_cold_ms)
