"""Resolving an aimed shot roll by roll (seed 002; RULES_NOTES 3.3, 3.5): the COOL test under fire and the DEX test of
a quick draw when they apply, the three dice, the Hit Spread and its direction die, then the hit on the location:
armour, damage, wounds, a bullet that stays in, a Vevaphon's CONC roll (:mod:`.strike`), knockback and knockdown
(:mod:`.knockback`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...dice import DiceSource
from ...hexes import DIRECTION_NAMES, Hex, step as step_hex, within
from ...report import Report, Step, signed
from .diagram import REGION_OF
from .body import UNDER_FIRE, under_fire
from .fire import RANGES, SHOTS
from .knockback import Which, knock
from .options import Options
from .handling import jam_number, jams
from .resolution import SKILL_TARGET, Check, Dice
from .rolls import test
from .shooting import Plan, plan, roll_check, spread
from .shoot_inputs import Shot
from .sheet import LOCATION_LABELS, LOCATIONS, Sheet
from .strike import strike
from .wounds import Shot as LastShot, State, acted, dead, news, take, unconscious
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
    is the hit's place in an action of several (:func:`.knockback.knock`); ``standing`` False for a target already
    down, who makes no plain knockback roll (D-SL-36)."""
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
