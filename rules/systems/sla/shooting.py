"""An aimed shot (seed 002: Projectile Combat, Hit Deviation, Range, Aiming, Missed Shots, Position, Quick Draw, Under
Fire, Special Ammo; RULES_NOTES 3.3, D-SL-2, 17, 23, 24, 25): what the shot's numbers are before the dice
(:func:`plan`), and where one roll of the three dice and the direction die puts it (:func:`place`).

The resolver (``hit.py``) and the odds (``chances.py``) both read the shot through these two functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField
from ...hexes import Hex
from ...keys import cached_hash
from .armour import load_ammo
from .body import QUICK_DRAW
from .diagram import REGION_OF, land
from .fire import RANGES, SHOTS, aim_bonus, band, hit_spread, missed_spread, semi_auto_shots, spread_modifier
from .blast import shotgun, shotgun_template
from .handling import OFF_HAND, arm_bruising, hands_needed, recoil_penalty, scope_bonus
from .options import EDITABLE_AMMO, Options
from .resolution import Check, Dice, check
from .sheet import BANDS, Sheet, Weapon
from .wounds import POSITION_LABELS, State, dead, situation, unconscious

SHOT_TYPES = ("aimed", "snap", "wild")
AMMO_CHOICES = ("standard",) + EDITABLE_AMMO
POSITION_MODIFIERS = {"standing": 0, "kneeling": -1, "prone": -3, "down": 3}
DIVE = -4
MAX_AIMS = 6
MAX_DISTANCE = 99_999
MAX_MODIFIER = 20
MAX_SHOOTERS = 9
DEFAULT_AIM = "0,3"
MODES = ("single", "semi", "auto", "burst", "suppress")
MODE_WORDS = {"single": "single shots", "semi": "semi-auto", "auto": "full auto", "burst": "bursts",
              "suppress": "suppressive fire"}
STEERING = ("toward", "none")
WALK_PAYS = ("stray", "influence")
CROSSINGS = ("dodge", "acrobatics")
SHELLS = ("shot", "slug")
HANDS = ("two", "one")
MAX_SHOTS = 20
MAX_BURST_DICE = 6
MAX_BULLETS = 60
DANCE_WORDS = {"dance": "Dance of Death", "ballet": "Ballet of Death", "none": "a dodge"}


def read_hex(value: Any, field: str) -> Hex:
    """A hex input, ``"q,r"``, which must be a hex of the body diagram."""
    if isinstance(value, str):
        parts = value.replace(" ", "").split(",")
        if len(parts) == 2 and all(part.lstrip("-").isdigit() and len(part) < 4 for part in parts):
            hex_ = (int(parts[0]), int(parts[1]))
            if hex_ in REGION_OF:
                return hex_
    raise BadField(f"{fields.shown(value)} is not a hex of the body diagram; tap one on the diagram", field=field)


def hex_text(hex_: Hex) -> str:
    return f"{hex_[0]},{hex_[1]}"


@dataclass(frozen=True)
class Shot:
    """A shot as asked for: who, with what, at which hex, how."""

    __hash__ = cached_hash

    attacker: str
    target: str
    weapon: int
    aim: Hex
    shot: str
    aims: int
    stance: bool
    rest: bool
    distance: int
    ammo: str
    quick_draw: bool
    dive: bool
    shooters: int
    modifier: int
    split: int
    second_rank: int
    mode: str = "single"            # single, semi, auto, burst or suppress
    shots: int = 1                  # semi-auto: shots this action
    burst_dice: int = 0             # full auto: the d6 rolled for the burst's length
    wanted: int = 0                 # full auto: the length the rolled one is moved toward (0: as rolled)
    steer: str = "toward"           # deviation influence: toward the hex aimed at, or none
    walk_to: str = ""               # walking the fire on to a second target
    walk_after: int = 0             # ... after this many bullets
    walk_pay: str = "stray"         # ... paying a stray bullet or an influence chance
    shell: str = "shot"             # a shotgun's shot or slug
    hands: str = "two"              # a weapon that needs two hands, fired in one
    hand: str = "main"              # the off hand: -3 without Ambidextrous
    paired: int = -1                # the other weapon fired at the same time (-1: none)
    focus: str = "made"             # the band the scope is focused on ("made": the one it is made for)
    crossing: str = "dodge"         # suppressive fire: the skill the target crosses the zone with

    def to_inputs(self) -> dict[str, Any]:
        """The canonical inputs the log keeps: a default is left out (a shorter link), what it reads is not."""
        out: dict[str, Any] = {"attacker": self.attacker, "target": self.target, "weapon": self.weapon,
                               "aim": hex_text(self.aim), "distance": self.distance}
        if self.shot != "aimed":
            out["shot"] = self.shot
        if self.ammo != "standard":
            out["ammo"] = self.ammo
        if self.aims > 1:
            out["aims"] = self.aims
        for name in ("rest", "quick_draw", "dive"):
            if getattr(self, name):
                out[name] = True
        if self.stance and self.shot != "aimed":      # an aimed shot is fired from a stance anyway
            out["stance"] = True
        for name in ("shooters", "modifier", "split"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.split:
            out["second_rank"] = self.second_rank
        for name, default in _MODE_DEFAULTS:
            if getattr(self, name) != default:
                out[name] = getattr(self, name)
        if self.mode == "semi":
            # Always kept: the reader's default depends on the shooter (two shots where he may fire two), so a 1 left
            # out would be read back as 2 (issue 35, item 1; D-SL-6).
            out["shots"] = self.shots
        if self.paired >= 0:
            out.update(two_weapons=True, paired=self.paired)
        return out


_MODE_DEFAULTS = (("mode", "single"), ("burst_dice", 0), ("wanted", 0), ("steer", "toward"),
                  ("walk_to", ""), ("walk_after", 0), ("walk_pay", "stray"), ("shell", "shot"), ("hands", "two"),
                  ("hand", "main"), ("focus", "made"), ("crossing", "dodge"))


def able(sheet: Sheet, state: State, options: Options, field: str) -> None:
    """Refuses an action from someone dead, unconscious, or losing his actions to a knockback (seed, Knockback)."""
    if dead(sheet, state) or unconscious(sheet, state, options):
        why = "dead" if dead(sheet, state) else "unconscious"
        raise BadField(f"{sheet.name} is {why} and cannot act", field=field)
    if state.lost_phases:
        raise BadField(f"{sheet.name} was knocked down and loses {state.lost_phases} more phase"
                       f"{'s' if state.lost_phases > 1 else ''} of actions; let the phases pass (Time)", field=field)
    if state.lost_actions:
        raise BadField(f"{sheet.name} loses this action getting over the hit that knocked him down; it is spent when "
                       "his next phase with an action ends (Time)", field=field)


def read_shot(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Shot:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    attacker = fields.combatant(inputs, "attacker", sheets, "attacker")
    target = fields.combatant(inputs, "target", sheets, "target")
    if attacker == target:
        raise BadField("a character cannot shoot himself; pick another target", field="target")
    able(sheets[attacker], states[attacker], options, "attacker")
    armed = sheets[attacker]
    if not armed.weapons:
        raise BadField(f"{armed.name} has no weapons; add one to the sheet, or fight bare-handed (Melee)",
                       field="weapon")
    weapon = fields.integer(inputs, "weapon", "weapon", 0, len(armed.weapons) - 1, default=0)
    kind = armed.weapons[weapon].weapon.kind
    if kind != "firearm":
        raise BadField(f"{armed.weapons[weapon].name} is a {'hand-to-hand weapon' if kind == 'melee' else kind}; "
                       f"use {'Melee' if kind == 'melee' else 'Grenade'} for it, or pick a firearm", field="weapon")
    shot = fields.choice(inputs, "shot", "shot", SHOT_TYPES, default="aimed")
    aims = fields.integer(inputs, "aims", "aims", 1, MAX_AIMS, default=1) if shot == "aimed" else 0
    stance = shot == "aimed" or fields.flag(inputs, "stance", "stance")
    rest = fields.flag(inputs, "rest", "rest")
    if aims > 4 and not stance:
        raise BadField("more than four aims need a firing stance", field="aims")
    if aims == MAX_AIMS and not rest:
        raise BadField("six aims need a firing stance and a rest for the weapon; tick the rest or aim less",
                       field="aims")
    quick_draw = fields.flag(inputs, "quick_draw", "quick_draw")
    if quick_draw and shot != "wild":
        raise BadField("a weapon drawn and fired in the same action fires a Wild shot; choose Wild, or draw it in "
                       "an action of its own", field="quick_draw")
    shooters = fields.integer(inputs, "shooters", "shooters", 0, MAX_SHOOTERS, default=0)
    if shooters and options.under_fire == "off":
        raise BadField("the Under Fire rule is off; turn it on in the rule options to count shooters", field="shooters")
    skill = armed.rank(armed.weapons[weapon].weapon.skill)
    split = fields.integer(inputs, "split", "split", 0, skill, default=0)
    second_rank = fields.integer(inputs, "second_rank", "second_rank", 0, 20, default=0) if split else 0
    if split > second_rank:
        raise BadField(f"the second action can take no more ranks than its own skill's rating ({second_rank}); "
                       f"split off at most {second_rank}", field="split")
    distance = fields.integer(inputs, "distance", "distance", 0, MAX_DISTANCE, default=10)
    rng = armed.weapons[weapon].weapon.range
    if band(distance, rng) is None:
        raise BadField(f"{distance} m is out of range: {armed.weapons[weapon].name} (RNG {rng}) reaches "
                       f"{rng * RANGES['extreme']['times']} m at Extreme range", field="distance")
    dive = fields.flag(inputs, "dive", "dive")
    faster, slower = states[target].initiative_total(), states[attacker].initiative_total()
    if dive and faster is not None and slower is not None and faster <= slower:
        raise BadField(f"{sheets[target].name} (Initiative Total {faster}) cannot dive for cover from a shot at "
                       f"{slower}: only an attacker slower than him can be dodged this way", field="dive")
    return Shot(attacker, target, weapon, read_hex(inputs.get("aim", DEFAULT_AIM), "aim"), shot, aims, stance, rest,
                distance, fields.choice(inputs, "ammo", "ammo", AMMO_CHOICES, default="standard"), quick_draw,
                dive, shooters,
                fields.integer(inputs, "modifier", "modifier", -MAX_MODIFIER, MAX_MODIFIER, default=0), split,
                second_rank, **_read_mode(inputs, sheets, states, options, attacker, target, weapon, stance, rest,
                                             aims))


def _read_mode(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
               options: Options, attacker: str, target: str, weapon: int, stance: bool, rest: bool,
               aims: int) -> dict[str, Any]:
    """The firing mode and how the weapon is held (seed: Rate of Fire, Recoil, Two-Handed Combat, Scopes)."""
    armed, state = sheets[attacker], states[attacker]
    entry = armed.weapons[weapon]
    gun = entry.weapon
    if weapon in state.jammed:
        raise BadField(f"{entry.name} is jammed: clear it first (Ready weapon: an action and a Weapons Maintenance "
                       "roll)", field="weapon")
    if weapon in state.uncocked:
        raise BadField(f"{entry.name} is single action and must be recocked before it fires again (Ready weapon: an "
                       "action)", field="weapon")
    mode = fields.choice(inputs, "mode", "mode", MODES, default="single")
    if mode not in gun.modes:
        raise BadField(f"{entry.name} cannot fire {MODE_WORDS[mode]}; it fires "
                       f"{', '.join(MODE_WORDS[known] for known in gun.modes)}", field="mode")
    out: dict[str, Any] = {"mode": mode}
    if mode == "semi":
        # STR less the gun's own recoil (its baffling counted, not the stance of one shot): SL-07's 8 - 5 = 3.
        most = semi_auto_shots(armed.stat("str"), max(0, gun.recoil - gun.baffling), 10 ** 6)
        shots = fields.integer(inputs, "shots", "shots", 1, MAX_SHOTS, default=min(2, most))
        if shots > most:
            kick = f"RCL {gun.recoil}" + (f" less baffling {gun.baffling}" if gun.baffling else "")
            raise BadField(f"{armed.name} can fire at most {most} shot{'s' if most > 1 else ''} an action with "
                           f"{entry.name} (STR {armed.stat('str')} \u2212 {kick}, at least 1)", field="shots")
        left = armed.stat("dex") // 2 - state.fired
        if shots > left and (options.jamming == "off" or gun.jam is None):
            raise BadField(f"{armed.name} has {max(0, left)} shot{'s' if left != 1 else ''} left this round (DEX/2 "
                           f"= {armed.stat('dex') // 2}, {state.fired} fired)" + (
                               "; with the Jamming rule on, a weapon with a JF may be overfired" if gun.jam is None
                               or options.jamming == "off" else ""), field="shots")
        out["shots"] = shots
    if mode == "auto":
        out["burst_dice"] = fields.integer(inputs, "burst_dice", "burst_dice", 1, MAX_BURST_DICE, default=2)
        out["wanted"] = fields.integer(inputs, "wanted", "wanted", 0, MAX_BULLETS, default=0)
    if mode in ("auto", "burst"):
        out["steer"] = fields.choice(inputs, "steer", "steer", STEERING, default="toward")
        walk_to = inputs.get("walk_to") or ""
        if walk_to:
            walk_to = fields.combatant(inputs, "walk_to", sheets, "second target")
            if walk_to in (attacker, target):
                raise BadField("the fire walks on to someone else: pick a third character, or none", field="walk_to")
            out["walk_to"] = walk_to
            out["walk_after"] = fields.integer(inputs, "walk_after", "walk_after", 1, MAX_BULLETS, default=1)
            out["walk_pay"] = fields.choice(inputs, "walk_pay", "walk_pay", WALK_PAYS, default="stray")
    if mode == "suppress":
        out["crossing"] = fields.choice(inputs, "crossing", "crossing", CROSSINGS, default="dodge")
    if gun.shotgun:
        out["shell"] = fields.choice(inputs, "shell", "shell", SHELLS, default="shot")
    if hands_needed(steadied_recoil(gun, stance, rest), armed.stat("str")) == 2:
        out["hands"] = fields.choice(inputs, "hands", "hands", HANDS, default="two")
    out["hand"] = fields.choice(inputs, "hand", "hand", ("main", "off"), default="main")
    paired = (fields.integer(inputs, "paired", "paired", 0, len(armed.weapons) - 1, default=0)
              if fields.flag(inputs, "two_weapons", "two_weapons") else -1)
    if paired == weapon:
        raise BadField("the second weapon must be another one of the sheet's weapons", field="paired")
    if paired >= 0 and aims > 4:
        raise BadField("more than four aims need a firing stance, and two weapons at once take none; aim less",
                       field="aims")
    if paired >= 0 and armed.weapons[paired].weapon.kind != "firearm":
        raise BadField(f"{armed.weapons[paired].name} is not a firearm; two firearms are fired together",
                       field="paired")
    out["paired"] = paired
    if gun.scope:
        focus = fields.choice(inputs, "focus", "focus", ("made",) + BANDS, default="made")
        if focus != "made" and BANDS.index(focus) > BANDS.index(gun.scope):
            raise BadField(f"the scope is made for {gun.scope} range and focuses only nearer than that",
                           field="focus")
        out["focus"] = focus
    return out


def steadied_recoil(gun: Weapon, stance: bool, rest: bool) -> int:
    """The recoil after a firing stance, a rest and the weapon's baffling, never below 0 (D-SL-25)."""
    return max(0, gun.recoil - int(stance) - int(rest) - gun.baffling)


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
