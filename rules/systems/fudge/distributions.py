"""The distributions the exact odds of every FUDGE action are built from (:mod:`.chances`): a fighter's roll totals
(4dF, or the NPCs' one 2dF roll, FUDGE 4.33, 4.34), the wounds a blow does over every damage roll, and the struck one's
state after it, through the same landing code as a resolution (:func:`.combat.land`), with the chart that pools those
states in the card's words.

A blow's outcome (the struck one's state after it) is worked out once per blow and damage-roll class and kept:
the dice classes are the totals of Fudge dice (their faces count only through the total) and the sorted faces of
3d6 (Min-Mid-Max reads them sorted).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...dice import DiceNeeded, GivenDice
from ...odds import Dist, chart, fudge_dice
from .combat import Landing, Tactics, land, part_words
from .damage import Blow, degree_bonus, factor_bonus, read_dice, wound_level
from .factors import damage_factor
from .options import Options
from .sheet import PLAIN, Sheet
from .wounds import State, level, status_words

FOUR = fudge_dice(4)
UNCHANGED = "No new wound"      # the label of an outcome that leaves a fighter as he was
TWO = fudge_dice(2)


def _fudge_faces(total: int, count: int) -> tuple[str, ...]:
    """Some faces of ``count`` Fudge dice that total ``total``."""
    plus, minus = max(total, 0), max(-total, 0)
    return ("+",) * plus + ("-",) * minus + ("0",) * (count - plus - minus)


@lru_cache(maxsize=1)
def _three_d6() -> tuple[tuple[tuple[int, ...], int], ...]:
    counts: dict[tuple[int, ...], int] = {}
    for faces in itertools.product(range(1, 7), repeat=3):
        key = tuple(sorted(faces))
        counts[key] = counts.get(key, 0) + 1
    return tuple(counts.items())


def _read_classes(blow: Blow, options: Options) -> list[tuple[tuple[int, ...], int]]:
    """3d6 for Min-Mid-Max, one set of faces for each value the blow's bonus reads (the rest of a roll does not
    change the wound), with the weight of every roll that reads it."""
    factor = damage_factor(blow.attacker, blow.weapon, blow.defender, options)[0]
    bonus = factor_bonus(factor, options) + degree_bonus(blow.degree)
    classes: dict[int, tuple[tuple[int, ...], int]] = {}
    for faces, weight in _three_d6():
        value = read_dice(faces, bonus)[0]
        kept = classes.get(value)
        classes[value] = (faces, weight + (kept[1] if kept else 0))
    return list(classes.values())


def landed(blow: Blow, tactics: Tactics, landing: Landing, state: State, began: int, options: Options,
           offense: int = 0) -> Dist[State]:
    """The struck one's state after this blow, over every damage roll.  The combat rolls' totals only matter to
    the even-or-odd damage roll, and the striker's result only to a Good blow to the head, so they are dropped
    otherwise, and equal blows are worked out once."""
    if not options.damage_roll.startswith("even_odd") and (blow.attack_roll is not None or
                                                          blow.defence_roll is not None):
        blow = replace(blow, attack_roll=None, defence_roll=None)
    good = options.knockout_head == "on" and tactics.stun and landing.aim == "head" and offense >= 1
    return _landed(blow, tactics, landing, state, began, options, 1 if good else 0)


@lru_cache(maxsize=4096)
def _landed(blow: Blow, tactics: Tactics, landing: Landing, state: State, began: int, options: Options,
            offense: int) -> Dist[State]:
    # Without a called shot or a stun, where a wound lands depends on the one struck alone, not on the blow: the
    # landing is looked up by him, so blows of every degree share it.
    plain = landing.aim == "none" and not tactics.stun
    lands = _plain_blow(blow.defender) if plain else blow
    how = Tactics(pull=tactics.pull) if plain else tactics
    return _levels(blow, options).map(lambda wound: _land(lands, wound, how, landing, state, began, options,
                                                          offense))


@lru_cache(maxsize=256)
def _plain_blow(defender: Sheet) -> Blow:
    return Blow(defender, defender, PLAIN, 1)


@lru_cache(maxsize=1024)
def _levels(blow: Blow, options: Options) -> Dist[int | None]:
    """The wound levels a blow does, over every damage roll (``wound_level`` itself, once per class of roll)."""
    try:
        return Dist.always(wound_level(blow, options, GivenDice({}))[0])
    except DiceNeeded as needed:
        roll, kind, count = needed.roll, needed.die, needed.count
    classes = ([(_fudge_faces(total, count), weight) for total, weight in fudge_dice(count).weights.items()]
               if kind == "dF" else _read_classes(blow, options))
    out: dict[int | None, int] = {}
    for faces, weight in classes:
        wound = wound_level(blow, options, GivenDice({roll: list(faces)}))[0]
        out[wound] = out.get(wound, 0) + weight
    return Dist(out)


@lru_cache(maxsize=8192)
def _land(blow: Blow, wound: int | None, tactics: Tactics, landing: Landing, state: State, began: int,
          options: Options, offense: int) -> State:
    return land(blow, wound, tactics, landing, state, began, options, "", offense)[0]


def _label(sheet: Sheet, state: State, options: Options) -> tuple[tuple[int, int], str]:
    """What the struck one is left as, in the card's words, with a called shot's part if one was hit."""
    words = status_words(sheet, state, options)
    parts = "".join(f"; {part_words(part, part_level)}" for part, part_level in state.parts)
    return (level(sheet, state, options), len(words)), words + parts


def state_chart(title: str, sheet: Sheet, dist: Dist[State], options: Options, before: State) -> dict[str, Any]:
    pooled: dict[str, list[Any]] = {}
    for state, weight in dist.weights.items():
        key, words = _label(sheet, state, options)
        if state == before or (state.wounds == before.wounds and state.stuns == before.stuns
                               and state.parts == before.parts and state.knocked_out == before.knocked_out
                               and state.dead == before.dead):
            key, words = (-1, 0), f"{UNCHANGED}: {status_words(sheet, before, options)}"
        entry = pooled.setdefault(words, [key, 0])
        entry[1] += weight
    items = sorted(pooled.items(), key=lambda item: item[1][0])
    return chart(title, [(words, weight) for words, (_, weight) in items], dist.total,
                 tail=lambda first: "Worse still")


def settled(state: State) -> State:
    """What of a state an exchange's outcome shows: the round's bookkeeping (rounds, Stun counters) left out."""
    return replace(state, rounds=0, edge=0, edge_why="", hasty=False, exposed="", forfeit=False)


def struck_by_one(blows: Dist[Blow | None], tactics: Tactics, landing: Landing, began: int, options: Options,
                   state: State) -> Dist[State]:
    """One fighter struck by one blow (or none) out of ``blows``: what he is left as, from ``state``."""
    return blows.bind(lambda blow: Dist.always(state) if blow is None else
                      landed(blow, tactics, landing, state, began, options))


def accumulate(outcomes: dict[str, dict[State, Fraction]], final: Mapping[str, Dist[State]], weight: int) -> None:
    """Add one combination of rolls (of this weight) to each fighter's outcomes, as exact shares."""
    for who, dist in final.items():
        kept = outcomes[who]
        for state, state_weight in dist.weights.items():
            kept[state] = kept.get(state, Fraction(0)) + Fraction(weight * state_weight, dist.total)


def exact(outcome: Mapping[State, Fraction], total: int) -> Dist[State]:
    return Dist.exact({state: share_ / total for state, share_ in outcome.items()})


def unhurt(chart_: dict[str, Any]) -> Fraction:
    return sum((Fraction(bar["weight"], bar["total"]) for bar in chart_["bars"] if bar["label"].startswith(UNCHANGED)),
               Fraction(0))


def totals(way: str) -> list[tuple[int | None, int]]:
    """A fighter's roll totals and their weights: 4dF, none for an NPC's level, or the NPCs' 2dF."""
    if way in ("fixed", "unaware"):
        return [(None, 1)]
    return list((TWO if way == "group" else FOUR).weights.items())
