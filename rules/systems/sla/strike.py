"""A hit on one body location (seed 002: Penetration, Damage, Impact Damage, Applying Damage, Wounds, Vevaphon
Armour; D-SL-7, 8, 9, 11, 13, 26, 32): what the Penetration and Damage dice do against the armour there
(:func:`impact`, which the resolvers and the odds read alike), and what that does to the target (:func:`strike`): the
armour's ID worn, damage to Incap and to the location, a wound, a bullet that stays in, a Vevaphon's CONC roll, and
the knockback that follows (:mod:`.knockback`).  A shot (:mod:`.hit`), a volley's bullets (:mod:`.volley`) and a
melee blow (:mod:`.melee`) all land through it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from ...dice import DiceSource
from ...report import Step, minus, number, signed
from .armour import Hit, shoot
from .body import wounded
from .knockback import Which, knock, roll_name, said
from .options import Options
from .protection import Cover, cover, skin_pv
from .resolution import Dice
from .rolls import test
from .sheet import LOCATION_LABELS, Sheet
from .wounds import State, news, open_wound, take, wear


class Striking(Protocol):
    """What :func:`impact` and :func:`strike` read of an attack: a shot's :class:`~.shooting.Plan`, or a melee
    blow's numbers (:mod:`.melee`)."""

    @property
    def pen(self) -> int: ...
    @property
    def dam(self) -> int: ...
    @property
    def armour_damage(self) -> int | None: ...
    @property
    def armour_piercing(self) -> bool: ...


@dataclass(frozen=True)
class Impact:
    """What the Penetration and Damage dice do on one location, before any further roll: the armour met, the round
    against it, the damage that reaches the body, and whether it opens a wound or leaves the bullet in."""

    cover: Cover
    hit: Hit
    damage: int             # after the armour, halved for a Vevaphon in natural state
    halved: bool
    wound: bool
    stuck: bool


def impact(sheet: Sheet, state: State, location: str, plan_: Striking, penetration_die: int, damage_die: int,
           options: Options, times: tuple[int, int] = (1, 1), *, melee: bool = False) -> Impact:
    """The one reading of a hit's numbers, for the resolver (:func:`strike`) and the odds alike; ``times`` scales
    the damage (a rotary gun's barrels over the locations hit); a melee blow must beat the PV (D-SL-7) and leaves no
    bullet in."""
    there = cover(sheet, state, location, options)
    hit = shoot(pen_die=penetration_die, pen=plan_.pen, damage_die=damage_die, dam=plan_.dam, pv=there.pv,
                impact=there.impact, armour_piercing=plan_.armour_piercing, armour_damage=plan_.armour_damage,
                times=times, melee=melee)
    halved = sheet.skin == "vevaphon" and not skin_pv(sheet, state) and hit.damage > 0
    damage = hit.damage // 2 if halved else hit.damage
    phys = sheet.stat("phys")
    stuck = not melee and location == "torso" and hit.penetrates and damage > 0 and hit.penetration < phys
    return Impact(there, hit, damage, halved, wounded(damage, phys), stuck)


def strike(sheet: Sheet, state: State, location: str, plan_: Striking, rolled: Dice, options: Options,
           dice: DiceSource, times: tuple[int, int] = (1, 1), knocks: bool = True, *, melee: bool = False,
           bruising: str = "", which: Which | None = None, standing: bool = True) -> tuple[State, list[Step], str]:
    """A hit on one location: through its armour to Incap and the location, and what follows (``knocks``: the
    knockback rolls, left to the caller when one attack hits several locations at once).  A melee blow (``melee``)
    must beat the PV and otherwise touches neither armour nor victim (D-SL-7); ``bruising`` is "track" for bruising
    on the Incap track alone (fists, blunt weapons, PEN 0 or less) or "both" for a Martial Arts bruising blow that
    marks the location too (seed, Applying Damage; Bruising Damage): neither opens a wound.  ``which`` and
    ``standing`` are :func:`.knockback.knock`'s."""
    place_ = LOCATION_LABELS[location]
    steps = []
    hardened = skin_pv(sheet, state) if sheet.skin == "vevaphon" and sheet.vevaphon_pv else 0
    found = impact(sheet, state, location, plan_, rolled.penetration, rolled.damage, options, times, melee=melee)
    there, hit, damage = found.cover, found.hit, found.damage
    scaled = "" if times == (1, 1) else f" \u00d7 {times[0]}" + (f" \u00f7 {times[1]}" if times[1] > 1 else "")
    sum_words = (f"(Damage die {rolled.damage} + DAM {number(plan_.dam)}){scaled}" if scaled
                 else f"Damage die {rolled.damage} + DAM {number(plan_.dam)}") + f" = {hit.total_damage}"
    if not there.layers:
        steps.append(Step(f"The {place_} is bare: {sum_words}", "seed, Damage" + ("; D-SL-28" if scaled else "")))
    elif not there.live:
        steps.append(Step(f"The armour on the {place_} has no ID left ({there.describe()}): the shot goes through; "
                          f"{sum_words}", "seed, Impact Damage"))
    else:
        layered = f" (layered: best PV + {len(there.live) - 1})" if len(there.wearing) > 1 else ""
        verdict = "penetrates" if hit.penetrates else "does not penetrate"
        steps.append(Step(f"Penetration die {rolled.penetration} + PEN {number(plan_.pen)} = {hit.penetration} against PV "
                          f"{there.pv}{layered} ({there.describe()}): {verdict}", "seed, Penetration; D-SL-9"))
        if hit.penetrates:
            through = (f"AP ammunition: the full {hit.total_damage}" if plan_.armour_piercing
                       else f"{minus(hit.total_damage, there.pv)} = {hit.damage}")
            steps.append(Step(f"{sum_words}; through the armour: {through}", "seed, Damage"))
        elif melee:
            steps.append(Step(f"The blow does not beat the PV: neither the armour nor {sheet.name} takes damage",
                              "seed, Hand-to-Hand; D-SL-7"))
        else:
            steps.append(Step("The armour takes the punishment: no damage to the body", "seed, Impact Damage"))
        for layer in there.wearing if hit.worn or not melee else ():
            left = max(0, layer.impact - hit.worn)
            state = wear(state, layer.index, location, hit.worn)
            what = "AD" if hit.penetrates and plan_.armour_damage is not None else "damage"
            steps.append(Step(f"{layer.name}'s ID on the {place_}: {minus(layer.impact, hit.worn)} ({what}) = {left}"
                              + ("; the next hit here goes straight through" if left == 0 else ""),
                              "seed, Impact Damage; D-SL-8"))
    if found.halved:
        steps.append(Step(f"{sheet.name} is in natural state: the kinetic damage is halved to {damage}",
                          "seed, Vevaphon Armour; D-SL-13"))
    before = state
    if damage and bruising:
        marked = take(state, location, damage) if bruising == "both" else state
        state = replace(marked, incap_damage=state.incap_damage, bruising=state.bruising + damage)
        steps.append(Step(f"{damage} bruising on the Incap track ({before.bruising} \u2192 {state.bruising})"
                          + (f" and {damage} off the {place_} ({number(before.hits_left(sheet, location))} \u2192 "
                             f"{number(state.hits_left(sheet, location))})" if bruising == "both" else "")
                          + ": no wound, no bleeding", "seed, Hand-to-Hand; Applying Damage; Bruising Damage"))
    elif damage:
        state = take(state, location, damage)
        steps.append(Step(f"{damage} damage to Incap ({number(before.incap_left(sheet))} \u2192 "
                          f"{number(state.incap_left(sheet))}) and to the {place_} "
                          f"({number(before.hits_left(sheet, location))} \u2192 "
                          f"{number(state.hits_left(sheet, location))})", "seed, Damage; Applying Damage"))
    if found.wound and not bruising:
        state = open_wound(state, location)
        steps.append(Step(f"{damage} is more than the Wound Threshold (PHYS {sheet.stat('phys')}): a wound opens in "
                          f"the {place_}; {len(state.wounds)} open, each \u22121 to every roll",
                          "seed, Wounds; D-SL-26"))
    if found.stuck:
        state = replace(state, stuck=state.stuck + 1)
        steps.append(Step(f"Penetration {hit.penetration} is below PHYS {sheet.stat('phys')}: the bullet stays in the "
                          "Torso, to be extracted before it can heal", "seed, Damage; D-SL-32"))
    if hardened:
        result, step = test(dice, roll_name(dice, "conc", which), f"{said(which)}{sheet.name} is hit: roll 3d6 for a "
                            "CONC test to keep the skin armoured"
                            + (f", {signed(-damage)} for the damage" if damage else ""), sheet.stat("conc"), "CONC",
                            "seed, Vevaphon Armour", modifier=-damage, on="roll", wounds=len(state.wounds))
        steps.append(step)
        if not result.success:
            loss = min(hardened, 7 - result.dice.success)
            state = replace(state, pv_lost=state.pv_lost + loss)
            steps.append(Step(f"The cells soften: PV {minus(hardened, loss)} = {hardened - loss} (7 \u2212 the Success "
                              "die); ID follows it down", "seed, Vevaphon Armour"))
    if knocks:
        state, knocked = knock(sheet, state, damage, dice, which=which, standing=standing)
        steps += knocked
    outcome = f"{place_} hit" + (f": {damage} damage" if damage else ": no damage through the armour"
                                  if hit.penetrates and there.live else ": stopped by the armour"
                                  if there.live else ": no damage")
    for words in news(sheet, before, state, options):
        steps.append(Step(words, "seed, Damage; Applying Damage; D-SL-11"))
        outcome += "; dead" if "dead" in words else "; unconscious"
    return state, steps, outcome
