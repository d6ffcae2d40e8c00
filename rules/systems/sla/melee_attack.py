"""The attack of a blow (seed 002: Attacks, Aim, Two-Handed Combat, Martial Arts, Parries; D-SL-1, D-SL-2, D-SL-13,
D-SL-18, D-SL-30): its numbers before any die, the combat roll every blow, parry and dodge makes, and where the blow
lands.

An attack is 3d6 + the weapon's skill against 13; its crit adds to the Aiming (Success) die.  The blow's damage is the
weapon's DAM + the Strength bonus (Martial Arts raising it) + the Damage die; fists and blunt weapons bruise.  A blow
deviates by the weapon's Handling Factor plus a parry's Success die, less the Aiming die and the aims, and a parry
may turn its direction one step.

>>> judge(Dice(6, 6, 6), 5, modifier=0, on="target", wounds=0).success_die
11
>>> judge(Dice(6, 6, 6), 9, modifier=0, on="target", wounds=0, halve=True).total
13
>>> deviation(2, aims=1, parried=3, aiming_die=2)
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...hexes import Hex
from ...keys import cached_hash
from ...report import signed
from .body import strength_bonus
from .defence import bare_handed
from .diagram import land
from .melee_inputs import BARE, Melee, skill_name, skill_rank
from .options import Options
from .resolution import CRIT_OVER_TARGET, SKILL_TARGET, Check, Dice
from .sheet import VITAL, Sheet
from .wounds import State

OFF_HAND = -3
DOWN = 3                        # attacking a knocked-down character (seed, Knockback: a down (+3 To-Hit) position)


@dataclass(frozen=True)
class Blow:
    """The attack's numbers before any die: the roll's skill and modifiers, the blow's PEN, DAM (the Strength bonus
    counted) and Handling Factor, the aims spent, and how its damage is marked."""

    __hash__ = cached_hash

    name: str                   # the weapon's, or bare hands / Martial Arts
    skill_name: str
    skill: int
    modifiers: tuple[tuple[str, int], ...]
    on: str
    wounds: int
    pen: int
    dam: int                    # the weapon's DAM + the Strength bonus
    dam_words: str
    handling: int
    aims: int
    bruising: str               # "" standard damage, "track" bruising only, "both" Martial Arts bruising
    vibro: bool
    armour_damage: int | None
    armour_piercing: bool = False

    @property
    def modifier(self) -> int:
        return sum(value for _, value in self.modifiers)


@dataclass(frozen=True)
class Reduced:
    """A blow's numbers with a parry's reduction taken off its DAM (what :func:`.strike.impact` reads)."""

    pen: int
    dam: int
    armour_damage: int | None
    armour_piercing: bool = False


def blow(melee: Melee, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Blow:
    armed, target = sheets[melee.attacker], sheets[melee.target]
    attacker_state, target_state = states[melee.attacker], states[melee.target]
    arts = armed.rank("Martial Arts") if melee.how.startswith("martial") else 0
    bonus = strength_bonus(armed.stat("str"), arts)
    if melee.how == "weapon":
        entry = armed.weapons[melee.weapon]
        weapon = entry.weapon
        name, pen, dam, handling = entry.name, weapon.pen, weapon.dam, weapon.handling
        bruising = "track" if weapon.blunt or weapon.pen <= 0 else ""
        vibro, whip, armour_damage = weapon.vibro, weapon.whip, weapon.armour_damage
    else:
        row = BARE["unarmed" if melee.how == "unarmed" else "martial_arts"]
        name, pen, dam, handling = str(row["label"]), int(row["pen"]), int(row["dam"]), int(row["handling"])
        bruising = {"unarmed": "track", "martial_lethal": "", "martial_bruising": "both"}[melee.how]
        vibro, whip, armour_damage = False, None, None
    skill = skill_rank(armed, melee.how, melee.weapon)
    skill = (skill // 2 if melee.two_weapons else skill) - melee.split
    modifiers: list[tuple[str, int]] = []
    if melee.harder:
        modifiers.append(("a harder attack", -melee.harder))
    if melee.off_hand and not armed.ambidextrous:
        modifiers.append(("the off hand", OFF_HAND))
    if whip:
        modifiers.append(("the whip", whip))
    if target_state.position == "down":
        modifiers.append((f"{target.name} is down", DOWN))
    if target_state.dodge and target_state.dodge_blows:
        modifiers.append((f"{target.name}'s dodge", target_state.dodge))
    if attacker_state.penalty:
        modifiers.append((f"{armed.name}'s own dodge", attacker_state.penalty))
    if attacker_state.dazzled:                      # a flash-bang (D-SL-GR7)
        modifiers.append((f"{armed.name} dazzled", attacker_state.dazzled))
    if target_state.smoke:                          # a smoke grenade (D-SL-GR6)
        modifiers.append((f"{target.name} in smoke", target_state.smoke))
    if melee.modifier:
        modifiers.append(("the GM's", melee.modifier))
    dam_words = f"DAM {dam} + Strength bonus {bonus}" + (f" (with Martial Arts {arts})" if arts else "")
    return Blow(name, skill_name(armed, melee.how, melee.weapon), skill, tuple(modifiers), options.modifiers_on,
                len(attacker_state.wounds), pen, dam + bonus, dam_words, handling, attacker_state.melee_aim, bruising,
                vibro, armour_damage)


def judge(dice: Dice, skill: int, *, modifier: int, on: str, wounds: int, harder: int = 0,
          halve: bool = False) -> Check:
    """A combat, parry or dodge roll: 3d6 + skill against 13, the modifiers on the roll or the target number
    (D-SL-2), open wounds on the roll (D-SL-21), a harder attack's ``harder`` always raising the target number (seed,
    Attacks), and a bare-handed parry's total halved, rounded down (D-SL-30, D-SL-13) before it is compared and
    before its crit is counted."""
    total = dice.total + skill - wounds + (modifier if on == "roll" else 0)
    if halve:
        total = bare_handed(total)
    needed = SKILL_TARGET - (modifier if on == "target" else 0) + harder
    success = total >= needed
    crit = max(0, total - (SKILL_TARGET + CRIT_OVER_TARGET)) if success else 0
    return Check(dice, total, needed, success, crit, dice.success + crit)


def lowered(result: Check, by: int) -> Check:
    """An attack after a successful dodge: the dodge's Success die value comes off its total, which may now miss;
    its crit is counted again."""
    total = result.total - by
    success = total >= result.target
    crit = max(0, total - (SKILL_TARGET + CRIT_OVER_TARGET)) if success else 0
    return Check(result.dice, total, result.target, success, crit, result.dice.success + crit)


def deviation(handling: int, *, aims: int, parried: int, aiming_die: int) -> int:
    """Hexes a blow deviates (seed, Attacks, Aim, Parries): the Handling Factor less the aims (which cancel only the
    handling), plus a parry's Success die value, less the Aiming die; never below 0."""
    return max(0, max(0, handling - aims) + parried - aiming_die)


def turned(aim: Hex, distance: int, direction: int, push: str) -> int:
    """The direction after a parry's one step (seed, Parries; D-SL-18: 6 and 1 are neighbours).  ``away`` is the
    defender's best: off the body if a step can put it there, else away from the Head and Torso; among equals the
    die as rolled, then clockwise."""
    clockwise, anticlockwise = direction % 6 + 1, (direction - 2) % 6 + 1
    if push == "clockwise":
        return clockwise
    if push == "anticlockwise":
        return anticlockwise
    if push == "none":
        return direction

    def harm(option: int) -> int:
        region = land(aim, distance, option)[1]
        return 0 if region is None else 2 if region in VITAL else 1

    return min((direction, clockwise, anticlockwise), key=harm)


def roll_words(result: Check, skill: int, what: str, modifiers: tuple[tuple[str, int], ...], on: str, wounds: int,
               halve: bool = False) -> str:
    """A combat, parry or dodge roll as the referee says it: the three dice, the skill, the open wounds and the
    modifiers on the roll or the target number, the total against the target, and a crit's Success die."""
    dice = result.dice
    parts = [f"{what} {skill}"]
    if wounds:
        parts.append(f"open wounds {signed(-wounds)}")
    modifier = sum(value for _, value in modifiers)
    if modifier and on == "roll":
        parts.append("modifiers " + ", ".join(f"{name} {signed(value)}" for name, value in modifiers))
    against = str(result.target)
    if modifier and on == "target" or result.target != SKILL_TARGET:
        against += " (13" + "".join(f" {signed(-value)} for {name}" for name, value in modifiers
                                    if on == "target") + ")"
    raw = dice.total + skill - wounds + (modifier if on == "roll" else 0)
    text = (f"Success die {dice.success}, Penetration die {dice.penetration}, Damage die {dice.damage}; "
            f"{', '.join(parts)}: total {raw}" + (f" halved to {result.total} (bare hands)" if halve else "")
            + f" against {against}: {'succeeds' if result.success else 'fails'}")
    if result.crit:
        text += f"; {result.crit} over 18, so the Success die counts {result.success_die}"
    return text
