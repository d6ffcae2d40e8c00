"""The exact odds of a blow and the defence it meets (seed 002: Hand-to-Hand, Parries, Dodge): over the 216 faces of
the attack's three dice, the 216 of the defence's, the six of the direction die and the 216 of a knockback PHYS
test, through the resolver's own pieces (:mod:`.melee_attack`, :mod:`.melee_defence`, :func:`.strike.impact`).

The defence's faces collapse to its few outcomes (failed, or succeeded with each Success die value), and the six
directions to the locations they reach, so a call stays well within a frame.  A whip's lash back at the attacker
and a Vevaphon's CONC roll are not counted (they change the attacker, or the next hit)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from ...errors import BadField
from ...odds import chart, ranges, share
from .body import knockback
from .chances import passes
from .diagram import REGION_OF, land
from .strike import impact
from .melee_attack import Reduced, blow, deviation, judge, lowered, turned
from .melee_defence import guard
from .melee_inputs import DODGES, PARRIES, Melee
from .options import Options
from .resolution import Check, Dice
from .sheet import LOCATION_LABELS, LOCATIONS, Sheet
from .wounds import State, dead, take

FACES = range(1, 7)
BLOW = ("Miss", "Dodged", "Parried, no harm", "Off the body", "Lands")
FOLLOWS = ("Misses or is stopped", "No damage to the body", "Bruising only", "Damage, no wound", "A wound",
           "Knocked down")


@dataclass(frozen=True)
class Effect:
    damage: int                 # on the Incap track, standard or bruising
    follows: str                # the worst that follows short of a knockdown (one of FOLLOWS)
    wound: bool
    knocked_down: int           # in 216ths


def _effect(sheet: Sheet, state: State, location: str, blow_: Reduced, penetration_die: int, damage_die: int,
            bruising: str, options: Options) -> Effect:
    found = impact(sheet, state, location, blow_, penetration_die, damage_die, options, melee=True)
    damage = found.damage
    wound = found.wound and not bruising
    phys = sheet.stat("phys")
    kind, penalty = knockback(damage, phys)
    if dead(sheet, take(state, location, damage) if bruising != "track" else state):
        kind = "none"
    wounds = len(state.wounds) + int(wound)
    down = 216 if kind == "down" else 216 - passes(phys, -penalty - wounds) if kind == "roll" else 0
    follows = ("No damage to the body" if not damage else "Bruising only" if bruising else
               "A wound" if wound else "Damage, no wound")
    return Effect(damage, follows, wound, down)


def melee_odds(melee: Melee, sheets: Mapping[str, Sheet], states: Mapping[str, State],
               options: Options) -> dict[str, Any]:
    """Every weight is out of 216 (the attack) x 216 (the defence) x 6 (the direction die) x 216 (a knockback PHYS
    test), so the sums stay whole numbers."""
    if melee.spend == "aim":
        raise BadField("aiming rolls nothing; ask for the odds of the blow that follows", field="spend")
    plan_ = blow(melee, sheets, states, options)
    guarded = guard(melee, sheets, states, options)
    sheet, state = sheets[melee.target], states[melee.target]
    defence: dict[tuple[bool, int], int] = {}
    if guarded.kind == "none":
        defence[(False, 0)] = 216
    else:
        modifier = sum(value for _, value in guarded.modifiers)
        for faces in product(FACES, repeat=3):
            result = judge(Dice(*faces), guarded.skill, modifier=modifier, on=guarded.on, wounds=guarded.wounds,
                           harder=guarded.harder, halve=guarded.halve)
            key = (result.success, result.success_die if result.success else 0)
            defence[key] = defence.get(key, 0) + 1
    dodging, parrying = guarded.kind in DODGES, guarded.kind in PARRIES
    per_face = 6 * 216                      # a direction and a knockback test for each face of the two rolls
    blows = dict.fromkeys(BLOW, 0)
    lands: dict[str, int] = {}
    damage: dict[int, int] = {}
    follows = dict.fromkeys(FOLLOWS, 0)
    stopped = wounding = 0
    landings: dict[tuple[int, bool], dict[str | None, int]] = {}
    effects: dict[tuple[str, int, int, int], Effect] = {}
    checks: dict[tuple[int, int], Check] = {}
    for success, penetration, damage_die in product(FACES, repeat=3):
        attack = checks.get((success, penetration + damage_die))
        if attack is None:
            attack = checks[(success, penetration + damage_die)] = judge(
                Dice(success, penetration, damage_die), plan_.skill, modifier=plan_.modifier, on=plan_.on,
                wounds=plan_.wounds)
        if not attack.success:
            blows["Miss"] += 216 * per_face
            continue
        for (defended, value), weight in defence.items():
            weight *= per_face
            hit = attack
            if dodging and defended:
                hit = lowered(attack, value)
                if not hit.success:
                    blows["Dodged"] += weight
                    stopped += weight
                    continue
            parried = value if parrying and defended else 0
            reduction = 0
            if parried:
                reduction = guarded.stops + parried
                if guarded.halve_reduction:
                    reduction //= 2
                if damage_die + plan_.dam - reduction <= 0:
                    blows["Parried, no harm"] += weight
                    stopped += weight
                    continue
            distance = deviation(plan_.handling, aims=plan_.aims, parried=parried, aiming_die=hit.success_die)
            where = landings.get((distance, bool(parried)))
            if where is None:
                where = landings[(distance, bool(parried))] = {}
                for direction in FACES:
                    way = turned(melee.aim, distance, direction, melee.push) if parried else direction
                    region = land(melee.aim, distance, way)[1] if distance else REGION_OF[melee.aim]
                    where[region] = where.get(region, 0) + 1
            each = weight // 6
            for region, count in where.items():
                if region is None:
                    blows["Off the body"] += each * count
                    continue
                blows["Lands"] += each * count
                lands[region] = lands.get(region, 0) + each * count
                found = effects.get((region, penetration, damage_die, reduction))
                if found is None:
                    found = effects[(region, penetration, damage_die, reduction)] = _effect(
                        sheet, state, region, Reduced(plan_.pen, plan_.dam - reduction, plan_.armour_damage),
                        penetration, damage_die, plan_.bruising, options)
                damage[found.damage] = damage.get(found.damage, 0) + each * count
                share_ = each * count // 216
                follows["Knocked down"] += share_ * found.knocked_down
                follows[found.follows] += share_ * (216 - found.knocked_down)
                wounding += each * count * found.wound
    total = 216 ** 3 * 6
    missed = total - blows["Lands"]
    follows["Misses or is stopped"] += missed
    damage[0] = damage.get(0, 0) + missed
    return _answer(melee, sheets, plan_.name, blows, lands, damage, follows, stopped, wounding, total,
                   guarded.kind)


def _answer(melee: Melee, sheets: Mapping[str, Sheet], weapon: str, blows: dict[str, int], lands: dict[str, int],
            damage: dict[int, int], follows: dict[str, int], stopped: int, wounding: int, total: int,
            defence: str) -> dict[str, Any]:
    def percent(weight: int) -> str:
        return str(share(Fraction(weight, total))["percent"])

    target = sheets[melee.target]
    landed = blows["Lands"]
    likely = max((key for key in LOCATIONS if lands.get(key)), key=lambda key: lands[key], default=None)
    summary = f"lands {percent(landed)}" + (f", most likely the {LOCATION_LABELS[likely]} ({percent(lands[likely])})"
                                            if likely else "")
    if defence in PARRIES:
        summary += f"; the parry stops it {percent(stopped)}"
    elif defence in DODGES:
        summary += f"; the dodge stops it {percent(stopped)}"
    summary += f"; a wound {percent(wounding)}, knocked down {percent(follows['Knocked down'])}"
    where_items = [("Does not land", total - landed)] if total - landed else []
    where_items += [(LOCATION_LABELS[key], lands[key]) for key in LOCATIONS if lands.get(key)]
    where_chart = chart("Where it lands", where_items, total, tail=lambda first: "Elsewhere on the body")
    aimed = LOCATION_LABELS[REGION_OF[melee.aim]]
    return {"title": f"{weapon} at {target.name}'s {aimed}", "summary": summary, "pool": 3, "charts": [
        chart("The blow", [(key, blows[key]) for key in BLOW if blows[key]], total),
        where_chart,
        chart("Damage to the Incap track",
              ranges([(value, damage[value]) for value in sorted(damage) if damage[value]], "damage"), total),
        chart("The worst that follows", [(key, follows[key]) for key in FOLLOWS if follows[key]], total)]}
