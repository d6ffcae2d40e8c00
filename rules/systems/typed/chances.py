"""Exact odds of an attack before anything is rolled.

The margin of success is fixed when typed in, or comes from the opposed 4dF
rolls; for each margin the pool is known, its successes follow a binomial law
over the three Fudge faces, hardened armour takes successes off, and the
wound track turns successes into the target's resulting condition.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Union

from ...odds import Dist, fudge_dice, successes
from .armour import Options, pool_after_armour
from .attack import Attack, attack_skill, pool_before_armour, shield_for
from .sheet import Sheet, State
from .tracks import Track, load_track, mark, status, taken_out, worst_level

MISS = "miss"
Outcome = Union[int, str]


def margin_dist(attack: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State], track: Track) -> Dist[int]:
    """The margin of success: fixed, or skill difference plus 4dF - 4dF when rolled."""
    if attack.margin == "rolled":
        offence, defence = attack_skill(attack, sheets, states, track)
        return (fudge_dice(4) - fudge_dice(4)).map(lambda roll: offence - defence + roll)
    return Dist.always(attack.margin_of_success)


def damage_dist(attack: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State],
                options: Options) -> Dist[Outcome]:
    """Successes that reach the wound track, or ``"miss"``."""
    track = load_track(options.track)
    shield = shield_for(attack, states[attack.target], options)

    def for_margin(margin: int) -> Dist[Outcome]:
        if attack.margin == "rolled" and margin <= 0:
            return Dist.always(MISS)
        pool = pool_after_armour(pool_before_armour(attack, sheets, margin), shield)
        hits = successes(pool, len(attack.mode.success_faces))
        return hits.map(lambda h: max(0, h - shield.count) if shield.hardened else h)

    return margin_dist(attack, sheets, states, track).bind(for_margin)


def condition_after(track: Track, marks: tuple[int, ...], outcome: Outcome) -> tuple[int, str]:
    """(severity rank, label) of the target's condition after the hit; misses rank lowest."""
    if outcome == MISS:
        return (-1, "Miss")
    new_marks, _ = mark(track, marks, int(outcome))
    if taken_out(track, new_marks):
        return (len(track.levels) + 1, "Taken out")
    level = worst_level(track, new_marks)
    rank = 0 if level is None else track.levels.index(level) + 1
    return (rank, status(track, new_marks))


def attack_odds(attack: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State],
                options: Options) -> dict[str, Any]:
    """The odds view: successes and resulting condition, each as exact fractions and percentages."""
    track = load_track(options.track)
    damage = damage_dist(attack, sheets, states, options)
    marks = states[attack.target].marks
    conditions = damage.map(lambda outcome: condition_after(track, marks, outcome))
    hit = 1 - damage.probability(MISS)
    fixed_pool = None
    if attack.margin != "rolled":
        shield = shield_for(attack, states[attack.target], options)
        fixed_pool = pool_after_armour(pool_before_armour(attack, sheets, attack.margin_of_success), shield)
    expected = sum((Fraction(w) * (0 if o == MISS else int(o)) for o, w in damage.weights.items()), Fraction(0))
    return {
        "title": f"{attack.weapon_label} against {sheets[attack.target].name}",
        "pool": fixed_pool,
        "hit": _share(hit),
        "expected_damage": round(float(expected / damage.total), 3),
        "successes": [
            {"label": "Miss" if outcome == MISS else f"{outcome} damage", "value": outcome, **_bar(weight, damage.total)}
            for outcome, weight in damage.sorted_items()
            if outcome != MISS
        ] + ([{"label": "Miss", "value": MISS, **_bar(damage.weights[MISS], damage.total)}] if MISS in damage.weights else []),
        "conditions": [
            {"label": label, **_bar(weight, conditions.total)}
            for (_, label), weight in sorted(conditions.weights.items())
        ],
    }


def _share(probability: Fraction) -> dict[str, Any]:
    percent = float(probability) * 100
    shown = "<0.1%" if 0 < percent < 0.05 else ">99.9%" if 99.95 <= percent < 100 else f"{percent:.1f}%"
    return {"fraction": f"{probability.numerator}/{probability.denominator}",
            "probability": float(probability), "percent": shown}


def _bar(weight: int, total: int) -> dict[str, Any]:
    return {"weight": weight, "total": total, **_share(Fraction(weight, total))}
