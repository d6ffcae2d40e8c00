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

from ...odds import Dist, bars, chart, fudge_dice, share, successes
from ...report import plural
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
    """(severity rank, label) of the target's condition after the hit; a miss leaves it as it was."""
    new_marks, _ = mark(track, marks, 0 if outcome == MISS else int(outcome))
    if taken_out(track, new_marks):
        return (len(track.levels) + 1, "Taken out")
    level = worst_level(track, new_marks)
    rank = 0 if level is None else track.levels.index(level) + 1
    return (rank, status(track, new_marks))


def attack_odds(attack: Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State],
                options: Options) -> dict[str, Any]:
    """The odds: exact distributions of the damage and of the target's condition, and charts of them to draw."""
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
    expected_damage = round(float(expected / damage.total), 2)
    damage_items = [("Miss" if outcome == MISS else f"{outcome} damage", weight)
                    for outcome, weight in damage.sorted_items() if outcome != MISS]
    if MISS in damage.weights:
        damage_items.append(("Miss", damage.weights[MISS]))
    condition_items = [(label, weight) for (_, label), weight in sorted(conditions.weights.items())]
    pool = "the pool depends on the opposed roll" if fixed_pool is None else f"{plural(fixed_pool, 'die', 'dice')} to roll"
    return {
        "title": f"{attack.weapon_label} against {sheets[attack.target].name}",
        # A typed margin (or a hazard) always hits: "hits 100.0%" read like a sure wound, which it is not.
        "summary": f"{pool}; {'it hits' if hit == 1 else 'hits ' + share(hit)['percent']}; "
                   f"{expected_damage:g} damage expected",
        "pool": fixed_pool,
        "hit": share(hit),
        "expected_damage": expected_damage,
        "successes": bars(damage_items, damage.total),
        "conditions": bars(condition_items, conditions.total),
        "charts": [
            chart("Target afterwards", condition_items, conditions.total),
            # A miss comes first, so a long tail of damage is grouped without swallowing it.
            chart("Damage", [item for item in damage_items if item[0] == "Miss"] +
                  [item for item in damage_items if item[0] != "Miss"], damage.total,
                  tail=lambda first: first.replace(" damage", "+ damage")),
        ],
    }
