"""What a grenade's blast does to one caught character (seed 002: Grenades, Bruising Damage, Applying Damage,
Wounds; D-SL-31, D-SL-GR2, GR3, GR6, GR7): the zone that reaches him, the marks on his diagram, and the damage to
each location in it, armour ignored: a frag's damage to each location and Incap times the count, with a wound over
the Wound Threshold and a knockback; a blast grenade's bruising; smoke over him; a flash that dazzles if it reaches
his Head.
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import DiceSource
from ...hexes import Hex
from ...report import Step, number, signed
from .blast import zone_lost
from .diagram import REGION_OF
from .grenade_zone import RULE, caught, where, zone_for, zone_hexes
from .knockback import knock
from .options import Options
from .sheet import GRENADES, LOCATION_LABELS, Sheet, Weapon
from .wounds import Mark, State, news, open_wound, take


def _marks(chosen: Hex | None, impact: Hex, zone: int, label: str) -> tuple[Mark, ...]:
    """The zone's hexes on the body, the point aimed at (if any) and where it went off, with the deviation's arrow."""
    out = [Mark("zone", hex_, f"{label}: {LOCATION_LABELS[REGION_OF[hex_]]}") for hex_ in zone_hexes(impact, zone)]
    if chosen is not None and chosen != impact:
        out.append(Mark("aim", chosen, f"Aimed at {where(chosen)}"))
    out.append(Mark("miss", impact, f"Went off: {where(impact)}", chosen if chosen != impact else None))
    return tuple(out)


def blast(sheet: Sheet, state: State, weapon: Weapon, damage: int, impact: Hex, metres: int, options: Options,
          dice: DiceSource, n: int, chosen: Hex | None = None) -> tuple[State, list[Step], str]:
    """The grenade going off at ``impact`` on one character ``metres`` away: the zone that reaches him, and what it
    does to each location in it."""
    zone = zone_for(weapon.zone, weapon.radius, metres)
    reach = f"{sheet.name}: Blast Zone {weapon.zone}"
    if metres:
        reach += (f" \u2212 {zone_lost(metres, weapon.radius)} for {metres} m (a hex for each whole Blast Radius "
                  f"of {float(weapon.radius):g} m) = {zone if zone else 'none left'}")
    steps: list[Step] = []
    kind = GRENADES[weapon.grenade]
    found = caught(impact, zone)
    state = replace(state, marks=_marks(chosen, impact, zone, f"{kind} zone"))
    if not found:
        steps.append(Step(f"{reach}: the blast does not reach his body", f"{RULE}; D-SL-31; D-SL-GR2"))
        return state, steps, f"{sheet.name}: out of the blast"
    names = ", ".join(LOCATION_LABELS[location] for location in found)
    steps.append(Step(f"{reach} hex{'es' if zone != 1 else ''} from {where(impact)}: it reaches the {names}",
                      f"{RULE}; D-SL-31"))
    before = state
    if weapon.grenade == "smoke":
        state = replace(state, smoke=int(options.smoke))
        steps.append(Step(f"{sheet.name} is in the smoke: {signed(int(options.smoke))} to hit him until it clears",
                          "D-SL-GR6 (the GM's number)"))
        return state, steps, f"{sheet.name}: in smoke"
    if weapon.grenade == "flash":
        if "head" not in found:
            steps.append(Step(f"The flash does not reach {sheet.name}'s Head: he is not dazzled",
                              "D-SL-GR7 (the GM's number)"))
            return state, steps, f"{sheet.name}: not dazzled"
        state = replace(state, dazzled=min(state.dazzled, int(options.flash)))
        steps.append(Step(f"{sheet.name} is dazzled: {signed(int(options.flash))} to his actions for the rest of the "
                          "phase", "D-SL-GR7 (the GM's number)"))
        return state, steps, f"{sheet.name}: dazzled"
    total = damage * len(found)
    if weapon.grenade == "blast":
        state = take(state, None, total, bruising=True)
        steps.append(Step(f"Bruising: Damage {damage} \u00d7 {len(found)} location{'s' if len(found) > 1 else ''} = "
                          f"{total} on the Incap and bruising track (no wounds), armour ignored",
                          f"{RULE}; Bruising Damage; D-SL-31"))
    else:
        for location in found:
            state = take(state, location, damage)
        steps.append(Step(f"Damage {damage} to each of the {names}, armour ignored; Incap {damage} \u00d7 {len(found)} = "
                          f"{total} ({number(before.incap_left(sheet))} \u2192 {number(state.incap_left(sheet))})",
                          f"{RULE}; Applying Damage; D-SL-31"))
        phys = sheet.stat("phys")
        if damage > phys:
            opened = found if options.grenade_wounds == "each" else found[:1]
            for location in opened:
                state = open_wound(state, location)
            steps.append(Step(f"Damage {damage} is more than the Wound Threshold (PHYS {phys}): a wound opens in the "
                              + ", ".join(LOCATION_LABELS[location] for location in opened)
                              + f"; {len(state.wounds)} open", "seed, Wounds; D-SL-GR3"))
        state, knocked = knock(sheet, state, damage, dice, f" {n}")
        steps += knocked
    outcome = f"{sheet.name}: {len(found)} location{'s' if len(found) > 1 else ''}, {total}" + (
        " bruising" if weapon.grenade == "blast" else " damage")
    for said_ in news(sheet, before, state, options):
        steps.append(Step(said_, "seed, Applying Damage; D-SL-11"))
        outcome += "; dead" if "dead" in said_ else "; unconscious"
    return state, steps, outcome
