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
# - fudge round's foes: each foe the fighter exchanges blows with (a further foe who falls is replaced by one
#   standing, or his field empties: issue 48; the one the fighter strikes defaults to "the first foe he may wound");
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
    ("fudge", "round"): {"foe", "foe2", "foe3", "foe4", "foe5", "foe6"},
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


# -- who has fallen: a card's `fallen`, what the flag follows ----------------------------------------------------
# Out of the fight for good (dead, unconscious, taken out), never merely knocked down, stunned or badly hurt: the
# next attack is meant for one of those all the same. Each state is reached through the API with the dice given.

def fallen_after(system: str, sheets: list[dict[str, Any]], steps: list[tuple[str, dict[str, Any], dict[str, Any]]],
                 ) -> tuple[bool, bool, str]:
    """(fallen, can_act, status text) of c2 (or c1 with one sheet) after ``steps`` ([action, inputs, faces])."""
    encounter = ok("new", system=system)["encounter"]
    for sheet in sheets:
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    answer: dict[str, Any] = {}
    for action, inputs, faces in steps:
        answer = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=faces)
        assert "needs" not in answer, answer["needs"]
        encounter = answer["encounter"]
    who = "c2" if len(sheets) > 1 else "c1"
    card = next(one for one in answer["view"]["roster"] if one["id"] == who)
    vocabulary.check_card(card)
    return card["fallen"], card["can_act"], card["status"]["text"]


TYPED = [{"name": "Cyrus", "weapons": [{"name": "Shortsword", "notation": "3-/2+"}]}, {"name": "Bandit"}]
SLA_SHOOTER = {"name": "Shooter", "skills": "Pistol 6",
               "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6, semi"}]}
SLA_SOFT = {"name": "Soft", "phys": 4, "hits_torso": 60, "hits_abdomen": 40, "incap": 200}
SLA_SHOT = {"attacker": "c1", "target": "c2", "aim": "0,3", "distance": 10}
BARTOLO = {"name": "Herr Bartolo", "kind": "person", "upp": "45398C"}
MT_HIT = {"attacker": None, "target": "c1", "damage_value": 3, "harm": "non_lethal"}
KNIGHT = {"name": "Knight", "st": 12, "ht": 11, "armour": "4"}
FUDGE = [{"name": "Ragnar", "offense": 1}]

FALLEN_CASES = [
    # (id, system, sheets, steps, fallen, can_act, status starts with)
    ("typed: Critically Injured still fights", "typed", TYPED,
     [("attack", {"attacker": "c1", "target": "c2", "weapon": 0, "margin": "typed", "margin_of_success": 7}, {"damage": "-" * 10})],
     False, True, "Critically Injured"),
    ("typed: taken out", "typed", TYPED,
     [("attack", {"attacker": "c1", "target": "c2", "weapon": 0, "margin": "typed", "margin_of_success": 8}, {"damage": "-" * 11})],
     True, False, "Incapacitated"),
    ("sla: knocked down, conscious", "sla", [SLA_SHOOTER, SLA_SOFT],
     [("shoot", SLA_SHOT, {"attack": [6, 4, 3], "conscious": [6, 6, 6]})], False, True, "Knocked down"),
    ("sla: knocked out", "sla", [SLA_SHOOTER, SLA_SOFT],
     [("shoot", SLA_SHOT, {"attack": [6, 4, 3], "conscious": [1, 1, 1]})], True, False, "Unconscious"),
    ("megatraveller: stunned (MT-12)", "megatraveller", [BARTOLO],
     [("hit", MT_HIT, {"damage": [4, 4, 3], "stun 1": [5, 6]})], False, False, ""),
    ("megatraveller: knocked out", "megatraveller", [BARTOLO],
     [("hit", {**MT_HIT, "harm": "lethal"}, {"damage": [2, 2, 1], "consciousness 1": [1, 1]})], True, False,
     "Unconscious"),
    ("kyod: knocked down and stunned", "kyod", [KNIGHT],
     [("check", {"target": "c1", "check": "knockdown"}, {"check": [6, 6, 1]})], False, False,
     "Knocked down and stunned"),
    ("kyod: unconscious", "kyod", [KNIGHT],
     [("check", {"target": "c1", "check": "consciousness", "modifier": 10}, {"check": [6, 6, 5]})], True, False,
     "Unconscious"),
    ("fudge: Very Hurt still fights", "fudge", FUDGE, [("wound", {"target": "c1", "level": "very_hurt"}, {})],
     False, True, "Very Hurt"),
    ("fudge: Incapacitated", "fudge", FUDGE, [("wound", {"target": "c1", "level": "incapacitated"}, {})],
     True, False, "Incapacitated"),
]


@pytest.mark.parametrize(("system", "sheets", "steps", "fallen", "can_act", "status"),
                         [case[1:] for case in FALLEN_CASES], ids=[case[0] for case in FALLEN_CASES])
def test_fallen_is_out_of_the_fight_for_good_never_merely_down_or_stunned(
        system: str, sheets: list[dict[str, Any]], steps: list[Any], fallen: bool, can_act: bool, status: str) -> None:
    got_fallen, got_can_act, text = fallen_after(system, sheets, steps)
    assert (got_fallen, got_can_act) == (fallen, can_act), text
    assert text.startswith(status), text
