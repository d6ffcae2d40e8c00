"""The exact odds of an aimed shot at a chosen hex: over the 216 faces of the three dice and the six of the direction
die, through the resolver's own pieces (:mod:`.shooting`, :mod:`.protection`, :func:`.armour.shoot`), with the COOL
test under fire, the DEX test of a quick draw and the knockback PHYS tests folded in exactly."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...odds import chart, dice, ranges, share
from ...report import number
from .body import knockback, under_fire
from .diagram import REGION_OF
from .strike import impact
from .options import Options
from .resolution import STAT_TARGET, Dice
from .shooting import Plan, place, plan, roll_check
from .shoot_inputs import Shot
from .sheet import LOCATION_LABELS, LOCATIONS, Sheet
from .wounds import State, dead, take

FACES = range(1, 7)


THREE_DICE: dict[int, int] = dict(dice(3).weights)        # each 3d6 total's weight out of 216


def passes(rank: int, modifier: int = 0) -> int:
    """In 216ths, the chance a stat test (3d6 + rank + modifier on the roll, 16 or more) succeeds."""
    return sum(weight for total, weight in THREE_DICE.items() if total + rank + modifier >= STAT_TARGET)


@dataclass(frozen=True)
class Effect:
    damage: int
    wound: bool
    stuck: bool
    knocked_down: int           # in 216ths: the victim ends up down (a failed knockback roll, or over twice PHYS)


def effect(sheet: Sheet, state: State, location: str, plan_: Plan, penetration_die: int, damage_die: int,
           options: Options) -> Effect:
    """What the Penetration and Damage dice do on one location (:func:`.strike.impact`, as the resolver reads them),
    with the chance its knockback roll leaves the victim down."""
    found = impact(sheet, state, location, plan_, penetration_die, damage_die, options)
    phys = sheet.stat("phys")
    kind, penalty = knockback(found.damage, phys)
    if dead(sheet, take(state, location, found.damage)):
        kind = "none"                           # the dead are not knocked back (as :func:`.knockback.knock`)
    wounds = len(state.wounds) + int(found.wound)
    down = 216 if kind == "down" else 216 - passes(phys, -penalty - wounds) if kind == "roll" else 0
    return Effect(found.damage, found.wound, found.stuck, down)


FOLLOWS = ("Miss", "No damage to the body", "Damage, no wound", "A wound", "Knocked down")   # the worst that follows


def prelude(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> tuple[dict[int, int], int, int]:
    """What comes before the trigger, exactly: the Under Fire modifier a COOL test leaves (modifier -> weight), the
    weight of no shot at all (stays in cover, or the quick draw fails), and their denominator (216, or 216\u00b2 with a
    DEX test for the quick draw)."""
    armed = sheets[shot.attacker]
    wounds = len(states[shot.attacker].wounds)
    cases: dict[int, int] = {0: 216}                  # Under Fire modifier -> weight out of 216
    no_shot = 0
    if shot.shooters:
        aiming = -5 * shot.shooters if shot.shot == "aimed" else 0
        cases = {}
        for total, weight in THREE_DICE.items():
            rolled = total + armed.stat("cool") - wounds + aiming
            if rolled < STAT_TARGET and aiming:
                no_shot += weight
            else:
                modifier = under_fire(rolled if rolled >= STAT_TARGET else 0)
                cases[modifier] = cases.get(modifier, 0) + weight
    if shot.quick_draw and not armed.quick_draw:
        drawn = passes(armed.stat("dex"), -wounds)          # the DEX test, after any COOL test
        no_shot = no_shot * 216 + (216 - no_shot) * (216 - drawn)
        return {modifier: weight * drawn for modifier, weight in cases.items()}, no_shot, 216 * 216
    return cases, no_shot, 216


def shot_odds(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State],
              options: Options) -> dict[str, Any]:
    """Every weight is out of 216 (the COOL or DEX test) x 1296 (the three dice and the direction die) x 216 (the
    knockback PHYS test), so the sums stay whole numbers."""
    armed, sheet, state = sheets[shot.attacker], sheets[shot.target], states[shot.target]
    cases, no_shot, den = prelude(shot, sheets, states)
    scale = 1296 * 216 * (den // 216)
    no_shot *= 1296 * 216
    jamming = options.jamming == "on"
    lands: dict[str, int] = {}
    damage: dict[int, int] = {}
    follows = dict.fromkeys(FOLLOWS, 0)
    stuck = wounding = 0
    effects: dict[tuple[str, int, int], Effect] = {}
    for modifier, case in sorted(cases.items()):
        plan_ = plan(shot, sheets, states, options, modifier)
        weight = case * 216                            # one face of the dice and the direction die
        landings: dict[tuple[int, int], list[str | None]] = {}     # by the Success die and the other two's sum
        for success in FACES:
            for penetration in FACES:
                for damage_die in FACES:
                    if jamming and success == penetration == damage_die == 1:
                        lands["jammed"] = lands.get("jammed", 0) + 6 * weight       # the shot does not go off
                        damage[0] = damage.get(0, 0) + 6 * weight
                        follows["Miss"] += 6 * weight
                        continue
                    landed = landings.get((success, penetration + damage_die))
                    if landed is None:
                        result = roll_check(plan_, Dice(success, penetration, damage_die))
                        landed = landings[(success, penetration + damage_die)] = [
                            place(plan_, result, direction)[1] for direction in FACES]
                    for region in landed:
                        key = region or "miss"
                        lands[key] = lands.get(key, 0) + weight
                        if region is None:
                            damage[0] = damage.get(0, 0) + weight
                            follows["Miss"] += weight
                            continue
                        found = effects.get((region, penetration, damage_die))
                        if found is None:
                            found = effects[(region, penetration, damage_die)] = effect(
                                sheet, state, region, plan_, penetration, damage_die, options)
                        damage[found.damage] = damage.get(found.damage, 0) + weight
                        standing = case * (216 - found.knocked_down)
                        follows["Knocked down"] += case * found.knocked_down
                        follows["A wound" if found.wound else "Damage, no wound" if found.damage
                                else "No damage to the body"] += standing
                        stuck += weight * found.stuck
                        wounding += weight * found.wound
    if no_shot:
        lands["no shot"] = no_shot
        damage[0] = damage.get(0, 0) + no_shot
        follows["Miss"] += no_shot
    total = 216 * scale
    return _answer(shot, armed, sheet, lands, damage, follows, (wounding, stuck), total)


def _answer(shot: Shot, armed: Sheet, sheet: Sheet, lands: dict[str, int], damage: dict[int, int],
            follows: dict[str, int], also: tuple[int, int], total: int) -> dict[str, Any]:
    order = ["no shot", "jammed", "miss"] + list(LOCATIONS)
    labels = {"no shot": "No shot", "jammed": "Jams", "miss": "Miss", **LOCATION_LABELS}
    land_items = [(labels[key], lands[key]) for key in order if lands.get(key)]
    damage_items = ranges([(value, damage[value]) for value in sorted(damage) if damage[value]], "damage")
    follow_items = [(key, follows[key]) for key in FOLLOWS if follows[key]]
    hit = sum(value for key, value in lands.items() if key in LOCATIONS)
    likely = max((key for key in LOCATIONS if lands.get(key)), key=lambda key: lands[key], default=None)
    def percent(weight: int) -> str:
        return str(share(Fraction(weight, total))["percent"])

    wounding, stuck = also
    summary = f"hits {percent(hit)}" + (f", most likely the {LOCATION_LABELS[likely]} ({percent(lands[likely])})"
                                        if likely else "") + (
        f"; a wound {percent(wounding)}, knocked down {percent(follows['Knocked down'])}") + (
        f", a bullet stays in {percent(stuck)}" if stuck else "")
    weapon = armed.weapons[shot.weapon].name
    aimed = LOCATION_LABELS[REGION_OF[shot.aim]]
    where = number(shot.aim[0]) + ", " + number(shot.aim[1])
    return {"title": f"{weapon} at {sheet.name}'s {aimed} ({where})", "summary": summary,
            "pool": 3, "charts": [chart("Where it lands", land_items, total),
                                  chart("Damage to Incap", damage_items, total),
                                  chart("The worst that follows", follow_items, total)]}
