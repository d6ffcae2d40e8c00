"""Hand-to-hand combat (seed 002: Hand-to-Hand, Attacks, Aim, Defensive Actions, Parries, Dodge, Martial Arts,
Two-Handed Combat, Applying Damage, Bruising Damage; D-SL-4, D-SL-7, D-SL-13, D-SL-30): one blow and the defence it
meets, as one action.

An attack is 3d6 + the weapon's skill against 13; its crit adds to the Aiming (Success) die.  A blow that hits may be
dodged (the dodge's Success die value comes off the attack, which may then miss) or parried (the parry's Success die,
the parrying weapon's DAM and the Strength bonus come off the blow's damage; what is left deviates by the weapon's
Handling Factor plus the parry's Success die, less the Aiming die and the aims, and the defender may turn its
direction one step).  Damage is the weapon's DAM + the Strength bonus + the Damage die; it must beat the PV (D-SL-7).
Fists and blunt weapons bruise; Martial Arts marks the location too, lethal or bruising as the attacker chooses.

The resolver (:func:`resolve`) and the odds (:mod:`.melee_odds`) read a blow through the same pieces: :func:`blow`,
:func:`guard`, :func:`judge`, :func:`deviation` and :func:`turned`.

>>> judge(Dice(6, 6, 6), 5, modifier=0, on="target", wounds=0).success_die
11
>>> judge(Dice(6, 6, 6), 9, modifier=0, on="target", wounds=0, halve=True).total
13
>>> deviation(2, aims=1, parried=3, aiming_die=2)
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...hexes import DIRECTION_NAMES, Hex
from ...keys import cached_hash
from ...report import Report, Step, number, signed
from ..data import load
from .body import strength_bonus
from .defence import WHOLE_ROUND, bare_handed, dodge_modifier, dodged
from .diagram import REGION_OF, land
from .hit import hex_words, impact, strike
from .options import Options
from .resolution import CRIT_OVER_TARGET, SKILL_TARGET, Check, Dice
from .rolls import ROLES, three
from .sheet import LOCATION_LABELS, VITAL, Sheet
from .shooting import DEFAULT_AIM, MAX_MODIFIER, able, hex_text, read_hex
from .wounds import Mark, State, acted, dead, news, open_wound, take, unconscious, wear

SPENDS = ("attack", "aim")
HOWS = ("weapon", "unarmed", "martial_lethal", "martial_bruising")
DEFENCES = ("none", "parry", "parry_action", "dodge", "quick_dodge", "half_dodge")
PARRIES = ("parry", "parry_action")
DODGES = ("dodge", "quick_dodge", "half_dodge")
PUSHES = ("away", "none", "clockwise", "anticlockwise")
PARRY_WITH = ("weapon", "bare")
MAX_HARDER = 10
MAX_AIMS = 6
OFF_HAND = -3
DOWN = 3                        # attacking a knocked-down character (seed, Knockback: a down (+3 To-Hit) position)
BARE: dict[str, dict[str, Any]] = {row["value"]: row for row in load("sla")["bare_hands"]["rows"]}
DEFENCE_WORDS = {"none": "no defence", "parry": "a free parry", "parry_action": "a parry (spending an action)",
                 "dodge": "a dodge", "quick_dodge": "a quick dodge", "half_dodge": "a half-dodge"}
ATTACK_DIE = "attack"
DEFENCE_DIE = "defence"
DIRECTION_DIE = "direction"


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
    skill = _skill_rank(armed, how, weapon)
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


def _skill_rank(sheet: Sheet, how: str, weapon: int) -> int:
    return sheet.rank(_skill_name(sheet, how, weapon))


def _skill_name(sheet: Sheet, how: str, weapon: int) -> str:
    if how == "weapon":
        return sheet.weapons[weapon].weapon.skill
    return str(BARE["unarmed" if how == "unarmed" else "martial_arts"]["skill"])


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
    """A blow's numbers with a parry's reduction taken off its DAM (what :func:`.hit.impact` reads)."""

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
    skill = _skill_rank(armed, melee.how, melee.weapon)
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
    return Blow(name, _skill_name(armed, melee.how, melee.weapon), skill, tuple(modifiers), options.modifiers_on,
                len(attacker_state.wounds), pen, dam + bonus, dam_words, handling, attacker_state.melee_aim, bruising,
                vibro, armour_damage)


@dataclass(frozen=True)
class Guard:
    """The defence's numbers before its dice: the skill rolled, the modifiers (a dodge's armour DM on the roll, the
    harder attack on the target number), and for a parry what it takes off the blow."""

    __hash__ = cached_hash

    kind: str                   # one of DEFENCES
    skill_name: str
    skill: int                  # half the Dodge rank for a half-dodge; less the armour's DM for a dodge
    modifiers: tuple[tuple[str, int], ...]
    on: str
    wounds: int
    harder: int
    halve: bool                 # a bare-handed parry's total halved (D-SL-30)
    halve_reduction: bool       # the option: its reduction halved instead
    stops: int                  # a parry's reduction before its Success die: weapon DAM (+ Strength bonus)
    stop_words: str
    whip: bool                  # a whip's parry strikes back at the weapon arm
    counter_pen: int
    counter_dam: int


def guard(melee: Melee, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Guard:
    defender, state = sheets[melee.target], states[melee.target]
    modifiers: list[tuple[str, int]] = []
    if state.penalty:
        modifiers.append((f"{defender.name}'s own dodge", state.penalty))
    if state.dazzled:                               # a flash-bang (D-SL-GR7): his own actions
        modifiers.append((f"{defender.name} dazzled", state.dazzled))
    if melee.defence_modifier:
        modifiers.append(("the GM's", melee.defence_modifier))
    wounds = len(state.wounds)
    bonus = strength_bonus(defender.stat("str"))
    if melee.defence in DODGES:
        rank = defender.rank("Dodge")
        rank = rank // 2 if melee.defence == "half_dodge" else rank
        modifier = dodge_modifier(defender, options)
        return Guard(melee.defence, "Dodge" + (" (half)" if melee.defence == "half_dodge" else "")
                     + (f" ({rank} less DM {modifier})" if modifier else ""), rank - modifier, tuple(modifiers),
                     options.modifiers_on, wounds, melee.harder, False, False, 0, "", False, 0, 0)
    if melee.defence in PARRIES:
        if melee.parry_with == "bare":
            rank = max(defender.rank("Unarmed Combat"), defender.rank("Martial Arts"))
            halve = options.bare_parry == "total"
            return Guard(melee.defence, "bare-handed parry", rank, tuple(modifiers), options.modifiers_on, wounds,
                         melee.harder, halve, not halve, bonus, f"Strength bonus {bonus}", False, 0, 0)
        entry = defender.weapons[melee.parry_weapon]
        weapon = entry.weapon
        if weapon.whip is not None:
            modifiers.insert(0, ("parrying with a whip", weapon.whip))
            return Guard(melee.defence, f"{weapon.skill} ({entry.name})", defender.rank(weapon.skill),
                         tuple(modifiers), options.modifiers_on, wounds, melee.harder, False, False, weapon.dam,
                         f"{entry.name}'s DAM {weapon.dam}", True, weapon.pen, weapon.dam + bonus)
        return Guard(melee.defence, f"{weapon.skill} ({entry.name})", defender.rank(weapon.skill), tuple(modifiers),
                     options.modifiers_on, wounds, melee.harder, False, False, weapon.dam + bonus,
                     f"{entry.name}'s DAM {weapon.dam} + Strength bonus {bonus}", False, 0, 0)
    return Guard("none", "", 0, (), options.modifiers_on, 0, 0, False, False, 0, "", False, 0, 0)


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


def _roll_words(result: Check, skill: int, what: str, modifiers: tuple[tuple[str, int], ...], on: str, wounds: int,
                halve: bool = False) -> str:
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


def _faces(rolled: Dice) -> tuple[int, int, int]:
    return rolled.success, rolled.penetration, rolled.damage


def resolve(melee: Melee, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    armed, defender = sheets[melee.attacker], sheets[melee.target]
    after = dict(states)
    if melee.spend == "aim":
        aims = states[melee.attacker].melee_aim + 1
        after[melee.attacker] = replace(acted(states[melee.attacker]), melee_aim=aims)
        return after, Report(f"{armed.name} aims at {defender.name}", (Step(
            f"{armed.name} spends the action aiming: +{aims} to the Aiming die of his next blow, against the weapon's "
            f"handling only; attacked meanwhile he cannot parry and can only half-dodge", "seed, Aim"),), "Aiming")
    plan_ = blow(melee, sheets, states, options)
    title = f"{armed.name} attacks {defender.name} with {plan_.name}"
    steps: list[Step] = []
    if plan_.modifiers:
        steps.append(Step("Modifiers: " + ", ".join(f"{name} {signed(value)}" for name, value in plan_.modifiers)
                          + f" = {signed(plan_.modifier)}, on the "
                          + ("target number" if plan_.on == "target" else "roll")
                          + (" (the harder attack always on the defender's target number too)" if melee.harder
                             else ""), "seed, Attacks; Two-Handed Combat; D-SL-2"))
    rolled = three(dice, ATTACK_DIE, f"{armed.name} strikes at {defender.name}'s {hex_words(melee.aim)}: roll the "
                   f"three dice, {plan_.skill_name} {plan_.skill} against 13")
    attack = judge(rolled, plan_.skill, modifier=plan_.modifier, on=plan_.on, wounds=plan_.wounds)
    skill_words = plan_.skill_name + (" (half, two weapons)" if melee.two_weapons else "") + (
        " (split)" if melee.split else "")
    steps.append(Step(_roll_words(attack, plan_.skill, skill_words, plan_.modifiers, plan_.on, plan_.wounds),
                      "seed, Attacks; D-SL-1, D-SL-3", _faces(rolled), ATTACK_DIE, names=ROLES))
    after[melee.attacker] = replace(acted(states[melee.attacker]), melee_aim=0)
    aimed = Mark("aim", melee.aim, f"Aimed at {hex_words(melee.aim)}")
    target_state = states[melee.target]
    if not attack.success:
        after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", melee.aim, "Missed")))
        return after, Report(title, tuple(steps), "Miss")
    guarded = guard(melee, sheets, states, options)
    parried = 0
    reduction = 0
    counter: tuple[Dice, int] | None = None
    if guarded.kind != "none":
        defence_dice = three(dice, DEFENCE_DIE, f"{defender.name} answers with {DEFENCE_WORDS[guarded.kind]}: roll "
                             f"the three dice, {guarded.skill_name} {guarded.skill}")
        defending = judge(defence_dice, guarded.skill, modifier=sum(value for _, value in guarded.modifiers),
                          on=guarded.on, wounds=guarded.wounds, harder=guarded.harder, halve=guarded.halve)
        modifiers = guarded.modifiers + ((("the harder attack", -guarded.harder),) if guarded.harder else ())
        steps.append(Step(_roll_words(defending, guarded.skill, guarded.skill_name, modifiers, guarded.on,
                                      guarded.wounds, guarded.halve),
                          "seed, Defensive Actions; Parries; Dodge; D-SL-30" if guarded.kind in PARRIES
                          else "seed, Dodge; Aim; D-SL-4", _faces(defence_dice), DEFENCE_DIE, names=ROLES))
        target_state = _defended(defender, target_state, guarded.kind, defending, steps)
        if guarded.kind in DODGES and defending.success:
            attack = lowered(attack, defending.success_die)
            steps.append(Step(f"The dodge takes {defending.success_die} off the attack: {attack.total} against "
                              f"{attack.target}: " + ("it still hits" if attack.success else "dodged"),
                              "seed, Dodge"))
            if not attack.success:
                after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", melee.aim, "Dodged")))
                return after, Report(title, tuple(steps), "Dodged")
        if guarded.kind in PARRIES and defending.success:
            parried = defending.success_die
            reduction = guarded.stops + parried
            if guarded.halve_reduction:
                reduction //= 2
            steps.append(Step(f"The parry takes {reduction} off the blow's damage: Success die {parried} + "
                              f"{guarded.stop_words}" + (", halved (bare hands)" if guarded.halve_reduction else ""),
                              "seed, Parries; D-SL-30"))
            if guarded.whip:
                counter = (defence_dice, guarded.counter_dam)
    if counter is not None:
        after[melee.attacker], more = _whip_back(armed, after[melee.attacker], melee, guarded, counter[0], options)
        steps += more
    total = rolled.damage + plan_.dam - reduction
    if reduction and total <= 0:
        steps.append(Step(f"Damage die {rolled.damage} + {plan_.dam_words} \u2212 {reduction} parried = "
                          f"{number(total)}: the blow is turned aside and does no harm", "seed, Parries"))
        after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", melee.aim, "Parried")))
        return after, Report(title, tuple(steps), "Parried")
    distance = deviation(plan_.handling, aims=plan_.aims, parried=parried, aiming_die=attack.success_die)
    steps.append(Step(f"The blow deviates {distance} hex{'es' if distance != 1 else ''}: Handling Factor "
                      f"{plan_.handling}" + (f" \u2212 {min(plan_.aims, plan_.handling)} for the aims" if plan_.aims
                                             else "")
                      + (f" + {parried} for the parry" if parried else "")
                      + f" \u2212 {attack.success_die} on the Aiming die, never below 0",
                      "seed, Attacks; Aim; Parries"))
    landed = melee.aim
    if distance:
        direction = int(dice.roll(DIRECTION_DIE, "d6", 1, names=("Direction die",),
                                  why=f"The blow deviates {distance} hex{'es' if distance != 1 else ''}: roll the "
                                      "direction die (1 upper-right, clockwise to 6 up)")[0])
        steps.append(Step(f"Direction die {direction}: {DIRECTION_NAMES[direction]}", "RULES_NOTES 3.3 Hit Deviation "
                          "Diagram; D-SL-23", (direction,), DIRECTION_DIE, names=("Direction die",)))
        if parried:
            way = turned(melee.aim, distance, direction, melee.push)
            if way != direction:
                steps.append(Step(f"{defender.name}'s parry turns it one step: {DIRECTION_NAMES[way]}",
                                  "seed, Parries; D-SL-18"))
            direction = way
        landed, _ = land(melee.aim, distance, direction)
    region = REGION_OF.get(landed)
    if region is None:
        steps.append(Step(f"It lands {hex_words(landed)}: a miss", "D-SL-23"))
        after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", landed, "Missed: off the body",
                                                                        melee.aim)))
        return after, Report(title, tuple(steps), "Miss")
    steps.append(Step(f"It lands on the {hex_words(landed)}", "D-SL-23"))
    dam = plan_.dam - reduction
    steps.append(Step(f"The blow's DAM: {plan_.dam_words}" + (f" \u2212 {reduction} parried" if reduction else "")
                      + f" = {number(dam)}; PEN {number(plan_.pen)}"
                      + ({"track": ": it bruises (no wound, no bleeding)",
                          "both": ": Martial Arts bruising, marked on the location too"}.get(plan_.bruising, "")),
                      "seed, Attacks; Martial Arts; Bruising Damage; D-SL-7"))
    state, more, outcome = strike(defender, target_state, region, Reduced(plan_.pen, dam, plan_.armour_damage),
                                  rolled, options, dice, melee=True, bruising=plan_.bruising)
    after[melee.target] = replace(state, marks=(aimed, Mark("hit", landed, f"Hit: {LOCATION_LABELS[region]}",
                                                            melee.aim)))
    return after, Report(title, tuple(steps + more), outcome)


def _defended(sheet: Sheet, state: State, kind: str, result: Check, steps: list[Step]) -> State:
    """The defender's state after his defence: a free parry counted, an action spent, a dodge in force and its
    price on his own actions (D-SL-4)."""
    if kind == "parry":
        return replace(state, parries=state.parries + 1)
    if kind == "half_dodge":
        return state
    state = acted(state)
    if kind == "parry_action" or not result.success:
        return state
    dodge = dodged(result.dice.success, result.success_die, kind="regular" if kind == "dodge" else "quick",
                   ballet=sheet.dance == "ballet")
    steps.append(Step(f"{sheet.name}'s dodge counts {signed(dodge.attack_modifier)} on every attack at him this "
                      + ("round" if dodge.lasts == "round" else "phase")
                      + (f"; {sheet.name} is at {signed(dodge.own_penalty)} on "
                         + ("all his actions this round" if kind == "dodge" else "his next action")
                         if dodge.own_penalty else "; no price on his own actions (Ballet of Death)"),
                      "seed, Dodge; Dance of Death; D-SL-4"))
    return replace(state, dodge=dodge.attack_modifier, dodge_lasts=dodge.lasts, dodge_bullets=sheet.dance != "none",
                   dodge_blows=True,
                   penalty=dodge.own_penalty, penalty_lasts="round" if kind == "dodge" else "next")


def _whip_back(armed: Sheet, state: State, melee: Melee, guarded: Guard, rolled: Dice,
               options: Options) -> tuple[State, list[Step]]:
    """A whip's successful parry lashes the attacker's weapon arm for normal damage with the parry's Penetration
    and Damage dice (seed, Parries).  Decided here: the lash is damage and a wound only; its knockback is not
    rolled."""
    location = "left_arm" if melee.off_hand else "right_arm"
    found = impact(armed, state, location, Reduced(guarded.counter_pen, guarded.counter_dam, None),
                   rolled.penetration, rolled.damage, options, melee=True)
    place = LOCATION_LABELS[location]
    before = state
    words = (f"The whip lashes {armed.name}'s {place}: Penetration die {rolled.penetration} + PEN "
             f"{guarded.counter_pen} against PV {found.cover.pv}, Damage die {rolled.damage} + DAM "
             f"{guarded.counter_dam}: ")
    bruises = guarded.counter_pen <= 0
    if not found.damage:
        return state, [Step(words + "no harm", "seed, Parries; D-SL-7")]
    if bruises:
        state = replace(state, bruising=state.bruising + found.damage)
        words += f"{found.damage} bruising"
    else:
        state = take(state, location, found.damage)
        words += f"{found.damage} damage to Incap and the {place}"
        for layer in found.cover.wearing if found.hit.penetrates else ():
            state = wear(state, layer.index, location, found.hit.worn)
        if found.wound:
            state = open_wound(state, location)
            words += "; a wound opens"
    steps = [Step(words, "seed, Parries")]
    steps += [Step(line, "seed, Damage; Applying Damage") for line in news(armed, before, state, options)]
    return state, steps


def dodge(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A dodge rolled before the attacks come (seed, Dodge; Dance of Death; D-SL-4): Dodge rank less the armour's
    DM, his own price from an earlier dodge and open wounds.  A regular or quick dodge spends an action; Dance or
    Ballet of Death dodges bullets at no action.  On a success its Success die value comes off every attack at him
    while it lasts."""
    who, kind = inputs["dodger"], inputs["kind"]
    sheet, state = sheets[who], states[who]
    modifiers: list[tuple[str, int]] = []
    if state.penalty:
        modifiers.append((f"{sheet.name}'s own dodge", state.penalty))
    if state.dazzled:                               # a flash-bang (D-SL-GR7): his own actions
        modifiers.append((f"{sheet.name} dazzled", state.dazzled))
    if inputs.get("modifier"):
        modifiers.append(("the GM's", inputs["modifier"]))
    dm = dodge_modifier(sheet, options)
    rank = sheet.rank("Dodge") - dm
    what = "Dodge" + (f" ({sheet.rank('Dodge')} less DM {dm})" if dm else "")
    art = {"dance": "Dance of Death", "ballet": "Ballet of Death"}.get(sheet.dance, "")
    rolled = three(dice, "dodge", f"{sheet.name} dodges" + (f" ({art})" if kind == "bullets" else "")
                   + f": roll the three dice, {what} {rank}")
    result = judge(rolled, rank, modifier=sum(value for _, value in modifiers), on=options.modifiers_on,
                   wounds=len(state.wounds))
    steps = [Step(_roll_words(result, rank, what, tuple(modifiers), options.modifiers_on, len(state.wounds)),
                  "seed, Dodge; Dance of Death; D-SL-1, D-SL-3", (rolled.success, rolled.penetration, rolled.damage),
                  "dodge", names=ROLES)]
    if kind != "bullets":
        state = acted(state)
    title = f"{sheet.name} dodges"
    after = dict(states)
    if not result.success:
        steps.append(Step("The dodge fails: nothing changes" + ("" if kind == "bullets" else "; the action is spent"),
                          "seed, Dodge"))
        after[who] = state
        return after, Report(title, tuple(steps), "Dodge failed")
    found = dodged(rolled.success, result.success_die, kind="regular" if kind == "regular" else "quick",
                   ballet=sheet.dance == "ballet")
    against = "shots" if kind == "bullets" else "shots and blows" if sheet.dance != "none" else "blows"
    lasts = "this round" if found.lasts == WHOLE_ROUND else "this phase"
    price = ("no price on his own actions (Ballet of Death)" if sheet.dance == "ballet" else
             f"{sheet.name} is at {signed(found.own_penalty)} on " + ("all his actions this round" if kind == "regular"
                                                              else "his next action")) if found.own_penalty or \
        sheet.dance == "ballet" else "no price on his own actions (a Success die of 7 or more)"
    steps.append(Step(f"{against.capitalize()} at {sheet.name} are at {signed(found.attack_modifier)} {lasts}; {price}",
                      "seed, Dodge; Dance of Death; D-SL-4"))
    after[who] = replace(state, dodge=found.attack_modifier, dodge_lasts=found.lasts,
                         dodge_bullets=sheet.dance != "none", dodge_blows=kind != "bullets",
                         penalty=found.own_penalty,
                         penalty_lasts="round" if kind == "regular" else "next" if found.own_penalty else "")
    return after, Report(title, tuple(steps), f"Dodged: attacks {signed(found.attack_modifier)} {lasts}")
