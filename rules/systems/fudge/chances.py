"""Exact odds before anything is rolled, for each FUDGE action that rolls: a simultaneous round (every Fudge-dice
total of every fighter, through the same decisions, :func:`.who_hits.decide`), an attack of alternating turns, a shot,
a story element, healing and a contest of speed or initiative.  The distributions they are built from (roll totals,
the wounds over every damage roll, the struck one's state after a blow) are :mod:`.distributions`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from ...errors import BadField
from ...ladder import level_name
from ...odds import Dist, chart, more, out_of_time, share
from ...report import signed
from . import alternating, care, contests, fighters, melee, ranged, who_hits
from .combat import Landing, Tactics, minimum
from .damage import Blow
from .distributions import (FOUR, TWO, accumulate, exact, landed, settled, state_chart, struck_by_one, totals,
                            unhurt)
from .options import Options
from .sheet import Sheet
from .wounds import State, after_round, level


def _blow(striker: fighters.Side, struck: fighters.Side, hit: who_hits.Hit) -> Blow:
    return Blow(striker.sheet, struck.sheet, striker.weapon, hit.degree, hit.bonus,
                who_hits.bonus_words(hit.why, struck.sheet.name),
                "damage" if hit.striker == 0 else f"damage_{melee.FOE_INPUTS[hit.striker - 1]}",
                striker.roll, struck.roll)


@dataclass
class RoundWork:
    """A round's odds as far as they are worked out: a piece is one total of the fighter's roll (with one total of
    the NPCs' shared roll), so a call under a budget can stop between pieces and the next go on."""

    pieces: list[tuple[int, int | None, int]]           # (NPCs' total, fighter's total, weight), in order
    done: int = 0
    outcomes: dict[str, dict[State, Fraction]] = field(default_factory=dict)
    degrees: dict[int, int] = field(default_factory=dict)
    degree_total: int = 0
    total: int = 0


_BEGUN: dict[Any, RoundWork] = {}
_BEGUN_SIZE = 16


def round_odds(chosen: melee.Round, sheets: Mapping[str, Sheet], states: Mapping[str, State],
               options: Options) -> dict[str, Any]:
    """Every total of every fighter's roll, through ``who_hits.decide``.  A foe's blows on the fighter depend on
    that foe's roll alone, so the fighter's wounds are folded in foe by foe; whom the fighter wounds depends on
    every foe's roll, so those are run together, keeping only his blow.  Under a budget (``odds.budget``) the work
    stops between totals of the fighter's roll and goes on at the next call."""
    sides, ways, _ = melee.prepare_round(chosen, sheets, states, options)
    key = (chosen, tuple((side.sheet, side.state) for side in sides), options)
    work = _BEGUN.get(key)
    if work is None:
        group = list(TWO.weights.items()) if "group" in ways else [(0, 1)]
        work = RoundWork([(group_total, fighter_total, group_weight * fighter_weight)
                          for group_total, group_weight in group
                          for fighter_total, fighter_weight in _side_totals(ways, 0, group_total)],
                         outcomes={side.who: {} for side in sides})
        _BEGUN[key] = work
        while len(_BEGUN) > _BEGUN_SIZE:
            del _BEGUN[next(iter(_BEGUN))]
    first = True
    while work.done < len(work.pieces):
        if not first and out_of_time():
            names = ", ".join(side.sheet.name for side in sides[1:])
            return {"title": f"Round: {sides[0].sheet.name} against {names}",
                    "summary": f"{work.done} of {len(work.pieces)} of {sides[0].sheet.name}'s rolls worked out",
                    "pool": 0, "charts": [],
                    "more": more(work.done, len(work.pieces), f"{sides[0].sheet.name}'s rolls")}
        _round_piece(work, chosen, sides, ways, options)
        first = False
    del _BEGUN[key]
    return _round_answer(work, sides, ways, options)


def _side_totals(ways: list[str], index: int, group_total: int) -> list[tuple[int | None, int]]:
    return [(group_total, 1)] if ways[index] == "group" else totals(ways[index])


def _round_piece(work: RoundWork, chosen: melee.Round, sides: list[fighters.Side], ways: list[str],
                 options: Options) -> None:
    """One total of the fighter's roll, against every total of every foe's."""
    group_total, fighter_total, weight = work.pieces[work.done]
    fighter, foes = sides[0], sides[1:]
    lone = len(foes) > 1
    began = {side.who: level(side.sheet, side.state, options) for side in sides}
    after = {side.who: after_round(side.state) for side in sides}
    blocked = tuple(who_hits.blocked(side) != "" for side in sides)
    tactics = tuple(side.all_out for side in sides)
    stances = options.stances == "on"
    strike_at = chosen.foes.index(chosen.strike) + 1 if chosen.strike else 0
    fighter.roll, fighter.result = fighter_total, fighter.value + (fighter_total or 0)
    per_foe: list[list[tuple[who_hits.Pairing, int | None, int]]] = []
    wounds_to_fighter = Dist.always(after[fighter.who])
    for index, foe in enumerate(foes, start=1):
        rows = []
        mixture: dict[Any, int] = {}
        for foe_total, foe_weight in _side_totals(ways, index, group_total):
            foe.roll, foe.result = foe_total, foe.value + (foe_total or 0)
            paired = melee.pairing_of(fighter, foe, chosen, options, lone)[0]
            rows.append((paired, foe_total, foe_weight))
            if len(foes) == 1:
                work.degrees[paired.mine] = work.degrees.get(paired.mine, 0) + weight * foe_weight
                work.degree_total += weight * foe_weight
            alone = who_hits.decide((paired,), (tactics[0], tactics[index]), (blocked[0], blocked[index]), stances, 0)
            hit = next((hit for hit in alone.hits if hit.striker == 1), None)
            key = None if hit is None else _blow(foe, fighter, replace(hit, striker=index))
            mixture[key] = mixture.get(key, 0) + foe_weight
        per_foe.append(rows)
        wounds_to_fighter = wounds_to_fighter.bind(partial(
            struck_by_one, Dist(mixture), chosen.theirs, Landing(fudge_point=chosen.landing.fudge_point),
            began[fighter.who], options))
    accumulate(work.outcomes, {fighter.who: wounds_to_fighter}, weight)
    struck = _fighter_blows(per_foe, tactics, blocked, stances, strike_at)
    for index in range(1, len(foes) + 1):
        _accumulate_shares(work.outcomes[foes[index - 1].who], weight, struck, index, foes, fighter, chosen, after,
                           began, options)
    work.total += weight
    work.done += 1


def _round_answer(work: RoundWork, sides: list[fighters.Side], ways: list[str], options: Options) -> dict[str, Any]:
    fighter, foes = sides[0], sides[1:]
    charts = []
    if len(foes) == 1:
        charts.append(_degree_chart(fighter.sheet.name, foes[0].sheet.name, work.degrees, work.degree_total))
    for side in sides:
        after = after_round(side.state)
        charts.append(state_chart(f"{side.sheet.name} after the round", side.sheet,
                                   exact(work.outcomes[side.who], work.total).map(settled), options,
                                   settled(after)))
    names = [side.sheet.name for side in sides]
    hurt = [1 - unhurt(chart_) for chart_ in charts[-len(sides):]]
    summary = (f"{names[0]} is wounded {share(hurt[0])['percent']}; " +
               "; ".join(f"{name} {share(chance)['percent']}" for name, chance in zip(names[1:], hurt[1:])))
    summary += "".join(f"; {side.sheet.name} is {who_hits.blocked(side)}" for side in sides if who_hits.blocked(side))
    return {"title": f"Round: {names[0]} against {', '.join(names[1:])}", "summary": summary,
            "pool": 4 * sum(way == "rolled" for way in ways) + (2 if "group" in ways else 0), "charts": charts}


def _margin_class(mine: int) -> int:
    """What ``who_hits.decide`` reads of the fighter's margin over a foe when it picks whom he wounds: a loss, a tie,
    a win by one, or by two or more (the degree itself only matters to the foe he strikes)."""
    return -1 if mine < 0 else min(mine, 2)


def _fighter_blows(per_foe: list[list[tuple[who_hits.Pairing, int | None, int]]], tactics: tuple[str, ...],
                   blocked: tuple[bool, ...], stances: bool, strike_at: int) -> dict[Any, int]:
    """Whom the fighter wounds, with what, over every foe's total: ``decide`` is run once for each combination
    of margin classes (one pairing standing for its class), and the struck foe's own totals in his class are
    then spread over his degrees.  The weights are out of the product of the foes' totals."""
    classes: list[dict[int, list[tuple[who_hits.Pairing, int | None, int]]]] = []
    for rows in per_foe:
        grouped: dict[int, list[tuple[who_hits.Pairing, int | None, int]]] = {}
        for row in rows:
            grouped.setdefault(_margin_class(row[0].mine), []).append(row)
        classes.append(grouped)
    struck: dict[Any, int] = {}
    for combination in itertools.product(*(list(grouped.items()) for grouped in classes)):
        weights = [sum(row[2] for row in members) for _, members in combination]
        decision = who_hits.decide(tuple(members[0][0] for _, members in combination), tactics, blocked, stances,
                                strike_at)
        hit = decision.hits[0] if decision.hits and decision.hits[0].striker == 0 else None
        others = 1
        for index, weight in enumerate(weights, start=1):
            if hit is None or index != hit.struck:
                others *= weight
        if hit is None:
            struck[None] = struck.get(None, 0) + others
            continue
        for paired, total, weight in combination[hit.struck - 1][1]:
            key = (replace(hit, degree=paired.mine, offense=paired.my_offense), total)
            struck[key] = struck.get(key, 0) + others * weight
    return struck


def _accumulate_shares(outcome: dict[State, Fraction], weight: int,
                       struck: Mapping[Any, int], index: int, foes: list[fighters.Side], fighter: fighters.Side,
                       chosen: melee.Round, after: Mapping[str, State], began: Mapping[str, int],
                       options: Options) -> None:
    """One fighter total's share of a foe's outcomes: each way he may be struck, weighted exactly."""
    combinations = sum(struck.values())
    foe = foes[index - 1]
    for key, key_weight in struck.items():
        if key is None or key[0].struck != index:
            state = after[foe.who]
            outcome[state] = outcome.get(state, Fraction(0)) + Fraction(weight * key_weight, combinations)
            continue
        foe.roll = key[1]
        dist = landed(_blow(fighter, foe, key[0]), chosen.mine, chosen.landing, after[foe.who], began[foe.who],
                      options, key[0].offense)
        for state, state_weight in dist.weights.items():
            outcome[state] = outcome.get(state, Fraction(0)) + Fraction(weight * key_weight * state_weight,
                                                                        combinations * dist.total)


def _degree_chart(fighter: str, foe: str, degrees: Mapping[int, int], total: int) -> dict[str, Any]:
    """The relative degree, grouped as a referee reads it: who wins, by a graze, by 2 or 3, by 4 or more."""
    groups: list[tuple[str, Callable[[int], bool]]] = [
              (f"{fighter} by 4+", lambda d: d >= 4), (f"{fighter} by 2\u20133", lambda d: d in (2, 3)),
              (f"{fighter} by 1", lambda d: d == 1), ("A tie", lambda d: d == 0),
              (f"{foe} by 1", lambda d: d == -1), (f"{foe} by 2\u20133", lambda d: d in (-2, -3)),
              (f"{foe} by 4+", lambda d: d <= -4)]
    items = [(label, sum(weight for degree, weight in degrees.items() if test(degree))) for label, test in groups]
    return chart(f"Relative degree, {fighter} against {foe}", [item for item in items if item[1]], total)


def attack_odds(chosen: alternating.Attack, sheets: Mapping[str, Sheet], states: Mapping[str, State],
                options: Options) -> dict[str, Any]:
    """Alternating turns: every pair of totals (each 4dF, or an NPC's level, or the NPCs' 2dF) through the
    resolver's own degree and landing."""
    defender_sheet = sheets[chosen.defender]
    attacker, defender, ways, _ = alternating.prepare_attack(chosen, sheets, states, options)
    low = minimum(sheets[chosen.attacker], defender_sheet, chosen.minimum)[0]
    start = alternating.defended(chosen, sheets, states, options)
    began = level(defender_sheet, states[chosen.defender], options)
    bonus, why = (1, "for attacking all-out") if chosen.mine.tactic == "all_out_offense" else (0, "")
    outcomes: dict[str, dict[State, Fraction]] = {chosen.defender: {}}
    degrees: dict[int, int] = {}
    total = 0
    for attack_total, attack_weight in totals(ways[0]):
        for defence_total, defence_weight in (totals(ways[1]) if defender else [(None, 1)]):
            weight = attack_weight * defence_weight
            attacker.roll, attacker.result = attack_total, attacker.value + (attack_total or 0)
            if defender:
                defender.roll, defender.result = defence_total, defender.value + (defence_total or 0)
            degree = alternating.attack_degree(attacker, defender, low)
            degrees[degree] = degrees.get(degree, 0) + weight
            final = Dist.always(start) if not degree else landed(
                Blow(sheets[chosen.attacker], defender_sheet, attacker.weapon, degree, bonus, why, "damage",
                     attacker.roll, defender.roll if defender else None),
                chosen.mine, chosen.landing, start, began, options, attacker.result)
            accumulate(outcomes, {chosen.defender: final}, weight)
            total += weight
    hit = Fraction(sum(weight for value, weight in degrees.items() if value > 0), total)
    return {"title": f"{sheets[chosen.attacker].name} attacks {defender_sheet.name}",
            "summary": f"hits {share(hit)['percent']}", "pool": 4 * sum(way == "rolled" for way in ways),
            "charts": [
                chart("Relative degree of a hit", [(signed(value) if value else "Miss", weight)
                                                   for value, weight in sorted(degrees.items())], total,
                      tail=lambda first: f"{first} or more"),
                state_chart(f"{defender_sheet.name} after the attack", defender_sheet,
                             exact(outcomes[chosen.defender], total), options, start)]}



def odds(action: str, chosen: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State],
         options: Options) -> dict[str, Any]:
    if action == "round":
        return round_odds(melee.read_round(chosen, sheets, states, options), sheets, states, options)
    if action == "attack":
        return attack_odds(alternating.read_attack(chosen, sheets, states, options), sheets, states, options)
    if action == "story":
        return story_odds(chosen, sheets, states, options)
    if action == "heal":
        return heal_odds(chosen, sheets, states, options)
    if action == "contest":
        return contest_odds(chosen, sheets, states, options)
    if action == "shoot":
        return shoot_odds(ranged.read_shot(chosen, sheets, states, options), sheets, states, options)
    raise BadField("nothing is rolled for this action, so it has no odds", field="action")


def story_odds(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
               options: Options) -> dict[str, Any]:
    who = chosen["who"]
    base = 0
    if who:
        from .wounds import penalty
        base = int(chosen["trait"]) + chosen["modifier"] + penalty(sheets[who], states[who], options)
    one = FOUR.map(lambda roll: base + roll)
    if chosen["rolls"] == "three":
        from ...ladder import median
        result: Dist[int] = one.combine(one, lambda a, b: (a, b)).combine(one, lambda ab, c: median([ab[0], ab[1], c]))
    else:
        result = one
    items = [(level_name(value), weight) for value, weight in sorted(result.weights.items())]
    good = result.probability_where(lambda value: value >= base)
    return {"title": "Story element" if who else "A Situational roll",
            "summary": f"{level_name(base)} or better {share(good)['percent']}",
            "pool": 12 if chosen["rolls"] == "three" else 4,
            "charts": [chart("The result", items, result.total, tail=lambda first: f"{first} or better")]}


def heal_odds(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
              options: Options) -> dict[str, Any]:
    if chosen["how"] != "skill":
        raise BadField("healing by the GM's word rolls nothing, so it has no odds", field="how")
    healed = FOUR.map(lambda roll: care.levels_healed(int(chosen["skill"]) + roll, options))
    items = [(f"{value} level{'s' if value != 1 else ''} healed" if value else "Nothing heals", weight)
             for value, weight in sorted(healed.weights.items())]
    some = healed.probability_where(lambda value: value > 0)
    return {"title": f"Healing {sheets[chosen['target']].name}", "summary": f"heals something {share(some)['percent']}",
            "pool": 4, "charts": [chart("Levels healed", items, healed.total)]}


def contest_odds(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
                 options: Options) -> dict[str, Any]:
    first = contests.contest_level(sheets[chosen["first"]], states[chosen["first"]], options, chosen, "first")[0]
    second = contests.contest_level(sheets[chosen["second"]], states[chosen["second"]], options, chosen, "second")[0]
    degree = (FOUR - FOUR).map(lambda roll: first - second + roll)
    names = sheets[chosen["first"]].name, sheets[chosen["second"]].name
    won = degree.map(lambda value: names[0] if value > 0 else names[1] if value < 0 else "A tie")
    order = [names[0], "A tie", names[1]]
    return {"title": "Initiative" if chosen["contest"] == "initiative" else "Speed contest",
            "summary": f"{names[0]} wins {share(won.probability(names[0]))['percent']}", "pool": 8,
            "charts": [chart("Who wins", [(name, won.weights[name]) for name in order if name in won.weights],
                             won.total)]}


def shoot_odds(shot: ranged.Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State],
               options: Options) -> dict[str, Any]:
    """Every pair of totals (the shot and the dodge, or the shot back) through the resolver's degrees and blows."""
    target, shooter = sheets[shot.target], sheets[shot.shooter]
    aim = ranged.prepare_shot(shot, sheets, states, options)
    outcomes: dict[str, dict[State, Fraction]] = {shot.target: {}, shot.shooter: {}}
    began = {who: level(sheets[who], states[who], options) for who in outcomes}
    hits = total = 0
    other_totals = totals(aim.dodge_way) if aim.dodge is not None else \
        list(FOUR.weights.items()) if aim.back is not None else [(None, 1)]
    for shot_total, shot_weight in FOUR.weights.items():
        for other_total, other_weight in other_totals:
            weight = shot_weight * other_weight
            degree, back = ranged.degrees(shot, aim, shot_total, other_total)
            final = {who: Dist.always(states[who]) for who in outcomes}
            for blow, struck, _, _ in ranged.blows(shot, sheets, degree, back, shot_total, other_total):
                final[struck] = final[struck].bind(partial(struck_by_one, Dist.always(blow), Tactics(), Landing(),
                                                           began[struck], options))
            hits += weight if degree else 0
            accumulate(outcomes, final, weight)
            total += weight
    charts = [state_chart(f"{target.name} after the shot", target, exact(outcomes[shot.target], total), options,
                           states[shot.target])]
    if shot.awareness == "shoots_back":
        charts.append(state_chart(f"{shooter.name} after the shot back", shooter,
                                   exact(outcomes[shot.shooter], total), options, states[shot.shooter]))
    return {"title": f"{shooter.name} shoots at {target.name}",
            "summary": f"hits {share(Fraction(hits, total))['percent']}", "pool": 8, "charts": charts}
