"""RULES_NOTES 2.6: the Know Your Own Damage test vectors KY-01..KY-21, run as data (vectors/kyod.json).

Formulas go through the modules that own them (``scale``, ``thresholds``, ``attack``); every vector that is a
resolution also goes through the public API (``rules.api.call``), typed in with ``"dice": "given"`` and the
three penetration faces chosen to give the vector's penetration.  The builders at the top read the page's
answers (a card's threshold table, its held wounds, a report's penetration) and are shared by the other KYoD
test files.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rules.systems.kyod import reference
from rules.systems.kyod.attack import attack_stats, firearm_wm, parse_weapon
from rules.systems.kyod.scale import add, addition_entry, damage_of, damage_text, logd, subtract
from rules.systems.kyod.thresholds import (Armour, armoured_threshold, character_toughness, level_from_table,
                                           object_toughness_from_hp, object_toughness_from_weight, raw_level,
                                           raw_threshold)

from .helpers import card, load_vectors, ok, settled, widget

CASES = load_vectors("kyod")
DAGGER = "\u2020"


# -- builders shared by the KYoD tests -------------------------------------------------------------------

def encounter_of(*sheets: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A KYoD encounter document holding ``sheets`` as c1, c2, ..."""
    encounter: dict[str, Any] = ok("new", system="kyod", options=options or {})["encounter"]
    for sheet in sheets:
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    return encounter


def typed(target: str, attack: str, **extra: Any) -> dict[str, Any]:
    """A hit typed in (no attacker on the roster)."""
    return {"attacker": None, "target": target, "attack": attack, **extra}


def threshold_row(target: dict[str, Any], name: str) -> list[int] | None:
    """A row of the card's threshold table ("AWT", "RWT") as numbers; None when the card has no such row."""
    for row in widget(target, "table")["rows"]:
        if row[0].split(" (")[0] == name:
            return [int(cell) for cell in row[1:]]
    return None


def held(target: dict[str, Any]) -> list[int]:
    """The levels a card says are held, lowest first, read from its note ("Held: levels 4, 5 (twice).")."""
    note = widget(target, "table")["note"]
    text = note.split("Held: ", 1)[1].rstrip(".")
    if text == "no wounds":
        return []
    out: list[int] = []
    for part in text.removeprefix("levels ").removeprefix("level ").split(", "):
        found = re.fullmatch(r"(\d+)(?: \((twice|(\d+) times)\))?", part)
        assert found, note
        count = 2 if found.group(2) == "twice" else int(found.group(3)) if found.group(3) else 1
        out += [int(found.group(1))] * count
    return out


def stat(target: dict[str, Any], label: str) -> str | None:
    return next((str(item["value"]) for item in widget(target, "stats")["items"] if item["label"] == label), None)


def penetration_of(report: dict[str, Any]) -> int:
    """The penetration a hit's report rolled: "Penetration roll 10 + 20 = 30." or "... a margin of 31."."""
    step = next(step for step in report["steps"] if step.get("roll") == "penetration")
    found = re.search(r"(?:= |a margin of )(-?\d+)\.$", step["text"].replace("\u2212", "-"))
    assert found, step["text"]
    return int(found.group(1))


def level_of(report: dict[str, Any]) -> int:
    """The level a hit's outcome names (0 for a scratch or a stopped attack)."""
    found = re.match(r"A level (\d+) wound", report["outcome"])
    return int(found.group(1)) if found else 0


def death_checks_due(target: dict[str, Any]) -> int:
    found = re.search(r"(\d+) death checks? due", target["status"]["text"])
    return int(found.group(1)) if found else 0


# -- the vectors -------------------------------------------------------------------------------------------

def check_logd(case: dict[str, Any]) -> None:
    for damage, value in case["pairs"]:
        assert logd(damage) == value
        assert logd(Fraction(damage)) == value
        assert round(30 * math.log10(damage)) == value          # the definition, LogD = 30 log10(damage)


def check_source_cells(case: dict[str, Any]) -> None:
    table = reference.logd_table()
    for cell in case["cells"]:
        value = cell["logd"]
        exact = damage_of(value)
        assert damage_text(exact) == cell["formula"] == str(round(exact))
        assert str(cell["source"]) != cell["formula"]
        # The printed table keeps the formula's cell and marks it; its note names the source's number.
        row = next(row for row in table["rows"] if row[0] == str(value - value % 10))
        assert row[1 + value % 10] == cell["formula"] + DAGGER
        assert f"{cell['source']} at LogD {value}" in table["note"]
        # Both numbers look up to the same LogD, so the quirk changes nothing when reading damage into LogD.
        assert logd(cell["source"]) == logd(int(cell["formula"])) == value
    marked = [(row[0], column) for row in table["rows"] for column, text in enumerate(row[1:]) if DAGGER in text]
    assert len(marked) == len(case["cells"])


def check_attack(case: dict[str, Any]) -> None:
    for expected in case["attacks"]:
        attack = attack_stats(parse_weapon(expected["weapon"]), expected["st"])
        assert (attack.average + attack.pen_bonus, attack.notation, attack.skill) == \
            (expected["average"], expected["notation"], expected["skill"])
        assert attack.skill == attack.x + 21            # roll low: "instead add 11" to the average
    if "flat_add" in case:
        flat = case["flat_add"]
        assert logd(flat["add"]) == flat["logd"]
        assert addition_entry(flat["difference"]) == flat["entry"]
        assert add(10, flat["logd"]) == case["attacks"][0]["average"]
        direct = 30 * math.log10(damage_of(10) + flat["add"])
        assert direct == pytest.approx(flat["direct"], abs=0.01) and round(direct) == case["attacks"][0]["average"]
        steps = " ".join(attack_stats(parse_weapon(case["attacks"][0]["weapon"]), 10).steps)
        assert "LogD 9" in steps and "makes 10 and 9 into 19" in steps
    if "engine_aside" in case:
        # The engine counts GURPS dice at 3.5 a die: "3d cr" is not the seed's 3d6+20 (see the report); it says why.
        aside = case["engine_aside"]
        attack = attack_stats(parse_weapon(aside["weapon"]), None)
        assert (attack.average, attack.notation, attack.skill) == (aside["average"], aside["notation"], aside["skill"])
        assert "3d+20[+0]" in " ".join(attack.steps)
    if "card" in case:
        shown = case["card"]
        weapon = case["attacks"][0]
        sheet = {"name": "Wielder", "st": weapon["st"], "weapons": [{"name": "Weapon", "notation": weapon["weapon"]}]}
        target = card(ok("view", encounter=encounter_of(sheet, options=shown["options"])))
        assert widget(target, "gear")["items"][0]["note"] == shown["note"]


def check_thresholds(case: dict[str, Any]) -> None:
    toughness = character_toughness(case["st"])
    first, last = case["levels"]
    quick = [damage_of(raw_threshold(toughness, level, case["labels"])) for level in range(first, last + 1)]
    detailed = [damage_of(raw_threshold(toughness, level, "detailed")) for level in range(first - 1, last)]
    assert quick == detailed                # the same positions, T + 5j; only the labels differ (D-KY-1)
    assert [one_place(value) for value in quick] == case["linear"]
    slip = case["seed_says"]
    assert case["linear"][slip["index"]] != slip["value"]
    assert one_place(quick[slip["index"]]) == "3.4" and abs(quick[slip["index"]] - 3.41) < 0.005
    # The card of an ST 11 character under the quick labels prints the seed's list (with 3.4).
    target = card(ok("view", encounter=encounter_of({"name": "ST 11", "st": case["st"]},
                                                    options={"labels": case["labels"]})))
    assert case["card_note"] in widget(target, "table")["note"]
    assert threshold_row(target, "RWT") == [toughness + 5 * (level - 1) for level in range(1, 12)]


def one_place(value: float) -> str:
    """A threshold as the vector writes it: one decimal below 10, whole numbers from 10 (half up)."""
    if value < 10:
        return f"{math.floor(value * 10 + 0.5) / 10:.1f}"
    return str(math.floor(value + 0.5))


def expected_level(case: dict[str, Any], variant: dict[str, Any], pen: int) -> tuple[int, int]:
    """(basic level, final level) by the package's own functions, from the vector's penetration."""
    options = variant["options"]
    labels, method = options.get("labels", "detailed"), options.get("armoured", "formula")
    sheet = case["sheet"]
    toughness = character_toughness(sheet["st"])
    if "barrier_dr" in case:
        through = subtract(pen, logd(case["barrier_dr"]))
        assert logd(case["barrier_dr"]) == case["barrier_logd"] and through == case["through"]
        if through is None:
            return 0, 0
        pen = through
    if "armour" in sheet:
        armour = Armour((Fraction(int(sheet["armour"])),))
        basic = level_from_table(pen, toughness, armour, method, "sum", labels)
        if "thresholds" in case and method == "formula":
            assert [armoured_threshold(raw_threshold(toughness, level, labels), armour, method, "sum")
                    for level in range(1, 13)] == case["thresholds"][labels]
    else:
        basic = raw_level(pen, toughness, labels)
    wm = attack_stats(parse_weapon(case["hit"]["attack"]), None).wm
    return basic, basic + wm if basic >= 1 else 0


def check_hit(case: dict[str, Any]) -> None:
    if "damage" in case:
        assert logd(case["damage"]) == case["penetration"]
    attack = attack_stats(parse_weapon(case["hit"]["attack"]), None)
    assert attack.x + sum(case["faces"]) == case["penetration"]
    for variant in case["by_option"]:
        basic, level = expected_level(case, variant, case["penetration"])
        assert level == variant["level"], variant
        if "basic" in variant:
            assert basic == variant["basic"]
        encounter = encounter_of(case["sheet"], options=variant["options"])
        answer = settled(encounter, "hit", typed("c1", **case["hit"]), {"penetration": case["faces"]})
        report = answer["report"]
        assert penetration_of(report) == case["penetration"]
        assert level_of(report) == variant["level"], report
        assert held(card(answer)) == ([variant["held"]] if variant["held"] else [])
        if "outcome" in variant:
            assert report["outcome"] == variant["outcome"]
            assert answer["encounter"]["events"][-1]["dice"] == {"penetration": case["faces"]}
        if "thresholds" in case:
            labels = variant["options"].get("labels", "detailed")
            row = threshold_row(card(answer), "AWT")
            if variant["options"].get("armoured", "formula") == "formula":
                assert row == case["thresholds"][labels][:11]
    if "as_armour" in case:
        other = case["as_armour"]
        answer = settled(encounter_of(other["sheet"], options=other["options"]), "hit",
                         typed("c1", case["hit"]["attack"]), {"penetration": case["faces"]})
        assert level_of(answer["report"]) == other["level"]
        assert f"leaving {case['through']}" in " ".join(step["text"] for step in answer["report"]["steps"])
    if "same_as" in case:
        same = case["same_as"]
        answer = settled(encounter_of(case["sheet"]), "hit", typed("c1", same["attack"]),
                         {"penetration": case["faces"]})
        assert (penetration_of(answer["report"]), level_of(answer["report"])) == (same["penetration"], same["level"])


def check_arithmetic(case: dict[str, Any]) -> None:
    for first, second, total in case.get("add", []):
        assert add(first, second) == total
    for first, second, left in case.get("subtract", []):
        assert subtract(first, second) == left


def check_firearm(case: dict[str, Any]) -> None:
    for average, wm in case["averages"]:
        assert firearm_wm(average) == wm
    check_attack(case)


def check_toughness(case: dict[str, Any]) -> None:
    weight = Fraction(case["weight"])
    assert object_toughness_from_weight(weight, True) == case["toughness"]
    assert object_toughness_from_weight(weight, False) == case["toughness"] + 9
    hp = 4 * float(weight) ** (1 / 3)                 # GURPS unliving object HP, 4 x cube root of the weight
    assert round(hp) == case["hp"]
    assert object_toughness_from_hp(Fraction(hp)) == object_toughness_from_hp(Fraction(case["hp"])) == case["toughness"]
    for sheet in ({"name": "Brick", "kind": "object", "toughness_from": "weight", "weight": case["weight"],
                   "mechanical": True},
                  {"name": "Brick", "kind": "object", "toughness_from": "hp", "hp": case["hp"]}):
        shown = stat(card(ok("view", encounter=encounter_of(sheet))), "Toughness")
        assert shown is not None and shown.replace("\u2212", "-").split()[0] == str(case["toughness"]), shown


def check_armoured(case: dict[str, Any]) -> None:
    armour = Armour((Fraction(case["dr"]),))
    assert armoured_threshold(case["raw"], armour, "formula", "sum") == case["formula"]
    assert armoured_threshold(case["raw"], armour, "table", "sum") == case["table"]
    assert round(30 * math.log10(case["dr"] + 10 ** (case["raw"] / 30))) == case["formula"]
    assert add(case["raw"], logd(case["dr"])) == case["table"]
    check_hit(case)


CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "logd": check_logd, "source_cells": check_source_cells, "attack": check_attack, "thresholds": check_thresholds,
    "hit": check_hit, "arithmetic": check_arithmetic, "firearm": check_firearm, "toughness": check_toughness,
    "armoured": check_armoured,
}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_vector(case: dict[str, Any]) -> None:
    CHECKS[case["check"]](case)


def test_every_vector_of_the_notes_is_covered_once() -> None:
    assert [case["id"] for case in CASES] == [f"KY-{n:02d}" for n in range(1, 22)]
    assert all(case["note"] and case["source"] for case in CASES)


def test_the_resolutions_go_through_the_api() -> None:
    """The brief's resolutions, KY-09/10/11/12/16/17/18 (and KY-20), are all 'hit' vectors with faces."""
    resolved = {case["id"] for case in CASES if "faces" in case}
    assert {"KY-09", "KY-10", "KY-11", "KY-12", "KY-16", "KY-17", "KY-18"} <= resolved


def test_the_seeds_slips_and_conventions_are_kept_beside_the_notes_figures() -> None:
    """KY-08's 3.1 is a typo; KY-09's level 5 is the quick labels' answer and KY-10's level 4 the detailed one."""
    slips = {case["id"]: case["seed_says"] for case in CASES if "seed_says" in case}
    assert slips == {"KY-08": {"index": 3, "value": "3.1"}}
    seeds = {case["id"]: [variant["options"].get("labels", "detailed") for variant in case["by_option"]
                          if variant.get("seed")] for case in CASES if "by_option" in case}
    assert seeds["KY-09"] == ["quick"] and seeds["KY-10"] == ["detailed"] and seeds["KY-11"] == ["detailed"]


def test_an_imp_hit_to_level_8_calls_a_death_check() -> None:
    """KY-17 on the card: level 8 carries one death check in the derived default effects (D-KY-14)."""
    case = next(case for case in CASES if case["id"] == "KY-17")
    answer = settled(encounter_of(case["sheet"]), "hit", typed("c1", **case["hit"]), {"penetration": case["faces"]})
    assert death_checks_due(card(answer)) == 1
