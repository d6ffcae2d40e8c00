"""What the FUDGE property tests draw and play (test_fudge_properties.py, test_fudge_option_properties.py):
options from the registry's own schema (``systems``), so a choice added there is drawn here too; sheets and
actions from the sheet and action inputs; plans of actions played through the public API."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from rules.api import call

from .helpers import ok

SCALE = int(os.environ.get("WOUNDBOOK_FUDGE_SCALE", 1))       # a longer hunt: WOUNDBOOK_FUDGE_SCALE=20
QUICK = settings(max_examples=60 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=50 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REFUSALS = ("bad_field", "unknown_combatant")

FUDGE: dict[str, Any] = next(entry for entry in ok("systems")["systems"] if entry["id"] == "fudge")
CHOICES: dict[str, tuple[str, ...]] = {entry["name"]: tuple(choice["value"] for choice in entry["choices"])
                                       for entry in FUDGE["options"] if entry["kind"] == "choice"}
TABLES: dict[str, dict[str, Any]] = {entry["name"]: entry for entry in FUDGE["options"] if entry["kind"] == "table"}
BOX_SETS = {"realistic": (3, 1, 1, 1, 1), "cinematic": (4, 2, 1, 1, 1), "epic": (3, 2, 1, 2, 1)}   # seed 4.57, 4.63

UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, DEAD = range(7)
LETTERS = {SCRATCH: "S", HURT: "H", VERY_HURT: "VH", INCAPACITATED: "I", NEAR_DEATH: "ND"}
WOUND_LEVELS = {"scratch": SCRATCH, "hurt": HURT, "very_hurt": VERY_HURT, "incapacitated": INCAPACITATED,
                "near_death": NEAR_DEATH}
STATUS_WORDS = (("Dead", DEAD), ("Near Death", NEAR_DEATH), ("Incapacitated", INCAPACITATED),
                ("Out of the battle", INCAPACITATED), ("Very Hurt", VERY_HURT), ("Hurt", HURT), ("Scratch", SCRATCH),
                ("Wounded", SCRATCH), ("Undamaged", UNDAMAGED))


def level_of(card: dict[str, Any]) -> int:
    """The wound level a card's status states (seed 4.51), whatever the record."""
    text = str(card["status"]["text"])
    return next(value for word, value in STATUS_WORDS if text.startswith(word))


def cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in view["roster"]}


# -- options, sheets and actions ---------------------------------------------------------------------------

@st.composite
def option_sets(draw: st.DrawFn, /, **fixed: str) -> dict[str, Any]:
    """Every choice option from the schema's own choices; sometimes the custom box table and new wound numbers."""
    options: dict[str, Any] = {name: draw(st.sampled_from(values)) for name, values in CHOICES.items()}
    options.update(fixed)
    boxes = TABLES["custom_boxes"]
    if options["boxes"] == "custom" or draw(st.booleans()):
        column = boxes["columns"][0]
        options["custom_boxes"] = [{column["name"]: draw(st.integers(column["min"], column["max"]))}
                                   for _ in boxes["rows"]]
    if draw(st.integers(0, 3)) == 0:
        numbers = TABLES["numbers"]
        starts = {column["name"]: sorted(draw(st.sets(st.integers(column["min"], min(column["max"], 20)),
                                                      min_size=len(numbers["rows"]), max_size=len(numbers["rows"]))))
                  for column in numbers["columns"]}
        options["numbers"] = [{name: values[row] for name, values in starts.items()}
                              for row in range(len(numbers["rows"]))]
    return options


WEAPONS = ("size 2, sharp", "size 3, sharp, magic 1", "size 0", "size 2, blunt", "size 1, sharp", "power 3",
           "power 6, auto 10", "power 2, thrown", "size 2, piercing", "power 4, scaled", "size 5, sharp, magic 2")
ARMOURS = ("", "+1", "+2", "+4", "+3, magic 1")
skills = st.integers(-3, 5)
traits = st.integers(-3, 3)


@st.composite
def sheets(draw: st.DrawFn, name: str, roles: tuple[str, ...] = ("pc", "major", "pawn")) -> dict[str, Any]:
    sheet: dict[str, Any] = {
        "name": name, "role": draw(st.sampled_from(roles)), "offense": draw(skills), "defense": draw(skills),
        "shooting": draw(skills), "dodge": draw(skills), "initiative": draw(skills), "strength": draw(traits),
        "damage_capacity": draw(traits), "constitution": draw(traits), "scale": draw(st.integers(-2, 3)),
        "shield": draw(st.sampled_from(("none", "small", "medium", "large"))),
        "pain": draw(st.sampled_from(("normal", "high", "low"))), "offense_plus": draw(st.booleans()),
        "weapons": [{"name": f"Weapon {index + 1}", "notation": notation} for index, notation in
                    enumerate(draw(st.lists(st.sampled_from(WEAPONS), min_size=2, max_size=2)))]}
    armour = draw(st.sampled_from(ARMOURS))
    if armour:
        sheet["armour"] = {"name": "Armour", "notation": armour}
    return sheet


def rosters(roles: tuple[str, ...] = ("pc", "major", "pawn")) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.tuples(*(sheets(name, roles) for name in ("Ann", "Bo", "Cy", "Di"))).map(list)


IDS = ("c1", "c2", "c3", "c4")
FOE_KEYS = ("foe", "foe2", "foe3", "foe4", "foe5", "foe6")
ACTIONS: dict[str, dict[str, Any]] = {action["id"]: action for action in FUDGE["actions"]}
DEFAULTS: dict[str, Any] = {entry["name"]: entry["default"] for entry in FUDGE["options"] if "default" in entry}


def holds(when: dict[str, Any] | None, options: dict[str, Any], inputs: dict[str, Any]) -> bool:
    """Whether a schema entry's ``when`` holds under these options and the inputs drawn so far."""
    if not when:
        return True
    value = options.get(when["option"], DEFAULTS.get(when["option"])) if "option" in when \
        else inputs.get(when["input"], "")
    return value in when["in"] if "in" in when else value not in when["not_in"]


def offered(action: str, options: dict[str, Any]) -> bool:
    return holds(ACTIONS[action].get("when"), options, {})


@st.composite
def action_inputs(draw: st.DrawFn, action: str, options: dict[str, Any], most_foes: int = 3) -> dict[str, Any]:
    """An action's inputs as the page's form would collect them: each input the schema shows under these options
    (its ``when``), each choice it offers; different fighters in each role, the fighter's strike among his foes."""
    inputs: dict[str, Any] = {}
    used: list[str] = []
    for entry in ACTIONS[action]["inputs"]:
        if not holds(entry.get("when"), options, inputs):
            continue
        name, kind = entry["name"], entry["kind"]
        if kind == "combatant":
            free = [who for who in IDS if who not in used]
            if name == "strike":
                free = [inputs[key] for key in FOE_KEYS if inputs.get(key)]
            if entry.get("optional"):
                too_many = name in FOE_KEYS and sum(1 for key in FOE_KEYS if inputs.get(key)) >= most_foes
                inputs[name] = "" if too_many or not free else draw(st.sampled_from(["", *free]))
            else:
                inputs[name] = draw(st.sampled_from(free))
            if inputs[name] and name != "strike":
                used.append(inputs[name])
        elif kind == "weapon":
            inputs[name] = draw(st.integers(0, 1))
        elif kind == "choice":
            inputs[name] = draw(st.sampled_from([choice["value"] for choice in entry["choices"]
                                                 if holds(choice.get("when"), options, inputs)]))
        elif kind == "integer":
            inputs[name] = draw(st.integers(entry["min"], entry["max"]))
        elif kind == "flag":
            inputs[name] = draw(st.booleans())
        else:
            raise AssertionError(f"an input kind this test does not know: {kind}")
    if inputs.get("level") == "dead":       # automatic death is neither a stun nor a wound to a part
        inputs.update(stun=False, part="none")
    return inputs


Plan = list[tuple[str, dict[str, Any]]]


@st.composite
def setups(draw: st.DrawFn, /, actions: tuple[str, ...] = tuple(ACTIONS), most_foes: int = 3, max_steps: int = 6,
           no_automatic_death: bool = False, **fixed: str) -> tuple[dict[str, Any], Plan]:
    """Options, then a plan of actions these options offer, each with inputs drawn from the schema."""
    options = draw(option_sets(**fixed))
    kinds = [action for action in actions if offered(action, options)]
    plan: Plan = []
    for _ in range(draw(st.integers(1, max_steps))):
        action = draw(st.sampled_from(kinds))
        inputs = draw(action_inputs(action, options, most_foes))
        if no_automatic_death and inputs.get("level") == "dead":
            inputs["level"] = "near_death"
        plan.append((action, inputs))
    return options, plan


def attempt(encounter: dict[str, Any], action: str, inputs: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """An action rolled by the app from a seed: its answer, or None for a plain refusal (a fighter out of the
    fight or dead); never an internal error."""
    response = json.loads(call("act", json.dumps({"encounter": encounter, "action": action, "inputs": inputs,
                                                  "dice": "app", "seed": seed})))
    if response["ok"]:
        result: dict[str, Any] = response["result"]
        assert "needs" not in result
        return result
    assert response["error"]["kind"] in REFUSALS, response["error"]
    return None


def play(encounter: dict[str, Any], plan: Plan, seed: int) -> dict[str, Any]:
    for number, (action, inputs) in enumerate(plan):
        answer = attempt(encounter, action, inputs, seed + number)
        if answer is not None:
            encounter = answer["encounter"]
    return encounter
