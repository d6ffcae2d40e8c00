"""Resolving one attack: who hits, how many dice, what the armour stops, what the dice say, the wound.

``resolve`` is pure: the sheets, the states, the inputs, the options and a dice
source go in; the new states and a report of steps come out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ... import fields
from ...dice import DiceSource, fudge_value
from ...errors import BadField
from ...fields import combatant
from ...ladder import describe
from ...report import Report, Step, minus, number, plural, signed
from .armour import ALLOWANCE_RULE, Options, Protection, pool_after_armour, protection, wear
from .notation import WeaponMode, parse_weapon
from .sheet import Sheet, State
from .tracks import Track, load_track, mark, penalty, status, taken_out

MARGINS = ("typed", "rolled", "automatic")
MAX_MARGIN = 20
SLOW_STRIKE_DIFFICULTY = 2


@dataclass(frozen=True)
class Attack:
    """An attack's validated inputs, with the weapon mode resolved."""

    attacker: str | None        # None: a hazard such as a fire, with no attack roll
    target: str
    mode: WeaponMode
    weapon_label: str
    weapon_index: int           # which of the attacker's weapons, and which of its modes (D-TD-5)
    mode_index: int
    hazard: str                 # the hazard's notation, when there is no attacker
    margin: str                 # "typed", "rolled" or "automatic"
    margin_of_success: int      # when typed
    use_strength: bool
    slow_strike: bool
    energy_allowance: int


def read_attack(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
                track: Track) -> Attack:
    """Validate an attack's inputs against the roster; errors name the field."""
    inputs = fields.mapping(inputs, "inputs")
    target = combatant(inputs, "target", sheets, "target")
    attacker_id = inputs.get("attacker") or None
    weapon_index = mode_index = 0
    hazard = ""
    if attacker_id is None:
        hazard = fields.text(inputs, "hazard", "hazard", max_length=80)
        mode = parse_weapon(hazard, field="hazard").modes[0]
        label = f"hazard {mode.notation}"
        margin = fields.choice(inputs, "margin", "margin", ("automatic", "typed"), default="automatic")
    else:
        attacker = combatant(inputs, "attacker", sheets, "attacker")
        if attacker == target:
            raise BadField("the attacker and the target must be different combatants", field="target")
        sheet = sheets[attacker]
        if taken_out(track, states[attacker].marks):
            raise BadField(f"{sheet.name} is taken out and cannot attack", field="attacker")
        if not sheet.weapons:
            raise BadField(f"{sheet.name} has no weapon; edit the sheet to add one", field="weapon")
        weapon_index = fields.integer(inputs, "weapon", "weapon", 0, len(sheet.weapons) - 1, default=0)
        entry = sheet.weapons[weapon_index]
        mode_index = fields.integer(inputs, "mode", "mode", 0, len(entry.weapon.modes) - 1, default=0)
        mode = entry.weapon.modes[mode_index]
        label = f"{entry.name} {mode.notation}"
        margin = fields.choice(inputs, "margin", "margin", ("typed", "rolled"), default="typed")
    margin_of_success = 0
    if margin == "typed":
        # D-TD-3: a tie or a loss is no hit, so a hit has a margin of at least 1.
        margin_of_success = fields.integer(inputs, "margin_of_success", "margin_of_success", 1, MAX_MARGIN)
    return Attack(
        attacker=attacker_id, target=target, mode=mode, weapon_label=label, weapon_index=weapon_index,
        mode_index=mode_index, hazard=hazard, margin=margin, margin_of_success=margin_of_success,
        use_strength=fields.flag(inputs, "use_strength", "use_strength") if attacker_id else False,
        slow_strike=fields.flag(inputs, "slow_strike", "slow_strike"),
        energy_allowance=fields.integer(inputs, "energy_allowance", "energy_allowance", 0, 2, default=0),
    )


def attack_inputs(attack: Attack) -> dict[str, Any]:
    """The inputs as the log records them: only what the attack uses, in canonical form."""
    if attack.attacker is None:
        chosen: dict[str, Any] = {"attacker": None, "target": attack.target, "hazard": attack.hazard}
    else:
        chosen = {"attacker": attack.attacker, "target": attack.target, "weapon": attack.weapon_index,
                  "mode": attack.mode_index, "use_strength": attack.use_strength}
    chosen.update(margin=attack.margin, slow_strike=attack.slow_strike, energy_allowance=attack.energy_allowance)
    if attack.margin == "typed":
        chosen["margin_of_success"] = attack.margin_of_success
    return chosen


def attack_skill(attack: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], track: Track) -> tuple[int, int]:
    """The attacker's and defender's effective skills: ladder skill + wound penalty (- 2 for a slow strike)."""
    assert attack.attacker is not None
    offence = sheets[attack.attacker].skill + penalty(track, states[attack.attacker].marks)
    offence -= SLOW_STRIKE_DIFFICULTY if attack.slow_strike else 0
    defence = sheets[attack.target].defence + penalty(track, states[attack.target].marks)
    return offence, defence


def pool_before_armour(attack: Attack, sheets: Mapping[str, Sheet], margin: int) -> int:
    """RULES_NOTES 5.2 step 1: weapon dice + margin of success, or + Strength under the optional rule."""
    if attack.use_strength:
        return attack.mode.dice + (sheets[attack.attacker].strength if attack.attacker else 0)
    return attack.mode.dice + (0 if attack.margin == "automatic" else margin)


def shield_for(attack: Attack, target_state: State, options: Options) -> Protection:
    return protection(target_state.armour, attack.mode, options,
                      ignore_universal=attack.slow_strike, energy_allowance=attack.energy_allowance)


def resolve(attack: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Resolve one attack; return the states that changed and the report."""
    track = load_track(options.track)
    target_sheet = sheets[attack.target]
    target_state = states[attack.target]
    steps: list[Step] = []
    who = sheets[attack.attacker].name if attack.attacker else "The hazard"
    title = f"{who} attacks {target_sheet.name} with {attack.weapon_label}"
    mos = attack.margin_of_success
    if attack.margin == "rolled":
        assert attack.attacker is not None
        offence, defence = attack_skill(attack, sheets, states, track)
        for who_id, role in ((attack.attacker, "attack"), (attack.target, "defence")):
            hurt = penalty(track, states[who_id].marks)
            if hurt:
                steps.append(Step(f"{sheets[who_id].name} is {status(track, states[who_id].marks)}: "
                                  f"{signed(hurt)} to the {role} roll.", "The Wound Track"))
        wounded = {who_id: " (wounds included)" if penalty(track, states[who_id].marks) else ""
                   for who_id in (attack.attacker, attack.target)}
        attack_faces = dice.roll("attack", "dF", 4, f"{who} attacks at {describe(offence)}{wounded[attack.attacker]}: "
                                                    f"roll 4 Fudge dice for the attack")
        defence_faces = dice.roll("defence", "dF", 4, f"{target_sheet.name} defends at {describe(defence)}"
                                                      f"{wounded[attack.target]}: roll 4 Fudge dice for the defence")
        rolled_offence = offence + fudge_value(attack_faces)
        rolled_defence = defence + fudge_value(defence_faces)
        slow = f" (slow strike: {signed(-SLOW_STRIKE_DIFFICULTY)})" if attack.slow_strike else ""
        steps.append(Step(f"{who} attacks at {describe(offence)}{slow} and rolls {signed(fudge_value(attack_faces))}: "
                          f"{describe(rolled_offence)}.",
                          "FUDGE opposed action", attack_faces, "attack"))
        steps.append(Step(f"{target_sheet.name} defends at {describe(defence)} and rolls "
                          f"{signed(fudge_value(defence_faces))}: {describe(rolled_defence)}.",
                          "FUDGE opposed action", defence_faces, "defence"))
        mos = rolled_offence - rolled_defence
        if mos <= 0:
            steps.append(Step(f"Margin of success {signed(mos)}: a tie or a loss is no hit.", "D-TD-3"))
            return {}, Report(title, tuple(steps), "Miss")
        steps.append(Step(f"Margin of success {mos}: a hit.", "D-TD-3"))
    elif attack.margin == "typed":
        steps.append(Step(f"The attack hits with a margin of success of {mos}.", "The Basic Mechanic"))
    else:
        steps.append(Step("The hazard strikes without an attack roll.", "Ablative Armor example"))

    base = pool_before_armour(attack, sheets, mos)
    if attack.use_strength:
        strength = base - attack.mode.dice
        steps.append(Step(f"{attack.weapon_label} rolls {plural(attack.mode.dice, 'die', 'dice')} + Strength {signed(strength)} "
                          f"(declared before the attack, in lieu of the margin of success) = {base}.",
                          "Optional Rule: Strength and Damage"))
    elif attack.margin != "automatic":
        steps.append(Step(f"{attack.weapon_label} rolls {plural(attack.mode.dice, 'die', 'dice')} + margin of success {mos} = {base}.",
                          "The Basic Mechanic"))
    else:
        steps.append(Step(f"{attack.weapon_label} rolls {plural(base, 'die', 'dice')}.", "The Basic Mechanic"))

    shield = shield_for(attack, target_state, options)
    armour_label = target_sheet.armour_name or "armour"
    if target_state.armour.total:
        for sentence, rule in shield.reasons:
            steps.append(Step(f"{armour_label} {target_state.armour.notation}: {sentence}", rule))
    else:
        steps.append(Step(f"{target_sheet.name} wears no armour.", "Armor and Damage"))
        steps.extend(Step(sentence, rule) for sentence, rule in shield.reasons if rule == ALLOWANCE_RULE)
    pool = pool_after_armour(base, shield)
    removed_dice = max(0, base - pool) if not shield.hardened else 0
    if shield.count and not shield.hardened:
        if base <= 0:
            steps.append(Step(f"The pool is {number(base)} before armour: no dice to roll.", "D-TD-2"))
        elif pool == shield.floor and base - shield.count < shield.floor:
            why = ("but always rolls at least 1 die" if shield.floor else
                   "and this armour can reduce the pool to 0 dice")
            steps.append(Step(f"{minus(base, shield.count)} = {number(base - shield.count)}, {why}: {plural(pool, 'die', 'dice')}.",
                              "D-TD-2" if shield.floor else "Ballistic Damage" if attack.mode.symbol == "B" else "Energy Damage"))
        else:
            steps.append(Step(f"{minus(base, shield.count)} = {plural(pool, 'die', 'dice')}.", "Armor and Damage"))
    elif base <= 0:
        steps.append(Step(f"The pool is {number(base)}: no dice to roll.", "D-TD-2"))

    lead = f"Margin of success {mos}" if attack.margin != "automatic" and not attack.use_strength else \
        f"{attack.weapon_label}"
    armour_note = ""
    if pool < base and base - shield.count < pool:
        armour_note = f" ({base}, less {shield.count} for the armour, but never below {plural(pool, 'die', 'dice')})"
    elif pool < base:
        armour_note = f" ({base}, less {base - pool} for the armour)"
    faces = dice.roll("damage", "dF", pool, f"{lead}: roll {plural(pool, 'Fudge die', 'Fudge dice')} for damage"
                                            f"{armour_note}")
    hits = sum(1 for face in faces if face in attack.mode.success_faces)
    success_words = " or ".join(f"[{'+' if f == '+' else '-' if f == '-' else ' '}]"
                                for f in ("-", "0", "+") if f in attack.mode.success_faces)
    steps.append(Step(f"Rolls {plural(pool, 'die', 'dice')}: {plural(hits, 'success', 'successes')} "
                      f"on {success_words} ({attack.mode.type_name}).", "The Basic Mechanic", faces, "damage"))
    net = hits
    removed_successes = 0
    if shield.hardened:
        net = max(0, hits - shield.count)
        removed_successes = hits - net
        steps.append(Step(f"Hardened armour removes {plural(shield.count, 'success', 'successes')}: {minus(hits, shield.count)} = {net}"
                          f"{' (no less than 0)' if hits < shield.count else ''}.", "Hardened Armor"))

    new_state = target_state
    worn_by = removed_successes if shield.hardened else removed_dice
    if target_state.armour.ablative and worn_by:
        worn_armour = wear(target_state.armour, shield, worn_by)
        steps.append(Step(f"Ablative armour is used up by the {plural(worn_by, 'success', 'successes') if shield.hardened else plural(worn_by, 'die', 'dice')} "
                          f"it stopped: {target_state.armour.notation} becomes {worn_armour.notation}.",
                          "D-TD-6" if shield.hardened else "Ablative Armor"))
        new_state = replace(new_state, armour=worn_armour)

    marks, lines = mark(track, target_state.marks, net)
    for line in lines:
        steps.append(Step(line, f"The Wound Track ({track.id}); D-TD-7"))
    new_state = new_state.marked(marks, f"{who}'s {attack.weapon_label}" if attack.attacker else attack.weapon_label)
    outcome = f"{net} damage: {target_sheet.name} is {status(track, marks)}"
    if taken_out(track, marks) and not taken_out(track, target_state.marks):
        outcome = f"{net} damage: {target_sheet.name} is taken out"
    return {attack.target: new_state}, Report(title, tuple(steps), outcome)
