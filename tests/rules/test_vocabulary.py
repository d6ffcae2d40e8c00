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
