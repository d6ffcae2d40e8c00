"""From a hit to a wound level (FUDGE 4.55, 4.56, 4.61, 4.63): the damage number and the wound numbers, the
graze, every damage roll, and Min-Mid-Max.

``wound_level`` is pure: the blow, the two sheets, the options and a dice source go in; the wound level and the
steps that explain it come out.  It rolls only what the chosen damage roll needs, when it reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...keys import cached_hash
from ...dice import DiceSource, fudge_value
from ...report import Step, number as whole, show_fudge, signed
from ..data import load
from . import levels
from .factors import damage_factor
from .levels import DEAD, HURT, NEAR_DEATH, SCRATCH, UNDAMAGED, VERY_HURT
from .options import Options
from .sheet import Sheet, Weapon

_MMM = load("fudge")["min_mid_max"]


@dataclass(frozen=True)
class Blow:
    """A hit that landed: who struck whom, with what, by how much, and what the tactics add."""

    __hash__ = cached_hash

    attacker: Sheet
    defender: Sheet
    weapon: Weapon
    degree: int                     # the relative degree it won by (0: the tie an all-out attacker loses)
    bonus: int = 0                  # +1 winning all-out, +2 when an all-out attacker loses, both +3 (D-FU-26)
    bonus_why: str = ""
    roll: str = "damage"            # the name of its damage roll
    attack_roll: int | None = None  # the 4dF totals of the exchange, for the even-or-odd damage roll
    defence_roll: int | None = None
    multiplier: int = 1             # bullets on target add to the damage (seed 4.4)
    extra: int = 0                  # automatic fire's damage bonus


def level_for(number: int, starts: tuple[int, ...]) -> int:
    """The wound level a damage number reaches on the numbers over the wound levels (0 or less: none).

    >>> [level_for(n, (1, 3, 5, 7, 9)) for n in (0, 2, 4, 5, 9, 20)]
    [0, 1, 2, 3, 5, 5]
    """
    reached = [index + 1 for index, start in enumerate(starts) if number >= start]
    return max(reached, default=UNDAMAGED)


def limited(calculated: int, roll: int) -> int:
    """The situational damage roll with the limitations (D-FU-2): a positive damage is at least 1 and at most
    doubled; damage of 0 or less gives 1 point at most, and only if the roll lifts it to 1.

    >>> [limited(-2, r) for r in (2, 3, 4)], [limited(2, r) for r in range(-4, 5)]
    ([0, 1, 1], [1, 1, 1, 1, 2, 3, 4, 4, 4])
    """
    if calculated <= 0:
        return 1 if calculated + roll >= 1 else 0
    return max(1, min(calculated + roll, 2 * calculated))


def graze_level(factor: int, options: Options) -> int:
    """A graze's wound (seed 4.56, D-FU-6): the sample table, or at most the GM's level.

    >>> from .options import DEFAULTS
    >>> [graze_level(f, DEFAULTS) for f in (-1, 0, 4, 5)]
    [0, 1, 1, 2]
    """
    if factor < 0:
        return UNDAMAGED
    if options.graze == "table":
        return SCRATCH if factor <= 4 else HURT
    return SCRATCH if options.graze == "scratch" else HURT


def factor_bonus(factor: int, options: Options) -> int:
    """Min-Mid-Max's die-reading bonus for the damage factor (seed 4.63)."""
    if options.mmm_low_factor == "on" and factor <= _MMM["low_factor"]["to"]:
        return int(_MMM["low_factor"]["bonus"])
    for row in _MMM["factor_bonus"]:
        if row.get("from", -10**9) <= factor <= row.get("to", 10**9):
            return int(row["bonus"])
    raise AssertionError(factor)


def degree_bonus(degree: int) -> int:
    """Min-Mid-Max's die-reading bonus for the relative degree (seed 4.63); below 2 there is none."""
    for row in _MMM["degree_bonus"]:
        if row["from"] <= degree <= row.get("to", 10**9):
            return int(row["bonus"])
    return 0


def read_dice(faces: tuple[int, ...], bonus: int) -> tuple[int, str]:
    """The die (or dice) a Min-Mid-Max bonus reads, and its name (seed 4.63).

    >>> read_dice((3, 5, 6), 0), read_dice((1, 4, 6), 2), read_dice((1, 3, 5), 3), read_dice((2, 4, 4), 1)
    ((3, 'Min'), (6, 'Max'), (6, 'Max + Min'), (4, 'Mid'))
    """
    low, mid, high = sorted(faces)
    row = _MMM["read"][min(bonus, len(_MMM["read"]) - 1)]
    value = sum({"min": low, "mid": mid, "max": high}[which] for which in row["read"])
    return value, str(row["label"])


def dF_rolled(roll: str) -> bool:
    """Whether the chosen damage roll is a roll of Fudge dice (the even-or-odd one reads the combat rolls)."""
    return roll in ("one_df_factor", "one_df_level", "situational_limited", "situational")


def _even(total: int | None) -> int:
    return 1 if total is not None and total % 2 == 0 else 0


def wound_level(blow: Blow, options: Options, dice: DiceSource) -> tuple[int | None, list[Step]]:
    """The wound the blow does, or None when the GM assesses it (the simple method, seed 4.55)."""
    factor, words = damage_factor(blow.attacker, blow.weapon, blow.defender, options)
    steps = [Step(words, "FUDGE 4.54, 4.55")]
    who, whom = blow.attacker.name, blow.defender.name
    lead = f"{who} hits {whom} by {signed(blow.degree)}"
    if options.wounds == "gm":
        steps.append(Step(f"{lead}: the GM assesses the wound from the damage factor and how well it landed, "
                          f"and records it with Wound.", "FUDGE 4.55"))
        return None, steps
    if blow.degree == 1:
        return _graze(blow, factor, options, dice, steps)
    tie = blow.degree == 0
    if tie and options.all_out_tie == "graze_table":
        graze = graze_level(factor + blow.bonus, options)
        steps.append(Step(f"{who} wins the tie an all-out attacker loses: damage factor {signed(factor)} "
                          f"{signed(blow.bonus)} on the graze table: {levels.name(graze)}.", "D-FU-12"))
        return graze, steps
    if options.wounds == "min_mid_max":
        return _min_mid_max(blow, factor, options, dice, steps)
    doubled = options.wounds == "doubled"
    starts = options.starts("doubled" if doubled else "damage")
    degree_part = 2 * blow.degree if doubled else blow.degree
    number = degree_part + factor + blow.bonus + blow.extra
    sums = [f"relative degree {signed(blow.degree)}" + (" doubled" if doubled else ""),
            f"damage factor {signed(factor)}"]
    if blow.bonus:
        sums.append(f"{signed(blow.bonus)} {blow.bonus_why}")
    if blow.extra:
        sums.append(f"{signed(blow.extra)} for the bullets on target")
    text = f"{lead}: {', '.join(sums)}: damage {whole(number)}."
    steps.append(Step(text, "D-FU-12" if tie else "FUDGE 4.55, D-FU-26" if blow.bonus == 3 else "FUDGE 4.55"))
    roll = options.damage_roll
    shift = 0
    if roll in ("one_df_factor", "one_df_level", "situational_limited", "situational"):
        count = 1 if roll.startswith("one_df") else 4
        faces = dice.roll(blow.roll, "dF", count, f"{lead}, damage {whole(number)}: roll "
                                                  f"{'1 Fudge die' if count == 1 else '4 Fudge dice'} for damage")
        rolled = fudge_value(faces)
        if roll == "one_df_factor":
            number += rolled
            said = f"added to the damage: {whole(number)}"
        elif roll == "one_df_level":
            shift = rolled
            said = "added to the wound level"
        elif roll == "situational_limited":
            before, number = number, limited(number, rolled)
            said = f"with the limitations (at least 1, at most double): {whole(before)} becomes {whole(number)}"
        else:
            number = max(0, number + rolled)
            said = f"added to the damage: {whole(number)}"
        steps.append(Step(f"Damage roll {show_fudge(faces)} = {signed(rolled)}, {said}.",
                          "D-FU-24" if roll == "one_df_level" else "D-FU-2" if roll.startswith("situational")
                          else "FUDGE 4.61", faces, blow.roll))
    elif roll in ("even_odd_factor", "even_odd_level") and (blow.attack_roll is not None or
                                                             blow.defence_roll is not None):
        attack_even, defence_even = _even(blow.attack_roll), _even(blow.defence_roll)
        change = attack_even - defence_even
        said = (f"{who}'s combat roll is {'even' if attack_even else 'odd'}, {whom}'s "
                f"{'even' if defence_even else 'odd'}" if blow.defence_roll is not None else
                f"{who}'s combat roll is {'even' if attack_even else 'odd'}")
        if roll == "even_odd_factor":
            number += change
            steps.append(Step(f"{said}: {signed(change)} to the damage, {whole(number)}.", "FUDGE 4.61"))
        else:
            shift = change
            steps.append(Step(f"{said}: {signed(change)} to the wound level.", "FUDGE 4.61"))
    # What the two Scales put into the damage factor: without it, would the blow have wounded?
    scale_part = (blow.attacker.scale if blow.weapon.muscle or blow.weapon.scaled else 0) - \
        (blow.defender.scale // 2 if blow.weapon.piercing else blow.defender.scale)
    if options.scale_roll == "on" and number <= 0 < number - scale_part and not dF_rolled(roll):
        faces = dice.roll(blow.roll, "dF", 4, f"{lead}: only Scale stops it; roll 4 Fudge dice for damage")
        rolled = fudge_value(faces)
        before, number = number, limited(number, rolled)
        steps.append(Step(f"Only Scale keeps this blow from wounding {whom}: a damage roll {show_fudge(faces)} = "
                          f"{signed(rolled)}, with the limitations, makes damage {whole(before)} into "
                          f"{whole(number)} (many small "
                          "wounds may still add up).", "FUDGE 4.58", faces, blow.roll))
    level = level_for(number, starts)
    if shift:
        moved = max(UNDAMAGED, min(NEAR_DEATH, level + shift))
        steps.append(Step(f"Damage {whole(number)} is {levels.name(level)}; the roll moves it to {levels.name(moved)}.",
                          "D-FU-24"))
        return moved, steps
    steps.append(Step(f"Damage {whole(number)} is {levels.name(level)} on the wound numbers "
                      f"({', '.join(str(start) for start in starts)}).", "FUDGE 4.55"))
    return level, steps


def _graze(blow: Blow, factor: int, options: Options, dice: DiceSource, steps: list[Step]) -> tuple[int, list[Step]]:
    """A relative degree of +1 (seed 4.56)."""
    who, whom = blow.attacker.name, blow.defender.name
    base = factor + blow.bonus + blow.extra
    level = graze_level(base, options)
    plus = f" {signed(blow.bonus)} {blow.bonus_why}" if blow.bonus else ""
    plus += f" {signed(blow.extra)} for the bullets on target" if blow.extra else ""
    total = f" = {signed(base)}" if plus else ""
    rule = "on the graze table" if options.graze == "table" else f"with the graze held to {options.graze.capitalize()}"
    steps.append(Step(f"{who} grazes {whom} (relative degree +1): damage factor {signed(factor)}{plus}{total} "
                      f"is {levels.name(level) if level else 'no damage'} {rule}.", "FUDGE 4.56, D-FU-6"))
    gap = blow.attacker.scale - blow.defender.scale
    # "At most a GM-set wound level (plus any Scale difference)": the table reads the damage factor, which already
    # holds the Scale, so the Scale is added only to the GM's level.
    if options.graze_scale == "on" and options.graze != "table" and level and gap > 0:
        raised = min(VERY_HURT, level + gap)
        steps.append(Step(f"{who} is {gap} Scale larger: the graze rises to {levels.name(raised)} "
                          "(never past Very Hurt).", "FUDGE 4.56"))
        level = raised
    # The graze roll is 1dF on the damage factor whatever the damage roll of other hits (D-FU-14, D-FU-29); a graze
    # held to the GM's level is exactly that level, and Min-Mid-Max uses the graze rule unchanged (seed 4.63).
    if options.graze_roll == "on" and options.graze == "table" and options.wounds != "min_mid_max":
        faces = dice.roll(blow.roll, "dF", 1, f"{who} grazes {whom}: roll 1 Fudge die for damage")
        rolled = fudge_value(faces)
        moved = graze_level(base + rolled, options)
        held = max(level - 1, UNDAMAGED, min(level + 1, moved))
        steps.append(Step(f"Damage roll {show_fudge(faces)} = {signed(rolled)} on the damage factor, "
                          f"{signed(base + rolled)}: {levels.name(held) if held else 'no damage'}, held within one "
                          "level of the graze.", "D-FU-14, D-FU-29", faces, blow.roll))
        level = held
    return level, steps


def _min_mid_max(blow: Blow, factor: int, options: Options, dice: DiceSource, steps: list[Step]
                 ) -> tuple[int, list[Step]]:
    """Read one of 3d6 by the bonuses for the damage factor and the relative degree (seed 4.63)."""
    who, whom = blow.attacker.name, blow.defender.name
    from_factor, from_degree = factor_bonus(factor, options), degree_bonus(blow.degree)
    total = from_factor + from_degree
    said = (f"{who} hits {whom} by {signed(blow.degree)}. Min-Mid-Max: damage factor {signed(factor)} gives "
            f"{signed(from_factor)}, relative degree "
            f"{signed(blow.degree)} gives {signed(from_degree)}: bonus {signed(total)}")
    if total < 0:
        steps.append(Step(f"{said}, below 0: no damage is possible, so no dice are rolled.", "FUDGE 4.63"))
        return UNDAMAGED, steps
    faces = tuple(int(face) for face in dice.roll(
        blow.roll, "d6", 3, f"{who} hits {whom} by {signed(blow.degree)}, bonus {signed(total)}: roll 3d6 to read"))
    value, read = read_dice(faces, total)
    track = options.mmm_track
    starts = options.starts(track)
    added = f", {signed(blow.bonus)} {blow.bonus_why}" if blow.bonus else ""
    value += blow.bonus
    level = level_for(value, starts)
    text = f"{said}: read the {read} of {', '.join(map(str, faces))}{added}: {value}, {levels.name(level)}."
    steps.append(Step(text, "FUDGE 4.63", faces, blow.roll))
    if level == NEAR_DEATH and value > starts[-1] and options.mmm_beyond == "dead":
        steps.append(Step(f"{value} is past the last number, and the GM kills outright.", "FUDGE 4.63"))
        return DEAD, steps
    return level, steps
