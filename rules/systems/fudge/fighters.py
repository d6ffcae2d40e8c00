"""A fighter in a melee exchange, what a simultaneous round (:mod:`.melee`) and an attack of alternating turns
(:mod:`.alternating`) share (FUDGE 4.22, 4.23, 4.31, 4.33, 4.34): his side as it is worked out, how his result is
found and rolled, where a blow of his lands, and what a bigger weapon costs him.

A PC rolls 4dF; an NPC may take its trait level against a PC (4.33), or share one 2dF roll with the other NPCs
(4.34).  A called shot names a part and the relative degree it needs; a Fudge Point may be spent against a deadly
wound.  With weapon size on, two or more behind in weapon and shield is \u22121 to skill (4.31, recovered).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import fields
from ...dice import DiceSource, fudge_value
from ...ladder import describe
from ...report import Step, show_fudge, signed
from .combat import PARTS, SHIELDS, Landing, Tactics, weapon_of
from .options import Options
from .sheet import Sheet
from .wounds import State

MINIMUMS = ("scale", "-3", "-2", "-1", "0", "1", "2", "3")    # the least result that hits: by Scale, or a level (4.22)
MAX_NEED = 8                    # the most relative degree a called shot may ask for


def read_landing(inputs: Mapping[str, Any], options: Options) -> Landing:
    aim = fields.choice(inputs, "aim", "aim", ("none", *PARTS), default="none")
    need = fields.integer(inputs, "need", "need", 1, MAX_NEED, default=PARTS[aim]["need"] if aim != "none" else 2)
    point = fields.flag(inputs, "fudge_point", "fudge_point") if options.death_fudge_point != "off" else False
    return Landing(aim, need, point)


def landing_inputs(landing: Landing, options: Options) -> dict[str, Any]:
    out: dict[str, Any] = {"aim": landing.aim}
    if landing.aim != "none":
        out["need"] = landing.need
    if options.death_fudge_point != "off":
        out["fudge_point"] = landing.fudge_point
    return out


@dataclass
class Side:
    """One fighter in the round as it is worked out."""

    who: str
    sheet: Sheet
    state: State
    tactics: Tactics
    weapon_index: int
    value: int = 0              # effective skill
    roll: int | None = None     # 4dF (or 2dF) total; None for an NPC taking its trait level
    result: int = 0

    @property
    def weapon(self) -> Any:
        return weapon_of(self.sheet, self.weapon_index)[0]

    @property
    def all_out(self) -> str:
        return self.tactics.tactic


def npc_way(sheets: Mapping[str, Sheet], who: str, opponents: tuple[str, ...], options: Options) -> str:
    """How an NPC's result is found (seed 4.33, 4.34): rolled, its trait level against a PC, or the one 2dF roll."""
    if not sheets[who].npc or options.npc_rolls == "rolled":
        return "rolled"
    if options.npc_rolls == "fixed":
        return "fixed" if any(not sheets[other].npc for other in opponents) else "rolled"
    return "group"


def roll_for(side: Side, way: str, name: str, dice: DiceSource, group: dict[str, Any], why: str) -> tuple[int | None,
                                                                                                          Step | None]:
    """A fighter's roll: 4dF, none (his trait level, or he cannot fight), or the NPCs' shared 2dF."""
    if way == "unaware":
        return None, None
    if way == "fixed":
        return None, Step(f"{side.sheet.name} is an NPC facing a PC: the result is the skill level, "
                          f"{describe(side.value)}, with no roll.", "FUDGE 4.33")
    if way == "group":
        if "faces" not in group:
            faces = dice.roll("npcs", "dF", 2, "One roll for all the NPCs: roll 2 Fudge dice")
            group["faces"] = faces
            total = fudge_value(faces)
            return total, Step(f"One roll for all the NPCs: {show_fudge(faces)} = {signed(total)}, applied to "
                               "each.", "FUDGE 4.34", faces, "npcs")
        return fudge_value(group["faces"]), None
    faces = dice.roll(name, "dF", 4, why)
    return fudge_value(faces), Step(f"{side.sheet.name} rolls {show_fudge(faces)} = {signed(fudge_value(faces))}.",
                                    "FUDGE 4.22", faces, name)


def size_penalty(own: Side, other: Side, options: Options) -> int:
    """Weapon size (seed 4.31, recovered): two or more behind in weapon and shield is \u22121 to skill."""
    if options.weapon_size != "on":
        return 0
    mine = own.weapon.factor() + SHIELDS[own.sheet.shield]["melee"]
    theirs = other.weapon.factor() + SHIELDS[other.sheet.shield]["melee"]
    return -1 if theirs - mine >= 2 else 0
