"""What each action's form shows up front, and which of its inputs are chosen afresh each round (issue 36).

A game master resolving an attack sees the combatants, the weapon, its mode and the one or two numbers each
resolution needs; everything set only now and then (situational modifiers, a second weapon, walking a burst, a
called shot) is folded under "More options" (``advanced``). An input that must be chosen (no default) is never
folded away, unless it belongs to a folded input (the other weapon of two, shown once two weapons are chosen).
``each_round`` marks a choice the rules have declared each round or each action, which the page returns to its
default at each new round and in a new encounter.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules.systems import SYSTEMS

from .helpers import ok

UP_FRONT_MAX = 7        # inputs shown up front by any action's form as it opens, whatever the weapon's mode
FIRST_ACTION_MAX = 6    # the first action's (the one a fight opens on)...
# ...but SLA's Shoot keeps its aim hex up front (it is tapped on the target's diagram) besides the distance, and a
# semi-automatic's shots or a burst's dice are set on most resolutions with that mode: six and the mode's count.
FIRST_ACTION_MAX_BY_SYSTEM = {"sla": 7}
# Per-round choices by the rules' words (the seeds' "declared", "announced before the roll", "this action").
EACH_ROUND = {
    ("fudge", "round"): {"tactic", "stance", "spotted", "modifier", "foes_tactic", "foes_stance", "foes_spotted",
                         "foes_modifier", "aim", "stun", "pull", "foes_stun", "foes_pull"},
    ("fudge", "attack"): {"tactic", "modifier", "defender_tactic", "defender_spotted", "defender_modifier", "aim",
                          "stun", "pull"},
    ("fudge", "contest"): {"first_modifier", "second_modifier", "first_hasty", "second_hasty"},
    ("sla", "shoot"): {"shot", "aims", "dive", "quick_draw", "modifier", "split", "second_rank"},
    ("sla", "melee"): {"spend", "harder", "modifier", "defence", "defence_modifier", "split", "second_rank"},
    ("typed", "attack"): {"use_strength", "slow_strike"},
}


def systems() -> list[dict[str, Any]]:
    return list(ok("systems")["systems"])


def option_defaults(system: dict[str, Any]) -> dict[str, Any]:
    return {option["name"]: option.get("default") for option in system["options"]}


def holds(when: dict[str, Any] | None, value: Any) -> bool:
    if when is None:
        return True
    text = "" if value is None else str(value)
    if "in" in when:
        return text in [str(item) for item in when["in"]]
    return text not in [str(item) for item in when["not_in"]]


def shown(inputs: list[dict[str, Any]], values: dict[str, Any], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The inputs the form shows with these values: as forms.js does, an input its own `when` hides has no value
    for another's `when`."""
    by_name = {entry["name"]: entry for entry in inputs}

    def visible(name: str, depth: int = 0) -> bool:
        when = by_name[name].get("when")
        if when is None or depth > len(inputs):
            return True
        if "option" in when:
            return holds(when, options.get(when["option"]))
        other = when["input"]
        return holds(when, values.get(other) if visible(other, depth + 1) else None)

    return [entry for entry in inputs if visible(entry["name"])]


def opening_values(inputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The form's values as it opens: each default, a combatant picked, the first weapon, and each value a
    `when` names for an input that has no default (a weapon's mode): one set of values for each."""
    base: dict[str, Any] = {}
    for entry in inputs:
        if "default" in entry:
            base[entry["name"]] = entry["default"]
        elif entry["kind"] == "combatant":
            base[entry["name"]] = "someone"
        elif entry["kind"] in ("weapon", "flag"):
            base[entry["name"]] = 0 if entry["kind"] == "weapon" else False
    open_names = {entry["name"] for entry in inputs if entry["name"] not in base}
    candidates: dict[str, set[str]] = {name: {"other"} for name in open_names}
    for entry in inputs:
        when = entry.get("when")
        if when and when.get("input") in open_names:
            candidates[when["input"]] |= {str(value) for value in when.get("in", when.get("not_in", []))}
    names = sorted(candidates)
    return [{**base, **dict(zip(names, combination))}
            for combination in itertools.product(*(sorted(candidates[name]) for name in names))]


def up_front(action: dict[str, Any], options: dict[str, Any]) -> int:
    """The most inputs shown outside "More options" as the form opens, over the modes a weapon may have."""
    return max(len([entry for entry in shown(action["inputs"], values, options) if not entry.get("advanced")])
               for values in opening_values(action["inputs"]))


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_each_form_opens_with_few_inputs_up_front(system_id: str) -> None:
    system = next(one for one in systems() if one["id"] == system_id)
    options = option_defaults(system)
    counts = {action["id"]: up_front(action, options) for action in system["actions"]}
    assert all(count <= UP_FRONT_MAX for count in counts.values()), counts
    offered = [action for action in system["actions"]
               if holds(action.get("when"), options.get((action.get("when") or {}).get("option", "")))]
    first = offered[0]
    assert counts[first["id"]] <= FIRST_ACTION_MAX_BY_SYSTEM.get(system_id, FIRST_ACTION_MAX), (first["id"], counts)


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_what_must_be_chosen_is_never_folded(system_id: str) -> None:
    """An input with no default (nor an optional or a flag's implicit one) is up front, unless it is shown only
    while a folded input is set (then it is drawn beside it, under "More options")."""
    system = next(one for one in systems() if one["id"] == system_id)
    for action in system["actions"]:
        by_name = {entry["name"]: entry for entry in action["inputs"]}
        for entry in action["inputs"]:
            must_choose = "default" not in entry and not entry.get("optional") and entry["kind"] != "flag"
            when = entry.get("when") or {}
            behind_folded = bool(by_name.get(when.get("input", ""), {}).get("advanced"))
            if must_choose and not behind_folded:
                assert not entry.get("advanced"), f"{system_id} {action['id']}: {entry['name']} must be chosen"


def test_per_round_choices_are_marked() -> None:
    """Each choice the rules make per round or per action carries `each_round`, and only a choice with a default
    (what the page returns it to) does."""
    for system in systems():
        for action in system["actions"]:
            marked = {entry["name"] for entry in action["inputs"] if "each_round" in entry}
            for entry in action["inputs"]:
                if "each_round" in entry:
                    assert entry["each_round"] is True and "default" in entry, (system["id"], entry)
            assert marked == EACH_ROUND.get((system["id"], action["id"]), set()), (system["id"], action["id"])
