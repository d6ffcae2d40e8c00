"""Which target a form keeps only while it stands (issue 36, "the target while it stands").

An attack's target is the one a game master repeats until it falls; then the next attack is at someone still
standing. A heal, first aid, a check or a mark by hand is for the fallen one as much as anyone, so the page cannot
guess: the schema says it, with ``while_standing`` on the one input whose choice the form lets go of once its
combatant is down or out (docs/api.md, Inputs; web/js/forms.js keeps the rest).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.systems import SYSTEMS

from . import vocabulary
from .helpers import ok

# The attacks of each system, and the input naming who they are aimed at. Decided per action:
# - typed attack, megatraveller hit, kyod hit, sla shoot and melee, fudge attack's defender and shoot's target: the
#   one struck, whom the next attack is at again until it falls;
# - fudge round's foe: the first foe the fighter exchanges blows with (the further foes default to nobody, and the
#   one the fighter strikes to "the first foe he may wound": neither keeps a fallen one by default);
# - not sla grenade (its target may be anyone lying where the grenade lands, and one on the floor is caught as
#   well as one standing), nor sla's walk_to or fudge's strike (optional, defaulting to nobody), nor fudge's contest
#   (initiative: who is contested is not who is struck), nor the care, check, time and marking actions, whose
#   one chosen is often the fallen one.
WHILE_STANDING: dict[tuple[str, str], set[str]] = {
    ("typed", "attack"): {"target"},
    ("megatraveller", "hit"): {"target"},
    ("kyod", "hit"): {"target"},
    ("sla", "shoot"): {"target"},
    ("sla", "melee"): {"target"},
    ("fudge", "round"): {"foe"},
    ("fudge", "attack"): {"defender"},
    ("fudge", "shoot"): {"target"},
}


def systems() -> list[dict[str, Any]]:
    return list(ok("systems")["systems"])


@pytest.mark.parametrize("system", systems(), ids=lambda system: system["id"])
def test_the_target_is_kept_while_it_stands_on_exactly_the_attacks(system: dict[str, Any]) -> None:
    for action in system["actions"]:
        marked = {entry["name"] for entry in action["inputs"] if entry.get("while_standing")}
        assert marked == WHILE_STANDING.get((system["id"], action["id"]), set()), (system["id"], action["id"])
    for entry in system["sheet"]:
        assert "while_standing" not in entry, entry
    assert {key for key in WHILE_STANDING if key[0] == system["id"]} <= \
        {(system["id"], action["id"]) for action in system["actions"]}, "an action decided on is gone"


def test_the_vocabulary_takes_the_flag_on_a_target_only() -> None:
    target = {"name": "target", "kind": "combatant", "role": "target", "label": "Target"}
    vocabulary.check_inputs([{**target, "while_standing": True}])
    for wrong in ({**target, "while_standing": False},                      # present means true, as each_round
                  {**target, "while_standing": "yes"},
                  {**target, "role": "actor", "while_standing": True},      # the one acting follows the turn
                  {"name": "n", "kind": "integer", "label": "N", "min": 0, "max": 2, "while_standing": True}):
        with pytest.raises(AssertionError):
            vocabulary.check_inputs([wrong])
