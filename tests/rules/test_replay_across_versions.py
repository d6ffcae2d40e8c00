"""An encounter saved before a rule was fixed still opens after it.

The files in ``legacy/`` were saved by Woundbook at a881d25, before issue 35 fixed FUDGE's D-FU-27 (a defender out
of the fight rolls no defence) and D-FU-29 (a graze rolls 1dF, not 4dF). Each recorded a roll the rules now make
differently; the log is read by the rules as they stand, and every face it recorded is kept.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules import api
from rules.dice import GivenDice, RecordedDice
from rules.errors import BadDice

LEGACY = Path(__file__).parent / "legacy"


def call(method: str, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(api.call(method, json.dumps(request)))
    return response


def saved(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((LEGACY / name).read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize(("name", "statuses"), [
    # D-FU-27: Bryn, Incapacitated, rolled a defence then; now he is attacked unopposed against Poor.
    ("fudge_defender_out_of_the_fight.json", ["Undamaged", "Incapacitated"]),
    # D-FU-29: the graze's damage roll was 4dF then; now it is 1dF, read from the first die recorded.
    ("fudge_graze_rolled_4df.json", ["Undamaged", "Scratch"]),
])
def test_an_encounter_saved_before_a_rule_was_fixed_opens_and_keeps_every_face(name: str,
                                                                               statuses: list[str]) -> None:
    document = saved(name)
    response = call("view", encounter=document)
    assert response["ok"], response["error"]
    assert [card["status"]["text"] for card in response["result"]["view"]["roster"]] == statuses
    # Nothing the log recorded is dropped: the faces the rules no longer use stay in the document.
    assert [event.get("dice") for event in response["result"]["encounter"]["events"]] == \
        [event.get("dice") for event in document["events"]]


def test_a_log_that_lacks_a_roll_the_rules_make_still_cannot_be_replayed() -> None:
    document = saved("fudge_defender_out_of_the_fight.json")
    broken = copy.deepcopy(document)
    del broken["events"][-1]["dice"]["attack"]
    response = call("view", encounter=broken)
    assert not response["ok"]
    assert response["error"]["kind"] == "bad_encounter"
    assert "entry 4 of the log" in response["error"]["message"] and "attack" in response["error"]["message"]


def test_recorded_faces_that_are_no_die_s_are_refused() -> None:
    dice = RecordedDice({"attack": ["+", "0", "0", "0"], "defense": ["7", "x"]})
    dice.roll("attack", "dF", 4)
    with pytest.raises(BadDice, match="'defense' are not faces of any die"):
        dice.finish()


def test_faces_a_person_types_for_a_roll_never_made_are_still_refused() -> None:
    """Only a log is read leniently: a person's typed faces go through GivenDice, which catches a typo."""
    dice = GivenDice({"attack": "+000", "defnse": "0000"})
    dice.roll("attack", "dF", 4)
    with pytest.raises(BadDice, match="'defnse'"):
        dice.finish()
    with pytest.raises(BadDice, match="needs 1 Fudge die but 4 faces were given"):
        GivenDice({"damage": "0000"}).roll("damage", "dF", 1)


def test_a_roll_now_made_with_fewer_dice_reads_the_first_and_keeps_them_all() -> None:
    dice = RecordedDice({"burst": [3, 4, 5], "old": [1, 1], "blank": "000"})
    assert dice.roll("burst", "d6", 2) == (3, 4)
    assert dice.finish() == {"burst": [3, 4, 5], "old": [1, 1], "blank": ["0", "0", "0"]}
