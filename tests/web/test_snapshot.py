"""The engine's memory snapshot (web/js/snapshot.js): made after a first visit, restored on the next, and never a
reason for the page not to start.

A restored engine must answer exactly as a freshly started one: the same resolutions from the same seeds, the
same replays of a shared link, the same odds. A snapshot that is damaged in storage, that Pyodide refuses or
that is gone, means a normal start, and a new snapshot is made."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import BOOT_TIMEOUT_MS

# Own profiles: the snapshot is made and restored in each test's own profile (own_profile), but for the tests that
# need only a stored snapshot to restore or to spoil, which use the test process's warm profile: it keeps one
# (conftest.py), and a test that spoils it ends by storing a good one again.

# A function, not an expression: Playwright polls an expression with eval, which the page's policy refuses.
MADE = "() => ['stored', 'failed', 'unsupported', 'refused'].includes(document.documentElement.dataset.snapshot)"

SCENARIOS: list[tuple[str, list[dict[str, Any]], str, dict[str, Any]]] = [
    ("typed", [{"name": "Cyrus", "skill": 1, "weapons": [{"name": "Longsword", "notation": "4-/2+"}]},
               {"name": "Bandit", "armour": {"name": "Light Chain", "notation": "-*++"}}],
     "attack", {"attacker": "c1", "target": "c2", "margin": "rolled"}),
    ("megatraveller", [{"name": "Thug", "upp": "777777"}, {"name": "Strongman", "upp": "FFFFFF"}],
     "hit", {"attacker": None, "target": "c2", "damage_value": 3}),
    ("kyod", [{"name": "Knight", "st": 12, "weapons": [{"name": "Broadsword", "notation": "thr+2 imp"}]},
              {"name": "Guard", "st": 10, "armour": "4"}],
     "hit", {"attacker": "c1", "target": "c2", "weapon": 0}),
]

# Through the page's own bridge: a new encounter, its fighters, five seeded resolutions, the odds of the next,
# the share link, and the encounter opened again from that link (a replay of every event).
SESSION = """([system, sheets, action, inputs]) => {
  const call = (method, request) => JSON.parse(window.woundbook.call(method, JSON.stringify(request)));
  const answers = [];
  let answer = call("new", {system});
  answers.push(answer);
  for (const sheet of sheets) { answer = call("add", {encounter: answer.result.encounter, sheet}); answers.push(answer); }
  for (let seed = 1; seed <= 5; seed++) {
    answer = call("act", {encounter: answer.result.encounter, action, inputs, seed});
    answers.push(answer);
  }
  answers.push(call("odds", {encounter: answer.result.encounter, action, inputs}));
  const link = call("share", {encounter: answer.result.encounter});
  answers.push(link, call("open_link", {link: link.result.fragment}));
  return JSON.stringify(answers);
}"""


def visit(context: BrowserContext, url: str, errors: list[str] | None = None) -> Page:
    """A new tab on the page, once its engine is ready; ``errors`` collects the page's uncaught errors."""
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    return page


def snapshot_state(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.snapshot"))


def first_visit(context: BrowserContext, url: str) -> Page:
    """A first visit, left open until its snapshot is stored."""
    page = visit(context, url)
    assert snapshot_state(page) in ("fresh", "making")
    page.wait_for_function(MADE, timeout=BOOT_TIMEOUT_MS)
    assert snapshot_state(page) == "stored"
    return page


def answers(page: Page) -> list[Any]:
    return [json.loads(page.evaluate(SESSION, list(scenario))) for scenario in SCENARIOS]


@pytest.mark.own_profile
def test_a_restored_engine_answers_as_a_fresh_one(context: BrowserContext, site_url: str) -> None:
    page = first_visit(context, site_url)
    fresh = answers(page)
    assert all(answer["ok"] for session in fresh for answer in session), fresh
    page.close()
    page = visit(context, site_url)
    assert snapshot_state(page) == "restored"
    assert answers(page) == fresh


def test_restored_engines_roll_new_dice(context: BrowserContext, site_url: str) -> None:
    """A restored heap holds the random state of the moment it was taken; the app's dice must not repeat it."""
    rolls = []
    for _ in range(2):
        page = visit(context, site_url)
        assert snapshot_state(page) == "restored"
        rolls.append(page.evaluate("""() => {
          const call = (method, request) => JSON.parse(window.woundbook.call(method, JSON.stringify(request)));
          let answer = call("new", {system: "typed"});
          answer = call("add", {encounter: answer.result.encounter, sheet: {name: "Target"}});
          const faces = [];
          for (let i = 0; i < 12; i++) {
            answer = call("act", {encounter: answer.result.encounter, action: "attack",
                                  inputs: {attacker: null, target: "c1", hazard: "3-/2+", margin: "automatic"}});
            faces.push(JSON.stringify(answer.result.report.steps.map((step) => step.dice ?? null)));
          }
          return faces;
        }"""))
        page.close()
    assert rolls[0] != rolls[1]


# The snapshot is one file in the origin's private file system, named "<build key>.<its sha256>.bin".
SNAPSHOT_FILE = """async () => {
  const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle("woundbook-snapshot");
  for await (const [name, handle] of folder.entries()) return [folder, name, handle];
}"""


def replaced_by_sevens(size: str) -> str:
    """The snapshot file replaced by ``size`` bytes of 7 (a JavaScript expression; ``size`` is the old file's size),
    named by their own checksum, so that the checksum matches."""
    return """async () => {
      const [folder, name, handle] = await (%s)();
      const size = (await handle.getFile()).size;
      await folder.removeEntry(name);
      const bytes = new Uint8Array(%s).fill(7);
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const hex = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
      const writer = await (await folder.getFileHandle(name.split(".")[0] + "." + hex + ".bin", {create: true})).createWritable();
      await writer.write(bytes);
      await writer.close();
    }""" % (SNAPSHOT_FILE, size)


CORRUPTIONS = {
    # bytes changed in storage: the checksum in its name no longer matches
    "damaged in storage": """async () => {
      const [folder, name, handle] = await (%s)();
      const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
      for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 4096; i++) bytes[i] ^= 0x5a;
      const writer = await handle.createWritable();
      await writer.write(bytes);
      await writer.close();
    }""" % SNAPSHOT_FILE,
    # the checksum matches, but the file is not of the size the page noted when it stored it
    "another size": replaced_by_sevens("1 << 20"),
    # the checksum and the size match, but Pyodide refuses what it finds (not a snapshot at all)
    "refused by Pyodide": replaced_by_sevens("size"),
    # the file is gone, but the page's note that it stored one is not: the restore begun on that note fails
    "gone from storage": """async () => {
      const [folder, name] = await (%s)();
      await folder.removeEntry(name);
    }""" % SNAPSHOT_FILE,
}


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_a_bad_snapshot_means_a_normal_start_and_a_new_snapshot(context: BrowserContext, site_url: str,
                                                                corruption: str) -> None:
    """The warm profile's snapshot spoiled, then the page opened again. The test ends with a new snapshot stored and
    restored, so the profile is left as it was found: with a good one."""
    page = visit(context, site_url)
    assert snapshot_state(page) == "restored"
    page.evaluate(CORRUPTIONS[corruption])
    page.close()
    errors: list[str] = []
    page = visit(context, site_url, errors)
    assert snapshot_state(page) in ("fresh", "making")
    assert page.get_by_test_id("engine-message").inner_text() == "Ready"
    assert errors == []                  # the failed restore is handled, not thrown past the page
    page.get_by_test_id("add-combatant").click()   # the engine answers: the sheet form is built from its schema
    expect(page.get_by_test_id("sheet-dialog")).to_be_visible()
    page.wait_for_function(MADE, timeout=BOOT_TIMEOUT_MS)
    assert snapshot_state(page) == "stored"
    page.close()
    page = visit(context, site_url)
    assert snapshot_state(page) == "restored"


def test_two_tabs_opened_at_once_both_restore(context: BrowserContext, site_url: str) -> None:
    """A tablet that reopens its tabs opens the page twice at the same moment: both read the one stored snapshot."""
    pages = [context.new_page() for _ in range(2)]
    for page in pages:
        page.goto(site_url, wait_until="commit")
    for page in pages:
        expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
        assert snapshot_state(page) == "restored"


# A Worker of the page holding the snapshot file open for writing, as a browser whose read handles are exclusive
# would hold it for another tab's read. Its script is served from the site's origin (HOLDER): the page's policy
# starts no Worker from a blob: URL.
HOLDER = "hold-the-file.js"
HOLDER_SOURCE = """
onmessage = async () => {
  const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle("woundbook-snapshot");
  for await (const [name, handle] of folder.entries()) {
    self.held = await handle.createSyncAccessHandle();
    postMessage("held");
    return;
  }
};"""
HOLD_THE_FILE = """(url) => new Promise((resolve, reject) => {
  const worker = new Worker(url);
  worker.onmessage = ({ data }) => resolve(data);
  worker.onerror = (event) => reject(new Error(event.message || "the holding worker did not start"));
  setTimeout(() => reject(new Error("the holding worker did not answer")), 30000);
  worker.postMessage("hold");
})"""


@pytest.mark.own_profile
def test_a_snapshot_another_tab_holds_is_read_all_the_same(context: BrowserContext, site_url: str) -> None:
    context.route(f"**/{HOLDER}", lambda route: route.fulfill(body=HOLDER_SOURCE, content_type="text/javascript"))
    holder = first_visit(context, site_url)
    assert holder.evaluate(HOLD_THE_FILE, f"{site_url}{HOLDER}") == "held"
    page = visit(context, site_url)
    assert snapshot_state(page) == "restored"


# Safari's Private tabs open the origin's private file system but refuse to write to it. In the page (an init
# script reaches no Worker, so the Worker's own writes would go through): creating a file, opening one for writing
# or for synchronous access fails as Safari's do, and each attempt is counted in window.refusedWrites.
REFUSE_WRITES = """(() => {
  window.refusedWrites = 0;
  const refuse = (what) => {
    window.refusedWrites += 1;
    return Promise.reject(new DOMException(`${what}: writes are refused in private browsing`, "UnknownError"));
  };
  const file = FileSystemFileHandle.prototype;
  file.createWritable = function () { return refuse("createWritable"); };
  file.createSyncAccessHandle = function () { return refuse("createSyncAccessHandle"); };
  const folder = FileSystemDirectoryHandle.prototype;
  const getFileHandle = folder.getFileHandle;
  folder.getFileHandle = function (name, options) {
    return options?.create ? refuse("getFileHandle") : getFileHandle.call(this, name, options);
  };
})()"""
REFUSED_KEY = "woundbook.snapshot-refused"


def watched_visit(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    """A visit that reaches ready and has settled what it does about a snapshot, with the Workers it started."""
    page = context.new_page()
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(MADE, timeout=BOOT_TIMEOUT_MS)
    return page, workers


@pytest.mark.own_profile
def test_storage_that_refuses_writes_is_probed_once_per_build(context: BrowserContext, site_url: str) -> None:
    """Private browsing: no second Python is started to make a snapshot that cannot be stored, on the first visit
    (a small probe write fails first) nor on later ones of the same build (the refusal is remembered); a remembered
    refusal of another build is tried again."""
    context.add_init_script(REFUSE_WRITES)
    page, workers = watched_visit(context, site_url)
    assert snapshot_state(page) == "refused"
    assert page.evaluate("window.refusedWrites") >= 1
    assert not [url for url in workers if "snapshot" in url], workers
    key = page.evaluate(f"localStorage.getItem({REFUSED_KEY!r})")
    assert key
    page.get_by_test_id("add-combatant").click()   # the engine answers: the sheet form is built from its schema
    expect(page.get_by_test_id("sheet-dialog")).to_be_visible()
    page.close()

    page, workers = watched_visit(context, site_url)
    assert snapshot_state(page) == "refused"
    assert page.evaluate("window.refusedWrites") == 0, "the refusal was remembered: nothing is tried again"
    assert not [url for url in workers if "snapshot" in url], workers
    page.evaluate(f"localStorage.setItem({REFUSED_KEY!r}, 'an-older-build')")
    page.close()

    page, workers = watched_visit(context, site_url)
    assert snapshot_state(page) == "refused"
    assert page.evaluate("window.refusedWrites") >= 1, "a refusal remembered by another build is tried again"
    assert page.evaluate(f"localStorage.getItem({REFUSED_KEY!r})") == key
    assert not [url for url in workers if "snapshot" in url], workers


@pytest.mark.own_profile
def test_a_refusal_remembered_by_another_build_does_not_stop_this_one(context: BrowserContext, site_url: str) -> None:
    context.add_init_script(f"localStorage.getItem({REFUSED_KEY!r}) ?? localStorage.setItem({REFUSED_KEY!r}, 'an-older-build')")
    page = first_visit(context, site_url)
    assert page.evaluate(f"localStorage.getItem({REFUSED_KEY!r})") is None
    page.close()
    page = visit(context, site_url)
    assert snapshot_state(page) == "restored"
