"""Know Your Own Damage's exact odds, each checked against the real resolver.

A hit's odds are compared with an enumeration of every face the resolver asks for, through the API with
``"dice": "given"``: all 216 throws of the three penetration dice, one by one, and for each wound that lands
on a level already held, each face 1-6 of every cascade die it then asks for.  The outcome of each branch
is read off the answer (the report's outcome and steps, the card's held wounds and status), tallied as
exact Fractions, and compared with the chart bars' ``fraction`` strings.  A check's odds are compared with
all 216 throws of its 3d6 the same way, and with the GURPS success roll written out here.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from .helpers import act, after, card, ok
from .test_kyod_vectors import death_checks_due, encounter_of, held, level_of, typed

THROWS = list(itertools.product(range(1, 7), repeat=3))
CLASSES = ("No wound", "Shock only", "Major wound", "Death check", "Dead")


@dataclass
class Tally:
    """What an enumeration saw: the chance of each held level and of each kind of outcome, the level each 3d6
    total lands at before any cascade, and how many resolutions it took."""

    levels: dict[int, Fraction] = field(default_factory=dict)
    classes: dict[str, Fraction] = field(default_factory=dict)
    landing: dict[int, tuple[int, int]] = field(default_factory=dict)      # 3d6 total -> (penetration, level)
    resolutions: int = 0

    def count(self, table: dict[Any, Fraction], key: Any, chance: Fraction) -> None:
        table[key] = table.get(key, Fraction(0)) + chance


def outcome_of(answer: dict[str, Any], target: str, before: list[int],
               deaths_before: int) -> tuple[int, int, str, int]:
    """(level the wound came in at, level it is held at, the worst it does, its penetration) for one answer."""
    report = answer["report"]
    shown = card(answer, target)
    now = held(shown)
    pen_step = next(step for step in report["steps"] if step.get("roll") == "penetration")
    pen = int(re.search(r"(-?\d+)\.$", pen_step["text"].replace("\u2212", "-")).group(1))   # type: ignore[union-attr]
    level = level_of(report)
    if level == 0:
        assert now == before and "events" in answer["encounter"], report["outcome"]
        return 0, 0, "No wound", pen
    added = list(now)
    for old in before:
        added.remove(old)
    assert added == [level], (before, now, report["outcome"])
    came = re.search(r"\(from (\d+)\)", report["outcome"])
    start = int(came.group(1)) if came else level
    texts = " ".join(step["text"] for step in report["steps"])
    if shown["status"]["text"] in ("Dead", "Destroyed"):
        worst = "Dead"
    elif death_checks_due(shown) > deaths_before:
        worst = "Death check"
    elif "A major wound" in texts:
        worst = "Major wound"
    else:
        worst = "Shock only"
    return start, level, worst, pen


def enumerate_hit(encounter: dict[str, Any], inputs: dict[str, Any]) -> Tally:
    """Every penetration throw and every cascade face, through the API."""
    target = inputs["target"]
    view = ok("view", encounter=encounter)
    before, deaths = held(card(view, target)), death_checks_due(card(view, target))
    tally = Tally()

    def walk(given: dict[str, list[int]], chance: Fraction, total: int) -> None:
        tally.resolutions += 1
        answer = act(encounter, "hit", inputs, given)
        if "needs" in answer:
            need = answer["needs"]
            assert (need["roll"], need["kind"], need["count"]) == (f"cascade {len(given)}", "d6", 1), need
            for face in range(1, 7):
                walk({**given, need["roll"]: [face]}, chance / 6, total)
            return
        start, level, worst, pen = outcome_of(answer, target, before, deaths)
        assert tally.landing.setdefault(total, (pen, start)) == (pen, start)   # one landing per 3d6 total
        tally.count(tally.levels, level, chance)
        tally.count(tally.classes, worst, chance)

    for faces in THROWS:
        walk({"penetration": list(faces)}, Fraction(1, 216), sum(faces))
    assert sum(tally.levels.values()) == 1 == sum(tally.classes.values())
    return tally


def shares(chart: dict[str, Any]) -> dict[str, Fraction]:
    """A chart's bars as exact chances, checking each bar's weight, total and fraction agree."""
    out = {}
    for bar in chart["bars"]:
        chance = Fraction(bar["weight"], bar["total"])
        assert Fraction(bar["fraction"]) == chance
        out[bar["label"]] = chance
    return out


def level_bars(levels: dict[int, Fraction], labels: list[str]) -> dict[str, Fraction]:
    """The tallied levels as the chart labels them: "No wound", "Level 4", and a last "Level 9 or more"."""
    out: dict[str, Fraction] = {}
    tail = next((int(label.split()[1]) for label in labels if label.endswith("or more")), None)
    for level, chance in sorted(levels.items()):
        label = "No wound" if level == 0 else f"Level {level}" if tail is None or level < tail else \
            f"Level {tail} or more"
        out[label] = out.get(label, Fraction(0)) + chance
    return out


def check_table(table: dict[str, Any], landing: dict[int, tuple[int, int]]) -> None:
    """The odds' penetration table, one row per run of 3d6 totals with the same level, against the enumeration:
    each row's totals give exactly its penetrations (rising with the total rolling high, falling rolling low) and
    land at its level; the rows cover 3 to 18 once."""
    covered: list[int] = []
    for totals, pens, level in table["rows"]:
        low, high = (int(part) for part in (totals.split("\u2013") * 2)[:2])
        first, last = (int(part) for part in (pens.replace("\u2212", "-").split("\u2013") * 2)[:2])
        run = range(low, high + 1)
        assert sorted(landing[total][0] for total in run) == list(range(first, last + 1)), (totals, pens)
        assert {landing[total][1] for total in run} == {0 if level == "scratch" else int(level)}, (totals, level)
        covered += run
    assert covered == list(range(3, 19))


# -- the scenarios -------------------------------------------------------------------------------------------

ST10 = {"name": "ST 10", "st": 10}
Build = Callable[[], dict[str, Any]]


def holding(levels_faces: list[list[int]], *, sheet: dict[str, Any] = ST10, attack: str = "3d+20[+0]",
            options: dict[str, Any] | None = None) -> Build:
    """A target that has taken hits of ``attack`` with these penetration faces (each on a level not yet held)."""
    def build() -> dict[str, Any]:
        encounter = encounter_of(sheet, options=options)
        for faces in levels_faces:
            encounter = after(encounter, "hit", typed("c1", attack), {"penetration": faces})
        return encounter
    return build


def fresh(sheet: dict[str, Any] = ST10, options: dict[str, Any] | None = None) -> Build:
    return lambda: encounter_of(sheet, options=options)


DEAD_AT_5 = [{"words": f"level {n}", "shock": min(n, 4), "major": n >= 4, "consciousness": False,
              "death_checks": 0, "dead": n >= 5} for n in range(1, 12)]

SCENARIOS: dict[str, tuple[Build, dict[str, Any]]] = {
    "unarmoured ST 10": (fresh(), typed("c1", "3d+20[+0]")),
    "DR 4, the formula": (fresh({**ST10, "armour": "4"}), typed("c1", "3d+20[+0]")),
    "DR 3, the Addition table": (fresh({**ST10, "armour": "3"}, {"armoured": "table"}), typed("c1", "3d+12[+1] cut")),
    "DR 4 + 2 log-added, subtracted like a barrier": (
        fresh({**ST10, "armour": "4 + 2"}, {"armour_method": "subtraction", "layers": "log_add"}),
        typed("c1", "3d+22[+0]")),
    "two barriers": (fresh(), typed("c1", "3d+40[+0]", barriers="4, 12")),
    "ignores DR": (fresh({**ST10, "armour": "30"}), typed("c1", "3d+20[+0]", ignores_dr=True)),
    "holding levels 5 and 6: cascades": (holding([[3, 3, 1], [3, 3, 4]]), typed("c1", "3d+20[+0]")),
    "holding level 7: a cascade stops at the death check": (holding([[4, 5, 6]]), typed("c1", "3d+22[+0]")),
    "holding 4, custom effects, dead at 5": (holding([[1, 1, 1]], options={"effects": DEAD_AT_5}),
                                             typed("c1", "3d+18[+0]")),
    "diffuse, imp capped at 1": (fresh({**ST10, "structure": "diffuse"}, {"diffuse_cap": "by_type"}),
                                 typed("c1", "3d+20[+2] imp")),
    "homogeneous object, imp to a limb": (
        fresh({"name": "Statue", "kind": "object", "hp": 200, "structure": "homogeneous"}),
        typed("c1", "3d+60[+2] imp", location="limb")),
    "vitals through Damage Reduction 2": (fresh({**ST10, "reduction": 2}), typed("c1", "3d+15[\u22122] pi-",
                                                                                  location="vitals")),
    "roll low, ST 12 broadsword in DR 4": (fresh({**ST10, "armour": "4"}, {"roll": "low"}),
                                           typed("c1", "thr+2 imp", st=12)),
    "quick labels, ST 11": (fresh({"name": "ST 11", "st": 11}, {"labels": "quick"}), typed("c1", "3d+13[+0]")),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_hit_odds_match_enumeration_through_the_resolver(name: str) -> None:
    build, inputs = SCENARIOS[name]
    encounter = build()
    odds = ok("odds", encounter=encounter, action="hit", inputs=inputs)
    tally = enumerate_hit(encounter, inputs)
    assert tally.resolutions < 4000
    levels_chart, classes_chart = odds["charts"]
    assert levels_chart["title"] == "Wound level" and classes_chart["title"] == "The worst it does"
    shown = shares(levels_chart)
    assert shown == level_bars(tally.levels, list(shown))
    assert shares(classes_chart) == tally.classes
    assert [bar["label"] for bar in classes_chart["bars"]] == [name for name in CLASSES if name in tally.classes]
    check_table(odds["tables"][0], tally.landing)
    likely = max(shown.items(), key=lambda item: item[1])[0]
    assert f"{likely.lower()} most likely" in odds["summary"]


def test_the_enumeration_really_branches_on_the_cascade() -> None:
    """Guard for the test itself: holding levels 5 and 6, a hit landing at 5 climbs to 6 and 7 on the cascade dice,
    so the held level differs from the landing level for some branches, and the cascade changes the odds."""
    build, inputs = SCENARIOS["holding levels 5 and 6: cascades"]
    cascading = enumerate_hit(build(), inputs)
    plain = enumerate_hit(fresh()(), inputs)
    assert cascading.resolutions > 216 * 2 and plain.resolutions == 216
    assert cascading.landing == plain.landing and cascading.levels != plain.levels
    assert cascading.levels[7] > plain.levels[7]


def test_roll_low_has_the_same_odds_as_roll_high() -> None:
    """Penetration = skill - 3d6 is the same distribution as 3d6 + X (skill = X + 21)."""
    charts = [ok("odds", encounter=encounter_of({**ST10, "armour": "4"}, options={"roll": roll}), action="hit",
                 inputs=typed("c1", "thr+2 imp", st=12))["charts"] for roll in ("high", "low")]
    assert charts[0] == charts[1]


# -- checks: 3d6 at or under HT + modifier; 3-4 always succeeds, 17-18 always fails ------------------------------

def success_roll(total: int, target: int) -> bool:
    return total in (3, 4) or (total not in (17, 18) and total <= target)


@pytest.mark.parametrize("ht, modifier", [(10, 0), (3, -10), (5, -2), (14, -3), (16, 0), (20, 10), (12, 5)])
def test_check_odds_match_every_throw(ht: int, modifier: int) -> None:
    encounter = encounter_of({"name": "Checker", "st": 10, "ht": ht})
    inputs = {"target": "c1", "check": "consciousness", "modifier": modifier}
    odds = ok("odds", encounter=encounter, action="check", inputs=inputs)
    made = Fraction(0)
    for faces in THROWS:
        answer = act(encounter, "check", inputs, {"check": list(faces)})
        outcome = answer["report"]["outcome"]
        assert outcome in ("Consciousness check: made", "Consciousness check: failed")
        success = outcome.endswith("made")
        assert success is success_roll(sum(faces), ht + modifier), faces
        assert held(card(answer)) == [] and card(answer)["status"]["text"] == ("Unhurt" if success else "Unconscious")
        made += Fraction(success, 216)
    expected = {"Success": made, "Failure": 1 - made}
    assert shares(odds["charts"][0]) == {label: chance for label, chance in expected.items() if chance}
    assert odds["pool"] == 3 and odds["charts"][0]["title"] == "The roll"
    assert f"HT {ht}" in odds["summary"]


def test_death_check_odds_and_its_outcomes() -> None:
    """KY-17's level 8 calls one death check: HT 10 survives on 10 or less (1/2); failing it kills."""
    encounter = after(encounter_of(ST10), "hit", typed("c1", "3d+20[+2] imp"), {"penetration": [3, 3, 4]})
    inputs = {"target": "c1", "check": "death"}
    odds = ok("odds", encounter=encounter, action="check", inputs=inputs)
    assert shares(odds["charts"][0]) == {"Success": Fraction(1, 2), "Failure": Fraction(1, 2)}
    survived = act(encounter, "check", inputs, {"check": [3, 3, 4]})
    assert death_checks_due(card(survived)) == 0 and card(survived)["status"]["text"] != "Dead"
    died = act(encounter, "check", inputs, {"check": [3, 4, 4]})
    assert card(died)["status"]["text"] == "Dead"
