"""Resolving one hit: the Damage Dice, the Damage Points, and the damage marked on the target.

``resolve`` is pure: sheets, states, the hit, the options and a dice source in; the changed state and
a report of steps out.  A person's chart is marked by :mod:`.marking`, which stops at every roll it
calls for, so physical dice are asked for one roll at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step, plural
from . import marking
from .damage import MAX_DAMAGE_VALUE, damage_dice, points, shorthand, shorthand_words
from .options import Options
from .sheet import MACHINES, Sheet, State, conscious, current, dead
from .status import describe

DICE_RULES = ("value", "low", "referee")
HARM = ("lethal", "non_lethal")
RULE_DAMAGE = "Damage Value, Damage Dice, and Damage Points"


@dataclass(frozen=True)
class Hit:
    attacker: str | None
    target: str | None              # None in the Compare view, which strikes every kind of target
    weapon_index: int
    value: int                      # the Damage Value
    lethal: bool
    dice_rule: str                  # "value", "low" (Low Penetration halves it) or "referee" (the referee's dice)
    referee_dice: int
    part: str | None                # the record of a vehicle the hit lands on
    label: str

    @property
    def dice_exact(self) -> Fraction:
        if self.dice_rule == "low":
            return Fraction(self.value, 2)
        if self.dice_rule == "referee":
            return Fraction(self.referee_dice)
        return Fraction(self.value)

    @property
    def dice(self) -> int:
        return damage_dice(self.dice_exact)


def can_act(sheet: Sheet, state: State, options: Options) -> bool:
    if sheet.kind in MACHINES:
        return not dead(sheet, state)
    return conscious(sheet, state) and not state.stunned and not dead(sheet, state, options.npc_death == "more_than")


def fallen(sheet: Sheet, state: State, options: Options) -> bool:
    """Out of the fight for good: dead, or unconscious (a stunned person has not fallen: he comes round)."""
    if sheet.kind in MACHINES:
        return dead(sheet, state)
    return not conscious(sheet, state) or dead(sheet, state, options.npc_death == "more_than")


def read_hit(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options, *,
             with_target: bool = True) -> Hit:
    """Validate a hit's inputs against the roster; errors name the field."""
    inputs = fields.mapping(inputs, "inputs")
    target = fields.combatant(inputs, "target", sheets, "target") if with_target else None
    attacker = inputs.get("attacker") or None
    weapon_index = 0
    if attacker is not None:
        attacker = fields.combatant(inputs, "attacker", sheets, "attacker")
        sheet = sheets[attacker]
        if attacker == target:
            raise BadField("the attacker and the target must be different; leave the attacker empty for a "
                           "blow typed in", field="target")
        if not can_act(sheet, states[attacker], options):
            raise BadField(f"{sheet.name} is {describe(sheet, states[attacker], options).lower()} and cannot "
                           f"attack", field="attacker")
        if not sheet.weapons:
            raise BadField(f"{sheet.name} has no weapon; edit the sheet to add one, or leave the attacker empty "
                           f"and type the Damage Value", field="weapon")
        weapon_index = fields.integer(inputs, "weapon", "weapon", 0, len(sheet.weapons) - 1, default=0)
        entry = sheet.weapons[weapon_index]
        value, lethal, label = entry.weapon.value, entry.weapon.lethal, f"{entry.name} ({entry.weapon.notation})"
    else:
        value = fields.integer(inputs, "damage_value", "damage_value", 0, MAX_DAMAGE_VALUE)
        lethal = fields.choice(inputs, "harm", "harm", HARM, default="lethal") == "lethal"
        label = f"Damage Value {value}{'' if lethal else ', non-lethal'}"
    dice_rule = fields.choice(inputs, "dice", "dice", DICE_RULES, default="value")
    referee_dice = fields.integer(inputs, "damage_dice", "damage_dice", 0, MAX_DAMAGE_VALUE) \
        if dice_rule == "referee" else 0
    part = None
    if target is not None and sheets[target].kind in MACHINES:
        keys = tuple(one.key for one in sheets[target].parts)
        part = fields.choice(inputs, "part", "part", keys, default=keys[0])
    return Hit(attacker, target, weapon_index, value, lethal, dice_rule, referee_dice, part, label)


def hit_inputs(hit: Hit) -> dict[str, Any]:
    """The inputs as the log records them: only what the hit uses, in canonical form."""
    chosen: dict[str, Any] = {"attacker": hit.attacker}
    if hit.target is not None:
        chosen["target"] = hit.target
    if hit.attacker is None:
        chosen.update(damage_value=hit.value, harm="lethal" if hit.lethal else "non_lethal")
    else:
        chosen["weapon"] = hit.weapon_index
    chosen["dice"] = hit.dice_rule
    if hit.dice_rule == "referee":
        chosen["damage_dice"] = hit.referee_dice
    if hit.part is not None:
        chosen["part"] = hit.part
    return chosen


def dice_words(hit: Hit) -> tuple[str, str]:
    """How the Damage Value became Damage Dice, and the rule that says so."""
    kind = "lethal" if hit.lethal else "non-lethal"
    if hit.dice_rule == "low":
        exact = hit.dice_exact
        shown = f"{float(exact):g}"
        dropped = f", {hit.dice} with the fraction dropped" if exact.denominator != 1 else ""
        return (f"{hit.label}: Damage Value {hit.value}, halved by Low Penetration to {shown} Damage Dice"
                f"{dropped} ({kind}).", "Damage Value, Damage Dice, and Damage Points; Low Penetration")
    if hit.dice_rule == "referee":
        return (f"{hit.label}: Damage Value {hit.value}; the referee gives {plural(hit.dice, 'Damage Die', 'Damage Dice')} "
                f"({kind}), standing in for the High Penetration and Exceptional Success/Failure rules, which are "
                f"lost.", "Damage Value, Damage Dice, and Damage Points; RULES_NOTES 1.2")
    return (f"{hit.label}: Damage Value {hit.value}, so {plural(hit.dice, 'Damage Die', 'Damage Dice')} ({kind}).",
            RULE_DAMAGE)


def roll_points(hit: Hit, dice: DiceSource, steps: list[Step]) -> int:
    """Roll the Damage Dice by the shorthand (at most 3 rolled, D-MT-7, D-MT-8) and say how the points add up."""
    rolled, added = shorthand(hit.dice)
    faces = tuple(int(face) for face in dice.roll(
        "damage", "d6", rolled, f"{plural(hit.dice, 'Damage Die', 'Damage Dice')}: {shorthand_words(hit.dice)}"))
    total = points(hit.dice, faces)
    if added:
        beyond = hit.dice - 3
        text = (f"The 3D roll comes to {sum(faces)}; the other {beyond} dice add {beyond // 2} x 7"
                f"{' + 3' if beyond % 2 else ''} = {added}: {plural(total, 'Damage Point')}.")
    else:
        text = f"The roll comes to {plural(total, 'Damage Point')}."
    steps.append(Step(text, "D-MT-7" if hit.dice < 3 else "D-MT-8" if added else RULE_DAMAGE, faces, "damage"))
    return total


def person_context(sheet: Sheet, state: State, hit: Hit, total: int, options: Options, *,
                   named: bool = True) -> marking.Context:
    """What stays fixed while the hit is marked; without the name (``named=False``) for odds, which keep no
    sentences, so that people of the same numbers share their work."""
    return marking.Context(sheet.name if named else "", sheet.chart, hit.lethal, hit.dice, total, sheet.combat_skill(),
                           current(sheet, state, "End"), options.natural_two_fails)


def mark_person(sheet: Sheet, state: State, hit: Hit, total: int, options: Options, dice: DiceSource,
                steps: list[Step]) -> State:
    """Mark the points on the chart, rolling each stun or consciousness roll the moment it is called for."""
    context = person_context(sheet, state, hit, total, options)
    position = marking.start(state)
    rule = "Suffering Lethal Damage" if hit.lethal else "Suffering Non-Lethal Damage"
    while True:
        position, sentences, call = marking.advance(context, position)
        steps.extend(Step(sentence, "Marking Damage; D-MT-1, D-MT-2") for sentence in sentences)
        if call is None:
            break
        passed, faces, sentence = call.task.roll(dice, call.name, call.why)
        decision = "D-MT-4" if call.kind == "stun" else "D-MT-5, D-MT-6"
        steps.append(Step(f"{sentence} {marking.consequence(context, call, passed)}", f"{rule}; {decision}",
                          faces, call.name if faces else ""))
        position = marking.settle(position, call, passed)
    return replace(state, lethal=position.lethal, non_lethal=position.non_lethal, stunned=position.stunned,
                   unconscious=position.unconscious)


def mark_simple(sheet: Sheet, state: State, hit: Hit, total: int, options: Options, steps: list[Step]) -> State:
    """An unimportant NPC or an animal: the points add up; knocked out and killed automatically, no rolls."""
    new = replace(state, lethal=state.lethal + total) if hit.lethal else replace(state, non_lethal=state.non_lethal + total)
    knockout, integrity = sheet.knockout, sheet.integrity
    who = "Unimportant NPCs" if sheet.kind == "npc" else "Animals"
    rule = "Integrity of an Unimportant Person" if sheet.kind == "npc" else "Integrity of an Animal"
    more_than = options.npc_death == "more_than"
    line = f"{sheet.name} has taken {new.total} of {integrity} ({knockout}/{integrity - knockout})"
    if dead(sheet, new, more_than) and not dead(sheet, state, more_than):
        reach = "more than" if more_than else "at least"
        steps.append(Step(f"{line}: {reach} {integrity}, killed.", f"{rule}; D-MT-10"))
    elif new.total >= knockout > state.total:
        steps.append(Step(f"{line}: at least {knockout}, knocked unconscious automatically ({who.lower()} never "
                          f"roll for consciousness).", rule))
    else:
        steps.append(Step(f"{line}.", rule))
    return new


def mark_machine(sheet: Sheet, state: State, hit: Hit, total: int, steps: list[Step]) -> State:
    """A vehicle's or an aircraft's record takes the points: disabled at its first number, destroyed at the sum."""
    assert hit.part is not None
    index = [one.key for one in sheet.parts].index(hit.part)
    part = sheet.parts[index]
    before, after = state.parts[index], state.parts[index] + total
    rule = "Integrity of a Vehicle, Craft, or Starship" if sheet.kind == "vehicle" else "Integrity of an Aircraft (COACC)"
    line = f"{part.label} {part.text} takes {total}: {after} of {part.integrity}"
    if after >= part.integrity > before:
        line += ", destroyed"
    elif after >= part.knockout > before:
        line += f", disabled (at {part.knockout})"
    steps.append(Step(f"{line}.", rule))
    parts = list(state.parts)
    parts[index] = after
    return replace(state, parts=tuple(parts))


def resolve(hit: Hit, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    assert hit.target is not None
    sheet, state = sheets[hit.target], states[hit.target]
    who = sheets[hit.attacker].name if hit.attacker else "A blow"
    where = f" on the {sheet.part(hit.part).label}" if hit.part else ""
    title = f"{who} hits {sheet.name}{where} with {hit.label}" if hit.attacker else \
        f"{sheet.name} is hit{where}: {hit.label}"
    text, rule = dice_words(hit)
    steps = [Step(text, rule)]
    if hit.dice == 0:
        steps.append(Step("0 Damage Dice: the attack is ineffective.", RULE_DAMAGE))
        return {}, Report(title, tuple(steps), "Ineffective: no damage")
    if sheet.kind in MACHINES and not hit.lethal and options.machines_non_lethal == "ignore":
        steps.append(Step(f"Non-lethal damage does not affect vehicles, craft or starships unless the referee rules "
                          f"otherwise: {sheet.name} is unharmed.", "Suffering Non-Lethal Damage; D-MT-15"))
        return {}, Report(title, tuple(steps), "No effect on a vehicle")
    total = roll_points(hit, dice, steps)
    if sheet.kind == "person":
        new = mark_person(sheet, state, hit, total, options, dice, steps)
        if hit.lethal:
            steps.append(Step("Every lethal hit also causes Characteristic Damage; that page is lost, so record "
                              "the referee's value with Referee's ruling.", "Suffering Lethal Damage; RULES_NOTES 1.2"))
    elif sheet.kind in MACHINES:
        new = mark_machine(sheet, state, hit, total, steps)
    else:
        new = mark_simple(sheet, state, hit, total, options, steps)
    return {hit.target: new}, Report(title, tuple(steps), f"{total} damage: {sheet.name} is "
                                                          f"{describe(sheet, new, options).lower()}")
