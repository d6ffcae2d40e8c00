"""A hit, resolved as the text's "Basic Damage Resolution": roll penetration, pass any barriers by
subtraction, meet the armour (the Armoured table, or subtraction), find the basic wound level, apply the
wound modifiers from level 1 up, then hold the wound, cascading if its level is already held."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step, plural
from ..data import load
from .attack import DIVISORS, MAX_NOTATION, TYPES, Attack, attack_stats, check_damage, parse_weapon
from .options import Options
from .scale import logd, plain, plus, signed, subtract
from .sheet import MAX_ST, Sheet, read_barriers
from .thresholds import armoured_threshold, level_from_table, raw_level, raw_threshold
from .wounds import DEFAULT_EFFECTS, Cascade, State, cascade, effect_at

LOCATIONS = {row["value"]: row for row in load("kyod")["locations"]["rows"]}
STRUCTURES = {row["value"]: row for row in load("kyod")["structures"]["rows"]}
DICE = 3                                          # every penetration roll is 3d6


@dataclass(frozen=True)
class Hit:
    """A hit's inputs, checked: who strikes whom with what, where, through which barriers."""

    attacker: str                                 # "" when the attack is typed in
    target: str
    weapon: int | None
    notation: str                                 # the weapon's, or the one typed in
    strength: int | None
    location: str = "torso"
    barriers: tuple[Fraction, ...] = ()
    ignores_dr: bool = False

    def attack(self, options: Options) -> Attack:
        return attack_stats(parse_weapon(self.notation, "attack"), self.strength, options.st_adds,
                            "weapon" if self.attacker else "attack")


def read_hit(inputs: Any, sheets: Mapping[str, Sheet], options: Options, *, with_target: bool = True) -> Hit:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    attacker = inputs.get("attacker") or ""
    target = fields.combatant(inputs, "target", sheets, "target") if with_target else ""
    weapon: int | None = None
    if attacker:
        attacker = fields.combatant(inputs, "attacker", sheets, "attacker")
        if attacker == target:
            raise BadField("the attacker cannot hit itself; pick another target", field="target")
        armed = sheets[attacker]
        if not armed.weapons:
            raise BadField(f"{armed.name} has no weapons; add one to the sheet, or pick no attacker and type the attack",
                           field="weapon")
        weapon = fields.integer(inputs, "weapon", "weapon", 0, len(armed.weapons) - 1, default=0)
        notation = armed.weapons[weapon].notation
        strength = armed.st if armed.kind == "character" else None
        if strength is None and armed.weapons[weapon].weapon.base in ("thr", "sw"):
            raise BadField(f"{armed.name} is an object, with no ST for {armed.weapons[weapon].notation}; give it "
                           f"damage of its own, such as 2d cr", field="weapon")
    else:
        notation = typed_attack(inputs)
        strength = fields.integer(inputs, "st", "st", 1, MAX_ST, default=10)
    hit = Hit(attacker, target, weapon, notation, strength,
              fields.choice(inputs, "location", "location", tuple(LOCATIONS), default="torso"),
              read_barriers(inputs.get("barriers"), "barriers"),
              fields.flag(inputs, "ignores_dr", "ignores_dr"))
    where = "weapon" if attacker else "damage" if "damage" in inputs else "attack"
    attack_stats(parse_weapon(notation, where), strength, options.st_adds, where)   # refused now, at its field
    return hit


def typed_attack(inputs: Mapping[str, Any]) -> str:
    """An attack typed in: built from its damage, type, armour divisor and class (the page's fields), or written
    whole in ``attack`` (as the log keeps it)."""
    if "damage" not in inputs:
        return fields.text(inputs, "attack", "attack", max_length=MAX_NOTATION, default="3d+20[+0]")
    damage = check_damage(fields.text(inputs, "damage", "damage", max_length=MAX_NOTATION))
    kind = fields.choice(inputs, "type", "type", ("",) + tuple(TYPES), default="")
    divisor = fields.choice(inputs, "divisor", "divisor", ("",) + tuple(DIVISORS), default="")
    gun = fields.flag(inputs, "gun", "gun")
    notation = damage + (f"({divisor})" if divisor else "") + (f" {kind}" if kind else "") + (" gun" if gun else "")
    try:
        parse_weapon(notation, "damage")
    except BadField as error:
        if divisor and "already counts" in error.message:
            raise BadField(error.message, field="divisor") from error
        raise
    return notation


def hit_inputs(hit: Hit) -> dict[str, Any]:
    """The canonical inputs the log keeps."""
    out: dict[str, Any] = {"attacker": hit.attacker}
    if hit.target:
        out["target"] = hit.target
    if hit.attacker:
        out["weapon"] = hit.weapon
    else:
        out.update(attack=hit.notation, st=hit.strength)
    out["location"] = hit.location
    if hit.barriers:
        out["barriers"] = ", ".join(plain(barrier) for barrier in hit.barriers)
    if hit.ignores_dr:
        out["ignores_dr"] = True
    return out


def penetration(attack: Attack, total: int, options: Options) -> int:
    """Penetration from the 3d6 total: 3d6 + X rolling high, or the margin of success against the skill."""
    return attack.skill - total if options.roll == "low" else attack.x + total


def roll_words(attack: Attack, options: Options) -> str:
    if options.roll == "low":
        return f"roll 3d6 against skill {attack.skill}: the margin of success is the penetration"
    return f"roll 3d6 for penetration: {attack.notation}, so 3d6 {plus(attack.x)}"


@dataclass(frozen=True)
class Landing:
    """What one penetration does to a target before any cascade: the level reached and why."""

    level: int                                    # after modifiers; 0 or less is a scratch
    basic: int
    steps: tuple[str, ...]
    stopped: bool = False                         # a barrier or the armour took it all


def land(pen: int, hit: Hit, attack: Attack, sheet: Sheet, options: Options) -> Landing:
    """Barriers, armour and the wound level for a penetration of ``pen`` (steps 2 to 4 of the resolution)."""
    steps: list[str] = []
    for number, barrier in enumerate(hit.barriers, 1):
        rating = logd(barrier)
        through = subtract(pen, rating)
        name = "The barrier" if len(hit.barriers) == 1 else f"Barrier {number}"
        if through is None:
            steps.append(f"{name} (DR {plain(barrier)}, LogD {rating}) is as strong as penetration {pen} or "
                         f"stronger: the attack is stopped.")
            return Landing(0, 0, tuple(steps), stopped=True)
        steps.append(f"{name} (DR {plain(barrier)}, LogD {rating}): {pen} less {rating} is a difference of "
                     f"{pen - rating}, so the Subtraction table takes {pen - through}, leaving {through}.")
        pen = through
    toughness, armour = sheet.toughness, sheet.armour
    armour_logd = armour.logd(options.layers)
    if hit.ignores_dr or armour_logd is None:
        why = "the attack ignores DR" if hit.ignores_dr and armour_logd is not None else "no armour"
        basic = raw_level(pen, toughness, options.labels)
        steps.append(f"Penetration {pen} on the Raw table ({why}, Toughness {toughness}): "
                     f"{_raw_words(pen, toughness, options)}.")
    elif options.armour_method == "subtraction":
        through = subtract(pen, armour_logd)
        if through is None:
            steps.append(f"The armour (DR {armour.text}, LogD {armour_logd}) is as strong as penetration {pen} or "
                         f"stronger: nothing gets through.")
            return Landing(0, 0, tuple(steps), stopped=True)
        steps.append(f"The armour (DR {armour.text}, LogD {armour_logd}), subtracted: a difference of "
                     f"{pen - armour_logd} takes {pen - through}, leaving {through}.")
        basic = raw_level(through, toughness, options.labels)
        steps.append(f"Penetration {through} on the Raw table (Toughness {toughness}): "
                     f"{_raw_words(through, toughness, options)}.")
    else:
        basic = level_from_table(pen, toughness, armour, options.armoured, options.layers, options.labels)
        above = f"level {max(basic, 0) + 1}'s {_awt(sheet, max(basic, 0) + 1, options)}"
        reached = (f"it reaches level {basic}'s threshold {_awt(sheet, basic, options)}, short of {above}"
                   if basic >= 1 else f"it is short of {above.replace('s ', 's threshold ', 1)}")
        steps.append(f"Penetration {pen} on the Armoured table (Toughness {toughness}, DR {armour.text}, "
                     f"LogD {armour_logd}): {reached}.")
    if basic < 1:
        steps.append("Below level 1: a scratch, no mechanical effect; no wound modifier applies (D-KY-5).")
        return Landing(0, basic, tuple(steps))
    modifiers = modifiers_of(hit, attack, sheet)
    level = basic + sum(value for _, value in modifiers)
    if modifiers:
        steps.append(f"Level {basic} " + " ".join(f"{signed(value)} ({why})" for why, value in modifiers) +
                     f" = level {level}.")
    cap = diffuse_cap(sheet, attack, options)
    if cap is not None and level > cap:
        steps.append(f"Diffuse: the wound level is capped at {cap} (D-KY-8).")
        level = cap
    if level < 1:
        steps.append(f"Level {level}: below level 1 after the modifiers, a scratch.")
    return Landing(level, basic, tuple(steps))


def modifiers_of(hit: Hit, attack: Attack, sheet: Sheet) -> list[tuple[str, int]]:
    """Step 4's modifiers, each with its reason: the weapon's WM, then the target's and the location's."""
    out: list[tuple[str, int]] = []
    if attack.wm:
        out.append(("wound modifier", attack.wm))
    structure = STRUCTURES[sheet.structure]
    if attack.piercing and structure["piercing_wm"]:
        out.append((f"{attack.type} vs {sheet.structure}", int(structure["piercing_wm"])))
    location = LOCATIONS[hit.location]
    if location["wm"] and (attack.piercing or not location["piercing_only"]):
        out.append((f"{attack.type} to a limb" if location["piercing_only"] else hit.location, int(location["wm"])))
    if sheet.reduction:
        out.append((f"Injury Tolerance (Damage Reduction) {sheet.reduction}", -sheet.reduction))
    return out


def diffuse_cap(sheet: Sheet, attack: Attack, options: Options) -> int | None:
    if sheet.structure != "diffuse":
        return None
    if options.diffuse_cap == "by_type":
        return 1 if attack.piercing else 2
    return int(options.diffuse_cap)


def _raw_words(pen: int, toughness: int, options: Options) -> str:
    level = raw_level(pen, toughness, options.labels)
    plus = " + 1 (the quick section's labels)" if options.labels == "quick" else ""
    return (f"({pen} \u2212 {toughness}) \u00f7 5 rounded down{plus} is level {(pen - toughness) // 5 + (1 if plus else 0)}"
            if level >= 1 else f"({pen} \u2212 {toughness}) \u00f7 5 is below level 1")


def _awt(sheet: Sheet, level: int, options: Options) -> int:
    return armoured_threshold(raw_threshold(sheet.toughness, level, options.labels), sheet.armour, options.armoured,
                              options.layers)


# -- holding the wound ---------------------------------------------------------------------------------

def hold(state: State, level: int, sheet: Sheet, options: Options, dice: DiceSource,
         limb: bool = False) -> tuple[State, Cascade, list[Step], list[str]]:
    """Hold a new wound of ``level`` (1 or more), cascading through levels already held (D-KY-11); a major wound
    to a ``limb`` cripples it.  Besides the steps, the effects the steps applied, in a few words each, for the
    headline: it names those and nothing else (a cascade to a major level is no major wound, so the level's
    words in the effects table would say too much)."""
    steps: list[Step] = []
    applied: list[str] = []

    def roll(number: int, at: int) -> int:
        name = f"cascade {number}"
        faces = dice.roll(name, "d6", 1, f"Level {at} is already held: roll 1d; on 4\u20136 the wound moves up to "
                                         f"level {at + 1}")
        face = int(faces[0])
        steps.append(Step(f"Level {at} is already held: the cascade roll is " +
                          (f"high (4\u20136), so the wound moves up to level {at + 1}." if face >= 4 else
                           f"low (1\u20133), so it stays at level {at}."),
                          "Cumulative Damage", faces, name))
        return face

    outcome = cascade(state.wounds, level, options.effects, roll)
    if outcome.reason == "death check":
        steps.append(Step(f"Level {outcome.level} carries a death check: the cascade stops there.", "Cumulative Damage"))
    elif outcome.rolls and outcome.reason == "free":
        steps.append(Step(f"Level {outcome.level} is not yet held: the wound is held there.", "Cumulative Damage"))
    first, held = effect_at(options.effects, level), effect_at(options.effects, outcome.level)
    wounds = tuple(sorted(state.wounds + (outcome.level,)))
    if sheet.kind == "object":              # an object feels no shock and makes no checks: its level is its damage
        new = replace(state, wounds=wounds, dead=state.dead or held.dead)
        if held.dead:
            steps.append(Step(f"Level {outcome.level}: destroyed.", "D-KY-14"))
            applied.append("destroyed")
        return new, outcome, steps, applied
    majors = tuple(sorted(state.majors + (outcome.level,))) if first.major else state.majors
    new = replace(state, wounds=wounds, shock=max(state.shock, first.shock),
                  death_checks=state.death_checks + (0 if held.dead else held.death_checks),
                  dead=state.dead or held.dead, crippled=state.crippled + (1 if first.major and limb else 0),
                  majors=majors)
    cascaded = outcome.level != level
    if first.shock:
        steps.append(Step(f"Shock \u2212{first.shock} for one turn" +
                          (f" (from level {level}: cascading does not change shock)." if cascaded else "."),
                          "Damage Resolution"))
        applied.append(f"shock \u2212{first.shock} for one turn")
    if first.major:
        steps.append(Step("A major wound: roll a knockdown and stun check" +
                          (", and the limb is crippled" if limb else "") +
                          (f" (level {level}, before the cascade)." if cascaded else "."), "D-KY-14"))
        applied.append("a major wound: a knockdown and stun check" + (", the limb crippled" if limb else ""))
    elif cascaded and held.major:
        steps.append(Step(f"Cascading to level {outcome.level} does not make it a major wound (it came in at "
                          f"level {level}).", "Cumulative Damage"))
    if held.dead:
        steps.append(Step(f"Level {outcome.level}: dead.", "D-KY-14"))
        return new, outcome, steps, ["dead"]
    if held.death_checks:
        steps.append(Step(f"{plural(held.death_checks, 'death check')} due now"
                          + (f", {new.death_checks} in all: death checks are cumulative."
                             if new.death_checks != held.death_checks else "."), "Cumulative Damage"))
        applied.append(f"{plural(held.death_checks, 'death check')} due")
    if held.consciousness and not new.dead:
        steps.append(Step("A consciousness check every turn while this is the worst wound.", "D-KY-14"))
        applied.append("a consciousness check every turn")
    return new, outcome, steps, applied


def resolve(hit: Hit, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    target, state = sheets[hit.target], states[hit.target]
    attack = hit.attack(options)
    by = f"{sheets[hit.attacker].name}'s {sheets[hit.attacker].weapons[hit.weapon or 0].name}" if hit.attacker else \
        f"an attack of {hit.notation}"
    steps = [Step(text, "Attack Stats") for text in attack.steps]
    faces = dice.roll("penetration", "d6", DICE, roll_words(attack, options).capitalize())
    total = sum(int(face) for face in faces)
    pen = penetration(attack, total, options)
    if options.roll == "low":
        steps.append(Step(f"Penetration roll {total} against skill {attack.skill}: a margin of {pen}.",
                          "Attack Stats", faces, "penetration"))
    else:
        steps.append(Step(f"Penetration roll {total} {plus(attack.x)} = {pen}.", "Attack Stats", faces, "penetration"))
    landing = land(pen, hit, attack, target, options)
    steps += [Step(text, "Barriers" if "arrier" in text else "Basic Damage Resolution") for text in landing.steps]
    title = f"{target.name} is hit by {by}"
    if landing.level < 1:
        outcome = "Stopped: no wound" if landing.stopped else "A scratch: no effect"
        return {}, Report(title, tuple(steps), outcome)
    new, held, more, applied = hold(state, landing.level, target, options, dice, limb=hit.location == "limb")
    steps += more
    outcome = f"A level {held.level} wound" + (f" (from {landing.level})" if held.level != landing.level else "")
    words = effect_at(options.effects, held.level).words
    if held.level == landing.level and words and words != effect_at(DEFAULT_EFFECTS, held.level).words:
        # The referee's own words for a level (a rewritten effects table) are theirs to stand as the headline,
        # when the wound is held at the level it came in at, so that the whole row applies.
        steps.append(Step(f"This encounter's effects table for level {held.level}: {words}.", "D-KY-14"))
        outcome += f": {words}"
    elif applied:
        effects = "; ".join(applied)
        outcome += ": " + effects[0].upper() + effects[1:]
    elif target.kind == "character":
        outcome += ": no effect"
    return {hit.target: new}, Report(title, tuple(steps), outcome)
