"""Small builders shared by the rules tests: an encounter of an attacker and a target."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.api import call
from rules.dice import DiceSource, GivenDice
from rules.encounter import Encounter
from rules.report import Report

VECTORS = Path(__file__).parent / "vectors"


def ok(method: str, **request: Any) -> dict[str, Any]:
    """The result of an API call that must succeed."""
    response = json.loads(call(method, json.dumps(request)))
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


def refused(method: str, **request: Any) -> dict[str, Any]:
    """The error an API call answers with; never an internal one."""
    response = json.loads(call(method, json.dumps(request)))
    assert response["ok"] is False, response
    failure: dict[str, Any] = response["error"]
    assert failure["kind"] != "internal", failure
    return failure


def load_vectors(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((VECTORS / f"{name}.json").read_text())["cases"]
    return cases


def duel(weapon: str | None = "3-/2+", armour: str = "", *, strength: int = 0, skill: int = 0, defence: int = 0,
         options: dict[str, Any] | None = None) -> Encounter:
    """An encounter with c1 (the attacker, holding ``weapon``) and c2 (the target, wearing ``armour``)."""
    encounter = Encounter.new("typed", options)
    weapons = [{"name": "Weapon", "notation": weapon}] if weapon else []
    encounter, _ = encounter.record("add", {"sheet": {"name": "Attacker", "skill": skill, "strength": strength,
                                                      "weapons": weapons}})
    encounter, _ = encounter.record("add", {"sheet": {"name": "Target", "defence": defence,
                                                      "armour": {"name": "Armour", "notation": armour}}})
    return encounter


def attack(encounter: Encounter, inputs: dict[str, Any], dice: DiceSource | dict[str, Any]) -> tuple[Encounter, Report]:
    source = dice if isinstance(dice, DiceSource) else GivenDice(dice)
    full = {"attacker": "c1", "target": "c2", **inputs}
    return encounter.record("action", {"action": "attack", "inputs": full}, source)


def hazard(encounter: Encounter, notation: str, dice: str, **inputs: Any) -> tuple[Encounter, Report]:
    full = {"attacker": None, "hazard": notation, "margin": "automatic", **inputs}
    return attack(encounter, full, {"damage": dice})


def target_view(encounter: Encounter) -> dict[str, Any]:
    view: dict[str, Any] = encounter.view()["roster"][1]
    return view


def widget(card: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first widget of ``kind`` on a combatant's card."""
    found: dict[str, Any] = next(item for item in card["widgets"] if item["kind"] == kind)
    return found


def box_counts(card: dict[str, Any]) -> list[int]:
    """Marked boxes per level of a card's wound track."""
    return [sum(box["marked"] for box in level["boxes"]) for level in widget(card, "track")["levels"]]


def armour_notation(card: dict[str, Any]) -> str:
    notation: str = next(item["notation"] for item in widget(card, "gear")["items"] if item["kind"] == "armour")
    return notation


def marks(encounter: Encounter) -> list[int]:
    return box_counts(target_view(encounter))


def penalty_shown(card: dict[str, Any]) -> int:
    """The wound penalty a card shows among its stats (none shown is no penalty)."""
    item = next((item for item in widget(card, "stats")["items"] if item["label"] == "Wounds"), None)
    return 0 if item is None else int(item["value"].split()[0].replace("\u2212", "-"))


# -- an action through the API, with the dice given (as typed at the table) or rolled -----------------------

def act(encounter: dict[str, Any], action: str, inputs: dict[str, Any], faces: dict[str, Any] | None = None, *,
        dice: str = "given", seed: int | str | None = None) -> dict[str, Any]:
    request: dict[str, Any] = {"encounter": encounter, "action": action, "inputs": inputs, "dice": dice,
                               "faces": faces or {}}
    if seed is not None:
        request["seed"] = seed
    return ok("act", **request)


def settled(encounter: dict[str, Any], action: str, inputs: dict[str, Any], faces: dict[str, Any]) -> dict[str, Any]:
    """An action given every face it needs up front; it must ask for nothing more."""
    answer = act(encounter, action, inputs, faces)
    assert "needs" not in answer, answer["needs"]
    return answer


def after(encounter: dict[str, Any], action: str, inputs: dict[str, Any], faces: dict[str, Any]) -> dict[str, Any]:
    """The encounter document once an action, given every face it needs, is recorded."""
    document: dict[str, Any] = settled(encounter, action, inputs, faces)["encounter"]
    return document


def roll_by_roll(encounter: dict[str, Any], action: str, inputs: dict[str, Any],
                 faces_for: Callable[[dict[str, Any]], list[int]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Type the faces in one roll at a time, as at the table: every ``needs`` answer in order, and the result."""
    given: dict[str, list[int]] = {}
    asked: list[dict[str, Any]] = []
    for _ in range(40):
        answer = act(encounter, action, inputs, given)
        if "needs" not in answer:
            return asked, answer
        assert answer["given"] == given, "a needs answer must not change what was given"
        need = answer["needs"]
        assert need["roll"] not in given, f"the {need['roll']} roll was asked for twice"
        asked.append(need)
        given[need["roll"]] = faces_for(need)
    raise AssertionError(f"an action kept asking for dice: {[need['roll'] for need in asked]}")


def card(answer: dict[str, Any], combatant: str = "c1") -> dict[str, Any]:
    found: dict[str, Any] = next(item for item in answer["view"]["roster"] if item["id"] == combatant)
    return found


def thug_fight(note: str, *, thug_hits_back: bool) -> dict[str, Any]:
    """A MegaTraveller fight for the player view: Kit (a player's character) has hit a thug who carries a laser
    rifle (Damage Value 4), and the thug may have hit him back; the fight has begun, and the thug has a note and a
    condition. The last answer (its ``encounter`` and ``fragment``)."""
    document = ok("new", system="megatraveller")["encounter"]
    for sheet in ({"name": "Kit", "upp": "789A87", "weapons": [{"name": "Club", "notation": "2N"}]},
                  {"name": "Thug", "upp": "A98765", "weapons": [{"name": "Laser Rifle", "notation": "4"}]}):
        document = ok("add", encounter=document, sheet=sheet)["encounter"]
    blows = [("c1", "c2", 5)] + ([("c2", "c1", 3)] if thug_hits_back else [])
    for attacker, target, seed in blows:
        document = ok("act", encounter=document, action="hit", seed=seed,
                      inputs={"attacker": attacker, "target": target, "weapon": 0})["encounter"]
    document = ok("turn", encounter=document, move="start")["encounter"]
    document = ok("note", encounter=document, id="c2", text=note)["encounter"]
    return ok("condition", encounter=document, id="c2", name="Blinded", rounds=2)
