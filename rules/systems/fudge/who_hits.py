"""Who hits whom in a simultaneous round (FUDGE 4.22, 4.31, 4.32, 4.34; D-FU-7, D-FU-12, D-FU-26), from the margins
alone, once every fighter's result is known: the resolver (:mod:`.melee`) and the odds (:mod:`.chances`) both decide
through :func:`decide`.

Every foe who beats the lone fighter hits him; the fighter wounds one foe at most, and only if he tied or beat them
all (and only one two levels below him if he tied the best).  All-out offense adds to the damage: +1 to a striker who
attacked all-out and won, +2 against one who attacked all-out and lost or tied.
"""

from __future__ import annotations

from dataclasses import dataclass

from .combat import can_attack
from .fighters import Side


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
