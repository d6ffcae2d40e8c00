"""Ranged combat (FUDGE 4.4): an unaware target is an unopposed shot against the GM's difficulty; an aware one
dodges (\u22122 or \u22123 against a propelled weapon); one who shoots back instead makes his own unopposed shot, at the
same moment.  Automatic weapons put more bullets on target the better the relative degree.

An unopposed shot that meets the difficulty is the narrowest hit there is: its relative degree is the result
less the difficulty, plus one, so a bare hit is a graze (+1), as the narrowest win of an opposed action is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ... import fields
from ...dice import DiceSource, fudge_value
from ...errors import BadField
from ...ladder import describe, level_name
from ...report import Report, Step, plural, show_fudge, signed
from ..data import load
from .combat import (SHIELDS, Landing, Tactics, able, can_attack, read_weapon, skill, strike, striker_and_target,
                     weapon_of)
from .damage import Blow
from .fighters import npc_way
from .options import Options
from .sheet import Sheet
from .wounds import State, level, out_of_fight

AWARENESS = ("unaware", "dodges", "shoots_back")
FULL_AT = int(load("fudge")["autofire"]["full_at"])
DIFFICULTIES = tuple(str(value) for value in range(-3, 6))


@dataclass(frozen=True)
class Shot:
    shooter: str
    target: str
    weapon: int
    difficulty: int
    awareness: str
    propelled_penalty: int
    modifier: int
    return_weapon: int
    return_difficulty: int


def read_shot(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Shot:
    inputs = fields.mapping(inputs, "inputs")
    shooter, target = striker_and_target(inputs, sheets, states, options, "shooter", "target")
    awareness = fields.choice(inputs, "awareness", "awareness", AWARENESS, default="dodges")
    if awareness == "shoots_back":
        able(sheets, states, target, options, "target")
        if can_attack(states[target]):
            raise BadField(f"{sheets[target].name} is {can_attack(states[target]).split(',')[0]} and cannot shoot back",
                           field="awareness")
    return Shot(shooter, target, read_weapon(inputs, "weapon", sheets[shooter]),
                int(fields.choice(inputs, "difficulty", "difficulty", DIFFICULTIES, default="-1")), awareness,
                int(fields.choice(inputs, "propelled", "propelled", ("2", "3"), default="2")),
                fields.integer(inputs, "modifier", "modifier", -3, 3, default=0),
                read_weapon(inputs, "return_weapon", sheets[target]) if awareness == "shoots_back" else 0,
                int(fields.choice(inputs, "return_difficulty", "return_difficulty", DIFFICULTIES, default="-1"))
                if awareness == "shoots_back" else 0)


def shot_inputs(shot: Shot) -> dict[str, Any]:
    out: dict[str, Any] = {"shooter": shot.shooter, "target": shot.target, "weapon": shot.weapon,
                           "difficulty": str(shot.difficulty), "awareness": shot.awareness, "modifier": shot.modifier}
    if shot.awareness == "dodges":
        out["propelled"] = str(shot.propelled_penalty)
    if shot.awareness == "shoots_back":
        out.update({"return_weapon": shot.return_weapon, "return_difficulty": str(shot.return_difficulty)})
    return out


def bullets(maximum: int, degree: int) -> int:
    """Bullets on target (seed 4.4, FU-07): the most at +8, about half at +4, a quarter at +2, one or two on a
    graze; never fewer than one for a hit.

    >>> [bullets(20, degree) for degree in (8, 4, 2, 1, 12)]
    [20, 10, 5, 2, 20]
    """
    return max(1, maximum * min(degree, FULL_AT) // FULL_AT)


def autofire_bonus(count: int, armoured: bool) -> int:
    """The damage more bullets add (seed 4.4, derived): +1 a bullet past the first without effective armour; a
    slight bonus through armour, +1 for each doubling.

    >>> autofire_bonus(5, False), autofire_bonus(5, True), autofire_bonus(1, True)
    (4, 2, 0)
    """
    if count <= 1:
        return 0
    return count - 1 if not armoured else count.bit_length() - 1


@dataclass(frozen=True)
class Aim:
    """The skills of a shot before the dice."""

    value: int
    said: str
    dodge: int | None           # the target's dodge, when he dodges
    dodge_said: str
    dodge_way: str              # "rolled", or "fixed" for an NPC facing a PC
    back: int | None            # the target's own shot, when he shoots back
    back_said: str


def prepare_shot(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Aim:
    shooter, target = sheets[shot.shooter], sheets[shot.target]
    weapon, _ = weapon_of(shooter, shot.weapon)
    value, said = skill(shooter, states[shot.shooter], options, shooter.shooting, False, "shooting",
                        extra=shot.modifier, extra_words=f"{signed(shot.modifier)} for equipment")
    dodge, dodge_said, way, back, back_said = None, "", "rolled", None, ""
    if shot.awareness == "dodges" and not out_of_fight(target, states[shot.target], options):   # D-FU-27
        cut = shot.propelled_penalty if weapon.propelled else 0
        shield = SHIELDS[target.shield]["ranged"]
        stunned = states[shot.target].stunned > 0
        dodge, dodge_said = skill(target, states[shot.target], options, target.dodge, False, "dodge",
                                  extra=shield - cut - (1 if stunned else 0), extra_words=", ".join(part for part in (
                                      f"\u2212{cut} against a propelled weapon" if cut else "",
                                      f"+{shield} for the shield" if shield else "",
                                      "\u22121 Stunned" if stunned else "") if part))
        way = npc_way(sheets, shot.target, (shot.shooter,), options)
    elif shot.awareness == "shoots_back":
        back, back_said = skill(target, states[shot.target], options, target.shooting, False, "shooting")
    return Aim(value, said, dodge, dodge_said, way, back, back_said)


def degrees(shot: Shot, aim: Aim, shot_roll: int, other_roll: int | None) -> tuple[int, int]:
    """The shot's relative degree (0 for a miss), and the shot back's: against a dodge, the difference, once
    the difficulty is met; unopposed, the margin over the difficulty plus one (a bare hit is +1)."""
    result = aim.value + shot_roll
    if aim.dodge is not None:
        dodge = aim.dodge + (other_roll or 0)
        degree = result - dodge if result >= shot.difficulty else 0
        return max(degree, 0), 0
    back = 0
    if aim.back is not None and other_roll is not None:
        back = max(0, aim.back + other_roll - shot.return_difficulty + 1)
    return max(0, result - shot.difficulty + 1), back


def blows(shot: Shot, sheets: Mapping[str, Sheet], degree: int, back: int, shot_roll: int | None,
          other_roll: int | None) -> list[tuple[Blow, str, int, str]]:
    """The blows a shot lands, with the struck one, the bullets on target and what automatic fire adds."""
    out = []
    for striker, struck, hit, weapon_index, roll, own, other in (
            (shot.shooter, shot.target, degree, shot.weapon, "damage", shot_roll,
             other_roll if shot.awareness == "dodges" else None),
            (shot.target, shot.shooter, back, shot.return_weapon, "damage_return", other_roll, None)):
        if hit <= 0:
            continue
        s_sheet, t_sheet = sheets[striker], sheets[struck]
        used, _ = weapon_of(s_sheet, weapon_index)
        count = bullets(used.auto, hit) if used.auto else 1
        extra = autofire_bonus(count, t_sheet.armour.total > 0) if used.auto else 0
        said = ""
        if used.auto:
            said = (f"Automatic fire, {used.auto} bullets a round: relative degree {signed(hit)} puts "
                    f"{plural(count, 'bullet')} on target, {signed(extra)} damage ("
                    + ("through armour, +1 a doubling" if t_sheet.armour.total > 0
                       else "no armour: +1 a bullet past the first") + ").")
        out.append((Blow(s_sheet, t_sheet, used, hit, 0, "", roll, own, other, extra=extra), struck, count, said))
    return out


def resolve_shot(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                 dice: DiceSource) -> tuple[dict[str, State], Report]:
    shooter, target = sheets[shot.shooter], sheets[shot.target]
    _, weapon_words = weapon_of(shooter, shot.weapon)
    aim = prepare_shot(shot, sheets, states, options)
    steps: list[Step] = [Step(f"{shooter.name} shoots at {target.name} with {weapon_words}.", "FUDGE 4.4")]
    if shot.awareness == "shoots_back":
        steps.append(Step(f"{target.name} shoots back instead of dodging: two unopposed shots at the same moment.",
                          "FUDGE 4.4"))
    faces = dice.roll("shot", "dF", 4, f"{shooter.name} shoots at {describe(aim.value)}, needing "
                                       f"{level_name(shot.difficulty)}: roll 4 Fudge dice")
    shot_roll = fudge_value(faces)
    result = aim.value + shot_roll
    steps.append(Step(f"{shooter.name} shoots at {describe(aim.value)} ({aim.said}) and rolls {show_fudge(faces)} = "
                      f"{signed(shot_roll)}: {describe(result)}, against "
                      + ("a target unaware of it, " if shot.awareness == "unaware" else "")
                      + f"difficulty {level_name(shot.difficulty)}.", "FUDGE 4.4", faces, "shot"))
    if shot.awareness == "dodges" and aim.dodge is None:
        steps.append(Step(f"{target.name} is out of the fight and cannot dodge: the shot is unopposed, as at a "
                          "target unaware of it.", "D-FU-27"))
    other: int | None = None
    if aim.dodge is not None:
        if aim.dodge_way == "fixed":
            steps.append(Step(f"{target.name} dodges at {describe(aim.dodge)} ({aim.dodge_said}); an NPC facing a PC "
                              "takes the level, with no roll.", "FUDGE 4.33"))
        else:
            dodge_faces = dice.roll("dodge", "dF", 4,
                                    f"{target.name} dodges at {describe(aim.dodge)}: roll 4 Fudge dice")
            other = fudge_value(dodge_faces)
            steps.append(Step(f"{target.name} dodges at {describe(aim.dodge)} ({aim.dodge_said}) and rolls "
                              f"{show_fudge(dodge_faces)} = {signed(other)}: {describe(aim.dodge + other)}.",
                              "FUDGE 4.4", dodge_faces, "dodge"))
    elif aim.back is not None:
        back_faces = dice.roll("return", "dF", 4, f"{target.name} shoots back at {describe(aim.back)}, needing "
                                                  f"{level_name(shot.return_difficulty)}: roll 4 Fudge dice")
        other = fudge_value(back_faces)
        steps.append(Step(f"{target.name} shoots back at {describe(aim.back)} ({aim.back_said}) and rolls "
                          f"{show_fudge(back_faces)} = {signed(other)}: {describe(aim.back + other)}, "
                          "against difficulty "
                          f"{level_name(shot.return_difficulty)}.", "FUDGE 4.4", back_faces, "return"))
    degree, back = degrees(shot, aim, shot_roll, other)
    if aim.dodge is not None:
        dodged = aim.dodge + (other or 0)
        steps.append(Step(f"{describe(result)} " + (
            f"meets the difficulty; against the dodge {describe(dodged)}, relative degree {signed(result - dodged)}: "
            + ("a hit." if degree else "dodged.") if result >= shot.difficulty else "is below the difficulty: a miss."),
            "FUDGE 4.4"))
    else:
        steps.append(Step(f"{shooter.name}: " + (f"a hit, relative degree {signed(degree)} (meeting the difficulty is "
                                                 "+1)." if degree else "a miss.")
                          + (f" {target.name}: " + (f"a hit, relative degree {signed(back)}." if back else "a miss.")
                             if aim.back is not None else ""), "FUDGE 4.4"))
    new = dict(states)
    began = {who: level(sheets[who], states[who], options) for who in (shot.shooter, shot.target)}
    headlines = []
    for blow, struck, _, said in blows(shot, sheets, degree, back, shot_roll, other):
        if said:
            steps.append(Step(said, "FUDGE 4.4"))
        new[struck], hit_steps, headline = strike(blow, Tactics(), Landing(), struck, new[struck], began[struck],
                                                  options, dice, f"{blow.attacker.name}'s shot", blow.degree)
        steps += hit_steps
        headlines.append(f"{blow.attacker.name} hits {blow.defender.name}: {headline}")
    new[shot.shooter] = replace(new[shot.shooter], edge=0, edge_why="")
    outcome = "; ".join(headlines) or "Missed"
    return new, Report(f"{shooter.name} shoots at {target.name}", tuple(steps), outcome)
