"""The Melee action's inputs (seed 002: Hand-to-Hand, Attacks, Aim, Two-Handed Combat, Martial Arts, Defensive
Actions, Parries, Dodge): a blow as a GM asks for it, checked against the sheets and the states before any die.

Who strikes whom, with which hand-to-hand weapon (a firearm or a grenade is refused in plain words) or bare-handed,
at which hex, a harder attack, the off hand, two weapons at once (their DAM together within STR), a split action, and
the defence the target answers with: a parry (free, or spending an action; with a weapon, or bare-handed but never
against a vibro weapon), a dodge, or a half-dodge while he aims.  Also which skill a blow rolls, which the split is
bounded by and :mod:`.melee_attack` reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField
from ...hexes import Hex
from ...keys import cached_hash
from ..data import load
from .options import Options
from .sheet import Sheet
from .shoot_inputs import DEFAULT_AIM, MAX_MODIFIER, able, hex_text, read_hex
from .wounds import State, dead, unconscious

SPENDS = ("attack", "aim")
HOWS = ("weapon", "unarmed", "martial_lethal", "martial_bruising")
DEFENCES = ("none", "parry", "parry_action", "dodge", "quick_dodge", "half_dodge")
PARRIES = ("parry", "parry_action")
DODGES = ("dodge", "quick_dodge", "half_dodge")
PUSHES = ("away", "none", "clockwise", "anticlockwise")
PARRY_WITH = ("weapon", "bare")
MAX_HARDER = 10
MAX_AIMS = 6
BARE: dict[str, dict[str, Any]] = {row["value"]: row for row in load("sla")["bare_hands"]["rows"]}
DEFENCE_WORDS = {"none": "no defence", "parry": "a free parry", "parry_action": "a parry (spending an action)",
                 "dodge": "a dodge", "quick_dodge": "a quick dodge", "half_dodge": "a half-dodge"}


@dataclass(frozen=True)
class Melee:
    """A blow as asked for: who strikes whom, with what, at which hex, how hard, and how the target defends."""

    __hash__ = cached_hash

    attacker: str
    target: str
    spend: str                  # attack, or aim (spend the action aiming)
    how: str                    # weapon, unarmed, martial_lethal, martial_bruising
    weapon: int                 # the attacker's weapon (how == weapon), else -1
    aim: Hex
    harder: int                 # a harder attack: -m to hit, +m on the defender's target number
    off_hand: bool
    two_weapons: bool
    other_weapon: int           # the other weapon of two at once, else -1
    modifier: int
    split: int
    second_rank: int
    defence: str
    parry_with: str             # weapon or bare
    parry_weapon: int           # the target's weapon for a parry with one, else -1
    push: str                   # a parry's turn of the direction: away, none, clockwise, anticlockwise
    defence_modifier: int

    def to_inputs(self) -> dict[str, Any]:
        """The canonical inputs the log keeps, defaults left out (a shorter link)."""
        out: dict[str, Any] = {"attacker": self.attacker, "target": self.target}
        if self.spend == "aim":
            out["spend"] = "aim"
            return out
        if self.how != "weapon":
            out["how"] = self.how
        else:
            out["weapon"] = self.weapon
        out["aim"] = hex_text(self.aim)
        for name in ("harder", "modifier", "split", "defence_modifier"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.split:
            out["second_rank"] = self.second_rank
        if self.off_hand:
            out["off_hand"] = True
        if self.two_weapons:
            out.update(two_weapons=True, other_weapon=self.other_weapon)
        if self.defence != "none":
            out["defence"] = self.defence
        if self.defence in PARRIES:
            out["parry_with"] = self.parry_with
            if self.parry_with == "weapon":
                out["parry_weapon"] = self.parry_weapon
            if self.push != "away":
                out["push"] = self.push
        return out


def _melee_weapons(sheet: Sheet) -> list[int]:
    return [index for index, entry in enumerate(sheet.weapons) if entry.weapon.kind == "melee"]


def _weapon(inputs: Mapping[str, Any], key: str, sheet: Sheet, whose: str) -> int:
    """A hand-to-hand weapon of the sheet, by index; a firearm or a grenade is refused in plain words."""
    if not sheet.weapons:
        raise BadField(f"{sheet.name} has no weapons; add a hand-to-hand weapon to the sheet, or fight bare-handed",
                       field=key)
    index = fields.integer(inputs, key, key, 0, len(sheet.weapons) - 1, default=(_melee_weapons(sheet) or [0])[0])
    entry = sheet.weapons[index]
    if entry.weapon.kind != "melee":
        use = "Shoot" if entry.weapon.kind == "firearm" else "Grenade"
        raise BadField(f"{entry.name} is a {entry.weapon.kind}, not a hand-to-hand weapon; use {use} for it, or pick "
                       f"{whose} blade, club or whip (or bare hands)", field=key)
    return index


def read_melee(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Melee:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    attacker = fields.combatant(inputs, "attacker", sheets, "attacker")
    target = fields.combatant(inputs, "target", sheets, "target")
    if attacker == target:
        raise BadField("a character cannot strike himself; pick another target", field="target")
    armed, defender = sheets[attacker], sheets[target]
    able(armed, states[attacker], options, "attacker")
    spend = fields.choice(inputs, "spend", "spend", SPENDS, default="attack")
    aim = read_hex(inputs.get("aim", DEFAULT_AIM), "aim")
    if spend == "aim":
        if states[attacker].melee_aim >= MAX_AIMS:
            raise BadField(f"{armed.name} has aimed {MAX_AIMS} times already; strike", field="spend")
        return Melee(attacker, target, "aim", "weapon", -1, aim, 0, False, False, -1, 0, 0, 0, "none", "weapon", -1,
                     "away", 0)
    how = fields.choice(inputs, "how", "how", HOWS, default="weapon")
    if how == "weapon" and not armed.weapons:
        how = "unarmed"   # no weapon at all: he strikes with his bare hands, the plain attack (D-BL-4)
    weapon = _weapon(inputs, "weapon", armed, "his") if how == "weapon" else -1
    if how.startswith("martial") and not armed.rank("Martial Arts"):
        raise BadField(f"{armed.name} has no Martial Arts rank on the sheet; add it to the skills, or strike with "
                       "bare hands (Unarmed Combat)", field="how")
    harder = fields.integer(inputs, "harder", "harder", 0, MAX_HARDER, default=0)
    off_hand = fields.flag(inputs, "off_hand", "off_hand")
    two_weapons = fields.flag(inputs, "two_weapons", "two_weapons") if how == "weapon" else False
    other = -1
    if two_weapons:
        other = _weapon(inputs, "other_weapon", armed, "his other")
        if other == weapon:
            raise BadField("the second weapon must be another weapon on the sheet", field="other_weapon")
        together = armed.weapons[weapon].weapon.dam + armed.weapons[other].weapon.dam
        if together > armed.stat("str"):
            raise BadField(f"the two weapons' DAM together ({together}) is more than {armed.name}'s STR "
                           f"{armed.stat('str')}: he cannot wield both at once", field="other_weapon")
    modifier = fields.integer(inputs, "modifier", "modifier", -MAX_MODIFIER, MAX_MODIFIER, default=0)
    skill = skill_rank(armed, how, weapon)
    split = fields.integer(inputs, "split", "split", 0, skill, default=0)
    second_rank = fields.integer(inputs, "second_rank", "second_rank", 0, 20, default=0) if split else 0
    if split > second_rank:
        raise BadField(f"the second action can take no more ranks than its own skill's rating ({second_rank}); "
                       f"split off at most {second_rank}", field="split")
    defence = fields.choice(inputs, "defence", "defence", DEFENCES, default="none")
    parry_with, parry_weapon, push = "weapon", -1, "away"
    state = states[target]
    if defence != "none":
        if dead(defender, state) or unconscious(defender, state, options):
            raise BadField(f"{defender.name} is {'dead' if dead(defender, state) else 'unconscious'} and cannot "
                           "defend; choose no defence", field="defence")
        if state.melee_aim and defence != "half_dodge":
            raise BadField(f"{defender.name} is aiming: he cannot parry and can only half-dodge (half his Dodge, no "
                           "action)", field="defence")
        if defence == "half_dodge" and not state.melee_aim:
            raise BadField(f"only a character attacked while aiming half-dodges; {defender.name} is not aiming: "
                           "dodge, or parry", field="defence")
        if defence in DODGES and not defender.rank("Dodge"):
            raise BadField(f"{defender.name} has no Dodge skill on the sheet and cannot dodge; parry, or add Dodge to "
                           "the skills", field="defence")
        if defence in ("dodge", "quick_dodge", "parry_action"):
            able(defender, state, options, "defence")
        if defence == "parry" and state.parries >= defender.free_parries:
            raise BadField(f"{defender.name} has no free parry left this round ({defender.free_parries} a round: "
                           "half his actions); parry spending an action, or dodge", field="defence")
    if defence in PARRIES:
        parry_with = fields.choice(inputs, "parry_with", "parry_with", PARRY_WITH, default="weapon")
        if parry_with == "weapon":
            if not _melee_weapons(defender):
                raise BadField(f"{defender.name} has no hand-to-hand weapon to parry with; parry bare-handed",
                               field="parry_with")
            parry_weapon = _weapon(inputs, "parry_weapon", defender, "his")
        elif how == "weapon" and armed.weapons[weapon].weapon.vibro:
            raise BadField(f"a vibro weapon cannot be parried bare-handed ({defender.name} would bleed); parry with "
                           "a weapon, or dodge", field="parry_with")
        push = fields.choice(inputs, "push", "push", PUSHES, default="away")
    return Melee(attacker, target, "attack", how, weapon, aim, harder, off_hand, two_weapons, other, modifier, split,
                 second_rank, defence, parry_with, parry_weapon, push,
                 fields.integer(inputs, "defence_modifier", "defence_modifier", -MAX_MODIFIER, MAX_MODIFIER,
                                default=0))


def skill_rank(sheet: Sheet, how: str, weapon: int) -> int:
    """The rank of the skill a blow rolls: the weapon's, Unarmed Combat or Martial Arts."""
    return sheet.rank(skill_name(sheet, how, weapon))


def skill_name(sheet: Sheet, how: str, weapon: int) -> str:
    if how == "weapon":
        return sheet.weapons[weapon].weapon.skill
    return str(BARE["unarmed" if how == "unarmed" else "martial_arts"]["skill"])
