"""The ``check`` method: what a person is typing is checked as ``add``, ``edit`` or ``act`` would check it, before
they press the button, and nothing is recorded."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.api import call

from .helpers import ok, refused


def answer(method: str, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(call(method, json.dumps(request)))
    assert response["ok"] or response["error"]["kind"] != "internal", response
    return response


def kyod_guard() -> dict[str, Any]:
    empty = ok("new", system="kyod")["encounter"]
    return ok("add", encounter=empty, sheet={"name": "Guard", "st": 10, "armour": "4"})


def typed_duel() -> dict[str, Any]:
    empty = ok("new", system="typed")["encounter"]
    one = ok("add", encounter=empty, sheet={"name": "Cyrus", "skill": 1, "weapons": [{"name": "Sword", "notation": "3-"}]})
    return ok("add", encounter=one["encounter"], sheet={"name": "Bandit"})


def test_a_damage_text_that_is_no_damage_is_named_at_its_field() -> None:
    guard = kyod_guard()
    error = refused("check", encounter_key=guard["key"], action="hit",
                    inputs={"attacker": "", "target": "c1", "damage": "9d pi gun", "type": "cr"})
    assert error["kind"] in ("bad_field", "bad_notation") and error["field"] == "damage"
    assert "9d pi gun" in error["message"] and "Traceback" not in error["message"]
    fine = ok("check", encounter_key=guard["key"], action="hit",
              inputs={"attacker": "", "target": "c1", "damage": "3d+20[+0]", "type": "cr"})
    assert fine["valid"] is True and fine["read"]["damage"]["warnings"] == []


def test_nothing_is_recorded() -> None:
    guard = kyod_guard()
    for request in ({"action": "hit", "inputs": {"attacker": "", "target": "c1", "damage": "3d+20", "type": "cr"}},
                    {"action": "turn", "inputs": {}}, {"sheet": {"name": "Second"}},
                    {"sheet": {"name": "Renamed"}, "combatant": "c1"}):
        assert ok("check", encounter=guard["encounter"], **request)["valid"] is True
    assert set(ok("check", encounter=guard["encounter"], sheet={"name": "Second"})) == {"valid"}
    seen = ok("view", encounter=guard["encounter"])
    assert seen["encounter"] == guard["encounter"] and [card["name"] for card in seen["view"]["roster"]] == ["Guard"]


def test_a_sheet_is_checked_as_add_and_as_edit_would() -> None:
    guard = kyod_guard()
    for sheet in ({"name": "X", "st": 0}, {"name": "", "st": 10}, {"name": "X", "armour": "four"},
                  {"name": "X", "weapons": [{"name": "Gun", "notation": "9q"}]}, {"name": "X", "kind": "dragon"}):
        added = refused("add", encounter=guard["encounter"], sheet=sheet)
        assert refused("check", encounter=guard["encounter"], sheet=sheet) == added
        edited = refused("edit", encounter=guard["encounter"], id="c1", sheet=sheet)
        assert refused("check", encounter=guard["encounter"], sheet=sheet, combatant="c1") == edited
    missing = refused("check", encounter=guard["encounter"], sheet={"name": "X"}, combatant="c7")
    assert missing["kind"] == "unknown_combatant" and missing["field"] == "combatant"


@pytest.mark.parametrize("inputs", [
    {"attacker": "c1", "target": "c2", "margin": "typed", "margin_of_success": 0},
    {"attacker": "c1", "target": "c2", "margin": "typed", "margin_of_success": "two"},
    {"attacker": "c1", "target": "c1", "margin": "rolled"},
    {"attacker": "", "target": "c2", "hazard": "4Q", "margin": "automatic"},
    {"attacker": "", "target": "c2", "hazard": "4E*+(Fire)", "margin": "rolled"},
    {"attacker": "c1", "target": "c9", "margin": "rolled"},
    {"attacker": "c1", "target": "c2", "weapon": 4, "margin": "rolled"},
    {"attacker": "c1", "target": "c2", "margin": "rolled"},
    {"attacker": "", "target": "c2", "hazard": "4E*+(Fire)", "margin": "automatic"},
])
def test_an_actions_inputs_are_checked_as_act_would(inputs: dict[str, Any]) -> None:
    """Whatever ``act`` with typed dice answers before its first roll, ``check`` answers the same."""
    duel = typed_duel()
    acted = answer("act", encounter=duel["encounter"], action="attack", inputs=inputs, dice="given")
    checked = answer("check", encounter=duel["encounter"], action="attack", inputs=inputs)
    if acted["ok"]:
        assert "needs" in acted["result"] and checked["ok"] and checked["result"]["valid"] is True
    else:
        assert checked == acted


def test_an_action_with_no_dice_is_tried_whole() -> None:
    duel = typed_duel()
    fine = ok("check", encounter=duel["encounter"], action="mark",
              inputs={"target": "c2", "level": "Hurt", "change": "mark", "reason": "fell"})
    assert fine == {"valid": True}
    error = refused("check", encounter=duel["encounter"], action="mark",
                    inputs={"target": "c2", "level": "Hurt", "change": "clear", "reason": "fell"})
    assert error["field"] == "level"
    assert refused("check", encounter=duel["encounter"], action="fly", inputs={})["field"] == "action"
