"""RULES_NOTES 3.6: the SLA Industries vectors of part 1 (SL-01..04, 07..11, 13, 19..34, 36), run as data
(vectors/sla.json).

Every vector that an action can show goes through the public API (``rules.api.call``) with its faces typed in by
roll name, and is read as the page reads it: the report's steps and outcome, a refusal's field and message, the
``needs`` answer when a roll is reached without faces, and the cards (status, the body diagram's and the Hits
meters' summaries, the combat sheet's numbers).  The few that no part-1 action reaches (semi-auto shots, melee
penetration, the Strength bonus) go through the module that owns the formula as well.  The builders at the top are
shared by the other SLA tests.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.api import call
from rules.systems.sla.armour import shoot
from rules.systems.sla.body import strength_bonus
from rules.systems.sla.fire import semi_auto_shots
from rules.systems.sla.rolls import ROLES
from rules.systems.sla.sheet import parse_weapon

from .helpers import load_vectors, ok, refused, widget

CASES = load_vectors("sla")
DATA: dict[str, Any] = json.loads((Path(__file__).parent / "vectors" / "sla.json").read_text())
FIGHTERS: dict[str, dict[str, Any]] = DATA["fighters"]
PART_1 = [1, 2, 3, 4, 7, 8, 9, 10, 11, 13, *range(19, 35), 36]
PART_2 = [5, 6, 12, 14, 15, 16, 17, 18, 35]


# -- builders shared by the SLA tests ----------------------------------------------------------------------

def sheet_of(entry: dict[str, Any]) -> dict[str, Any]:
    """A sheet from the vectors file: ``like`` names a fighter to start from, the other keys replace its own."""
    base = dict(FIGHTERS[entry["like"]]) if "like" in entry else {}
    return {**base, **{key: value for key, value in entry.items() if key != "like"}}


def encounter_of(sheets: list[dict[str, Any]], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """An SLA encounter holding the sheets as c1, c2, ..."""
    encounter: dict[str, Any] = ok("new", system="sla", options=options or {})["encounter"]
    for sheet in sheets:
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    return encounter


def act(encounter: dict[str, Any], action: str, inputs: dict[str, Any],
        faces: dict[str, Any] | None = None) -> dict[str, Any]:
    """An action with every face typed in; it must not ask for more."""
    result = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=faces or {})
    assert "needs" not in result, result["needs"]
    return result


def asks(encounter: dict[str, Any], action: str, inputs: dict[str, Any], faces: dict[str, Any]) -> dict[str, Any]:
    """The roll an action asks for next, given these faces."""
    result = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=faces)
    assert "needs" in result, f"the action asked for no more dice: {result['report']}"
    need: dict[str, Any] = result["needs"]
    return need


def texts(result: dict[str, Any]) -> str:
    return "\n".join(step["text"] for step in result["report"]["steps"])


def card(result: dict[str, Any], combatant: str) -> dict[str, Any]:
    found: dict[str, Any] = next(entry for entry in result["view"]["roster"] if entry["id"] == combatant)
    return found


def summaries(found: dict[str, Any]) -> list[str]:
    """Every summary the card's body diagram regions and meters give (each names the armour there)."""
    regions = [region["summary"] for region in widget(found, "hexes")["regions"]]
    return regions + [item["summary"] for item in widget(found, "meters")["items"]]


def stats(found: dict[str, Any]) -> dict[str, str]:
    return {item["label"]: item["value"] for item in widget(found, "stats")["items"]}


def incap_left(found: dict[str, Any]) -> int:
    """Incap left as the card's track counts its unmarked standard boxes (the meter's value past 80)."""
    incap = next(item for item in found["widgets"] if item["label"].startswith("Incap"))
    if incap["kind"] == "meters":
        return int(incap["items"][0]["value"])
    return sum(1 for box in incap["levels"][0]["boxes"] if box["by"] != "standard damage")


def prepared(entry: dict[str, Any]) -> dict[str, Any]:
    """The vector's encounter with its ``before`` actions recorded."""
    encounter = encounter_of([sheet_of(sheet) for sheet in entry["sheets"]], entry.get("options"))
    for step in entry.get("before", []):
        encounter = act(encounter, step["action"], step["inputs"], step.get("faces"))["encounter"]
    return encounter


def of(check: str) -> list[dict[str, Any]]:
    return [entry for entry in CASES if entry["check"] == check]


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["id"] + (f" {entry['part']}" if "part" in entry else "") for entry in entries]


# -- the vectors -------------------------------------------------------------------------------------------

def test_every_part_1_vector_is_here_and_part_2_is_said_to_be_skipped() -> None:
    assert sorted({entry["id"] for entry in CASES}) == [f"SL-{number:02d}" for number in PART_1]
    assert sorted(DATA["skipped"]) == [f"SL-{number:02d}" for number in PART_2]


@pytest.mark.parametrize("entry", of("action"), ids=ids(of("action")))
def test_actions(entry: dict[str, Any]) -> None:
    encounter = prepared(entry)
    expect = entry["expect"]
    if "action" not in entry:                             # a vector the cards show as they are
        result = ok("view", encounter=encounter)
    elif "refused" in expect:
        failure = refused("act", encounter=encounter, action=entry["action"], inputs=entry["inputs"], dice="given",
                          faces=entry.get("faces", {}))
        assert failure["field"] == expect["refused"]["field"], failure
        for words in expect["refused"]["words"]:
            assert words in failure["message"], failure
        return
    else:
        for need in expect.get("needs", []):
            asked = asks(encounter, entry["action"], entry["inputs"], need["faces"])
            assert asked["roll"] == need["roll"] and asked["names"] == list(ROLES), asked
            for words in need["why"]:
                assert words in asked["why"], asked
        if entry.get("faces"):                            # reached without faces, the first roll names its dice
            first = asks(encounter, entry["action"], entry["inputs"], {})
            assert first["names"] == list(ROLES) and first["count"] == 3, first
        result = act(encounter, entry["action"], entry["inputs"], entry.get("faces"))
        said = texts(result)
        for words in expect.get("texts", []):
            assert words in said, f"{words!r} not in the steps:\n{said}"
        for words in expect.get("absent", []):
            assert words not in said, f"{words!r} in the steps:\n{said}"
        if "outcome" in expect:
            assert result["report"]["outcome"] == expect["outcome"]
    for combatant, shown in expect.get("cards", {}).items():
        found = card(result, combatant)
        if "status" in shown:
            assert found["status"]["text"] == shown["status"]
        for words in shown.get("summaries", []):
            assert words in summaries(found), (words, summaries(found))
        for label, value in shown.get("stats", {}).items():
            assert stats(found).get(label) == value, (label, stats(found))


@pytest.mark.parametrize("entry", of("semi_auto"), ids=ids(of("semi_auto")))
def test_sl07_sl08_semi_auto_with_the_catalog_weapons(entry: dict[str, Any]) -> None:
    """No action fires semi-auto in part 1: the catalog's weapon, read through the API, gives the formula its RCL."""
    weapons = ok("catalog", system="sla")["weapons"]
    notation = next(row["notation"] for row in weapons if row["name"] == entry["weapon"])
    recoil = parse_weapon(notation).recoil
    assert recoil == entry["recoil"]
    assert semi_auto_shots(entry["strength"], recoil, entry["dexterity"]) == entry["shots"]


def test_sl27_a_melee_blow_must_beat_the_pv() -> None:
    blow = shoot(**next(entry for entry in CASES if entry["id"] == "SL-27")["melee"], melee=True)
    assert not blow.penetrates and blow.damage == 0 and blow.impact_left == 40


@pytest.mark.parametrize("entry", of("initiative"), ids=ids(of("initiative")))
def test_sl33_martial_arts(entry: dict[str, Any]) -> None:
    assert strength_bonus(entry["strength"]) == entry["bonus"]
    assert strength_bonus(entry["strength"], martial_arts=entry["martial_arts"]) == entry["adjusted"]
    result = act(prepared(entry), entry["action"], entry["inputs"], entry["faces"])
    for words in entry["expect"]["texts"]:
        assert words in texts(result)
    for label, value in entry["expect"]["cards"]["c1"]["stats"].items():
        assert stats(card(result, "c1"))[label] == value


BLEEDING = next(entry for entry in CASES if entry["id"] == "SL-30")
COUNTS: list[str] = sorted(BLEEDING["lost"], key=lambda count: int(count))


@pytest.mark.parametrize("wounds", COUNTS)
def test_sl30_bleeding(wounds: str) -> None:
    """n wounds opened in round 1 (the GM's damage, 1 point each, with its wound flag), then the rounds pass: the
    Incap the card shows falls by the Hits bled each round (D-SL-27), and the card says each wound's -1."""
    count = int(wounds)
    encounter = encounter_of([BLEEDING["sheet"]])
    for _ in range(count):
        encounter = act(encounter, "harm", {"target": "c1", "location": BLEEDING["location"], "amount": 1,
                                            "wound": True})["encounter"]
    result = ok("view", encounter=encounter)
    assert f"\u2212{count} to every roll" in stats(card(result, "c1"))["Wounds"]
    before = incap_left(card(result, "c1"))
    lost = []
    for _ in range(BLEEDING["rounds"]):
        result = act(encounter, "time", {"span": "round"})
        encounter = result["encounter"]
        now = incap_left(card(result, "c1"))
        lost.append(before - now)
        before = now
    assert lost == BLEEDING["lost"][wounds]


# -- seed rules next to the vectors ------------------------------------------------------------------------

@pytest.mark.parametrize("shooter, diver, allowed", [([6, 6, 6], [1, 1, 1], False), ([1, 1, 1], [6, 6, 6], True)])
def test_a_dive_for_cover_needs_the_higher_initiative_total(shooter: list[int], diver: list[int],
                                                            allowed: bool) -> None:
    """Seed, Position: "a character can only try to dive for cover when the attacker has a lower Initiative Total
    than the character" (RULES_NOTES 3.3, the to-hit table).  With both totals rolled, a dive against a faster
    shooter is refused, or at least costs the shot nothing."""
    encounter = encounter_of([sheet_of({"like": "fix"}), sheet_of({"like": "target"})])
    encounter = act(encounter, "initiative", {"target": ""}, {"initiative c1": shooter, "initiative c2": diver})[
        "encounter"]
    inputs = {"attacker": "c1", "target": "c2", "aim": "0,3", "dive": True}
    response = json.loads(call("act", json.dumps({"encounter": encounter, "action": "shoot", "inputs": inputs,
                                                  "dice": "given", "faces": {"attack": [6, 3, 3]}})))
    if not response["ok"]:
        assert not allowed and response["error"]["field"] == "dive", response
        return
    applied = "dives for cover \u22124" in texts(response["result"])
    assert applied == allowed, texts(response["result"])
