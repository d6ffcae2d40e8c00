"""Melee exchanges: a simultaneous round between a fighter and one to six foes (FUDGE 4.22, 4.32, 4.33, 4.34), read,
rolled and resolved.  Who hits whom once the results are known is :mod:`.who_hits`; what an attack of alternating
turns (4.23, :mod:`.alternating`) shares with the round, a side, its roll, its landing, is :mod:`.fighters`.

In a simultaneous round every fighter rolls once (an NPC may take its trait level against a PC, or share one
2dF roll with the other NPCs); with stances each result splits into an offense and a defense, and each
fighter's offense is compared with the other's defense, so both may hit.  A lone fighter against several foes is
at \u22121 a foe beyond the first, is hit by every foe who beats him, and may wound one foe only if he tied or beat
them all (and only one two levels below him if he tied the best, D-FU-7).
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
from .combat import (SHIELDS, TACTIC_WORDS, UNAWARE_RESULT, Landing, Tactics, able, minimum, read_tactics,
                     read_weapon, refuse_all_out_defense, skill, stance_words, strike)
from .damage import Blow
from .fighters import MINIMUMS, Side, landing_inputs, npc_way, read_landing, roll_for, size_penalty
from .options import Options
from .sheet import Sheet
from .who_hits import Decision, Pairing, blocked, bonus_words, decide
from .wounds import State, after_round, level, out_of_fight, round_of

FOE_INPUTS = ("foe", "foe2", "foe3", "foe4", "foe5", "foe6")


@dataclass(frozen=True)
class Round:
    fighter: str
    foes: tuple[str, ...]
    weapon: int
    foe_weapon: int
    mine: Tactics
    theirs: Tactics
    strike: str
    landing: Landing
    minimum: str


def read_round(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Round:
    inputs = fields.mapping(inputs, "inputs")
    fighter = fields.combatant(inputs, "fighter", sheets, "fighter")
    foes = [fields.combatant(inputs, "foe", sheets, "foe")]
    for key in FOE_INPUTS[1:]:
        if inputs.get(key):
            foes.append(fields.combatant(inputs, key, sheets, "foe"))
    if fighter in foes:
        raise BadField("a fighter cannot fight himself; pick someone else as the foe", field="foe")
    if len(set(foes)) != len(foes):
        raise BadField("each foe can be named once", field=FOE_INPUTS[len(set(foes))])
    able(sheets, states, fighter, options, "fighter")
    for index, foe in enumerate(foes):       # a foe out of the fight cannot fight back: he is struck unopposed
        if states[foe].dead:
            raise BadField(f"{sheets[foe].name} is dead", field=FOE_INPUTS[index])
    strike_at = str(inputs.get("strike") or "")
    if strike_at and strike_at not in foes:
        raise BadField("the fighter can only strike one of his foes in this round", field="strike")
    stances = options.stances == "on"
    mine, theirs = read_tactics(inputs, "", stances), read_tactics(inputs, "foes_", stances)
    refuse_all_out_defense(sheets[fighter], states[fighter], mine.tactic, "tactic")
    for foe in foes:
        refuse_all_out_defense(sheets[foe], states[foe], theirs.tactic, "foes_tactic")
    return Round(fighter, tuple(foes), read_weapon(inputs, "weapon", sheets[fighter]),
                 read_weapon(inputs, "foe_weapon", sheets[foes[0]]), mine, theirs, strike_at if len(foes) > 1 else "",
                 read_landing(inputs, options),
                 fields.choice(inputs, "minimum", "minimum", MINIMUMS, default="scale"))


def round_inputs(chosen: Round, options: Options) -> dict[str, Any]:
    out: dict[str, Any] = {"fighter": chosen.fighter}
    for key, foe in zip(FOE_INPUTS, chosen.foes):
        out[key] = foe
    stances = options.stances == "on"
    out.update({"weapon": chosen.weapon, "foe_weapon": chosen.foe_weapon, **chosen.mine.to_dict("", stances),
                **chosen.theirs.to_dict("foes_", stances), **landing_inputs(chosen.landing, options),
                "minimum": chosen.minimum})
    if chosen.strike:
        out["strike"] = chosen.strike
    return out


def against(own: Side, other: Side, options: Options) -> tuple[int, list[str]]:
    """What facing ``other`` costs ``own``: the other's shield (seed 4.31) and a smaller weapon."""
    shield = SHIELDS[other.sheet.shield]["melee"]
    size = size_penalty(own, other, options)
    notes = [note for note, on in ((f"\u2212{shield} for {other.sheet.name}'s shield", shield),
                                   ("\u22121 for the smaller weapon", size)) if on]
    return size - shield, notes


def pair(own: Side, other: Side, options: Options, per_pair: bool) -> tuple[int, int, list[str]]:
    """``own``'s offense and defense results against ``other``: the stance, a Stun's \u22121 to defend, and, for
    a lone fighter facing several foes, what each foe's shield and weapon cost him (one foe's are in the skill)."""
    cost, notes = against(own, other, options) if per_pair else (0, [])
    if own.state.stunned:
        notes.append("\u22121 to defend, Stunned")
    base = own.result + cost
    offense = base + own.tactics.stance
    defense = base - own.tactics.stance - (1 if own.state.stunned else 0)
    return offense, defense, notes


def prepare_round(chosen: Round, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options
                  ) -> tuple[list[Side], list[str], list[Step]]:
    """Each side's effective skill before the dice, how its result is found, and the steps that say so."""
    fighter_sheet = sheets[chosen.fighter]
    foes = chosen.foes
    sides = [Side(chosen.fighter, fighter_sheet, states[chosen.fighter], chosen.mine, chosen.weapon)] + [
        Side(foe, sheets[foe], states[foe], chosen.theirs, chosen.foe_weapon if index == 0 else 0)
        for index, foe in enumerate(foes)]
    steps: list[Step] = []
    if len(foes) > 1:
        steps.append(Step(f"{fighter_sheet.name} faces {len(foes)} foes: \u2212{len(foes) - 1} for the foes beyond "
                          "the first, one roll compared with each foe's.", "FUDGE 4.34"))
    ways = []
    for index, side in enumerate(sides):
        lone = index == 0 and len(foes) > 1
        tactic_bonus = {"all_out_offense": 1, "all_out_defense": 2}.get(side.all_out, 0)
        cost, notes = (0, []) if lone else against(side, sides[1] if index == 0 else sides[0], options)
        extra = side.tactics.modifier + tactic_bonus - (len(foes) - 1 if lone else 0) + cost
        words = ", ".join(part for part in (
            f"{signed(side.tactics.modifier)} the GM's modifier" if side.tactics.modifier else "",
            f"{signed(tactic_bonus)} all-out" if tactic_bonus else "",
            f"\u2212{len(foes) - 1} outnumbered" if lone else "", *notes) if part)
        down = out_of_fight(side.sheet, side.state, options)
        if side.all_out == "unaware" or down:
            if down:
                side.tactics = replace(side.tactics, tactic="unaware")
            side.value = UNAWARE_RESULT
            ways.append("unaware")
            why = "is out of the fight" if down else TACTIC_WORDS["unaware"]
            steps.append(Step(f"{side.sheet.name} {why}: an attack on him is an unopposed action against Poor, and "
                              "he cannot hurt anyone.", "FUDGE 4.22"))
            continue
        side.value, said = skill(side.sheet, side.state, options, side.sheet.offense, side.sheet.offense_plus,
                                 "combat skill", extra=extra, extra_words=words)
        ways.append(npc_way(sheets, side.who, foes if index == 0 else (chosen.fighter,), options))
        how = TACTIC_WORDS[side.all_out] if side.all_out != "normal" or options.stances != "on" else ""
        how = ", ".join(part for part in (stance_words(side.tactics.stance) if options.stances == "on" else "",
                                          how) if part)
        steps.append(Step(f"{side.sheet.name} {how}, at {describe(side.value)} ({said}).",
                          "FUDGE 4.31, 4.32" if options.stances == "on" else "FUDGE 4.31"))
    return sides, ways, steps


def pairing_of(fighter: Side, foe: Side, chosen: Round, options: Options, lone: bool
               ) -> tuple[Pairing, list[str], int, int]:
    """The fighter against one foe once both results are known: the pairing, the notes on it, and the
    fighter's and the foe's defense (for the report)."""
    f_off, f_def, notes = pair(fighter, foe, options, lone)
    o_off, o_def, foe_notes = pair(foe, fighter, options, False)
    said = [f"{side.sheet.name} {', '.join(kept)}" for side, kept in ((fighter, notes), (foe, foe_notes)) if kept]
    return (Pairing(f_off - o_def, o_off - f_def, f_off, o_off, minimum(fighter.sheet, foe.sheet, chosen.minimum)[0],
                    minimum(foe.sheet, fighter.sheet, chosen.minimum)[0]), said, f_def, o_def)


def pairings_of(sides: list[Side], chosen: Round, options: Options) -> list[tuple[Pairing, list[str], int, int]]:
    return [pairing_of(sides[0], foe, chosen, options, len(sides) > 2) for foe in sides[1:]]


def resolve_round(chosen: Round, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                  dice: DiceSource) -> tuple[dict[str, State], Report]:
    round_number = round_of(states[chosen.fighter])
    foes = chosen.foes
    sides, ways, steps = prepare_round(chosen, sheets, states, options)
    group: dict[str, Any] = {}
    for index, (side, way) in enumerate(zip(sides, ways)):
        name = "fighter" if index == 0 else FOE_INPUTS[index - 1]
        side.roll, step = roll_for(side, way, name, dice, group,
                                   f"{side.sheet.name} fights at {describe(side.value)}: roll 4 Fudge dice")
        if step:
            steps.append(step)
        side.result = side.value + (side.roll or 0)
        if side.roll is not None:
            steps.append(Step(f"{side.sheet.name}'s result: {describe(side.result)}.", "FUDGE 4.22"))
    fighter = sides[0]
    pairings = []
    for foe, (paired, notes, f_def, o_def) in zip(sides[1:], pairings_of(sides, chosen, options)):
        pairings.append(paired)
        note = "; ".join(notes)
        if options.stances == "on":
            steps.append(Step(f"{fighter.sheet.name}'s offense {describe(paired.my_offense)} against "
                              f"{foe.sheet.name}'s defense {describe(o_def)}: {signed(paired.mine)}. "
                              f"{foe.sheet.name}'s "
                              f"offense {describe(paired.their_offense)} against {fighter.sheet.name}'s defense "
                              f"{describe(f_def)}: {signed(paired.theirs)}." + (f" ({note})" if note else ""),
                              "FUDGE 4.32"))
        else:
            steps.append(Step(f"{fighter.sheet.name} {describe(paired.my_offense)} against {foe.sheet.name} "
                              f"{describe(paired.their_offense)}: relative degree {signed(paired.mine)}."
                              + (f" ({note})" if note else ""), "FUDGE 4.22"))
    decision = decide(tuple(pairings), tuple(side.all_out for side in sides),
                      tuple(blocked(side) != "" for side in sides),
                      options.stances == "on", foes.index(chosen.strike) + 1 if chosen.strike else 0)
    for what, index in decision.notes:
        steps.append(Step(say(what, index, sides, decision, chosen, sheets), "FUDGE 4.34, D-FU-7" if len(foes) > 1
                          else "FUDGE 4.22"))
    # The round passes for everyone in it: Stuns wear off, a speed contest's edge is spent.
    began = {side.who: level(side.sheet, side.state, options) for side in sides}
    new: dict[str, State] = {side.who: after_round(side.state) for side in sides}
    headlines = []
    for hit in decision.hits:
        striker, struck = sides[hit.striker], sides[hit.struck]
        roll_name = "damage" if hit.striker == 0 else f"damage_{FOE_INPUTS[hit.striker - 1]}"
        blow = Blow(striker.sheet, struck.sheet, striker.weapon, hit.degree, hit.bonus,
                    bonus_words(hit.why, struck.sheet.name), roll_name, striker.roll, struck.roll)
        landing = chosen.landing if striker is fighter else Landing(fudge_point=chosen.landing.fudge_point)
        new[struck.who], hit_steps, headline = strike(
            blow, striker.tactics, landing, struck.who, new[struck.who], began[struck.who], options, dice,
            f"{striker.sheet.name}, round {round_number}", hit.offense)
        steps += hit_steps
        headlines.append(f"{striker.sheet.name} hits {struck.sheet.name}: {headline}")
    for index, side in enumerate(sides):
        was_hit = any(hit.struck == index for hit in decision.hits)
        if side.tactics.spotted and side.all_out == "all_out_defense" and not was_hit:
            for other in (sides[1:] if index == 0 else [sides[0]]):
                new[other.who] = replace(new[other.who], edge=-1, edge_why=f"after {side.sheet.name}'s all-out defense")
                steps.append(Step(f"{side.sheet.name} defended all-out and spotted an opening: {other.sheet.name} is "
                                  "\u22121 next round.", "FUDGE 4.31"))
    if not decision.hits:
        outcome = "A stand-off: nobody is hurt" if not decision.notes else "Nobody is hurt"
    else:
        outcome = "; ".join(headlines)
    title = f"Round {round_number}: {fighter.sheet.name} against " + ", ".join(s.sheet.name for s in sides[1:])
    return new, Report(title, tuple(steps), outcome)

def struck_first(sides: list[Side], decision: Decision) -> str:
    """Whom the fighter strikes instead of the foe he named, or no one."""
    return sides[decision.hits[0].struck].sheet.name if decision.hits and decision.hits[0].striker == 0 else "no one"


def say(what: str, index: int, sides: list[Side], decision: Decision, chosen: Round,
        sheets: Mapping[str, Sheet]) -> str:
    """A decision's note as a referee says it."""
    fighter, side = sides[0].sheet.name, sides[index].sheet.name

    def least(striker: Side, struck: Side) -> str:
        return minimum(striker.sheet, struck.sheet, chosen.minimum)[1]

    names = ", ".join(sides[candidate].sheet.name for candidate in decision.candidates)
    return {
        "foe_blocked": f"{side} wins against {fighter} but is {blocked(sides[index])}.",
        "foe_below": f"{side} wins against {fighter}, but below {least(sides[index], sides[0])}: no hit.",
        "fighter_blocked": f"{fighter} is {blocked(sides[0])}.",
        "lost_some": f"{fighter} did not tie or beat every foe, so he wounds no one.",
        "fighter_below": f"{fighter} beats {side}, but below {least(sides[0], sides[index])}: no hit.",
        "tied_best": f"{fighter} tied his best foe, so he may only wound a foe at least two levels below his result"
                     + (f": {names}." if names else ", and none is."),
        "unreachable": f"{fighter} cannot wound {side} this round, so he strikes "
                       f"{struck_first(sides, decision)}.",
        "choice": f"{fighter} may wound any of {names}; he strikes {side}.",
    }[what]
