"""RULES_NOTES 4.7: the FUDGE test vectors FU-01..FU-39, run as data (vectors/fudge.json).

Formulas go through the modules that own them; every vector that is a resolution goes through the public API
(``rules.api.call``) with its faces typed in, and reads the answer as the page would: the report's steps and
outcome, the cards' statuses and marked boxes.  The builders at the top are shared by the other FUDGE tests.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rules.ladder import median
from rules.odds import fudge_dice
from rules.systems.data import load
from rules.systems.fudge.damage import degree_bonus, factor_bonus, level_for, limited, read_dice
from rules.systems.fudge.factors import defensive, offensive
from rules.systems.fudge.options import read_options
from rules.systems.fudge.ranged import bullets
from rules.systems.fudge.sheet import Sheet, parse_armour, parse_weapon

from .helpers import load_vectors, ok, widget

CASES = load_vectors("fudge")
FIGHTERS: dict[str, dict[str, Any]] = json.loads((Path(__file__).parent / "vectors" / "fudge.json").read_text())[
    "fighters"]


# -- builders shared by the FUDGE tests --------------------------------------------------------------------

def encounter_of(*names: str, options: dict[str, Any] | None = None,
                 sheets: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A FUDGE encounter holding the named fighters (from the vectors file) as c1, c2, ..."""
    encounter: dict[str, Any] = ok("new", system="fudge", options=options or {})["encounter"]
    for sheet in [FIGHTERS[name] for name in names] + (sheets or []):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    return encounter


def act(encounter: dict[str, Any], action: str, inputs: dict[str, Any], faces: dict[str, Any]) -> dict[str, Any]:
    """An action with every face typed in; it must not ask for more."""
    result = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given",
                faces={name: value for name, value in faces.items() if value is not None})
    assert "needs" not in result, result["needs"]
    return result


def last(result: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = result["view"]["log"][-1]
    return entry


def texts(result: dict[str, Any]) -> str:
    return "\n".join(step["text"] for step in last(result)["steps"])


def card(result: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(entry for entry in result["view"]["roster"] if entry["name"] == name)
    return found


def status(result: dict[str, Any], name: str) -> str:
    return str(card(result, name)["status"]["text"])


def marks(result: dict[str, Any], name: str) -> list[list[str]]:
    """What each level's marked boxes hold ("H" for a Hurt wound), level by level."""
    return [[box["mark"] for box in level["boxes"] if box["marked"]]
            for level in widget(card(result, name), "track")["levels"]]


def sheet(name: str) -> Sheet:
    return Sheet.from_dict(FIGHTERS[name])


def case(vector: str) -> dict[str, Any]:
    return next(entry for entry in CASES if entry["id"] == vector)


def of(check: str) -> list[dict[str, Any]]:
    return [entry for entry in CASES if entry["check"] == check]


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["id"] for entry in entries]


# -- the vectors -------------------------------------------------------------------------------------------

def test_every_vector_is_here_once() -> None:
    listed = [entry["id"] for entry in CASES] + [round_["id"] for entry in CASES for round_ in entry.get("rounds", [])
                                                 if round_["id"] != entry["id"]]
    assert sorted(listed) == [f"FU-{number:02d}" for number in range(1, 40)]


def test_fu01_medians() -> None:
    entry = case("FU-01")
    assert [median(triple) for triple in entry["triples"]] == entry["expected"]


def test_fu02_gunner_story_element() -> None:
    entry = case("FU-02")
    encounter = encounter_of(sheets=[{"name": "Gunner", "offense": 1}], options={"pacing": "story"})
    faces = {f"story{index + 1}": face for index, face in enumerate(entry["faces"])}
    result = act(encounter, "story", {"who": "c1", "trait": str(entry["trait"]), "modifier": entry["modifier"],
                                      "rolls": "three"}, faces)
    said = texts(result)
    assert f"{entry['level']} (+3) for this element" in said
    for index, level in enumerate(entry["results"]):
        assert f"Roll {index + 1}: " in said and level in said.split(f"Roll {index + 1}: ")[1].split("\n")[0]
    assert last(result)["outcome"] == f"Gunner: {entry['median']}"


def test_fu03_stances_both_hit() -> None:
    entry = case("FU-03")
    encounter = encounter_of(*entry["sheets"], options=entry["options"])
    result = act(encounter, "round", {"fighter": "c1", "foe": "c2", **entry["inputs"]}, entry["faces"])
    for text in entry["texts"]:
        assert text in texts(result)
    assert [entry_["status"]["text"] for entry_ in result["view"]["roster"]] == ["Scratch", "Scratch"]


def test_fu04_stance_d6_table() -> None:
    rows = load("fudge")["stances"]["rows"]
    by_face = {face.strip(): row["offense"] for row in rows for face in row["d6"].split(",")}
    assert by_face == case("FU-04")["d6"]


@pytest.mark.parametrize("index", range(4))
def test_fu05_tucker_against_three(index: int) -> None:
    entry = case("FU-05")
    expected = entry["results"][index]
    encounter = encounter_of(*entry["sheets"], options=entry["options"])
    result = act(encounter, "round", {"fighter": "c1", "foe": "c2", "foe2": "c3", "foe3": "c4"},
                 {"fighter": expected["tucker"], "npcs": entry["npcs"]})
    said = texts(result)
    assert f"Tucker's result: {expected['result']}" in said
    hurt = [entry_["name"] for entry_ in result["view"]["roster"] if entry_["status"]["text"] != "Undamaged"]
    assert hurt == expected["hurt"]
    for name in expected.get("hit_by", []):
        assert f"{name} " in last(result)["outcome"]


def test_fu06_shooting_back() -> None:
    entry = case("FU-06")
    encounter = encounter_of(*entry["sheets"])
    result = act(encounter, "shoot", {"shooter": "c1", "target": "c2", **entry["inputs"]}, entry["faces"])
    assert status(result, "Dicken") != "Undamaged"
    assert status(result, "Will Scarlet") == "Undamaged"
    assert "Dicken: a miss." in texts(result)


def test_fu07_automatic_fire() -> None:
    entry = case("FU-07")
    assert [bullets(entry["bullets"], degree) for degree, _ in entry["pairs"]] == [n for _, n in entry["pairs"]]


@pytest.mark.parametrize("entry", of("factors"), ids=ids(of("factors")))
def test_factors(entry: dict[str, Any]) -> None:
    options = read_options({})
    for attacker, defender, attack, defence, total in entry["pairs"]:
        weapon = sheet(attacker).weapons[0].weapon
        assert offensive(sheet(attacker), weapon, options).total == attack
        assert defensive(sheet(defender), weapon, options).total == defence
        assert attack - defence == total


@pytest.mark.parametrize("entry", of("hit"), ids=ids(of("hit")))
def test_hits(entry: dict[str, Any]) -> None:
    encounter = encounter_of(*entry["sheets"], options=entry.get("options"))
    result = act(encounter, "round", {"fighter": "c1", "foe": "c2"}, entry["faces"])
    said = texts(result)
    target = FIGHTERS[entry["sheets"][1]]["name"]
    if "factor" in entry:
        assert f"damage factor {entry['factor']:+d}".replace("-", "\u2212") in said
    assert f"damage {entry['damage']}".replace("-", "\u2212") in said
    if entry["wound"]:
        assert f"is {entry['wound']} on the wound numbers" in said
        assert status(result, target) != "Undamaged"
    else:
        assert status(result, target) == "Undamaged"
    encounter = result["encounter"]
    for _ in range(entry.get("then_scratches", 0)):
        result = act(encounter, "wound", {"target": "c2", "level": "scratch"}, {})
        encounter = result["encounter"]
    if "then_status" in entry:
        assert status(result, target) == entry["then_status"]


def test_fu11_no_damage_at_zero_or_less() -> None:
    for number, level in case("FU-11")["pairs"]:
        assert level_for(number, (1, 3, 5, 7, 9)) == level


@pytest.mark.parametrize("entry", of("record"), ids=ids(of("record")))
def test_records(entry: dict[str, Any]) -> None:
    encounter = encounter_of(sheets=[{"name": "Hero"}])
    for wound, expected in zip(entry["wounds"], entry["after"]):
        result = act(encounter, "wound", {"target": "c1", "level": wound}, {})
        encounter = result["encounter"]
        assert status(result, "Hero") == expected["status"]
        if "marks" in expected:
            assert marks(result, "Hero") == expected["marks"]


@pytest.mark.parametrize("entry", of("limited"), ids=ids(of("limited")))
def test_limitations(entry: dict[str, Any]) -> None:
    for roll, final in entry["pairs"]:
        assert limited(entry["calculated"], roll) == final


def test_fu21_to_fu25_snorri_and_brynhild() -> None:
    entry = case("FU-21")
    encounter = encounter_of("snorri", "brynhild", options=entry["options"])
    for round_ in entry["rounds"]:
        result = act(encounter, "round", {"fighter": "c1", "foe": "c2", **round_.get("inputs", {})}, round_["faces"])
        said = texts(result)
        assert round_["text"] in said, (round_["id"], said)
        if "damage_text" in round_:
            assert round_["damage_text"] in said
        if "outcome" in round_:
            assert last(result)["outcome"] == round_["outcome"], round_["id"]
        if "graze" in round_:
            assert f"{round_['graze']}, held within one level of the graze" in said, round_["id"]
        assert status(result, "Brynhild") == round_["brynhild"], round_["id"]
        assert status(result, "Snorri") == round_["snorri"], round_["id"]
        encounter = result["encounter"]


def test_fu26_to_fu29_rachel_and_archie() -> None:
    entry = case("FU-26")
    encounter = encounter_of("rachel", "archie", options={"wounds": "min_mid_max"})
    for round_ in entry["rounds"]:
        result = act(encounter, "round", {"fighter": "c1", "foe": "c2", **round_.get("inputs", {})}, round_["faces"])
        said = texts(result)
        if "read" in round_:
            assert f"read the {round_['read']} of" in said, (round_["id"], said)
        if "value" in round_:
            assert f": {round_['value']}, " in said
        if "graze" in round_:
            assert f"is {round_['graze']} on the graze table" in said
        assert status(result, "Archie") == round_["archie"], round_["id"]
        assert status(result, "Rachel") == round_["rachel"], round_["id"]
        encounter = result["encounter"]


def test_fu30_reading_the_dice() -> None:
    for faces, (low, mid, high) in case("FU-30")["rolls"]:
        assert [read_dice(tuple(faces), bonus)[0] for bonus in (0, 1, 2)] == [low, mid, high]


def test_fu31_fu32_die_reading_bonus() -> None:
    entry = case("FU-31")
    options = read_options({})
    assert factor_bonus(entry["factor"], options) + degree_bonus(entry["degree"]) == entry["bonus"]
    pair = case("FU-32")
    assert factor_bonus(pair["factor"], read_options({"mmm_low_factor": "on"})) + degree_bonus(pair["degree"]) \
        == pair["with_low"]
    assert factor_bonus(pair["factor"], options) + degree_bonus(pair["degree"]) == pair["without"]


def test_fu33_heavy_blunt_weapons_halve_armour() -> None:
    entry = case("FU-33")
    defender = Sheet("Knight", armour=parse_armour(entry["armour"]))
    parts = dict(defensive(defender, parse_weapon(entry["weapon"]), read_options({})).parts)
    assert parts[f"armour 4, halved by a heavy blunt weapon"] == entry["counts"]


def test_fu34_the_smaller_weapon() -> None:
    entry = case("FU-34")
    encounter = encounter_of(*entry["sheets"])
    result = act(encounter, "round", {"fighter": "c1", "foe": "c2"}, {"fighter": "0000", "foe": "0000"})
    lines = {line.split(" fights")[0]: line for line in texts(result).splitlines() if " fights " in line}
    assert "\u22121 for the smaller weapon" in lines[entry["penalised"]]
    assert "smaller weapon" not in lines["Knight"]


def test_fu35_at_most_three_levels_a_blow() -> None:
    entry = case("FU-35")
    encounter = encounter_of(sheets=[{"name": "Hero"}], options=entry["options"])
    result = act(encounter, "wound", {"target": "c1", "level": entry["wound"]}, {})
    assert status(result, "Hero") == entry["status"]


def test_fu36_healing_a_level() -> None:
    entry = case("FU-36")
    encounter = encounter_of(sheets=[{"name": "Hero"}])
    for wound in entry["wounds"]:
        encounter = act(encounter, "wound", {"target": "c1", "level": wound}, {})["encounter"]
    result = act(encounter, "heal", {"target": "c1", "how": "skill", "skill": entry["skill"]},
                 {"healing": entry["faces"]})
    assert status(result, "Hero") == entry["status"]


def test_fu37_plus_levels() -> None:
    entry = case("FU-37")
    encounter = encounter_of("plus", "post")
    for level in entry["levels"]:
        result = act(encounter, "round", {"fighter": "c1", "foe": "c2"}, {"fighter": "0000", "foe": "----"})
        assert f"Gwen fights normally, at {level}" in texts(result)
        encounter = ok("act", encounter=result["encounter"], action="heal", inputs={"target": "c2", "how": "levels",
                                                                                   "levels": 5})["encounter"]


def test_fu38_stuns() -> None:
    entry = case("FU-38")
    encounter = encounter_of(sheets=[{"name": "Hero"}])
    for expected in entry["statuses"]:
        result = act(encounter, "wound", {"target": "c1", "level": "hurt", "stun": True}, {})
        assert last(result)["outcome"] == f"Hero: {expected.replace('Stun', 'Stunned', 1) if expected == 'Stun' else expected}"
        encounter = result["encounter"]


def test_fu39_even_totals() -> None:
    numerator, denominator = case("FU-39")["fraction"]
    assert fudge_dice(4).probability_where(lambda total: total % 2 == 0) == Fraction(numerator, denominator)
