"""The bench's scripted session (tests/bench.py): taps, odds and take-outs in each rule system, timed in the page, and the long tasks seen meanwhile."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from tests.bench_encounters import fighters, forty, long_evening, sla_three
from tests.bench_report import TAPS
from tests.bench_sharing import player_link_figures
from tests.bench_visits import FLAGS, READY, SNAPSHOT_MADE, median, tap


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


def spread(values: list[float]) -> list[float] | None:
    """[min, median, max] of tap figures, so one noisy tap is seen and cannot decide the figure."""
    return [round(min(values), 1), median(values), round(max(values), 1)] if values else None  # type: ignore[list-item]


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
