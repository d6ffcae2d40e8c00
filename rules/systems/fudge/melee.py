"""Melee exchanges: a simultaneous round between a fighter and one to six foes (FUDGE 4.22, 4.32, 4.33, 4.34),
and what an attack of alternating turns (4.23, ``alternating``) shares with it: a side, its roll, its landing.

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
from ...dice import DiceSource, fudge_value
from ...errors import BadField
from ...ladder import describe
from ...report import Report, Step, show_fudge, signed
from .combat import (PARTS, SHIELDS, TACTIC_WORDS, UNAWARE_RESULT, Landing, Tactics, able, can_attack, minimum,
                     read_tactics, read_weapon, refuse_all_out_defense, skill, stance_words, strike, weapon_of)
from .damage import Blow
from .options import Options
from .sheet import Sheet
from .wounds import State, after_round, level, out_of_fight, round_of

FOE_INPUTS = ("foe", "foe2", "foe3", "foe4", "foe5", "foe6")
MINIMUMS = ("scale", "-3", "-2", "-1", "0", "1", "2", "3")
MAX_NEED = 8


def read_landing(inputs: Mapping[str, Any], options: Options) -> Landing:
    aim = fields.choice(inputs, "aim", "aim", ("none", *PARTS), default="none")
    need = fields.integer(inputs, "need", "need", 1, MAX_NEED, default=PARTS[aim]["need"] if aim != "none" else 2)
    point = fields.flag(inputs, "fudge_point", "fudge_point") if options.death_fudge_point != "off" else False
    return Landing(aim, need, point)


def landing_inputs(landing: Landing, options: Options) -> dict[str, Any]:
    out: dict[str, Any] = {"aim": landing.aim}
    if landing.aim != "none":
        out["need"] = landing.need
    if options.death_fudge_point != "off":
        out["fudge_point"] = landing.fudge_point
    return out


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


@dataclass
class Side:
    """One fighter in the round as it is worked out."""

    who: str
    sheet: Sheet
    state: State
    tactics: Tactics
    weapon_index: int
    value: int = 0              # effective skill
    roll: int | None = None     # 4dF (or 2dF) total; None for an NPC taking its trait level
    result: int = 0

    @property
    def weapon(self) -> Any:
        return weapon_of(self.sheet, self.weapon_index)[0]

    @property
    def all_out(self) -> str:
        return self.tactics.tactic


def npc_way(sheets: Mapping[str, Sheet], who: str, opponents: tuple[str, ...], options: Options) -> str:
    """How an NPC's result is found (seed 4.33, 4.34): rolled, its trait level against a PC, or the one 2dF roll."""
    if not sheets[who].npc or options.npc_rolls == "rolled":
        return "rolled"
    if options.npc_rolls == "fixed":
        return "fixed" if any(not sheets[other].npc for other in opponents) else "rolled"
    return "group"


def roll_for(side: Side, way: str, name: str, dice: DiceSource, group: dict[str, Any], why: str) -> tuple[int | None,
                                                                                                          Step | None]:
    """A fighter's roll: 4dF, none (his trait level, or he cannot fight), or the NPCs' shared 2dF."""
    if way == "unaware":
        return None, None
    if way == "fixed":
        return None, Step(f"{side.sheet.name} is an NPC facing a PC: the result is the skill level, "
                          f"{describe(side.value)}, with no roll.", "FUDGE 4.33")
    if way == "group":
        if "faces" not in group:
            faces = dice.roll("npcs", "dF", 2, "One roll for all the NPCs: roll 2 Fudge dice")
            group["faces"] = faces
            total = fudge_value(faces)
            return total, Step(f"One roll for all the NPCs: {show_fudge(faces)} = {signed(total)}, applied to "
                               "each.", "FUDGE 4.34", faces, "npcs")
        return fudge_value(group["faces"]), None
    faces = dice.roll(name, "dF", 4, why)
    return fudge_value(faces), Step(f"{side.sheet.name} rolls {show_fudge(faces)} = {signed(fudge_value(faces))}.",
                                    "FUDGE 4.22", faces, name)


def size_penalty(own: Side, other: Side, options: Options) -> int:
    """Weapon size (seed 4.31, recovered): two or more behind in weapon and shield is \u22121 to skill."""
    if options.weapon_size != "on":
        return 0
    mine = own.weapon.factor() + SHIELDS[own.sheet.shield]["melee"]
    theirs = other.weapon.factor() + SHIELDS[other.sheet.shield]["melee"]
    return -1 if theirs - mine >= 2 else 0


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


@dataclass(frozen=True)
class Pairing:
    """The fighter against one foe, once both have rolled."""

    mine: int               # the fighter's offense less the foe's defense
    theirs: int             # the foe's offense less the fighter's defense
    my_offense: int
    their_offense: int
    my_minimum: int         # the least result that hits (seed 4.22)
    their_minimum: int


@dataclass(frozen=True)
class Hit:
    striker: int            # 0 is the fighter, 1.. the foes in order
    struck: int
    degree: int
    bonus: int
    why: str                # "won_all_out", "lost_all_out", "tied_all_out", "both_all_out" or ""
    offense: int


@dataclass(frozen=True)
class Decision:
    hits: tuple[Hit, ...]
    notes: tuple[tuple[str, int], ...]      # what to say, about which side
    candidates: tuple[int, ...] = ()


def _bonus(striker_tactic: str, struck_tactic: str, degree: int) -> tuple[int, str]:
    """The damage all-out offense adds (seed 4.31, D-FU-12, D-FU-26): +1 when the striker attacked all-out and
    won, +2 when the struck one attacked all-out and lost or tied, and both (+3) when both attacked all-out."""
    won = 1 if striker_tactic == "all_out_offense" and degree > 0 else 0
    lost = 2 if struck_tactic == "all_out_offense" else 0
    why = {(1, 2): "both_all_out", (1, 0): "won_all_out", (0, 2): "tied_all_out" if degree == 0 else "lost_all_out"}
    return won + lost, why.get((won, lost), "")


def bonus_words(why: str, struck: str) -> str:
    return {"won_all_out": "for attacking all-out", "lost_all_out": f"since {struck} attacked all-out and lost",
            "tied_all_out": f"since {struck} attacked all-out and tied", "": "",
            "both_all_out": f"for attacking all-out and winning (+1), and since {struck} attacked all-out and lost "
                            "(+2)"}[why]


def decide(pairings: tuple[Pairing, ...], tactics: tuple[str, ...], blocked: tuple[bool, ...], stances: bool,
           strike: int) -> Decision:
    """Who hits whom (seed 4.22, 4.31, 4.32, 4.34, D-FU-7, D-FU-12), from the margins alone: every foe who beats
    the fighter hits him; the fighter wounds one foe at most, and only if he lost to none."""
    hits: list[Hit] = []
    notes: list[tuple[str, int]] = []
    many = len(pairings) > 1
    mine_tactic = tactics[0]
    plain = not stances

    def all_out_loses_tie(attacker: str, other: str) -> bool:
        return plain and attacker == "all_out_offense" and other == "normal"

    for index, paired in enumerate(pairings, start=1):
        tie_win = paired.theirs == 0 and all_out_loses_tie(mine_tactic, tactics[index])
        if paired.theirs > 0 or tie_win:
            if blocked[index]:
                notes.append(("foe_blocked", index))
            elif paired.their_offense < paired.their_minimum:
                notes.append(("foe_below", index))
            else:
                bonus, why = _bonus(tactics[index], mine_tactic, paired.theirs)
                hits.append(Hit(index, 0, paired.theirs, bonus, why, paired.their_offense))
    if blocked[0]:
        if any(paired.mine > 0 for paired in pairings):
            notes.append(("fighter_blocked", 0))
        return Decision(tuple(hits), tuple(notes))
    lost = [index for index, paired in enumerate(pairings, start=1)
            if paired.mine < 0 or (paired.mine == 0 and all_out_loses_tie(mine_tactic, tactics[index]))]
    if many and lost:
        notes.append(("lost_some", 0))
        return Decision(tuple(hits), tuple(notes))
    tied = [index for index, paired in enumerate(pairings, start=1)
            if paired.mine == 0 and index not in lost and not all_out_loses_tie(tactics[index], mine_tactic)]
    need = 2 if tied and many else 1
    candidates = []
    for index, paired in enumerate(pairings, start=1):
        won = paired.mine >= need or (paired.mine == 0 and all_out_loses_tie(tactics[index], mine_tactic))
        if won and paired.my_offense < paired.my_minimum:
            notes.append(("fighter_below", index))
        elif won:
            candidates.append(index)
    if tied and many:
        notes.append(("tied_best", 0))
    if candidates:
        target = strike if strike in candidates else candidates[0]
        if strike and strike != target:
            notes.append(("unreachable", strike))
        elif len(candidates) > 1:
            notes.append(("choice", target))
        paired = pairings[target - 1]
        bonus, why = _bonus(mine_tactic, tactics[target], paired.mine)
        hits.insert(0, Hit(0, target, paired.mine, bonus, why, paired.my_offense))
    return Decision(tuple(hits), tuple(notes), tuple(candidates))


def blocked(side: Side) -> str:
    """Why a fighter cannot hurt anyone this round: stunned, defending all-out or only defending, or unable."""
    return can_attack(side.state) or {
        "all_out_defense": "defending all-out, so cannot hurt anyone",
        "defend_only": "only defending, so cannot hurt anyone",
        "unaware": "unable to fight this round"}.get(side.all_out, "")


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

