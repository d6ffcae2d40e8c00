"""Small builders shared by the rules tests: an encounter of an attacker and a target."""

from __future__ import annotations

import json
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
    return 0 if item is None else int(item["value"].split()[0])
