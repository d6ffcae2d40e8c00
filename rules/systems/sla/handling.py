"""Recoil and handling (seed 002: Recoil, Recoil Baffling, Scopes, Jamming Factor, Two-Handed Combat; D-SL-15,
D-SL-16, D-SL-32): the hands a weapon needs, what too much recoil costs in aim and in bruises to the weapon arm, two
weapons at once, a scope's bonus at a range band, when a weapon jams, and readying a weapon again.

>>> recoil_penalty(10, 8, one_handed=False, band="plus3"), recoil_penalty(12, 8, one_handed=False, band="plus3")
(0, -4)
>>> recoil_penalty(10, 8, one_handed=True, band="plus3"), recoil_penalty(13, 8, one_handed=True, band="plus3")
(-2, -5)
>>> arm_bruising(13, 8), arm_bruising(11, 8), hands_needed(8, 8), hands_needed(9, 8)
(2, 0, 1, 2)
>>> jam_number(12, 2), jams((1, 1, 1), 15, None, 0, "raw"), jams((6, 5, 4), 19, 12, 2, "raw")
(14, True, True)
>>> scope_bonus(((1, 0), (2, 1), (3, 1), (4, 2)), "long", "long"), scope_bonus(((1, 0), (2, 1), (3, 1), (4, 2)), "long", "medium")
(3, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step
from .options import Options
from .resolution import SKILL_TARGET
from .rolls import test
from .sheet import BANDS, Sheet
from .wounds import State, acted

TWO_HAND_REACH = 3                  # STR < RCL <= STR + 3: two hands, no penalty (D-SL-15's default)
OFF_HAND = -3                       # seed, Two-Handed Combat
JAM_MARGIN = 4                      # seed, Jamming Factor: JF - excess + 4
MAINTENANCE = "Weapons Maintenance"


def hands_needed(recoil: int, strength: int) -> int:
    """One hand while the recoil is at most STR, two past it (seed, Recoil)."""
    return 1 if recoil <= strength else 2


def recoil_penalty(recoil: int, strength: int, *, one_handed: bool, band: str) -> int:
    """To hit for recoil over STR (seed, Recoil; D-SL-15): none within STR; in both hands none up to STR + 3 (the
    ``plus3`` reading), else \u22121 a point over STR; one-handing a weapon that needs two, \u22121 a point over STR."""
    over = recoil - strength
    if over <= 0:
        return 0
    if not one_handed and band == "plus3" and over <= TWO_HAND_REACH:
        return 0
    return -over


def arm_bruising(recoil: int, strength: int) -> int:
    """Bruising to the weapon arm for each shot: a point per point of recoil above STR + 3 (seed, Recoil)."""
    return max(0, recoil - strength - TWO_HAND_REACH)


def jam_number(jamming_factor: int, excess: int) -> int:
    """The most a roll may come to without jamming an overfired weapon: JF + 4 \u2212 the shots past the round's
    allowance (seed, Jamming Factor; D-SL-16)."""
    return jamming_factor + JAM_MARGIN - excess


def jams(faces: tuple[int, int, int], total: int, jamming_factor: int | None, excess: int, against: str) -> bool:
    """A jam (the optional rule): all three dice showing 1, or, for a shot past the round's allowance, the raw dice
    (or the roll's total, by option) over :func:`jam_number` (D-SL-16)."""
    if faces == (1, 1, 1):
        return True
    if excess <= 0 or jamming_factor is None:
        return False
    rolled = sum(faces) if against == "raw" else total
    return rolled > jam_number(jamming_factor, excess)


def scope_bonus(table: tuple[tuple[int, int], ...], focus: str, range_band: str) -> int:
    """What a scope focused on ``focus`` takes off an aimed shot's Hit Spread at ``range_band`` (seed, Scopes): its
    full bonus at that band, its lesser one nearer, none farther."""
    at, nearer = table[BANDS.index(focus)]
    here, there = BANDS.index(range_band), BANDS.index(focus)
    return at if here == there else nearer if here < there else 0


def read_ready(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = fields.combatant(inputs, "attacker", sheets, "character")
    sheet, state = sheets[who], states[who]
    waiting = state.jammed + tuple(index for index in state.uncocked if index not in state.jammed)
    if not waiting:
        raise BadField(f"{sheet.name}'s weapons are all ready to fire: none is jammed or waiting to be recocked",
                       field="attacker")
    weapon = fields.integer(inputs, "weapon", "weapon", 0, max(0, len(sheet.weapons) - 1), default=waiting[0])
    if weapon not in waiting:
        raise BadField(f"{sheet.weapons[weapon].name} is ready to fire; "
                       f"{', '.join(sheet.weapons[index].name for index in waiting)} is not", field="weapon")
    return {"attacker": who, "weapon": weapon}


def ready(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice: DiceSource) -> tuple[dict[str, State], Report]:
    """An action to make a weapon ready again (seed, Rate of Fire; Jamming Factor): a single-action gun recocked,
    or a jam cleared by a Weapons Maintenance roll (a failure leaves it jammed)."""
    who, weapon = inputs["attacker"], inputs["weapon"]
    sheet, state = sheets[who], acted(states[who])
    name = sheet.weapons[weapon].name
    after = dict(states)
    if weapon not in state.jammed:
        after[who] = replace(state, uncocked=tuple(index for index in state.uncocked if index != weapon))
        return after, Report(f"{sheet.name} recocks {name}", (Step(
            f"{name} is single action: this action recocks it, and it may fire in the next", "seed, Rate of Fire"),),
            f"{name} recocked")
    rank = sheet.rank(MAINTENANCE)
    result, step_ = test(dice, "maintenance", f"{sheet.name} works the jammed {name}: roll the three dice for "
                         f"{MAINTENANCE} {rank}", rank, MAINTENANCE, "seed, Jamming Factor", target=SKILL_TARGET,
                         wounds=len(state.wounds))
    if result.success:
        state = replace(state, jammed=tuple(index for index in state.jammed if index != weapon))
    after[who] = state
    outcome = f"{name} cleared" if result.success else f"{name} still jammed"
    return after, Report(f"{sheet.name} clears {name}", (step_, Step(
        outcome + ("" if result.success else ": another action, another roll"), "seed, Jamming Factor")), outcome)
