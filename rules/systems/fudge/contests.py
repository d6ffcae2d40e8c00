"""Rolls that are not blows: a story element (FUDGE 4.21), and the opposed contests of initiative (4.23) and
speed (4.36)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...dice import DiceSource, fudge_value
from ...errors import BadField
from ...ladder import describe, level_name, median
from ...report import Report, Step, show_fudge, signed
from .options import Options
from .sheet import Sheet
from .wounds import State, penalty

LADDER_CHOICES = tuple(str(value) for value in range(-3, 6))
CONTESTS = ("initiative", "speed")


def read_story(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    who = inputs.get("who") or ""
    if who:
        who = fields.combatant(inputs, "who", sheets, "who")
    return {"who": who,
            "trait": fields.choice(inputs, "trait", "trait", LADDER_CHOICES, default="0") if who else "0",
            "modifier": fields.integer(inputs, "modifier", "modifier", -3, 3, default=0) if who else 0,
            "rolls": fields.choice(inputs, "rolls", "rolls", ("one", "three"), default="one")}


def story(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A story element: the trait the GM picked, her modifier from \u22123 to +3, and one roll or the median of three
    (seed 4.21). Without a fighter it is a Situational roll, on no trait."""
    steps: list[Step] = []
    who = chosen["who"]
    if who:
        sheet = sheets[who]
        hurt = penalty(sheet, states[who], options)
        level = int(chosen["trait"]) + chosen["modifier"] + hurt
        steps.append(Step(f"{sheet.name}'s trait {describe(int(chosen['trait']))}"
                          + (f", {signed(chosen['modifier'])} the GM's modifier" if chosen["modifier"] else "")
                          + (f", {signed(hurt)} for wounds" if hurt else "") + f": {describe(level)} for this "
                          "element.", "FUDGE 4.21"))
        name = sheet.name
    else:
        level, name = 0, "The situation"
        steps.append(Step("A Situational roll: 4dF on no trait, from \u22124 to +4.", "FUDGE 4.21, 4.55"))
    count = 3 if chosen["rolls"] == "three" else 1
    results = []
    for index in range(count):
        roll = "story" if count == 1 else f"story{index + 1}"
        faces = dice.roll(roll, "dF", 4, f"{name} at {describe(level)}: roll 4 Fudge dice"
                          + (f" (roll {index + 1} of 3)" if count == 3 else ""))
        results.append(level + fudge_value(faces))
        steps.append(Step(f"Roll {index + 1}: {show_fudge(faces)} = {signed(fudge_value(faces))}: "
                          f"{describe(results[-1])}.", "FUDGE 4.21", faces, roll))
    result = median(results)
    if count == 3:
        steps.append(Step(f"The median of {', '.join(level_name(r) for r in results)} is {level_name(result)}.",
                          "FUDGE 4.21"))
    outcome = f"{name}: {level_name(result)}" if who else f"Situational roll {signed(result)}"
    return {}, Report(f"Story element: {name}" if who else "A Situational roll", tuple(steps), outcome)


def read_contest(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    first = fields.combatant(inputs, "first", sheets, "first")
    second = fields.combatant(inputs, "second", sheets, "second")
    if first == second:
        raise BadField("a contest needs two different fighters", field="second")
    contest = fields.choice(inputs, "contest", "contest", CONTESTS, default="initiative")
    chosen = {"first": first, "second": second, "contest": contest,
              "first_modifier": fields.integer(inputs, "first_modifier", "first_modifier", -3, 3, default=0),
              "second_modifier": fields.integer(inputs, "second_modifier", "second_modifier", -3, 3, default=0)}
    if contest == "initiative":
        chosen["first_hasty"] = fields.flag(inputs, "first_hasty", "first_hasty")
        chosen["second_hasty"] = fields.flag(inputs, "second_hasty", "second_hasty")
    return chosen


def contest_level(sheet: Sheet, state: State, options: Options, chosen: Mapping[str, Any], side: str
                  ) -> tuple[int, str]:
    """A side's level in an initiative or speed contest: Reflexes or Speed, Combat Reflexes +1 to initiative,
    the hasty attack's +1, surprise or the GM's modifier, wounds."""
    parts = [f"{'Initiative' if chosen['contest'] == 'initiative' else 'Speed'} {describe(sheet.initiative)}"]
    value = sheet.initiative
    if chosen["contest"] == "initiative" and sheet.combat_reflexes:
        value += 1
        parts.append("+1 Combat Reflexes")
    if chosen.get(f"{side}_hasty"):
        value += 1
        parts.append("+1 attacking hastily")
    if chosen[f"{side}_modifier"]:
        value += chosen[f"{side}_modifier"]
        parts.append(f"{signed(chosen[f'{side}_modifier'])} surprise or circumstance")
    hurt = penalty(sheet, state, options)
    if hurt:
        value += hurt
        parts.append(f"{signed(hurt)} for wounds")
    return value, ", ".join(parts)


def contest(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    """An opposed roll: who has the initiative (seed 4.23), or who strikes first and by how much (seed 4.36)."""
    steps: list[Step] = []
    results = {}
    for side in ("first", "second"):
        who = chosen[side]
        value, said = contest_level(sheets[who], states[who], options, chosen, side)
        faces = dice.roll(side, "dF", 4, f"{sheets[who].name} at {describe(value)}: roll 4 Fudge dice")
        results[side] = value + fudge_value(faces)
        steps.append(Step(f"{sheets[who].name} ({said}) rolls {show_fudge(faces)} = {signed(fudge_value(faces))}: "
                          f"{describe(results[side])}.", "FUDGE 4.23" if chosen["contest"] == "initiative"
                          else "FUDGE 4.36", faces, side))
    degree = results["first"] - results["second"]
    first, second = sheets[chosen["first"]].name, sheets[chosen["second"]].name
    new: dict[str, State] = {}
    for side in ("first", "second"):
        if chosen.get(f"{side}_hasty"):
            new[chosen[side]] = replace(states[chosen[side]], hasty=True)
            steps.append(Step(f"{sheets[chosen[side]].name} attacked hastily: \u22121 to attack and defend this round.",
                              "FUDGE 4.23"))
    if degree == 0:
        outcome = "A tie: roll again, or the GM decides" if chosen["contest"] == "initiative" else \
            "A tie: neither strikes first"
    else:
        winner, loser = (first, second) if degree > 0 else (second, first)
        if chosen["contest"] == "initiative":
            outcome = f"{winner} has the initiative: {winner} attacks first, {loser} defends"
        else:
            who = chosen["first"] if degree > 0 else chosen["second"]
            new[who] = replace(new.get(who, states[who]), edge=abs(degree), edge_why="from the speed contest")
            outcome = f"{winner} wins the speed contest by {abs(degree)}: +{abs(degree)} to weapon skill this round"
    steps.append(Step(f"{first} {describe(results['first'])} against {second} {describe(results['second'])}: "
                      f"{outcome}.", "FUDGE 4.23" if chosen["contest"] == "initiative" else "FUDGE 4.36"))
    return new, Report("Initiative" if chosen["contest"] == "initiative" else "Speed contest", tuple(steps), outcome)
