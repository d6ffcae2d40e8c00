"""Every registered system speaks the page's vocabulary: schemas, cards, odds and dice prompts.

The encounter here is built only from what each system's schema says (defaults, roles, the first
catalog row), the way the generic page builds it, so a new system is checked without writing code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules.api import call
from rules.systems import SYSTEMS

from . import vocabulary
from .helpers import ok

DOCS = Path(__file__).parents[2] / "docs" / "api.md"


def answer(method: str, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(call(method, json.dumps(request)))
    assert response["ok"] or response["error"]["kind"] != "internal", response
    return response


def schema(system_id: str) -> dict[str, Any]:
    return next(system for system in ok("systems")["systems"] if system["id"] == system_id)


def default_value(entry: dict[str, Any], system: dict[str, Any]) -> Any:
    """What the page would send for an input left as it is drawn."""
    if "default" in entry:
        return entry["default"]
    kind = entry["kind"]
    if kind in ("text", "notation"):
        return entry.get("example", "Test")
    if kind == "choice":
        return entry["choices"][0]["value"]
    if kind == "gear":
        row = system["catalog"][entry["catalog"]][0]
        return {"name": row["name"], "notation": row["notation"]}
    if kind == "list":
        return [default_value(entry["of"], system)]
    return {"integer": entry.get("min", 0), "flag": False, "weapon": 0, "mode": 0}.get(kind)


def sheet_for(system: dict[str, Any], name: str) -> dict[str, Any]:
    return {**{entry["name"]: default_value(entry, system) for entry in system["sheet"]}, "name": name}


def inputs_for(action: dict[str, Any], system: dict[str, Any]) -> dict[str, Any]:
    picks = {"actor": "c1", "target": "c2"}
    return {entry["name"]: picks[entry["role"]] if entry["kind"] == "combatant" else default_value(entry, system)
            for entry in action["inputs"]}


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_schemas_cards_odds_and_prompts_use_the_vocabulary(system_id: str) -> None:
    system = schema(system_id)
    vocabulary.check_system(system)
    state = ok("new", system=system_id)
    for name in ("First", "Second"):
        state = ok("add", encounter=state["encounter"], sheet=sheet_for(system, name))
    for number, action in enumerate(system["actions"]):
        inputs = inputs_for(action, system)
        # The first action (the hit) must work on a fresh encounter; a later one (recovering from a stun) may
        # refuse it, in plain words, as the page would show.
        must = number == 0
        if action["odds"]:
            odds = answer("odds", encounter=state["encounter"], action=action["id"], inputs=inputs)
            if must or odds["ok"]:
                vocabulary.check_odds(odds["result"])
            else:
                assert odds["error"]["kind"] == "bad_field", odds
        if action["verb"] is None:
            refused = answer("act", encounter=state["encounter"], action=action["id"], inputs=inputs, dice="app")
            assert refused["error"]["kind"] == "bad_field", refused
            continue
        asked = answer("act", encounter=state["encounter"], action=action["id"], inputs=inputs, dice="given")
        if not asked["ok"] and not must:
            assert asked["error"]["kind"] == "bad_field", asked
            continue
        if "needs" in asked["result"]:
            vocabulary.check_needs(asked["result"]["needs"])
        done = ok("act", encounter=state["encounter"], action=action["id"], inputs=inputs, dice="app", seed=1)
        for card in done["view"]["roster"]:
            vocabulary.check_card(card)


def test_the_vocabulary_checks_can_fail() -> None:
    """A schema or card outside the vocabulary is caught."""
    with pytest.raises(AssertionError):
        vocabulary.check_inputs([{"name": "x", "kind": "slider", "label": "X"}])
    with pytest.raises(AssertionError):
        vocabulary.check_inputs([{"name": "x", "kind": "integer", "label": "X (D-TD-1)", "min": 0, "max": 2}])
    with pytest.raises(AssertionError):
        vocabulary.check_card({"id": "c1", "name": "A", "status": {"text": "fine", "severity": "great"},
                               "can_act": True, "widgets": [], "weapons": [], "sheet": {}})


def test_the_docs_describe_every_kind_and_widget() -> None:
    text = DOCS.read_text()
    for kind in [*vocabulary.INPUT_KINDS, *vocabulary.WIDGETS]:
        assert re.search(rf"`{kind}`", text), kind


def holds(when: dict[str, Any] | None, values: dict[str, Any]) -> bool:
    if when is None:
        return True
    value = values.get(when["input"])
    return value in when["in"] if "in" in when else value not in when["not_in"]


def form(inputs: list[dict[str, Any]], values: dict[str, Any], chosen: dict[str, Any]) -> dict[str, Any]:
    """What the page sends once ``chosen`` is picked: each input's first ``defaults`` entry that holds (else what
    it held), and only the inputs whose ``when`` holds."""
    values = {**values, **chosen}
    for entry in inputs:
        if entry["name"] in chosen:
            continue
        following = next((item["value"] for item in entry.get("defaults", []) if holds(item["when"], values)), None)
        if following is not None:
            values[entry["name"]] = following
    return {entry["name"]: values[entry["name"]] for entry in inputs
            if entry["name"] in values and holds(entry.get("when"), values)}


def following_cases() -> list[tuple[str, str, str, dict[str, Any]]]:
    """(system, form, input, the condition's pick) for every ``defaults`` entry of every schema."""
    cases = []
    for system in ok("systems")["systems"]:
        forms = [("sheet", system["sheet"])] + [(action["id"], action["inputs"]) for action in system["actions"]]
        for form_id, inputs in forms:
            names = {entry["name"]: entry for entry in inputs}
            for entry in inputs:
                for item in entry.get("defaults", []):
                    when = item["when"]
                    other = names[when["input"]]
                    if "in" in when:
                        pick = when["in"][0]
                    else:
                        pick = next(choice["value"] for choice in other.get("choices", [{"value": "c1"}])
                                    if choice["value"] not in when["not_in"]) if other["kind"] == "choice" else "c1"
                    cases.append((system["id"], form_id, entry["name"], {when["input"]: pick}))
    return cases


@pytest.mark.parametrize("system_id, form_id, name, chosen", following_cases())
def test_a_form_that_follows_its_defaults_is_accepted(system_id: str, form_id: str, name: str,
                                                      chosen: dict[str, Any]) -> None:
    """Each value a ``defaults`` entry gives, in the form it follows (the page's way), is one the engine takes."""
    system = schema(system_id)
    state = ok("new", system=system_id)
    for added in ("First", "Second"):
        state = ok("add", encounter=state["encounter"], sheet=sheet_for(system, added))
    if form_id == "sheet":
        sheet = form(system["sheet"], sheet_for(system, "Third"), chosen)
        assert ok("check", encounter=state["encounter"], sheet=sheet) == {"valid": True}, sheet
        return
    action = next(action for action in system["actions"] if action["id"] == form_id)
    inputs = form(action["inputs"], inputs_for(action, system), chosen)
    checked = answer("check", encounter=state["encounter"], action=form_id, inputs=inputs)
    assert checked["ok"] or checked["error"]["field"] != name, (inputs, checked)


def test_a_hazard_takes_no_margin_and_a_vehicle_and_an_aircraft_start_from_the_texts_examples() -> None:
    """Issue 23: choosing a hazard chooses "None" for the margin, however it was left; MegaTraveller's vehicle
    records start as the seed's ground car (2/5, 1/2, 1/2) and an aircraft's as the Bitburg's revised hits."""
    typed = schema("typed")
    attack = next(action for action in typed["actions"] if action["id"] == "attack")
    sent = form(attack["inputs"], {**inputs_for(attack, typed), "margin": "typed", "margin_of_success": 3},
                {"attacker": ""})
    assert sent["margin"] == "automatic" and "margin_of_success" not in sent
    assert form(attack["inputs"], sent, {"attacker": "c1"})["margin"] == "typed"
    traveller = schema("megatraveller")
    aircraft = form(traveller["sheet"], sheet_for(traveller, "Bitburg"), {"kind": "aircraft"})
    vehicle = form(traveller["sheet"], sheet_for(traveller, "Ground car"), {"kind": "vehicle"})
    assert (aircraft["hull"], aircraft["power"], aircraft["loco"]) == ("46/115", "16/40 + 16/40", "")
    assert (vehicle["hull"], vehicle["power"], vehicle["loco"]) == ("2/5", "1/2", "1/2")
    kind = next(entry for entry in traveller["sheet"] if entry["name"] == "kind")
    helps = {item["when"]["in"][0]: item["text"] for item in kind["helps"]}
    assert set(helps) == {"person", "npc", "animal", "vehicle", "aircraft"} and "taken as given" in helps["aircraft"]
    empty = ok("new", system="megatraveller")["encounter"]
    card = ok("add", encounter=empty, sheet=aircraft)["view"]["roster"][0]
    assert "46/115" in json.dumps(card, ensure_ascii=False)


def test_the_following_checks_can_fail() -> None:
    entry = {"name": "margin", "kind": "choice", "label": "M", "choices": [{"value": "a", "label": "A"}]}
    with pytest.raises(AssertionError):
        vocabulary.check_inputs([{"name": "who", "kind": "text", "label": "W", "max_length": 3},
                                 {**entry, "defaults": [{"when": {"input": "who", "in": [""]}, "value": "b"}]}])
    with pytest.raises(AssertionError):
        vocabulary.check_inputs([{**entry, "helps": [{"when": {"input": "nobody", "in": [""]}, "text": "x"}]}])
    with pytest.raises(AssertionError):
        vocabulary.check_inputs([{**entry, "helps": [{"when": {"input": "margin", "in": ["a"]}, "text": ""}]}])
