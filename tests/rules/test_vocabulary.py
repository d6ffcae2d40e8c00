"""Every registered system speaks the page's vocabulary: schemas, cards, odds and dice prompts.

The encounter here is built only from what each system's schema says (defaults, roles, the first
catalog row), the way the generic page builds it, so a new system is checked without writing code.
"""

from __future__ import annotations

import copy
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


def inputs_for(action: dict[str, Any], system: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The action's inputs as drawn; with ``options`` (the options in effect), only those the options leave shown,
    as the page sends them.  A combatant is the first or the second, as its role asks, unless it is optional with
    a default (a second foe, "Nobody else"), which the page leaves at that default."""
    picks = {"actor": "c1", "target": "c2"}
    return {entry["name"]: picks[entry["role"]] if entry["kind"] == "combatant" and "default" not in entry
            else default_value(entry, system)
            for entry in action["inputs"] if options is None or "option" not in entry.get("when", {})
            or holds(entry["when"], {}, options)}


def with_modes(inputs: dict[str, Any], action: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """A ``mode`` input as the page fills it: the first mode of the actor's first weapon, from its card."""
    weapons = state["view"]["roster"][0]["weapons"]
    for entry in action["inputs"]:
        if entry["kind"] == "mode" and weapons and weapons[0]["modes"]:
            inputs[entry["name"]] = weapons[0]["modes"][0]["value"]
    return inputs


def options_in(system: dict[str, Any], chosen: dict[str, Any] | None = None) -> dict[str, Any]:
    """Each option at the value chosen, else at its default: what a `when` on an option reads."""
    return {option["name"]: (chosen or {}).get(option["name"], option["default"]) for option in system["options"]}


def offering(when: dict[str, Any] | None, system: dict[str, Any]) -> dict[str, Any]:
    """Options under which a condition on an option holds: its first value, or the first choice it does not
    exclude; none for no condition (the defaults then hold)."""
    if when is None:
        return {}
    option = next(option for option in system["options"] if option["name"] == when["option"])
    choices = [choice["value"] for choice in option["choices"]]
    pick = when["in"][0] if "in" in when else next(value for value in choices if value not in when["not_in"])
    return {when["option"]: pick}


def encounter_of_two(system: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """A new encounter with these options (the rest at their defaults), two combatants added from the schema."""
    state = ok("new", system=system["id"], options=options)
    for name in ("First", "Second"):
        state = ok("add", encounter=state["encounter"], sheet=sheet_for(system, name))
    return state


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_schemas_cards_odds_and_prompts_use_the_vocabulary(system_id: str) -> None:
    """Each action is tried in an encounter whose options offer it (the page shows no tab for one they do not)."""
    system = schema(system_id)
    vocabulary.check_system(system)
    encounters: dict[str, dict[str, Any]] = {}
    for number, action in enumerate(system["actions"]):
        chosen = offering(action.get("when"), system)
        key = json.dumps(chosen, sort_keys=True)
        if key not in encounters:
            encounters[key] = encounter_of_two(system, chosen)
        state = encounters[key]
        inputs = with_modes(inputs_for(action, system, options_in(system, chosen)), action, state)
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
                               "can_act": True, "fallen": False, "widgets": [], "weapons": [], "sheet": {}})
    with pytest.raises(AssertionError):
        vocabulary.check_card({"id": "c1", "name": "A", "status": {"text": "Dead", "severity": "out"},
                               "can_act": True, "fallen": True, "widgets": [], "weapons": [], "sheet": {}})
    asked = {"roll": "shot", "kind": "d6", "count": 2, "why": "roll 2D", "dice": "2 six-sided dice", "faces": [1]}
    vocabulary.check_needs({**asked, "names": ["Success die", "Damage die"]})
    with pytest.raises(AssertionError):
        vocabulary.check_needs({**asked, "names": ["Success die"]})


def test_the_docs_describe_every_kind_and_widget() -> None:
    text = DOCS.read_text()
    for kind in [*vocabulary.INPUT_KINDS, *vocabulary.WIDGETS]:
        assert re.search(rf"`{kind}`", text), kind


def holds(when: dict[str, Any] | None, values: dict[str, Any], options: dict[str, Any] | None = None) -> bool:
    """Whether a condition holds: on another input's value in ``values``, or on an option in ``options``."""
    if when is None:
        return True
    value = (options or {}).get(when["option"]) if "option" in when else values.get(when["input"])
    return value in when["in"] if "in" in when else value not in when["not_in"]


def form(inputs: list[dict[str, Any]], values: dict[str, Any], chosen: dict[str, Any],
         options: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the page sends once ``chosen`` is picked, under ``options`` (the options in effect): each input's first
    ``defaults`` entry that holds (else what it held), and only the inputs whose ``when`` holds."""
    values = {**values, **chosen}
    for entry in inputs:
        if entry["name"] in chosen:
            continue
        following = next((item["value"] for item in entry.get("defaults", [])
                          if holds(item["when"], values, options)), None)
        if following is not None:
            values[entry["name"]] = following
    return {entry["name"]: values[entry["name"]] for entry in inputs
            if entry["name"] in values and holds(entry.get("when"), values, options)}


def following_cases() -> list[tuple[str, str, str, dict[str, Any], dict[str, Any]]]:
    """(system, form, input, the condition's pick, the options it needs) for every ``defaults`` entry of every
    schema: a condition on an input picks that input, one on an option sets the encounter's option."""
    cases: list[tuple[str, str, str, dict[str, Any], dict[str, Any]]] = []
    for system in ok("systems")["systems"]:
        forms = [("sheet", system["sheet"], None)] + [(action["id"], action["inputs"], action.get("when"))
                                                      for action in system["actions"]]
        for form_id, inputs, offered in forms:
            names = {entry["name"]: entry for entry in inputs}
            for entry in inputs:
                for item in entry.get("defaults", []):
                    when = item["when"]
                    if "option" in when:
                        chosen = {**offering(offered, system), **offering(when, system)}
                        cases.append((system["id"], form_id, entry["name"], {}, chosen))
                        continue
                    other = names[when["input"]]
                    if "in" in when:
                        pick = when["in"][0]
                    else:
                        pick = next(choice["value"] for choice in other.get("choices", [{"value": "c1"}])
                                    if choice["value"] not in when["not_in"]) if other["kind"] == "choice" else "c1"
                    cases.append((system["id"], form_id, entry["name"], {when["input"]: pick},
                                  offering(offered, system)))
    return cases


@pytest.mark.parametrize("system_id, form_id, name, chosen, options", following_cases())
def test_a_form_that_follows_its_defaults_is_accepted(system_id: str, form_id: str, name: str,
                                                      chosen: dict[str, Any], options: dict[str, Any]) -> None:
    """Each value a ``defaults`` entry gives, in the form it follows (the page's way), is one the engine takes,
    in an encounter whose options offer the action (and meet the entry's condition, when it is on an option)."""
    system = schema(system_id)
    state = encounter_of_two(system, options)
    effect = options_in(system, options)
    if form_id == "sheet":
        sheet = form(system["sheet"], sheet_for(system, "Third"), chosen, effect)
        assert ok("check", encounter=state["encounter"], sheet=sheet)["valid"] is True, sheet
        return
    action = next(action for action in system["actions"] if action["id"] == form_id)
    inputs = form(action["inputs"], with_modes(inputs_for(action, system, effect), action, state), chosen, effect)
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


def test_a_condition_on_an_option_names_an_option_the_system_has_and_values_it_takes() -> None:
    """A `when` may follow a rule option (an input, a choice, a `defaults` or `helps` entry, an action's tab): the
    option must be one of the system's choices, each value one it takes, and some action offered whatever is set."""
    system = copy.deepcopy(schema("typed"))
    attack, mark = system["actions"]
    on_b = {"option": "track", "in": ["B"]}
    mark["when"] = on_b
    slow = next(entry for entry in attack["inputs"] if entry["name"] == "slow_strike")
    slow["when"] = {"option": "track", "not_in": ["A"]}
    slow["helps"] = [{"when": {"option": "universal_floor", "in": [0]}, "text": "no floor"}]
    energy = next(entry for entry in attack["inputs"] if entry["name"] == "energy_allowance")
    energy["defaults"] = [{"when": on_b, "value": 2}]
    vocabulary.check_system(system)

    def refused(change: Any) -> None:
        broken = copy.deepcopy(system)
        change(broken)
        with pytest.raises(AssertionError):
            vocabulary.check_system(broken)

    def set_when(path: tuple[Any, ...], when: Any) -> Any:
        def change(broken: dict[str, Any]) -> None:
            node = broken
            for step in path:
                node = node[step]
            node["when"] = when
        return change

    refused(set_when(("actions", 1), {"option": "pacing", "in": ["B"]}))            # no such option
    refused(set_when(("actions", 1), {"option": "track", "in": ["C"]}))             # a value it does not take
    refused(set_when(("actions", 1), {"option": "track", "in": []}))                # nothing to match
    refused(set_when(("actions", 1), {"input": "target", "in": ["c1"]}))            # a tab follows no input
    refused(set_when(("actions", 0), on_b))                                           # nothing offered on track A
    refused(set_when(("sheet", 1), {"option": "track", "in": ["B"], "not_in": ["A"]}))
    refused(set_when(("options", 0), {"option": "track", "in": ["B"]}))             # an option follows no option
    on_a_table = {"name": "x", "kind": "flag", "label": "X", "when": {"option": "effects", "in": ["x"]}}
    with pytest.raises(AssertionError):                                             # a table has no value to compare
        vocabulary.check_inputs([on_a_table], {option["name"]: option for option in schema("kyod")["options"]})
