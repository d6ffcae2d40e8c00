"""Wounds given by the GM's word, healing, and time passing (FUDGE 4.55, 4.57, 4.62, 4.8).

- ``wound``: the simple method (the GM assesses the wound, optionally with a situational roll, D-FU-5) and
  marking by hand; automatic death is a wound of "Dead".
- ``heal``: a healing skill's roll (Good, Great, Superb heal one, two, three levels; D-FU-15 beyond), or levels
  healed by the GM's word (magic, high tech).
- ``time``: a round passing (Stuns wear off), the fight ending (Scratches and Stuns heal, the knocked-out come
  round), a week of rest (one level, after a Constitution roll if the option asks, D-FU-19).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...dice import DiceSource, fudge_value
from ...errors import BadField
from ...ladder import describe, level_name
from ...report import Report, Step, plural, show_fudge, signed
from ..data import load
from . import levels
from .combat import PARTS, Landing, Tactics, land, part_words
from .damage import Blow

from .levels import DEAD, HURT, NEAR_DEATH, SCRATCH, UNDAMAGED
from .options import Options
from .sheet import PLAIN, Sheet
from .wounds import MAX_WOUNDS, State, heal_capacity, heal_levels, level, method, status_words

_HEALING = load("fudge")["healing"]
WOUND_LEVELS = ("scratch", "hurt", "very_hurt", "incapacitated", "near_death", "dead")
LEVEL_OF = dict(zip(WOUND_LEVELS, range(SCRATCH, DEAD + 1)))
TIMES = ("round", "fight", "week")


def situational_shift(roll: int) -> int:
    """The GM's situational roll on an assessed wound (D-FU-5): \u00b13 moves one level, \u00b14 two.

    >>> [situational_shift(r) for r in range(-4, 5)]
    [-2, -1, 0, 0, 0, 0, 0, 1, 2]
    """
    return {4: 2, 3: 1, -3: -1, -4: -2}.get(roll, 0)


def read_wound(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options
               ) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    target = fields.combatant(inputs, "target", sheets, "target")
    if len(states[target].wounds) >= MAX_WOUNDS:
        raise BadField(f"{sheets[target].name} holds {MAX_WOUNDS} wounds, as many as Woundbook keeps", field="target")
    chosen: dict[str, Any] = {"target": target,
                              "level": fields.choice(inputs, "level", "level", WOUND_LEVELS, default="hurt"),
                              "stun": fields.flag(inputs, "stun", "stun"),
                              "part": fields.choice(inputs, "part", "part", ("none", *PARTS), default="none")}
    if options.death_fudge_point != "off":
        chosen["fudge_point"] = fields.flag(inputs, "fudge_point", "fudge_point")
    if chosen["level"] == "dead" and (chosen["stun"] or chosen["part"] != "none"):
        raise BadField("death is neither a stun nor a wound to one part", field="level")
    return chosen


def wound(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A wound of the GM's choosing (seed 4.55), recorded as any other."""
    target = chosen["target"]
    sheet, state = sheets[target], states[target]
    wanted = LEVEL_OF[chosen["level"]]
    steps: list[Step] = []
    if wanted == DEAD:
        steps.append(Step(f"Automatic death: {sheet.name} is killed, no roll needed.", "FUDGE 4.51"))
        return {target: replace(state, dead=True)}, Report(f"{sheet.name} is killed", tuple(steps),
                                                           f"{sheet.name} is dead")
    steps.append(Step(f"The GM assesses the wound as {levels.name(wanted)}.", "FUDGE 4.55"))
    if options.gm_roll == "on":
        faces = dice.roll("situational", "dF", 4, f"the GM judged {levels.name(wanted)}: roll 4 Fudge dice, "
                                                  "the situational roll")
        rolled = fudge_value(faces)
        moved = max(UNDAMAGED, min(NEAR_DEATH, wanted + situational_shift(rolled)))
        steps.append(Step(f"The situational roll {show_fudge(faces)} = {signed(rolled)}: " +
                          (f"{levels.name(moved) if moved else 'no wound'}." if moved != wanted else "no change."),
                          "D-FU-5, D-FU-22", faces, "situational"))
        wanted = moved
    # The GM's wound goes through the same landing as a blow: a stun, a part, the PC-death options, the record.
    tactics = Tactics(stun=chosen["stun"])
    landing = Landing(chosen["part"], 0, bool(chosen.get("fudge_point")))
    new, hit_steps, headline = _land(sheet, state, wanted, tactics, landing, options)
    steps += hit_steps
    return {target: new}, Report(f"A wound for {sheet.name}", tuple(steps), f"{sheet.name}: {headline}")


def _land(sheet: Sheet, state: State, wanted: int, tactics: Tactics, landing: Landing, options: Options
          ) -> tuple[State, list[Step], str]:
    """The GM's wound lands as a blow's would (a stun, a part, the PC-death options, the record); the GM's word
    reaches any part, as if by a wide margin."""
    if not wanted:
        return state, [Step(f"{sheet.name} takes no wound.", "FUDGE 4.55")], "no wound"
    blow = Blow(sheet, sheet, PLAIN, landing.need + 1, 0)
    return land(blow, wanted, tactics, landing, state, level(sheet, state, options), options, "the GM", 0,
                aimed=False)


# -- healing ----------------------------------------------------------------------------------------------------

def read_heal(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    target = fields.combatant(inputs, "target", sheets, "target")
    if states[target].dead:
        raise BadField(f"{sheets[target].name} is dead; healing cannot help", field="target")
    how = fields.choice(inputs, "how", "how", ("skill", "levels"), default="skill")
    chosen: dict[str, Any] = {"target": target, "how": how}
    if how == "skill":
        chosen["skill"] = fields.choice(inputs, "skill", "skill", tuple(str(v) for v in range(-3, 6)), default="1")
    else:
        chosen["levels"] = fields.integer(inputs, "levels", "levels", 1, 5, default=1)
    return chosen


def levels_healed(result: int, options: Options) -> int:
    """Levels a healing skill's result heals (seed 4.8, D-FU-15).

    >>> from .options import DEFAULTS
    >>> [levels_healed(r, DEFAULTS) for r in (0, 1, 2, 3, 5)]
    [0, 1, 2, 3, 5]
    """
    if result < 1:
        return 0
    if result > 3:
        return 3 if options.healing_beyond == "three" else result
    return next(int(row["levels"]) for row in _HEALING["skill"] if row["result"] == result)


def heal(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    target = chosen["target"]
    sheet, state = sheets[target], states[target]
    steps: list[Step] = []
    if chosen["how"] == "skill":
        skill = int(chosen["skill"])
        faces = dice.roll("healing", "dF", 4, f"healing {sheet.name} at {describe(skill)}: roll 4 Fudge dice")
        result = skill + fudge_value(faces)
        healed = levels_healed(result, options)
        steps.append(Step(f"Healing at {describe(skill)}, roll {show_fudge(faces)} = "
                          f"{signed(fudge_value(faces))}: {describe(result)}, which heals "
                          f"{plural(healed, 'level')} of every wound." if healed else
                          f"Healing at {describe(skill)}, roll {show_fudge(faces)} = "
                          f"{signed(fudge_value(faces))}: {describe(result)}; Good or better is needed, so nothing "
                          "heals.", "FUDGE 4.8, D-FU-15", faces, "healing"))
    else:
        healed = chosen["levels"]
        steps.append(Step(f"Healed {plural(healed, 'level')} by the GM's word (magic, high tech).", "FUDGE 4.8"))
    new = _heal(sheet, state, healed, options, steps, scratches=False)
    return {target: new}, Report(f"Healing {sheet.name}", tuple(steps),
                                 f"{sheet.name}: {status_words(sheet, new, options)}")


def _healing_scratches(count: int) -> str:
    return f"{plural(count, 'Scratch', 'Scratches')} {'heals' if count == 1 else 'heal'}"


def _heal(sheet: Sheet, state: State, healed: int, options: Options, steps: list[Step], *, scratches: bool) -> State:
    if not healed:
        return state
    if method(sheet, options) == "capacity":
        new = heal_capacity(state, healed, options)
        new = replace(new, parts=heal_levels(replace(state, wounds=()), healed, scratches=scratches).parts)
        comes = "comes" if healed == 1 else "come"
        steps.append(Step(f"{plural(healed, 'level')} of Damage Capacity {comes} back, never above {sheet.name}'s "
                          f"undamaged {level_name(sheet.damage_capacity)}: {sheet.name} is "
                          f"{status_words(sheet, new, options)}.", "FUDGE 4.57, 4.8"))
        return new
    new = heal_levels(state, healed, scratches=scratches)
    gone = len(state.wounds) - len(new.wounds)
    parts = f" Body parts heal the same way: {', '.join(part_words(p, l) for p, l in new.parts) or 'none hurt now'}." \
        if state.parts else ""
    steps.append(Step(f"Each wound heals {plural(healed, 'level')} (a Scratch is not a level"
                      + ("" if scratches else ", and a healing skill leaves Scratches alone") + f"): "
                      f"{plural(gone, 'wound')} healed, {len(new.wounds)} left, recorded again in the order received."
                      f"{parts} {sheet.name} is {status_words(sheet, new, options)}.", "FUDGE 4.8, D-FU-16"))
    return new


# -- time -------------------------------------------------------------------------------------------------------

def read_time(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    who = inputs.get("target") or ""
    if who:
        who = fields.combatant(inputs, "target", sheets, "target")
    chosen: dict[str, Any] = {"target": who, "time": fields.choice(inputs, "time", "time", TIMES, default="round")}
    if chosen["time"] == "week":
        chosen["near_death"] = fields.choice(inputs, "near_death", "near_death",
                                             tuple(str(v) for v in range(-3, 6)), default="3")
    return chosen


def constitution_difficulty(worst: int, near_death: int) -> int:
    """The Constitution roll a week's healing needs (seed 4.8): Fair for Hurt, Good for Very Hurt, Great for
    Incapacitated; Near Death has the GM's (D-FU-19)."""
    if worst >= NEAR_DEATH:
        return near_death
    return next(int(row["difficulty"]) for row in _HEALING["constitution"] if row["level"] == max(worst, HURT))


def time(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    who = [chosen["target"]] if chosen["target"] else list(states)
    steps: list[Step] = []
    new: dict[str, State] = {}
    kind = chosen["time"]
    for person in who:
        sheet, state = sheets[person], states[person]
        if kind == "round":
            after = replace(state, rounds=state.rounds + 1, stunned=max(0, state.stunned - 1),
                            very_stunned=max(0, state.very_stunned - 1), hasty=False, edge=0, edge_why="",
                            forfeit=False)
            if after != replace(state, rounds=state.rounds + 1):
                stun = "a Stun wears off" if state.stunned and not after.stunned else \
                    "Very Stunned wears off" if state.very_stunned and not after.very_stunned else ""
                if stun:
                    steps.append(Step(f"{sheet.name}: {stun}.", "FUDGE 4.62"))
        elif kind == "fight":
            after = heal_levels(state, 0, scratches=True)
            after = replace(after, stuns=0, stunned=0, very_stunned=0, knocked_out=False, rounds=0, exposed="",
                            hasty=False, edge=0, edge_why="", forfeit=False)
            said = [part for part, on in (
                (_healing_scratches(sum(1 for w in state.wounds if w.level == SCRATCH)),
                 any(w.level == SCRATCH for w in state.wounds)),
                ("the Stuns heal", state.stuns > 0), ("he comes round", state.knocked_out)) if on]
            if said:
                steps.append(Step(f"{sheet.name}: " + ", ".join(said) + ".", "FUDGE 4.57, 4.62"))
        else:
            after = state
            if state.dead:
                continue
            if not any(wound.level > SCRATCH for wound in state.wounds) and not state.parts:
                if state.wounds:                    # Scratches: they heal once the fight is over anyway
                    after = heal_levels(state, 0, scratches=True)
                    steps.append(Step(f"{sheet.name}: {_healing_scratches(len(state.wounds))}.", "FUDGE 4.57"))
                    new[person] = after
                continue
            worst = max(HURT, min(level(sheet, state, options), NEAR_DEATH))    # the level he heals from
            healed = 1
            if options.constitution_roll == "on":
                need = constitution_difficulty(worst, int(chosen["near_death"]))
                faces = dice.roll(f"constitution_{person}", "dF", 4,
                                  f"{sheet.name}'s week of rest: roll 4 Fudge dice against Constitution "
                                  f"{describe(sheet.constitution)}, needing {level_name(need)}")
                result = sheet.constitution + fudge_value(faces)
                healed = 1 if result >= need else 0
                steps.append(Step(f"{sheet.name} rolls Constitution {describe(sheet.constitution)}: "
                                  f"{show_fudge(faces)} = {signed(fudge_value(faces))}, {describe(result)} against "
                                  f"{level_name(need)} for {levels.name(worst)}: " +
                                  ("the week heals a level." if healed else "the healing is slowed: nothing heals "
                                                                           "this week."),
                                  "FUDGE 4.8, D-FU-19", faces, f"constitution_{person}"))
            after = _heal(sheet, state, healed, options, steps, scratches=True)
        if after != state:
            new[person] = after
    title = {"round": "A round passes", "fight": "The fight ends", "week": "A week of rest"}[kind]
    if chosen["target"]:
        title += f": {sheets[chosen['target']].name}"
    if not steps:
        steps.append(Step("Nothing changes." if kind != "round" else "The round ends.", "FUDGE 4.22"))
    return new, Report(title, tuple(steps), title)
