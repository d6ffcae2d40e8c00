"""SLA's exact odds of a shot, each cross-checked by brute force through the real resolver.

For every case the ``odds`` answer (through the API) is set against a tally of the shot resolved once for every class
of dice it can ask for, walked in the order the resolver asks for them: the three dice of the attack as all 216
faces (their roles differ: the Success die is the Aiming die, the others PEN and damage), the direction die as its 6
faces, and the 3d6 stat tests (COOL under fire, DEX for a quick draw, PHYS to stay standing or conscious, a Vevaphon's
CONC) as their 16 totals, each typed in as one arrangement of faces and weighted by the arrangements that make it (of
216): a stat test's Success die reaches no chart (the COOL test's modifier reads the total, the others pass or fail,
and a failed CONC roll's PV loss changes the armour after the damage is done).  The plain shot goes through the JSON
API (``act`` with the faces given); the rest call ``rules.systems.sla.hit.resolve`` with ``rules.dice.GivenDice``,
which is the resolver the API runs, 10 times faster.

Each resolution is read as the page shows it: where it landed (the state's last shot), the Incap it cost, a wound
opened, a bullet left in, the target put down, and whether a step says the round reached the body.  Every bar's
exact ``fraction`` of "Where it lands", "Damage to Incap" (a bar ``a\u2013b damage`` holds every value from a to b)
and "The worst that follows" (one class each: a miss, no damage to the body, damage without a wound, a wound, knocked
down) must equal the tally, as must the summary's chances of a wound and of a bullet staying in.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

import pytest

from rules.dice import DiceNeeded, GivenDice
from rules.encounter import Encounter
from rules.odds import share
from rules.systems.sla import hit
from rules.systems.sla.diagram import REGION_OF
from rules.systems.sla.sheet import LOCATION_LABELS
from rules.systems.sla.shoot_inputs import read_shot
from rules.systems.sla.wounds import State

from .helpers import ok
from .test_sla_vectors import encounter_of, sheet_of

Faces = tuple[int, ...]


@dataclass(frozen=True)
class Need:
    roll: str
    count: int


@dataclass(frozen=True)
class Seen:
    """One resolution as the charts read it."""

    lands: str
    damage: int
    wound: bool
    stuck: bool
    down: bool


Run = Callable[[dict[str, Faces]], Union[Need, Seen]]
THREE = list(itertools.product(range(1, 7), repeat=3))
TOTALS = Counter(sum(faces) for faces in THREE)
ONE_OF_EACH = {total: next(faces for faces in THREE if sum(faces) == total) for total in TOTALS}


def seen(before: State, after: State, outcome: str, said: str) -> Seen:
    shot = after.last_shot
    if outcome.startswith("No shot"):
        lands = "No shot"
    elif shot is None or not shot.hit or shot.landed is None:
        lands = "Miss"
    else:
        lands = LOCATION_LABELS[REGION_OF[shot.landed]]
    return Seen(lands, after.incap_damage - before.incap_damage, len(after.wounds) > len(before.wounds),
                after.stuck > before.stuck, after.position == "down" and before.position != "down")


def direct(document: dict[str, Any], inputs: dict[str, Any]) -> Run:
    """The shot resolved by the system's resolver itself."""
    encounter = Encounter.from_dict(document)
    played = encounter.play()
    shot = read_shot(inputs, played.sheets, played.states, encounter.options)
    before = played.states[shot.target]

    def run(given: dict[str, Faces]) -> Need | Seen:
        try:
            after, report = hit.resolve(shot, played.sheets, played.states, encounter.options, GivenDice(given))
        except DiceNeeded as need:
            return Need(need.roll, need.count)
        said = "\n".join(step.text for step in report.steps)
        return seen(before, after[shot.target], report.outcome, said)
    return run


def through_api(document: dict[str, Any], inputs: dict[str, Any]) -> Run:
    """The shot resolved through ``act`` with the faces given; the answer's encounter is replayed to read it."""
    target = inputs["target"]
    before = Encounter.from_dict(document).play().states[target]

    def run(given: dict[str, Faces]) -> Need | Seen:
        answer = ok("act", encounter=document, action="shoot", inputs=inputs, dice="given",
                    faces={name: list(faces) for name, faces in given.items()})
        if "needs" in answer:
            need = answer["needs"]
            assert need["count"] == 1 or need["names"] == ["Success die", "Penetration die", "Damage die"], need
            return Need(need["roll"], need["count"])
        after = Encounter.from_dict(answer["encounter"]).play().states[target]
        said = "\n".join(step["text"] for step in answer["report"]["steps"])
        return seen(before, after, answer["report"]["outcome"], said)
    return run


def choices(need: Need) -> list[tuple[Faces, Fraction]]:
    if need.count == 1:
        return [((face,), Fraction(1, 6)) for face in range(1, 7)]
    if need.roll == "attack":
        return [(faces, Fraction(1, 216)) for faces in THREE]
    return [(ONE_OF_EACH[total], Fraction(count, 216)) for total, count in TOTALS.items()]


def walk(run: Run) -> list[tuple[Fraction, Seen]]:
    """Every resolution and its chance, the rolls branched in the order the resolver asks for them."""
    out: list[tuple[Fraction, Seen]] = []
    pending: list[tuple[dict[str, Faces], Fraction]] = [({}, Fraction(1))]
    while pending:
        given, chance = pending.pop()
        answer = run(given)
        if isinstance(answer, Seen):
            out.append((chance, answer))
            continue
        assert answer.roll not in given, f"the {answer.roll} roll was asked for twice"
        pending += [({**given, answer.roll: faces}, chance * weight) for faces, weight in choices(answer)]
    assert sum(chance for chance, _ in out) == 1
    return out


def worst(one: Seen) -> str:
    """The class of "The worst that follows" one resolution falls in."""
    if one.lands in ("No shot", "Miss"):
        return "Miss"
    if one.down:
        return "Knocked down"
    return "A wound" if one.wound else "Damage, no wound" if one.damage else "No damage to the body"


def tallies(resolutions: list[tuple[Fraction, Seen]]) -> tuple[Counter[str], Counter[int], dict[str, Fraction]]:
    lands: Counter[str] = Counter()
    damage: Counter[int] = Counter()
    follows: dict[str, Fraction] = {}
    for chance, one in resolutions:
        lands[one.lands] += chance           # type: ignore[assignment]
        damage[one.damage] += chance         # type: ignore[assignment]
        for key, happened in ((worst(one), True), ("wound", one.wound), ("stuck", one.stuck)):
            if happened:
                follows[key] = follows.get(key, Fraction(0)) + chance
    return lands, damage, follows


def bars(answer: dict[str, Any], title: str) -> dict[str, Fraction]:
    found = next(chart for chart in answer["charts"] if chart["title"] == title)
    return {bar["label"]: Fraction(bar["fraction"]) for bar in found["bars"]}


def span(label: str) -> tuple[int, int]:
    numbers = [int(number) for number in re.findall(r"\d+", label)]
    return numbers[0], numbers[-1]


# -- the cases ----------------------------------------------------------------------------------------------

SHORT_GUN = [{"name": "Short gun", "notation": "skill Pistol, RNG 10, RCL 2, PEN 4, DAM 8"}]
VEST = [{"name": "Vest", "notation": "PV 7, ID 40"}]
CASES: dict[str, dict[str, Any]] = {
    "plain shot (through the API)": {"target": {"like": "target"}, "inputs": {}, "api": True},
    "wild at long range": {"shooter": {"weapons": SHORT_GUN}, "target": {"like": "target"},
                           "inputs": {"shot": "wild", "distance": 40}},
    "armour stops some hits": {"shooter": {"weapons": [{"name": "Light gun", "notation":
                                                        "skill Pistol, RNG 50, RCL 2, PEN 4, DAM 4"}]},
                               "target": {"like": "target", "phys": 3, "armour": VEST}, "inputs": {}},
    "armour with ID nearly 0, layered": {"options": {"layering": "on"},
                                         "target": {"like": "target", "armour": [
                                             {"name": "Worn vest", "notation": "PV 7, ID 1"},
                                             {"name": "Synthskin", "notation": "PV 2, ID 3, torso"}]},
                                         "inputs": {"shot": "snap"}},
    "AP ammunition": {"target": {"like": "target", "phys": 6, "armour": VEST}, "inputs": {"ammo": "ap"}},
    "a Xeno": {"target": {"name": "Xeno", "species": "stormer_711", "phys": 9}, "inputs": {"shot": "snap"}},
    "a hardened Vevaphon (CONC roll)": {"target": {"name": "Vev", "species": "vevaphon", "vevaphon_pv": 9,
                                                   "phys": 6}, "inputs": {"ammo": "heap"}},
    "knockback and knockdown on PHYS 3": {"target": {"like": "target", "phys": 3, "hits_torso": 10},
                                          "inputs": {"shot": "snap"}},
    "under fire, two shooters (COOL test)": {"options": {"under_fire": "on"}, "target": {"like": "target"},
                                             "inputs": {"shooters": 2, "aims": 3}},
    "under fire, a snap shot (COOL test)": {"options": {"under_fire": "on"}, "target": {"like": "target"},
                                            "inputs": {"shooters": 1, "shot": "snap"}},
    "quick draw (DEX test)": {"target": {"like": "target"}, "inputs": {"shot": "wild", "quick_draw": True}},
    "a clean miss": {"options": {"missed_shot": "clean"}, "target": {"like": "target"},
                     "inputs": {"shot": "wild", "modifier": -4}},
    "an arm hex at the edge": {"target": {"like": "target"}, "inputs": {"aim": "2,1", "shot": "wild"}},
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_odds_of_a_shot_are_the_resolver_over_every_face(name: str) -> None:
    case = CASES[name]
    shooter = sheet_of({"like": "fix", **case.get("shooter", {})})
    document = encounter_of([shooter, sheet_of(case["target"])], case.get("options"))
    inputs = {"attacker": "c1", "target": "c2", "aim": "0,3", **case["inputs"]}
    answer = ok("odds", encounter=document, action="shoot", inputs=inputs)
    run = through_api(document, inputs) if case.get("api") else direct(document, inputs)
    lands, damage, follows = tallies(walk(run))

    wrong = []                                  # every bar that differs, so one fault does not hide another
    expected = {label: chance for label, chance in lands.items() if chance}
    for label in sorted(set(expected) | set(bars(answer, "Where it lands"))):
        shown = bars(answer, "Where it lands").get(label, Fraction(0))
        if shown != expected.get(label, Fraction(0)):
            wrong.append(f"Where it lands / {label}: odds {shown}, resolver {expected.get(label, 0)}")

    covered = set()
    for label, chance in bars(answer, "Damage to Incap").items():
        low, high = span(label)
        inside = [value for value in damage if low <= value <= high and damage[value]]
        if chance != sum(damage[value] for value in inside):
            wrong.append(f"Damage to Incap / {label}: odds {chance}, resolver {sum(damage[v] for v in inside)}")
        covered.update(inside)
    if covered != {value for value, chance in damage.items() if chance}:
        wrong.append(f"Damage to Incap: no bar for {sorted(set(damage) - covered)}")

    shown = bars(answer, "The worst that follows")
    for label in sorted(set(shown) | set(follows) - {"wound", "stuck"}):
        if shown.get(label, Fraction(0)) != follows.get(label, Fraction(0)):
            wrong.append(f"The worst that follows / {label}: odds {shown.get(label, 0)}, resolver {follows.get(label, 0)}")
    for key, words in (("wound", "a wound"), ("stuck", "a bullet stays in")):
        expected_share = share(follows.get(key, Fraction(0)))["percent"]
        if key == "wound" or follows.get(key):
            if f"{words} {expected_share}" not in answer["summary"]:
                wrong.append(f"summary: {words} {expected_share} not in {answer['summary']!r}")
    assert not wrong, "\n".join(wrong)
