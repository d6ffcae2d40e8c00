"""The Shoot action's inputs (seed 002: Projectile Combat, Rate of Fire, Recoil, Two-Handed Combat, Scopes, Aiming,
Quick Draw, Under Fire, Special Ammo; D-SL-6, 25): a shot as a GM asks for it (:class:`Shot`), checked against the
sheets and the states before any die (:func:`read_shot`): who shoots whom, with which firearm, at which hex, how
aimed and from how far, in which firing mode, and how the weapon is held.  Also what every action's inputs share:
a hex of the body diagram (:func:`read_hex`) and who may act at all (:func:`able`).

What the shot's numbers are once read is :mod:`.shooting`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField
from ...hexes import Hex
from ...keys import cached_hash
from .diagram import REGION_OF
from .fire import RANGES, band, semi_auto_shots
from .handling import hands_needed
from .options import EDITABLE_AMMO, Options
from .sheet import BANDS, Sheet, Weapon
from .wounds import State, dead, unconscious

SHOT_TYPES = ("aimed", "snap", "wild")
AMMO_CHOICES = ("standard",) + EDITABLE_AMMO
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
