"""MegaTraveller's exact odds, each checked against the real resolver.

A hit's odds are compared with an enumeration of every face the resolver asks for: each 3D total of the
Damage Dice and, recursively, each 2D total of every stun or consciousness roll it then asks for (typed in
one roll at a time with ``"dice": "given"``).  Faces with the same total are grouped, with their count,
but every group's real faces go through the resolver.  Compare's expected hits are checked against a
seeded Monte Carlo run of repeated hits through ``act``.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from .helpers import act, after, card, ok
from .test_megatraveller_vectors import condition, encounter_of, hit_inputs, points_of

Faces = tuple[int, ...]


def by_total(count: int) -> list[tuple[Faces, int]]:
    """One real throw of ``count`` six-sided dice for each total, with how many throws make that total."""
    counts: Counter[int] = Counter()
    first: dict[int, Faces] = {}
    for faces in itertools.product(range(1, 7), repeat=count):
        counts[sum(faces)] += 1
        first.setdefault(sum(faces), faces)
    return [(first[total], counts[total]) for total in sorted(counts)]


def enumerate_hit(encounter: dict[str, Any], inputs: dict[str, Any], part: str = "Hull") \
        -> tuple[dict[str, Fraction], dict[int, Fraction], int]:
    """Resolve every throw the hit can ask for: the chance of each condition afterwards, of each Damage Points
    total, and how many resolutions it took."""
    conditions: dict[str, Fraction] = {}
    totals: dict[int, Fraction] = {}
    resolutions = 0

    def walk(given: dict[str, list[int]], chance: Fraction) -> None:
        nonlocal resolutions
        resolutions += 1
        answer = act(encounter, "hit", inputs, given)
        if "needs" in answer:
            need = answer["needs"]
            assert need["kind"] == "d6" and need["roll"] not in given
            for faces, count in by_total(need["count"]):
                walk({**given, need["roll"]: list(faces)}, chance * Fraction(count, 6 ** need["count"]))
            return
        label = condition(card(answer, inputs["target"]), part)
        conditions[label] = conditions.get(label, Fraction(0)) + chance
        points = points_of(answer["report"])
        totals[points] = totals.get(points, Fraction(0)) + chance

    walk({}, Fraction(1))
    assert sum(conditions.values()) == 1
    return conditions, totals, resolutions


def shares(bars: list[dict[str, Any]]) -> dict[str, Fraction]:
    """A chart's bars as exact chances, checking each bar's weight, total and fraction agree."""
    out = {}
    for bar in bars:
        chance = Fraction(bar["weight"], bar["total"])
        assert Fraction(bar["fraction"]) == chance
        out[bar["label"]] = chance
    return out


def bartolo() -> dict[str, Any]:
    return encounter_of({"name": "Herr Bartolo", "upp": "45398C"})


def slashed() -> dict[str, Any]:
    """UPP 777777, unskilled, carrying 22 slashes (rows 1-3 and one box of row 4), no longer stunned."""
    encounter = encounter_of({"name": "Slashed", "upp": "777777"})
    encounter = after(encounter, "hit", hit_inputs("c1", 5, "non_lethal"), {"damage": [5, 5, 5], "stun 1": [6, 6]})
    encounter = after(encounter, "recover", {"target": "c1", "how": "stun_slow"}, {"recovery": [6, 6]})
    view = card(ok("view", encounter=encounter))
    assert view["status"]["text"] == "22 non-lethal", view["status"]
    return encounter


def sure_brawler() -> dict[str, Any]:
    """End 10 and Brawling-8 with 6 slashes in row 1: the stun rolls need 2+ or less, so only a natural 2 fails."""
    encounter = encounter_of({"name": "Brawler", "upp": "77A777", "brawling": 8})
    return after(encounter, "hit", hit_inputs("c1", 1, "non_lethal"), {"damage": [6]})


def wounded_npc() -> dict[str, Any]:
    encounter = encounter_of({"name": "Thug", "kind": "npc", "upp": "777777"})
    return after(encounter, "hit", hit_inputs("c1", 7), {"damage": [6, 6, 4]})     # 30 of 14/28


def worn_aircraft() -> dict[str, Any]:
    encounter = encounter_of({"name": "Bitburg", "kind": "aircraft", "hull": "46/115", "power": "16/40 + 16/40"})
    encounter = after(encounter, "hit", hit_inputs("c1", 34, part="hull"), {"damage": [6, 6, 6]})
    return after(encounter, "hit", hit_inputs("c1", 8, part="hull"), {"damage": [1, 1, 1]})  # 146


Build = Callable[[], dict[str, Any]]
SCENARIOS: dict[str, tuple[Build, dict[str, Any]]] = {
    "Bartolo's club (non-lethal)": (bartolo, hit_inputs("c1", 3, "non_lethal")),
    "4 lethal dice, UPP 777777 unskilled": (lambda: encounter_of({"name": "Avg", "upp": "777777"}),
                                            hit_inputs("c1", 4)),
    "lethal on old slashes (D-MT-16)": (slashed, hit_inputs("c1", 3)),
    "34 lethal dice": (lambda: encounter_of({"name": "Avg", "upp": "777777"}), hit_inputs("c1", 34)),
    "34 non-lethal dice, UPP FFFFFF": (lambda: encounter_of({"name": "Strong", "upp": "FFFFFF"}),
                                      hit_inputs("c1", 34, "non_lethal")),
    "skilled, a natural 2 counts": (lambda: encounter_of({"name": "Brawler", "upp": "77A777", "brawling": 6},
                                                         options={"natural_two": "rolls"}),
                                    hit_inputs("c1", 3, "non_lethal")),
    "a natural 2 fails even at 2+ (D-MT-14)": (sure_brawler, hit_inputs("c1", 1, "non_lethal")),
    "low penetration: 3.5 dice are 3": (bartolo, hit_inputs("c1", 7, dice="low")),
    "fresh NPC": (lambda: encounter_of({"name": "Thug", "kind": "npc", "upp": "777777"}), hit_inputs("c1", 4)),
    "wounded NPC": (wounded_npc, hit_inputs("c1", 4)),
    "vehicle hull": (lambda: encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"}),
                     hit_inputs("c1", 23, part="hull")),
    "aircraft hull near the end": (worn_aircraft, hit_inputs("c1", 3, part="hull")),
    "non-lethal on a vehicle": (lambda: encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"}),
                                hit_inputs("c1", 3, "non_lethal", part="hull")),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_hit_odds_match_enumeration_through_the_resolver(name: str) -> None:
    build, inputs = SCENARIOS[name]
    encounter = build()
    odds = ok("odds", encounter=encounter, action="hit", inputs=inputs)
    conditions, totals, resolutions = enumerate_hit(encounter, inputs)
    assert resolutions < 2000
    assert shares(odds["conditions"]) == conditions
    assert shares(odds["points"]) == {f"{points} points": chance for points, chance in totals.items()}
    chances = {key: Fraction(value["fraction"]) for key, value in odds["chances"].items()}
    gone = ("Dead", "Hull destroyed")
    assert chances == {
        "stunned": sum((p for label, p in conditions.items() if label.startswith("Stunned")), Fraction(0)),
        "unconscious": sum((p for label, p in conditions.items() if label.startswith("Unconscious")), Fraction(0)),
        "dead": sum((p for label, p in conditions.items() if label in gone), Fraction(0)),
    }
    assert odds["expected_points"] == round(float(sum((points * p for points, p in totals.items()), Fraction(0))), 2)


def test_the_enumeration_really_branches_on_the_rolls() -> None:
    """Guard for the test itself: Bartolo's club reaches both sides of the stun roll, so a roll's chance matters."""
    conditions, _, resolutions = enumerate_hit(bartolo(), hit_inputs("c1", 3, "non_lethal"))
    assert set(conditions) == {"Up, no wound", "Stunned, no wound"}
    assert resolutions > 16


# -- Compare: expected hits, against repeated hits through the resolver ------------------------------------

LIVING = [{"name": "Avg", "kind": "person", "upp": "777777"}, {"name": "Red shirt", "kind": "npc", "upp": "777777"},
          {"name": "Grazer", "kind": "animal", "hits": "9/6"}]
MACHINES = [{"name": "Car", "kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2"},
            {"name": "Bitburg", "kind": "aircraft", "hull": "46/115", "power": "16/40 + 16/40"}]
RUNS = 300


def down(target: dict[str, Any]) -> tuple[bool, bool]:
    """(knocked out or disabled, killed or destroyed), read off the card."""
    label = condition(target)
    gone = label in ("Dead", "Hull destroyed")
    return gone or label.startswith("Unconscious") or label == "Hull disabled", gone


def hits_until_down(encounter: dict[str, Any], combatant: str, inputs: dict[str, Any], seed: str) -> tuple[int, int]:
    """Hit one target until it is destroyed, with the app rolling: (the hit that knocked it out, the one that
    destroyed it)."""
    knocked_out = 0
    for count in itertools.count(1):
        answer = act(encounter, "hit", {**inputs, "target": combatant}, dice="app", seed=f"{seed}-{count}")
        encounter = answer["encounter"]
        out, gone = down(card(answer, combatant))
        knocked_out = knocked_out or (count if out else 0)
        if gone:
            return knocked_out, count
    raise AssertionError("unreachable")


def hurt_roster() -> dict[str, Any]:
    """Compare starts from the roster as it stands: 22 slashes on a person (D-MT-16 again), 9 points on an NPC."""
    encounter = ok("add", encounter=slashed(), sheet={"name": "Thug", "kind": "npc", "upp": "777777"})["encounter"]
    return after(encounter, "hit", hit_inputs("c2", 3), {"damage": [3, 3, 3]})


COMPARE: dict[str, tuple[Build, int, str]] = {
    "living, lethal": (lambda: encounter_of(*LIVING), 4, "lethal"),
    "machines, lethal": (lambda: encounter_of(*MACHINES), 20, "lethal"),
    "non-lethal, NPC dies past its Integrity": (lambda: encounter_of(
        {"name": "Herr Bartolo", "upp": "45398C"}, {"name": "Thug", "kind": "npc", "upp": "777777"},
        options={"npc_death": "more_than"}), 6, "non_lethal"),
    "already hurt": (hurt_roster, 3, "lethal"),
    "already hurt, non-lethal": (hurt_roster, 3, "non_lethal"),
}


@pytest.mark.parametrize("name", COMPARE)
def test_compare_agrees_with_monte_carlo(name: str) -> None:
    """A seeded run of 300 hit sequences a target, each until it is destroyed; each mean within 4 standard errors
    of Compare's exact expected hits."""
    build, damage_value, harm = COMPARE[name]
    encounter = build()
    roster = ok("view", encounter=encounter)["view"]["roster"]
    inputs = {"attacker": None, "damage_value": damage_value, "harm": harm}
    compare = ok("odds", encounter=encounter, action="compare", inputs=inputs)
    for number, target in enumerate(roster):
        exact, row = compare["targets"][number], compare["tables"][0]["rows"][number]
        assert exact["name"] == row[0] and row[0].startswith(f"{target['name']} (")
        assert exact["kind"] == target["sheet"]["kind"] and exact["cut"] is False
        assert row[2:] == [f"{exact['knock_out']:.1f}", f"{exact['destroy']:.1f}"]
        assert down(target) == (False, False)
        part = {"part": "hull"} if target["sheet"]["kind"] in ("vehicle", "aircraft") else {}
        seed = f"{list(COMPARE).index(name)}-{target['id']}"
        runs = [hits_until_down(encounter, target["id"], {**inputs, **part}, f"{seed}-{run}") for run in range(RUNS)]
        for index, key in enumerate(("knock_out", "destroy")):
            seen = [run[index] for run in runs]
            mean = sum(seen) / RUNS
            # The sample's variance, floored at 1/RUNS: a rare outcome the run happened not to see (an NPC's 1 in
            # 216 of needing a second hit) must not shrink the tolerance to nothing.
            variance = max(sum((value - mean) ** 2 for value in seen) / (RUNS - 1), 1 / RUNS)
            assert abs(mean - exact[key]) <= 4 * math.sqrt(variance / RUNS), (target["name"], key, mean, exact[key])


def test_compare_rows_for_the_roster_match_the_texts_examples() -> None:
    """The roster's fresh copies of the seed's examples get the same expected hits as the fixed reference rows."""
    encounter = encounter_of(*LIVING, *MACHINES)
    compare = ok("odds", encounter=encounter, action="compare",
                 inputs={"attacker": None, "damage_value": 6, "harm": "lethal"})
    found = compare["targets"]
    assert len(found) == 2 * len(LIVING + MACHINES)
    for mine, theirs in zip(found[:5], found[5:]):
        assert (mine["kind"], mine["knock_out"], mine["destroy"]) == (theirs["kind"], theirs["knock_out"],
                                                                     theirs["destroy"]), (mine, theirs)


def hits_by_convolution(points: dict[int, Fraction], need: int) -> Fraction:
    """Expected hits until the points reach ``need``: the sum over k of the chance that k hits fall short."""
    expected, short = Fraction(0), {0: Fraction(1)}
    while short:
        expected += sum(short.values())
        following: dict[int, Fraction] = {}
        for total, chance in short.items():
            for value, weight in points.items():
                if total + value < need:
                    following[total + value] = following.get(total + value, Fraction(0)) + chance * weight
        short = following
    return expected


@pytest.mark.parametrize("death", ["at_least", "more_than"])
@pytest.mark.parametrize("damage_value, harm", [(3, "lethal"), (8, "non_lethal"), (20, "lethal")])
def test_compare_for_npcs_animals_and_vehicles_is_exact(death: str, damage_value: int, harm: str) -> None:
    """Everyone but a person goes down at a number of points, so the expected hits are exact: checked against a
    convolution of the hit's own points bars (the odds of one hit), NPC death at or past Integrity (D-MT-10)."""
    sheets = [{"name": "Thug", "kind": "npc", "upp": "778777"}, {"name": "Grazer", "kind": "animal", "hits": "9/6"},
              {"name": "Car", "kind": "vehicle", "hull": "2/5"},
              {"name": "Bitburg", "kind": "aircraft", "hull": "46/115"}]
    encounter = encounter_of(*sheets, options={"npc_death": death, "machines_non_lethal": "counts"})
    encounter = after(encounter, "hit", hit_inputs("c1", 3), {"damage": [2, 2, 2]})    # 6 of 15/29
    inputs = {"attacker": None, "damage_value": damage_value, "harm": harm}
    compare = ok("odds", encounter=encounter, action="compare", inputs=inputs)
    one_hit = ok("odds", encounter=encounter, action="hit", inputs={**inputs, "target": "c1"})["points"]
    points = {int(bar["label"].split()[0]): Fraction(bar["weight"], bar["total"]) for bar in one_hit}
    past = 1 if death == "more_than" else 0
    # (taken so far, knocked out or disabled at, killed or destroyed at): UPP 778777 is Integrity 44, 15/29.
    for found, (taken, knockout, kill) in zip(compare["targets"], [(6, 15, 44 + past), (0, 36, 60 + past),
                                                                   (0, 80, 280), (0, 46, 161)]):
        assert found["knock_out"] == pytest.approx(float(hits_by_convolution(points, knockout - taken)), abs=1e-9)
        assert found["destroy"] == pytest.approx(float(hits_by_convolution(points, kill - taken)), abs=1e-9)
