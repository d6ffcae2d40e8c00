"""An aimed shot (seed 002: Projectile Combat, Hit Deviation, Range, Aiming, Missed Shots, Position, Quick Draw, Under
Fire, Special Ammo; RULES_NOTES 3.3, D-SL-2, 17, 23, 24, 25): what the shot's numbers are before the dice
(:func:`plan`), and where one roll of the three dice and the direction die puts it (:func:`place`).

The resolver (``hit.py``) and the odds (``chances.py``) both read the shot through these two functions; the shot as
asked for (:class:`.shoot_inputs.Shot`) is read by :mod:`.shoot_inputs`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...hexes import Hex
from ...keys import cached_hash
from .armour import load_ammo
from .body import QUICK_DRAW
from .diagram import REGION_OF, land
from .fire import SHOTS, aim_bonus, band, hit_spread, missed_spread, spread_modifier
from .blast import shotgun, shotgun_template
from .handling import OFF_HAND, arm_bruising, recoil_penalty, scope_bonus
from .options import Options
from .resolution import Check, Dice, check
from .sheet import Sheet
from .shoot_inputs import Shot, steadied_recoil
from .wounds import POSITION_LABELS, State, situation

POSITION_MODIFIERS = {"standing": 0, "kneeling": -1, "prone": -3, "down": 3}
DIVE = -4
DANCE_WORDS = {"dance": "Dance of Death", "ballet": "Ballet of Death", "none": "a dodge"}


@dataclass(frozen=True)
class Plan:
    """The shot's numbers before any die: the roll's skill and modifiers, the spread's parts, the round's PEN and
    DAM.  ``modifiers`` names each situational modifier, in the order a referee adds them."""

    __hash__ = cached_hash

    skill: int
    modifiers: tuple[tuple[str, int], ...]
    on: str                         # where the modifiers go (D-SL-2); open wounds always go on the roll
    wounds: int
    shot_type: str                  # aimed, snap, wild or wild_rapid
    range_band: str
    weapon_recoil: int
    steadied: tuple[tuple[str, int], ...]       # what took recoil off: the stance, the rest, the baffling
    recoil: int                     # after stance, rest and baffling, floored at 0 (D-SL-25)
    spread_mod: int
    aim_bonus: int
    accuracy: int
    aim: Hex
    pen: int                        # after the ammunition, less 1 with a silencer
    dam: int
    armour_damage: int | None
    armour_piercing: bool
    clean_miss: bool
    mode: str = "single"
    fa: int = 1                     # hexes each later bullet of a burst deviates
    barrels: int = 1                # a rotary gun's: every hit is one from each barrel
    template: int = 0               # the hit's radius in hexes: 1 for a rotary gun, a shotgun's shot by band
    bruising: int = 0               # to the weapon arm, each shot (recoil above STR + 3)
    arm: str = "right_arm"
    scope: int = 0                  # taken off an aimed shot's Hit Spread

    @property
    def modifier(self) -> int:
        return sum(value for _, value in self.modifiers)


def plan(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         under_fire: int = 0) -> Plan:
    """Everything the dice do not decide; ``under_fire`` is the Under Fire modifier a COOL test left."""
    armed, target = sheets[shot.attacker], sheets[shot.target]
    entry = armed.weapons[shot.weapon]
    weapon = entry.weapon
    shot_type = "wild_rapid" if shot.shot == "wild" and armed.rapid_fire else shot.shot
    modifiers: list[tuple[str, int]] = []
    if SHOTS[shot_type]["to_hit"]:
        modifiers.append((SHOTS[shot_type]["short"] + " shot", int(SHOTS[shot_type]["to_hit"])))
    if shot.quick_draw:
        modifiers.append(("quick draw", QUICK_DRAW))
    position = states[shot.target].position
    if POSITION_MODIFIERS[position]:
        modifiers.append((f"{target.name} {POSITION_LABELS[position].lower()}", POSITION_MODIFIERS[position]))
    if shot.dive:
        modifiers.append((f"{target.name} dives for cover", DIVE))
    dodging = states[shot.target]
    if dodging.dodge and dodging.dodge_bullets:
        modifiers.append((f"{target.name} dodges ({DANCE_WORDS[target.dance]})", dodging.dodge))
    if states[shot.attacker].penalty:
        modifiers.append((f"{armed.name}'s own dodge", states[shot.attacker].penalty))
    for name, value in situation(states, shot.attacker, shot.target):
        modifiers.append((f"{armed.name} {name}" if name == "dazzled" else f"{target.name} {name}", value))
    if under_fire:
        modifiers.append(("under fire", under_fire))
    if shot.modifier:
        modifiers.append(("the GM's", shot.modifier))
    range_band = band(shot.distance, weapon.range) or "extreme"
    stance = shot.stance and shot.paired < 0          # no stance with two weapons at once (seed, Hit Deviation)
    steadied = (("for the firing stance", int(stance)), ("for the rest", int(shot.rest)),
                ("for the baffling", weapon.baffling))
    recoil = steadied_recoil(weapon, stance, shot.rest)
    kick = recoil
    skill = armed.rank(weapon.skill) - shot.split
    if shot.paired >= 0:
        other = armed.weapons[shot.paired]
        kick += steadied_recoil(other.weapon, stance, shot.rest)
        skill //= 2
    strength = armed.stat("str")
    penalty = recoil_penalty(kick, strength, one_handed=shot.hands == "one", band=options.recoil_band)
    if penalty:
        modifiers.append((f"recoil {kick}" + (" (both weapons)" if shot.paired >= 0 else "") + f" over STR {strength}"
                          + (" in one hand" if shot.hands == "one" else ""),
                          penalty))
    if shot.hand == "off" and not armed.ambidextrous:
        modifiers.append(("off hand", OFF_HAND))
    pen_base, dam_base = weapon.pen, weapon.dam
    template = 1 if weapon.barrels > 1 else 0
    if weapon.shotgun:
        pen_base, dam_base = shotgun(weapon.pen, weapon.dam, range_band, slug=shot.shell == "slug")
        if shot.shell == "shot":
            template = shotgun_template(range_band)
    load = options.load(shot.ammo)
    pen, dam = load_ammo(load, pen_base, dam_base)
    scope = (scope_bonus(options.scopes, weapon.scope if shot.focus == "made" else shot.focus, range_band)
             if weapon.scope and shot.shot == "aimed" else 0)
    return Plan(skill, tuple(modifiers), options.modifiers_on,
                len(states[shot.attacker].wounds), shot_type, range_band, weapon.recoil, steadied, recoil,
                spread_modifier(shot_type, range_band), aim_bonus(shot.shot, shot.aims, armed.rank("Marksman")),
                weapon.accuracy, shot.aim,
                pen - (1 if weapon.silenced else 0), dam, weapon.armour_damage, bool(load["ap"]),
                options.missed_shot == "clean", shot.mode, weapon.fa, weapon.barrels, template,
                arm_bruising(kick, strength), "left_arm" if shot.hand == "off" else "right_arm", scope)


def roll_check(plan_: Plan, dice: Dice) -> Check:
    return check(dice, plan_.skill, modifier=plan_.modifier, on=plan_.on, wounds=plan_.wounds)


def spread(plan_: Plan, result: Check) -> int | None:
    """How far the shot deviates: a hit's Hit Spread, less the Success die as the Aiming die; a miss's spread
    (D-SL-24); None for a clean miss (the option)."""
    if result.success:
        return hit_spread(plan_.recoil, shot=plan_.shot_type, range_band=plan_.range_band,
                          bonus=plan_.aim_bonus + plan_.scope, aiming_die=result.success_die, accuracy=plan_.accuracy)
    if plan_.clean_miss:
        return None
    miss_type = "wild" if plan_.shot_type == "wild_rapid" else plan_.shot_type
    return missed_spread(plan_.recoil, result.target, result.total, miss_type)


def place(plan_: Plan, result: Check, direction: int | None) -> tuple[Hex | None, str | None]:
    """Where the shot lands and the location it hits (None: a miss, or off the body); a spread of 0 needs no
    direction."""
    distance = spread(plan_, result)
    if distance is None:
        return None, None
    hex_, region = land(plan_.aim, distance, direction or 6) if distance else (plan_.aim, REGION_OF.get(plan_.aim))
    return hex_, region if result.success else None
