"""Resolving an aimed shot roll by roll (seed 002; RULES_NOTES 3.3, 3.5): the COOL test under fire and the DEX test of
a quick draw when they apply, the three dice, the Hit Spread and its direction die, then the hit on the location:
armour, damage, wounds, a bullet that stays in, a Vevaphon's CONC roll, knockback and knockdown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from ...dice import DiceSource
from ...hexes import DIRECTION_NAMES, Hex, step as step_hex, within
from ...report import Report, Step, minus, number, signed
from .armour import Hit, shoot
from .diagram import REGION_OF
from .body import UNDER_FIRE, knockback, under_fire, wounded
from .fire import RANGES, SHOTS
from .options import Options
from .protection import Cover, cover, skin_pv
from .handling import jam_number, jams
from .resolution import SKILL_TARGET, Check, Dice
from .rolls import test
from .shooting import Plan, Shot, plan, roll_check, spread
from .sheet import LOCATION_LABELS, LOCATIONS, Sheet
from .wounds import Shot as LastShot, State, acted, dead, news, open_wound, take, unconscious, wear
from . import rolls

DIRECTION_DIE = "direction"


def hex_words(hex_: Hex) -> str:
    region = REGION_OF.get(hex_)
    where = LOCATION_LABELS[region] if region else "off the body"
    return f"{where} ({hex_[0]}, {hex_[1]})".replace("-", "\u2212")


def _spread_words(plan_: Plan, hit: bool, distance: int, success_die: int, total: int, target: int) -> str:
    steadied = " ".join(f"\u2212 {amount} {why}" for why, amount in plan_.steadied if amount)
    recoil = f"RCL {plan_.weapon_recoil}" + (f" {steadied}" if steadied else "") + (
        f" = {plan_.recoil}" if steadied else "")
    if not hit:
        extra = {"wild": 3, "wild_rapid": 3, "snap": 2}.get(plan_.shot_type, 0)
        return (f"Missed by {target - total}: the shot lands {distance} hex{'es' if distance != 1 else ''} from the "
                f"hex aimed at ({recoil}, + {target - total} for the miss" + (f", + {extra} for the shot" if extra
                                                                              else "") + ")")
    parts = [recoil]
    if plan_.spread_mod:
        shot = "" if plan_.shot_type == "aimed" else f" for a {SHOTS[plan_.shot_type]['short']} shot"
        parts.append(f"+ {plan_.spread_mod}{shot} at {RANGES[plan_.range_band]['label']} range")
    if plan_.aim_bonus:
        parts.append(f"\u2212 {plan_.aim_bonus} for the aims")
    if plan_.scope:
        parts.append(f"\u2212 {plan_.scope} for the scope")
    parts.append(f"\u2212 {success_die} on the Aiming die")
    if plan_.accuracy:
        sign = "\u2212" if plan_.accuracy > 0 else "+"
        parts.append(f"{sign} {abs(plan_.accuracy)} Accuracy")
    return f"Hit Spread {distance}: {' '.join(parts)}, never below 0"


def prepare(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State],
            dice: DiceSource) -> tuple[list[Step], dict[str, State], int, str]:
    """What comes before the trigger: the COOL test under fire and the DEX test of a quick draw.  Returns the steps,
    the states after (the shooter has acted; a quick draw costs Initiative), the Under Fire modifier, and why no
    shot is fired ("" when it is)."""
    armed = sheets[shot.attacker]
    steps: list[Step] = []
    wounds = len(states[shot.attacker].wounds)
    fire_modifier = 0
    if shot.shooters:
        aiming = -5 * shot.shooters if shot.shot == "aimed" else 0
        result, step = test(dice, "cool", f"{armed.name} is under fire: roll 3d6 for a COOL test"
                            + (f", {signed(aiming)} to aim" if aiming else ""), armed.stat("cool"), "COOL",
                            "seed, Under Fire", modifier=aiming, on="roll", wounds=wounds)
        steps.append(step)
        if aiming and not result.success:
            steps.append(Step(f"{armed.name} fails the COOL test and stays in cover: no shot this action",
                              "seed, Under Fire"))
            return steps, dict(states), 0, "No shot: stays in cover"
        fire_modifier = under_fire(result.total if result.success else 0)
        steps.append(Step(f"Under fire: {signed(UNDER_FIRE)}" + (f", {signed(fire_modifier - UNDER_FIRE)} for the "
                                                                  f"COOL test" if fire_modifier != UNDER_FIRE else "")
                          + f" = {signed(fire_modifier)} to hit", "seed, Under Fire"))
    if shot.quick_draw and not armed.quick_draw:
        result, step = test(dice, "draw", f"{armed.name} draws and fires: roll 3d6 for a DEX test",
                            armed.stat("dex"), "DEX", "seed, Quick Draw", wounds=wounds)
        steps.append(step)
        if not result.success:
            steps.append(Step(f"{armed.name} does not finish the draw in this action: no shot", "seed, Quick Draw"))
            return steps, dict(states), 0, "No shot: the draw takes the action"
    after = dict(states)
    after[shot.attacker] = acted(states[shot.attacker])
    drawn = states[shot.attacker].initiative
    if shot.quick_draw and drawn is not None:
        after[shot.attacker] = replace(after[shot.attacker], initiative=drawn - 3)
        steps.append(Step(f"The quick draw costs {armed.name} 3 from his Initiative Total ({drawn} \u2192 {drawn - 3})",
                          "seed, Quick Draw"))
    return steps, after, fire_modifier, ""


def modifier_steps(plan_: Plan) -> list[Step]:
    if not plan_.modifiers:
        return []
    return [Step("Modifiers: " + ", ".join(f"{name} {signed(value)}" for name, value in plan_.modifiers)
                 + f" = {signed(plan_.modifier)}, on the " + ("target number" if plan_.on == "target" else "roll"),
                 "D-SL-2")]


def fire(plan_: Plan, dice: DiceSource, name: str, why: str, skill_words: str) -> tuple[Dice, Check, Step]:
    """One attack roll: the three dice asked for by role, read against the plan."""
    rolled = rolls.three(dice, name, why)
    result = roll_check(plan_, rolled)
    return rolled, result, Step(rolls.words(result, plan_.skill, skill_words, modifier=plan_.modifier, on=plan_.on,
                                            wounds=plan_.wounds),
                                "seed, Combat Skill Resolution; D-SL-1, D-SL-3",
                                (rolled.success, rolled.penetration, rolled.damage), name, names=rolls.ROLES)


def deviate(plan_: Plan, result: Check, start: Hex, dice: DiceSource, name: str = DIRECTION_DIE,
            what: str = "The shot") -> tuple[Hex | None, list[Step]]:
    """Where a shot from ``start`` lands: its spread (:func:`.shooting.spread`), and a direction die when the spread
    is more than 0.  None for a clean miss (the option)."""
    distance = spread(plan_, result)
    if distance is None:
        return None, [Step("A clean miss (the option): no landing point", "seed, Missed Shots (option)")]
    steps = [Step(_spread_words(plan_, result.success, distance, result.success_die, result.total, result.target),
                  "seed, Hit Deviation; D-SL-17, D-SL-24, D-SL-25")]
    if not distance:
        return start, steps
    hexes = f"{distance} hex{'es' if distance != 1 else ''}"
    direction = int(dice.roll(name, "d6", 1, names=("Direction die",),
                              why=f"{what} deviates {hexes}: roll the direction die (1 upper-right, clockwise to "
                                  "6 up)")[0])
    landed = step_hex(start, direction, distance)
    steps.append(Step(f"Direction die {direction}: {DIRECTION_NAMES[direction]}, {hexes} from {hex_words(start)} to "
                      f"{hex_words(landed)}", "RULES_NOTES 3.3 Hit Deviation Diagram; D-SL-23", (direction,), name,
                      names=("Direction die",)))
    return landed, steps


def touched(hex_: Hex, radius: int) -> list[str]:
    """The body locations a hit on ``hex_`` covers: its own, and with a template (a rotary gun's 7 hexes, a
    shotgun's growing spread) every location with a hex within ``radius``; in the body's order."""
    regions = {REGION_OF[cell] for cell in within(hex_, radius) if cell in REGION_OF}
    return [location for location in LOCATIONS if location in regions]


def land_hit(sheet: Sheet, state: State, hex_: Hex, plan_: Plan, rolled: Dice, options: Options, dice: DiceSource,
             *, knocks: bool = True, which: Which | None = None,
             standing: bool = True) -> tuple[State, list[Step], str]:
    """A hit landing on ``hex_``: on its location, or, with a template, on every location it covers; a rotary gun
    shares its barrels' damage among them (D-SL-28); knockback is rolled once on the damage done in all.  ``which``
    is the hit's place in an action of several (:func:`knock`); ``standing`` False for a target already down, who
    makes no plain knockback roll (D-SL-36)."""
    locations = touched(hex_, plan_.template)
    if not locations:
        return state, [Step("That is off the body: the shot misses", "D-SL-23")], "Miss"
    if plan_.template == 0 and plan_.barrels == 1:
        return strike(sheet, state, locations[0], plan_, rolled, options, dice, knocks=knocks, which=which,
                      standing=standing)
    names = ", ".join(LOCATION_LABELS[location] for location in locations)
    cells = len(within(hex_, plan_.template))
    times = (plan_.barrels, len(locations)) if plan_.barrels > 1 else (1, 1)
    how = (f"{plan_.barrels} barrels: the damage \u00d7 {plan_.barrels}"
           + (f", shared by the {len(locations)} locations" if len(locations) > 1 else "")
           if plan_.barrels > 1 else "each location once, against its own armour; Incap takes them all")
    steps = [Step(f"The hit covers {cells} hexes around {hex_words(hex_)}: {names}; {how}",
                  "seed, Rotary Guns; Shotguns; D-SL-28")]
    before = state
    parts = []
    for location in locations:
        state, more, outcome = strike(sheet, state, location, plan_, rolled, options, dice, times, knocks=False,
                                      which=which)
        steps += more
        parts.append(outcome.split(";")[0])
    done = state.incap_damage - before.incap_damage
    if knocks:
        state, knocked = knock(sheet, state, done, dice, which=which, standing=standing)
        steps += knocked
    outcome = "; ".join(parts)
    if dead(sheet, state):
        outcome += "; dead"
    elif unconscious(sheet, state, options):
        outcome += "; unconscious"
    return state, steps, outcome


def resolve(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A single shot (the firing modes that fire more are :mod:`.volley`'s)."""
    armed, target = sheets[shot.attacker], sheets[shot.target]
    title = f"{armed.name} shoots at {target.name} with {armed.weapons[shot.weapon].name}"
    steps, after, fire_modifier, stop = prepare(shot, sheets, states, dice)
    if stop:
        return after, Report(title, tuple(steps), stop)
    plan_ = plan(shot, sheets, states, options, fire_modifier)
    steps += modifier_steps(plan_)
    skill_name = armed.weapons[shot.weapon].weapon.skill
    rolled, result, step = fire(plan_, dice, "attack", f"{armed.name} fires at {target.name}'s "
                                f"{hex_words(shot.aim)}: roll the three dice, skill {plan_.skill} against "
                                f"{SKILL_TARGET}", skill_words(skill_name, shot))
    steps.append(step)
    after[shot.attacker], more, jammed = trigger(shot, armed, after[shot.attacker], rolled, result, options)
    if jammed:
        return after, Report(title, tuple(steps + more), "Jammed: no shot")
    landed, deviation = deviate(plan_, result, shot.aim, dice)
    steps += deviation
    hit_ = result.success and landed is not None and bool(touched(landed, plan_.template))
    state = replace(after[shot.target], marks=(), last_shot=LastShot(shot.aim, landed, hit_))
    outcome = "Miss"
    if hit_ and landed is not None:
        state, struck, outcome = land_hit(target, state, landed, plan_, rolled, options, dice)
        steps += struck
    elif result.success and landed is not None:
        steps.append(Step("That is off the body: the shot misses", "D-SL-23"))
    after[shot.target] = state
    after[shot.attacker], bruises = bruised(armed, after[shot.attacker], plan_, 1, options, dice)
    return after, Report(title, tuple(steps + bruises), outcome)


def skill_words(skill: str, shot: Shot) -> str:
    return skill + (" (split)" if shot.split else "") + (" (halved: two weapons)" if shot.paired >= 0 else "")


def trigger(shot: Shot, sheet: Sheet, state: State, rolled: Dice, result: Check,
            options: Options) -> tuple[State, list[Step], bool]:
    """One pull of the trigger, on the shooter: a single or semi-auto shot counts against the round's DEX/2 (D-SL-6),
    and with the optional Jamming rule the weapon jams on all three dice showing 1, or, for a semi-auto shot past the
    round's allowance, on a roll over JF + 4 \u2212 the excess (D-SL-16).  True when it jammed: that shot does not go
    off."""
    gun = sheet.weapons[shot.weapon]
    counted = shot.mode in ("single", "semi")
    if options.jamming == "on":
        allowance = sheet.stat("dex") // 2
        excess = max(0, state.fired + 1 - allowance) if shot.mode == "semi" else 0
        raw = (rolled.success, rolled.penetration, rolled.damage)
        if jams(raw, result.total, gun.weapon.jam, excess, options.jam_against):
            against = options.jam_against == "raw"
            why = ("all three dice show 1" if raw == (1, 1, 1) else
                   f"shot {state.fired + 1} this round, {excess} past the {allowance} allowed: "
                   f"{'the dice come to ' + str(sum(raw)) if against else 'the total is ' + str(result.total)}, "
                   f"over JF {gun.weapon.jam} + 4 \u2212 {excess} = {jam_number(gun.weapon.jam or 0, excess)}")
            return replace(state, jammed=state.jammed + (shot.weapon,)), [Step(
                f"{gun.name} jams ({why}): the shot does not go off; clearing it takes an action and a Weapons "
                "Maintenance roll (Ready weapon)", "seed, Jamming Factor; D-SL-16")], True
    uncocked = state.uncocked + ((shot.weapon,) if gun.weapon.cocked and shot.weapon not in state.uncocked else ())
    return replace(state, fired=state.fired + int(counted), uncocked=uncocked), [], False


def bruised(sheet: Sheet, state: State, plan_: Plan, bullets: int, options: Options,
            dice: DiceSource) -> tuple[State, list[Step]]:
    """Recoil above STR + 3 bruises the weapon arm a point a shot (seed, Recoil): bruising on the Incap track, and a
    PHYS roll to stay conscious, once for the action."""
    if not plan_.bruising or not bullets:
        return state, []
    amount = plan_.bruising * bullets
    before = state
    state = take(state, None, amount, bruising=True)
    steps = [Step(f"The recoil bruises {sheet.name}'s {LOCATION_LABELS[plan_.arm].lower()}: {plan_.bruising} a shot "
                  f"(recoil over STR + 3) \u00d7 {bullets} = {amount} bruising", "seed, Recoil; D-SL-15")]
    result, step_ = test(dice, "recoil", f"{sheet.name} takes {amount} bruising from the recoil: roll 3d6 for a PHYS "
                         "test to stay conscious", sheet.stat("phys"), "PHYS", "seed, Recoil",
                         wounds=len(state.wounds))
    steps.append(step_)
    if not result.success:
        state = replace(state, knocked_out=True)
    steps += [Step(words, "seed, Recoil; Bruising Damage") for words in news(sheet, before, state, options)]
    return state, steps


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
    ``standing`` are :func:`knock`'s."""
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


@dataclass(frozen=True)
class Which:
    """A hit's place in an action that hits more than once: "Shot" 2 of a semi-auto volley, "Bullet" 3 of a burst."""

    word: str
    number: int


def roll_name(dice: DiceSource, name: str, which: Which | None) -> str:
    """The name of a roll each hit makes for itself (D-SL-39: "These must be rolled individually"): the action's
    first keeps the plain name, as every log of a single hit has it; a later one is named by its shot or bullet
    number ("knockback 3" for bullet 3), so dice on demand asks for each in turn and the log shows them apart."""
    return name if which is None or name not in dice.record else f"{name} {which.number}"


def said(which: Which | None) -> str:
    return "" if which is None else f"{which.word} {which.number}: "


def knock(sheet: Sheet, state: State, damage: int, dice: DiceSource, suffix: str = "", *, which: Which | None = None,
          standing: bool = True) -> tuple[State, list[Step]]:
    """Knockback and knockdown (seed, Knockback; D-SL-26): damage over PHYS calls for a PHYS roll to stay standing;
    over twice PHYS knocks down, with a PHYS roll to stay conscious.  ``suffix`` tells the rolls apart when one
    action knocks several characters back (a grenade's " 2"); ``which`` when one action hits several times
    (:func:`roll_name`, D-SL-39).  A target already down (``standing`` False) makes no plain knockback roll, but a
    hit over twice PHYS still asks the roll to stay conscious (D-SL-36); one already knocked out rolls nothing."""
    phys = sheet.stat("phys")
    kind, penalty = knockback(damage, phys)
    if kind == "none" or dead(sheet, state) or (not standing and (kind == "roll" or state.knocked_out)):
        return state, []
    wounds = len(state.wounds)
    if kind == "down":
        result, step = test(dice, roll_name(dice, "conscious", which) + suffix, f"{said(which)}{damage} damage is "
                            f"more than twice {sheet.name}'s PHYS: knocked down; roll 3d6 for a PHYS test to stay "
                            "conscious", phys, "PHYS", "seed, Knockback", wounds=wounds)
        step = replace(step, text=said(which) + step.text)
        state = replace(state, position="down")
        if result.success:
            return replace(state, lost_phases=3), [step, Step(
                f"{sheet.name} is down (+3 to hit him) and loses a full round (3 phases) of actions",
                "seed, Knockback")]
        return replace(state, knocked_out=True), [step, Step(f"{sheet.name} is knocked out", "seed, Knockback")]
    result, step = test(dice, roll_name(dice, "knockback", which) + suffix, f"{said(which)}{damage} damage is more "
                        f"than {sheet.name}'s PHYS {phys}: roll 3d6 for a PHYS test at {signed(-penalty)} to stay "
                        "standing", phys, "PHYS", "seed, Knockback", modifier=-penalty, on="roll", wounds=wounds)
    step = replace(step, text=said(which) + step.text)
    if result.success:
        slowed = state.slowed or "phase"
        return replace(state, slowed=slowed), [step, Step(
            f"{sheet.name} staggers: Initiative Total 0 for the rest of this phase", "seed, Knockback")]
    return replace(state, position="down", slowed="round", lost_actions=state.lost_actions + 1), [step, Step(
        f"{sheet.name} is knocked down (+3 to hit him), acts last for the rest of the round (Initiative Total 0) and "
        "loses his next action", "seed, Knockback")]

