"""One attack of alternating combat turns (FUDGE 4.23): the attacker's offense against the defender's defense.

All-out offense is +1 to attack and +1 to damage if it wins, and costs the attacker his defense on the opponent's
next turn (\u22122, or none as an option; D-FU-13, D-FU-25); all-out defense is +2 to defend and forfeits the
defender's attack this round.  A defender who cannot defend (unaware, without defense after his own all-out
attack, or out of the fight: Incapacitated, Near Death, knocked out, D-FU-27) makes no roll: the attack is an
unopposed action against the least result that hits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...ladder import describe
from ...report import Report, Step, signed
from .combat import (SHIELDS, TACTIC_WORDS, Landing, Tactics, minimum, read_tactics, read_weapon,
                     refuse_all_out_defense, skill, strike, striker_and_target)
from .damage import Blow
from .fighters import MINIMUMS, Side, landing_inputs, npc_way, read_landing, roll_for, size_penalty
from .options import Options
from .sheet import Sheet
from .wounds import State, level, out_of_fight


@dataclass(frozen=True)
class Attack:
    attacker: str
    defender: str
    weapon: int
    mine: Tactics
    theirs: Tactics
    landing: Landing
    minimum: str


def read_attack(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Attack:
    inputs = fields.mapping(inputs, "inputs")
    attacker, defender = striker_and_target(inputs, sheets, states, options, "attacker", "defender")
    if states[attacker].forfeit:
        raise BadField(f"{sheets[attacker].name} defended all-out this round and forfeits his attack; end the round "
                       "with Time first", field="attacker")
    mine = read_tactics(inputs, "", stances=False)        # stances belong to simultaneous rounds (seed 4.32)
    theirs = read_tactics(inputs, "defender_", stances=False)
    if mine.tactic == "all_out_defense":
        raise BadField("the attacker attacks: all-out defense is the defender's choice", field="tactic")
    if mine.tactic not in ("normal", "all_out_offense"):
        raise BadField("the attacker attacks, normally or all-out", field="tactic")
    if theirs.tactic not in ("normal", "all_out_defense", "unaware"):
        raise BadField("the defender defends, normally or all-out, or is unaware of the attack",
                       field="defender_tactic")
    refuse_all_out_defense(sheets[defender], states[defender], theirs.tactic, "defender_tactic")
    return Attack(attacker, defender, read_weapon(inputs, "weapon", sheets[attacker]), mine, theirs,
                  read_landing(inputs, options), fields.choice(inputs, "minimum", "minimum", MINIMUMS,
                                                               default="scale"))


def attack_inputs(chosen: Attack, options: Options) -> dict[str, Any]:
    return {"attacker": chosen.attacker, "defender": chosen.defender, "weapon": chosen.weapon,
            **chosen.mine.to_dict("", False), **chosen.theirs.to_dict("defender_", False),
            **landing_inputs(chosen.landing, options), "minimum": chosen.minimum}


def prepare_attack(chosen: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options
                   ) -> tuple[Side, Side | None, list[str], list[Step]]:
    """The attacker's and the defender's effective skills before the dice (no defender: he attacked all-out last
    turn and has no defense at all), how each result is found, and the steps that say so."""
    a_sheet, d_sheet = sheets[chosen.attacker], sheets[chosen.defender]
    a_state, d_state = states[chosen.attacker], states[chosen.defender]
    attacker = Side(chosen.attacker, a_sheet, a_state, chosen.mine, chosen.weapon)
    defender = Side(chosen.defender, d_sheet, d_state, chosen.theirs, 0)
    steps: list[Step] = []
    shield = SHIELDS[d_sheet.shield]["melee"]
    size = size_penalty(attacker, defender, options)
    a_extra = chosen.mine.modifier + (1 if chosen.mine.tactic == "all_out_offense" else 0) \
        - (1 if a_state.hasty else 0) + size - shield
    a_words = ", ".join(part for part in (
        f"{signed(chosen.mine.modifier)} the GM's modifier" if chosen.mine.modifier else "",
        "+1 all-out" if chosen.mine.tactic == "all_out_offense" else "",
        "\u22121 for attacking hastily" if a_state.hasty else "",
        f"\u2212{shield} for {d_sheet.name}'s shield" if shield else "",
        "\u22121 for the smaller weapon" if size else "") if part)
    attacker.value, said = skill(a_sheet, a_state, options, a_sheet.offense, a_sheet.offense_plus, "combat skill",
                                 extra=a_extra, extra_words=a_words)
    steps.append(Step(f"{a_sheet.name} {TACTIC_WORDS[chosen.mine.tactic]}, at {describe(attacker.value)} ({said}).",
                      "FUDGE 4.23"))
    ways = [npc_way(sheets, chosen.attacker, (chosen.defender,), options)]
    if no_defense(chosen, d_sheet, d_state, options):
        return attacker, None, ways, steps
    own_shield = SHIELDS[a_sheet.shield]["melee"]
    d_extra = chosen.theirs.modifier + (2 if chosen.theirs.tactic == "all_out_defense" else 0) \
        - (1 if d_state.hasty else 0) - (1 if d_state.stunned else 0) \
        - (2 if d_state.exposed == "minus_two" else 0) - own_shield
    d_words = ", ".join(part for part in (
        f"{signed(chosen.theirs.modifier)} the GM's modifier" if chosen.theirs.modifier else "",
        "+2 all-out" if chosen.theirs.tactic == "all_out_defense" else "",
        "\u22121 for attacking hastily" if d_state.hasty else "", "\u22121 Stunned" if d_state.stunned else "",
        "\u22122 after attacking all-out" if d_state.exposed == "minus_two" else "",
        f"\u2212{own_shield} for {a_sheet.name}'s shield" if own_shield else "") if part)
    defender.value, said = skill(d_sheet, d_state, options, d_sheet.defense, d_sheet.defense_plus, "defense",
                                 extra=d_extra, extra_words=d_words)
    word = "defends all-out" if chosen.theirs.tactic == "all_out_defense" else "defends"
    steps.append(Step(f"{d_sheet.name} {word} at {describe(defender.value)} ({said}).", "FUDGE 4.23"))
    ways.append(npc_way(sheets, chosen.defender, (chosen.attacker,), options))
    return attacker, defender, ways, steps


def no_defense(chosen: Attack, sheet: Sheet, state: State, options: Options) -> str:
    """Why the defender makes no defense roll, or "": out of the fight, so incapable of any action, defending
    included (D-FU-27: attacked as if unaware); unaware; or without defense after attacking all-out (seed 4.23)."""
    if out_of_fight(sheet, state, options):
        return "is out of the fight and cannot defend"
    if chosen.theirs.tactic == "unaware":
        return "is unaware of the attack"
    return "attacked all-out last turn and has no defense" if state.exposed == "no_defense" else ""


def defense_made(chosen: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Tactics:
    """The defense the defender made: none at all when he is out of the fight, whatever was chosen for him, so
    an all-out defense he cannot make forfeits nothing (D-FU-27)."""
    return Tactics() if out_of_fight(sheets[chosen.defender], states[chosen.defender], options) else chosen.theirs


def defended(chosen: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> State:
    """The defender once the attack is over, with the defense he made."""
    return after_defense(states[chosen.defender], defense_made(chosen, sheets, states, options))


def after_defense(state: State, tactics: Tactics) -> State:
    """The defender once his defense is used: an all-out one forfeits his attack this round (seed 4.23), a Stun's
    one turn is over (seed 4.62), and what an all-out offense or a contest left him is spent."""
    return replace(state, exposed="", edge=0, edge_why="", stunned=0,
                   forfeit=state.forfeit or tactics.tactic == "all_out_defense")


def attack_degree(attacker: Side, defender: Side | None, low: int) -> int:
    """The relative degree of an attack once the results are known, 0 for a miss: against a defense, the
    difference, if the attack also reaches the least result that hits; with no defense, an unopposed roll
    against that least result, where meeting it is a bare hit (+1)."""
    if defender is None:
        return max(0, attacker.result - low + 1)
    degree = attacker.result - defender.result
    return degree if degree > 0 and attacker.result >= low else 0


def resolve_attack(chosen: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                   dice: DiceSource) -> tuple[dict[str, State], Report]:
    """One attack of alternating turns (seed 4.23): the attacker's offense against the defender's defense."""
    a_sheet, d_sheet = sheets[chosen.attacker], sheets[chosen.defender]
    a_state, d_state = states[chosen.attacker], states[chosen.defender]
    attacker, defender, ways, steps = prepare_attack(chosen, sheets, states, options)
    group: dict[str, Any] = {}
    attacker.roll, step = roll_for(attacker, ways[0], "attack", dice, group,
                                   f"{a_sheet.name} attacks at {describe(attacker.value)}: roll 4 Fudge dice")
    if step:
        steps.append(step)
    attacker.result = attacker.value + (attacker.roll or 0)
    low, low_words = minimum(a_sheet, d_sheet, chosen.minimum)
    if defender is None:
        degree = attack_degree(attacker, None, low)
        why = no_defense(chosen, d_sheet, d_state, options)
        steps.append(Step(f"{d_sheet.name} {why}: an unopposed attack against {low_words}. "
                          f"{a_sheet.name}'s {describe(attacker.result)} " +
                          (f"meets it: a hit by {signed(degree)}." if degree > 0 else "misses."),
                          "FUDGE 4.23, D-FU-27" if why.startswith("is out") else "FUDGE 4.23, D-FU-13"))
    else:
        defender.roll, step = roll_for(defender, ways[1], "defense", dice, group,
                                       f"{d_sheet.name} defends at {describe(defender.value)}: roll 4 Fudge dice")
        if step:
            steps.append(step)
        defender.result = defender.value + (defender.roll or 0)
        difference = attacker.result - defender.result
        degree = attack_degree(attacker, defender, low)
        steps.append(Step(f"{a_sheet.name} {describe(attacker.result)} against {d_sheet.name} "
                          f"{describe(defender.result)}: relative degree {signed(difference)}.", "FUDGE 4.23"))
        if difference > 0 and not degree:
            steps.append(Step(f"{describe(attacker.result)} is below {low_words}: no hit.", "FUDGE 4.22"))
    new = dict(states)
    defense = defense_made(chosen, sheets, states, options)
    new[chosen.defender] = defended(chosen, sheets, states, options)
    new[chosen.attacker] = replace(a_state, edge=0, edge_why="",
                                   exposed=(options.all_out_alternating
                                            if chosen.mine.tactic == "all_out_offense" else ""))
    if chosen.mine.tactic == "all_out_offense":
        steps.append(Step(f"Having attacked all-out, {a_sheet.name} is " +
                          ("\u22122 to defend" if options.all_out_alternating == "minus_two" else "without defense")
                          + " on the opponent's next turn.", "FUDGE 4.23, D-FU-13"))
    if defense.tactic == "all_out_defense":
        steps.append(Step(f"{d_sheet.name} forfeits his attack this round for the all-out defense.", "FUDGE 4.23"))
    outcome = "Missed"
    if degree > 0:
        bonus, why = (1, "for attacking all-out") if chosen.mine.tactic == "all_out_offense" else (0, "")
        blow = Blow(a_sheet, d_sheet, attacker.weapon, degree, bonus, why, "damage", attacker.roll,
                    defender.roll if defender else None)
        began = level(d_sheet, d_state, options)
        new[chosen.defender], hit_steps, headline = strike(
            blow, chosen.mine, chosen.landing, chosen.defender, new[chosen.defender], began, options, dice,
            f"{a_sheet.name}, round {a_state.rounds + 1}", attacker.result)
        steps += hit_steps
        outcome = f"{a_sheet.name} hits {d_sheet.name}: {headline}"
    elif defender is not None:
        steps.append(Step("The attack is parried, blocked or dodged.", "FUDGE 4.23"))
    return new, Report(f"{a_sheet.name} attacks {d_sheet.name}", tuple(steps), outcome)

