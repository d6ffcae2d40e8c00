"""Encounters as a game master has them mid-fight, made through the engine's API (not the page): six
combatants of one system, the sheets' defaults as the add dialog offers them, and a few resolutions, so a test
can open the page on a busy table at once (through the share link) and look at what fits on the screen."""

from __future__ import annotations

from typing import Any

from tests.rules.helpers import ok

SYSTEMS = ("typed", "megatraveller", "kyod")
NAMES = ("Cyrus", "Bandit", "Ilsa the Tall", "Guard captain", "Second guard", "Wolf")


def schema(system: str) -> dict[str, Any]:
    return next(one for one in ok("systems")["systems"] if one["id"] == system)


def default_sheet(system: str, name: str) -> dict[str, Any]:
    """The sheet the add dialog starts from, named."""
    sheet: dict[str, Any] = {"name": name}
    for field in schema(system)["sheet"]:
        if "default" in field and applies(field.get("when"), sheet):
            sheet[field["name"]] = field["default"]
    return sheet


def applies(when: dict[str, Any] | None, values: dict[str, Any], options: dict[str, Any] | None = None) -> bool:
    """Whether an input shows (its `when`) for the values chosen so far and the rule options (their defaults)."""
    if not when:
        return True
    value = str((options or {}).get(when["option"], "") if "option" in when else values.get(when["input"], ""))
    return value in map(str, when["in"]) if "in" in when else value not in map(str, when["not_in"])


def busy_table(system: str, *, resolutions: int = 3, seed: int = 7) -> dict[str, Any]:
    """Six combatants and a few attacks among them (the app's dice, seeded): the engine's answer."""
    state = ok("new", system=system)
    for name in NAMES:
        state = ok("add", encounter=state["encounter"], sheet=default_sheet(system, name))
    ids = [card["id"] for card in state["view"]["roster"]]
    action = schema(system)["actions"][0]
    options = {option["name"]: option["default"] for option in schema(system)["options"]}
    for index in range(resolutions):
        able = [card["id"] for card in state["view"]["roster"] if card["can_act"]]
        actor = able[index % len(able)]
        target = ids[(ids.index(actor) + 1) % len(ids)]
        inputs: dict[str, Any] = {}
        for field in action["inputs"]:
            if field["kind"] == "combatant" and "default" in field:   # one more foe, or a walk to another: none
                if applies(field.get("when"), inputs, options):
                    inputs[field["name"]] = field["default"]
            elif field["kind"] == "combatant":
                inputs[field["name"]] = actor if field.get("role") == "actor" else target
            elif field["kind"] == "weapon":
                inputs[field["name"]] = 0
            elif field["kind"] == "mode":   # the first mode of the weapon chosen, as the form offers it
                card = next(card for card in state["view"]["roster"] if card["id"] == actor)
                inputs[field["name"]] = card["weapons"][0]["modes"][0]["value"]
            elif "default" in field and applies(field.get("when"), inputs, options):
                inputs[field["name"]] = field["default"]
        state = ok("act", encounter=state["encounter"], action=action["id"], inputs=inputs, seed=seed + index)
    return state
