"""Exact distributions, each checked against brute-force enumeration or a seeded Monte Carlo run."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from rules.dice import FUDGE_FACES, GivenDice, SeededDice, fudge_value
from rules.encounter import Encounter
from rules.odds import Dist, dice, fudge_dice, successes

from .helpers import attack, duel, hazard, target_view


@pytest.mark.parametrize("count", range(0, 7))
@pytest.mark.parametrize("faces", [1, 2, 3])
def test_successes_match_enumeration(count: int, faces: int) -> None:
    success_set = FUDGE_FACES[:faces]
    counted = Counter(sum(face in success_set for face in roll) for roll in itertools.product(FUDGE_FACES, repeat=count))
    exact = successes(count, faces)
    assert exact.total == 3**count
    assert dict(exact.weights) == dict(counted)


@pytest.mark.parametrize("count", range(0, 6))
def test_fudge_dice_match_enumeration(count: int) -> None:
    counted = Counter(fudge_value(roll) for roll in itertools.product(FUDGE_FACES, repeat=count))
    assert dict(fudge_dice(count).weights) == dict(counted)


def test_4df_weights_are_the_known_ones() -> None:
    """The 4dF weights out of 81 (FUDGE: Good or better on a Fair trait is 1 in ... )."""
    assert [fudge_dice(4).weights[v] for v in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_dice_sum_matches_enumeration() -> None:
    counted = Counter(sum(roll) for roll in itertools.product(range(1, 7), repeat=3))
    assert dict(dice(3).weights) == dict(counted)


def test_bind_mixes_exactly() -> None:
    """A coin picks 1d6 or 2d6; the mixture's probabilities are the average of the two."""
    mixed = Dist.uniform([1, 2]).bind(lambda n: dice(n))
    for total in range(1, 13):
        expected = (dice(1).probability(total) + dice(2).probability(total)) / 2
        assert mixed.probability(total) == expected


def test_probabilities_sum_to_one() -> None:
    mixed = fudge_dice(4).bind(lambda roll: successes(max(roll, 0), 2))
    assert sum(mixed.probability(outcome) for outcome in mixed.weights) == 1


def test_weights_must_be_positive_integers() -> None:
    with pytest.raises(ValueError):
        Dist({1: 0})
    with pytest.raises(ValueError):
        Dist({})


# -- attack odds against enumeration through the real resolver -----------------------------------


def condition_label(encounter: Encounter) -> str:
    """The target's condition as its card shows it (a miss leaves it as it was)."""
    target = target_view(encounter)
    return "Taken out" if not target["can_act"] else str(target["status"]["text"])


def enumerate_conditions(encounter: Encounter, inputs: dict[str, Any]) -> dict[str, Fraction]:
    """Every face of every roll, resolved by the engine itself; probability of each resulting condition."""
    rolled = inputs.get("margin") == "rolled"
    margins: list[tuple[dict[str, Any], Fraction]] = [({}, Fraction(1))]
    if rolled:
        counts: Counter[int] = Counter()
        representative: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        for mine in itertools.product(FUDGE_FACES, repeat=4):
            for theirs in itertools.product(FUDGE_FACES, repeat=4):
                difference = fudge_value(mine) - fudge_value(theirs)
                counts[difference] += 1
                representative.setdefault(difference, (mine, theirs))
        margins = [({"attack": list(representative[d][0]), "defence": list(representative[d][1])}, Fraction(n, 6561))
                   for d, n in counts.items()]
    totals: dict[str, Fraction] = {}
    for given, weight in margins:
        probe = SeededDice(0)
        _, report = attack(encounter, inputs, GivenDice(given, fallback=probe))
        if report.outcome == "Miss":
            label = condition_label(encounter)
            totals[label] = totals.get(label, Fraction(0)) + weight
            continue
        pool = len(probe.record["damage"])
        for faces in itertools.product(FUDGE_FACES, repeat=pool):
            after, report = attack(encounter, inputs, {**given, "damage": list(faces)})
            label = condition_label(after)
            totals[label] = totals.get(label, Fraction(0)) + weight / 3**pool
    return totals


def odds_conditions(encounter: Encounter, inputs: dict[str, Any]) -> dict[str, Fraction]:
    played = encounter.play()
    odds = encounter.system.odds("attack", played.sheets, played.states,
                                 {"attacker": "c1", "target": "c2", **inputs}, encounter.options)
    return {bar["label"]: Fraction(bar["fraction"]) for bar in odds["conditions"]}


SCENARIOS = [
    ("3-/2+", "+-*", {}, {"margin": "typed", "margin_of_success": 2}),
    ("3B", "-*", {}, {"margin": "typed", "margin_of_success": 1}),
    ("2+", "XXXXXX", {}, {"margin": "typed", "margin_of_success": 3}),
    ("4+(Arrows)", "--**++(H vs. Arrows)", {}, {"margin": "typed", "margin_of_success": 1}),
    ("1*", "**", {"track": "B"}, {"margin": "typed", "margin_of_success": 4}),
    ("1-", "-", {}, {"margin": "rolled"}),
    ("1+", "BBBB", {"track": "B"}, {"margin": "rolled"}),
]


@pytest.mark.parametrize("weapon, armour, options, inputs", SCENARIOS)
def test_attack_odds_match_enumeration(weapon: str, armour: str, options: dict[str, Any], inputs: dict[str, Any]) -> None:
    encounter = duel(weapon, armour, skill=1, defence=1, options=options)
    assert odds_conditions(encounter, inputs) == enumerate_conditions(encounter, inputs)


def test_attack_odds_account_for_current_wounds() -> None:
    """A target already Hurt on Track A: the odds start from its current boxes."""
    encounter = duel("2-", "")
    encounter, _ = hazard(encounter, "6E-*+", "------")
    inputs = {"margin": "typed", "margin_of_success": 1}
    assert odds_conditions(encounter, inputs) == enumerate_conditions(encounter, inputs)


def test_opposed_odds_agree_with_monte_carlo() -> None:
    """A seeded run of 4000 real resolutions lands within 4 standard errors of each exact probability."""
    encounter = duel("4-/2+", "-*+", skill=2, defence=0)
    inputs = {"margin": "rolled"}
    exact = odds_conditions(encounter, inputs)
    runs = 4000
    seen: Counter[str] = Counter()
    for seed in range(runs):
        after, report = attack(encounter, inputs, SeededDice(seed))
        seen[condition_label(after)] += 1
    for label, probability in exact.items():
        p = float(probability)
        tolerance = 4 * math.sqrt(p * (1 - p) / runs) + 1e-9
        assert abs(seen[label] / runs - p) <= tolerance, (label, seen[label] / runs, p)
    assert set(seen) <= set(exact)


def test_the_damage_chart_keeps_a_miss_apart_from_the_grouped_tail() -> None:
    """Eight bars at most; the tail groups only damage, and every bar matches the exact distribution."""
    encounter = duel("3-/2+", "+-*", skill=1, defence=-1)
    played = encounter.play()
    odds = encounter.system.odds("attack", played.sheets, played.states,
                                 {"attacker": "c1", "target": "c2", "margin": "rolled"}, encounter.options)
    chart = next(one for one in odds["charts"] if one["title"] == "Damage")
    labels = [bar["label"] for bar in chart["bars"]]
    assert len(labels) <= 8 and labels[0] == "Miss" and labels[-1].endswith("+ damage"), labels
    exact = {bar["label"]: Fraction(bar["fraction"]) for bar in odds["successes"]}
    first_grouped = int(labels[-1].split("+")[0])
    grouped = sum(p for label, p in exact.items() if label != "Miss" and int(label.split()[0]) >= first_grouped)
    assert Fraction(chart["bars"][-1]["fraction"]) == grouped
    assert Fraction(chart["bars"][0]["fraction"]) == exact["Miss"]
