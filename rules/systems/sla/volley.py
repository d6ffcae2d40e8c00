"""Firing more than once in an action (seed 002: Semi Auto, Full-Auto, Burst Fire, Walking the Fire, Rotary Guns,
Suppressive Fire; D-SL-5, D-SL-6, D-SL-28, D-SL-29, D-SL-31).

* Semi-auto: each shot is an attack of its own; the first is aimed as a single shot, each later one deviates from
  where the one before landed, by a single shot's spread less its own Aiming die, with no aim bonus.
* Full auto and burst fire: one attack roll places the first bullet; each later bullet deviates the weapon's FA
  hexes from the one before, in a direction die's direction, and hits wherever it lands, with the attack's own
  Penetration and Damage dice.  The first deviations (as many as the Auto/Support rank, or half of it by option)
  may be turned one step: here toward the hex aimed at, when that lands better (``steer``).  The fire may walk on to
  a second target, paying a stray bullet or an influence chance; it starts there from a random aiming point.
* Suppressive fire: an Auto/Support roll; a target crossing the zone rolls Dodge or Acrobatics at \u2212FA and must
  beat its Success die, else takes one bullet (a success) or two (a failure) as Wild shots at the standard aiming
  point.

The burst's direction dice are asked for together, in order, once its length is known: no choice falls between
them, because the steering is a rule given up front.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...dice import DiceSource
from ...hexes import DIRECTION_NAMES, Hex, distance, step, turn
from ...report import Report, Step, signed
from .blast import burst_limits
from .fire import spread_modifier
from .diagram import REGION_OF
from .hit import bruised, deviate, fire, hex_words, land_hit, modifier_steps, prepare, skill_words, touched, trigger
from .knockback import Which
from .options import Options
from .resolution import SKILL_TARGET, Check, check
from .rolls import ROLES, three, words
from .shooting import Plan, plan
from .shoot_inputs import Shot, read_hex, steadied_recoil
from .sheet import LOCATION_LABELS, Sheet, Weapon
from .wounds import Mark, State, dead, unconscious

STANDARD_AIM: Hex = read_hex("0,3", "aim")          # the centre of the Torso: the standard aiming point


def wild_plan(plan_: Plan, gun: Weapon, rest: bool) -> Plan:
    """A suppressive-fire bullet's placing: a Wild shot at the standard aiming point, fired from no stance, with no
    aim bonus (seed, Suppressive Fire)."""
    return replace(plan_, shot_type="wild", spread_mod=spread_modifier("wild", plan_.range_band), aim=STANDARD_AIM,
                   aim_bonus=0, scope=0, modifiers=(), recoil=steadied_recoil(gun, False, rest),
                   steadied=(("for the firing stance", 0), ("for the rest", int(rest)),
                             ("for the baffling", gun.baffling)))


def influence(skill: int, options: Options) -> int:
    """How many deviations, from the first after the opening bullet, may be turned a step (D-SL-5)."""
    return skill // 2 if options.auto_skill == "half" else skill


def burst_length(rolled: int, skill: int, wanted: int, options: Options) -> int:
    """The bullets of a full-auto burst: the rolled total, moved toward ``wanted`` (0: left as rolled) by up to the
    Auto/Support rank (or half of it), never below 1 (seed, Full-Auto; D-SL-5).

    >>> from .options import DEFAULTS
    >>> burst_length(8, 5, 10, DEFAULTS), burst_length(8, 5, 20, DEFAULTS), burst_length(8, 5, 0, DEFAULTS)
    (10, 13, 8)
    """
    low, high = burst_limits(rolled, skill, half_skill=options.auto_skill == "half")
    return min(high, max(low, wanted)) if wanted else rolled


def steered(at: Hex, direction: int, hexes: int, aim: Hex) -> int:
    """The direction a deviation is turned to, one step either way or not at all, when the player steers toward the
    hex aimed at: a landing on the body first, then the nearest the aim; a tie keeps the die's own direction.

    >>> steered((0, 3), 4, 1, (0, 3)), steered((0, 3), 1, 1, (0, 1))
    (4, 6)
    """
    def worse(option: int) -> tuple[int, int]:
        landed = step(at, option, hexes)
        return (0 if landed in REGION_OF else 1, distance(landed, aim))

    best = direction
    for option in (turn(direction, -1), turn(direction, 1)):
        if worse(option) < worse(best):
            best = option
    return best


def _bullet(number: int, landed: Hex | None, on_body: bool, start: Hex | None) -> Mark | None:
    if landed is None:
        return None
    where = hex_words(landed) if on_body else f"missed ({hex_words(landed)})"
    return Mark("hit" if on_body else "miss", landed, f"Bullet {number}: {where}", start, str(number))


def tally(sheet: Sheet, before: State, after: State, marks: list[Mark], options: Options) -> str:
    """What the bullets did to one character, in a few words: where they hit, the damage, and death or
    unconsciousness."""
    where: dict[str, int] = {}
    for mark in marks:
        if mark.kind == "hit":
            for location in touched(mark.hex, 0) or ["spread"]:
                where[location] = where.get(location, 0) + 1
    parts = [f"{LOCATION_LABELS.get(location, 'the spread')} {count}" for location, count in where.items()]
    done = after.incap_damage - before.incap_damage
    bruised = after.bruising - before.bruising
    words = (f" ({', '.join(parts)})" if parts else "") + (f", {done} damage" if done else "") + (
        f", {bruised} bruising" if bruised else "")
    if dead(sheet, after) and not dead(sheet, before):
        words += "; dead"
    elif unconscious(sheet, after, options) and not unconscious(sheet, before, options):
        words += "; unconscious"
    return words


def resolve(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    armed, target = sheets[shot.attacker], sheets[shot.target]
    weapon = armed.weapons[shot.weapon]
    verb = {"semi": "fires semi-auto", "auto": "fires a full-auto burst", "burst": "fires a burst",
            "suppress": "lays down suppressive fire"}[shot.mode]
    title = f"{armed.name} {verb} at {target.name} with {weapon.name}"
    steps, after, fire_modifier, stop = prepare(shot, sheets, states, dice)
    if stop:
        return after, Report(title, tuple(steps), stop)
    plan_ = plan(shot, sheets, states, options, fire_modifier)
    if shot.mode == "semi":
        return _semi(title, steps, after, shot, plan_, sheets, options, dice)
    if shot.mode == "suppress":
        return _suppress(title, steps, after, shot, plan_, sheets, options, dice)
    return _burst(title, steps + modifier_steps(plan_), after, shot, plan_, sheets, options, dice)


def _semi(title: str, steps: list[Step], after: dict[str, State], shot: Shot, plan_: Plan,
          sheets: Mapping[str, Sheet], options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Semi-auto (seed, Semi Auto; D-SL-6, D-SL-29): each shot rolled on its own, each later one from the hex the one
    before landed on, with no aim bonus."""
    armed, target = sheets[shot.attacker], sheets[shot.target]
    steps = steps + modifier_steps(plan_)
    following = replace(plan_, aim_bonus=0, scope=0)
    marks: list[Mark] = [Mark("aim", shot.aim, f"Aimed at {hex_words(shot.aim)}")]
    state = before = after[shot.target]
    start = shot.aim
    outcomes: list[str] = []
    bullets_fired = 0
    for number in range(1, shot.shots + 1):
        now = plan_ if number == 1 else following
        name = "attack" if number == 1 else f"attack {number}"
        rolled, result, step_ = fire(now, dice, name, f"Shot {number} of {shot.shots} at {target.name}: roll the "
                                     f"three dice, skill {now.skill} against {SKILL_TARGET}"
                                     + ("" if number == 1 else " (deviating from the last shot's hex)"),
                                     skill_words(armed.weapons[shot.weapon].weapon.skill, shot))
        steps.append(Step(f"Shot {number}: " + step_.text, step_.rule, step_.dice, step_.roll, names=step_.names))
        after[shot.attacker], jam_steps, jammed = trigger(shot, armed, after[shot.attacker], rolled, result, options)
        steps += jam_steps
        if jammed:
            break
        bullets_fired += 1
        landed, deviation = deviate(now, result, start, dice, "direction" if number == 1 else f"direction {number}",
                                    f"Shot {number}")
        steps += deviation
        on_body = result.success and landed is not None and bool(touched(landed, now.template))
        mark = _bullet(number, landed, on_body, start)
        if mark:
            marks.append(mark)
        if on_body and landed is not None:
            state, struck, outcome = land_hit(target, state, landed, now, rolled, options, dice,
                                              which=Which("Shot", number))
            steps += struck
            outcomes.append(outcome)
        elif result.success and landed is not None:
            steps.append(Step(f"Shot {number} lands off the body: a miss", "D-SL-23"))
        if landed is not None:
            start = landed
    after[shot.target] = replace(state, marks=tuple(marks), last_shot=None)
    after[shot.attacker], more = bruised(armed, after[shot.attacker], plan_, bullets_fired, options, dice)
    steps += more
    summary = (f"{len(outcomes)} of {shot.shots} shot{'s' if shot.shots > 1 else ''} hit"
               + tally(target, before, after[shot.target], marks, options)
               + ("; the weapon jammed" if bullets_fired < shot.shots else ""))
    return after, Report(title, tuple(steps), summary)


def _burst(title: str, steps: list[Step], after: dict[str, State], shot: Shot, plan_: Plan,
           sheets: Mapping[str, Sheet], options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Full auto and burst fire (seed, Full-Auto, Burst Fire, Walking the Fire; D-SL-5, D-SL-29)."""
    armed, target = sheets[shot.attacker], sheets[shot.target]
    weapon = armed.weapons[shot.weapon]
    skill = armed.rank(weapon.weapon.skill)
    if shot.mode == "auto":
        faces = [int(face) for face in dice.roll("burst", "d6", shot.burst_dice,
                                                 names=tuple(f"Burst die {n + 1}" for n in range(shot.burst_dice)),
                                                 why=f"{armed.name} fires full auto: roll {shot.burst_dice}d6 for the "
                                                     "burst's length")]
        rolled_length = sum(faces)
        length = burst_length(rolled_length, skill, shot.wanted, options)
        low, high = burst_limits(rolled_length, skill, half_skill=options.auto_skill == "half")
        moved = length - rolled_length
        steps.append(Step(f"Burst dice {' + '.join(map(str, faces))} = {rolled_length} bullets; Auto/Support "
                          f"{skill} lets it be {low} to {high}" + (
                              f"; moved {signed(moved)} toward the {shot.wanted} wanted: {length} bullets"
                              if moved else f": {length} bullets"),
                          "seed, Full-Auto; D-SL-5", tuple(faces), "burst",
                          names=tuple(f"Burst die {n + 1}" for n in range(shot.burst_dice))))
    else:
        length = weapon.weapon.burst
        steps.append(Step(f"{weapon.name} fires a {length}-round burst", "seed, Burst Fire"))
    rolled, result, step_ = fire(plan_, dice, "attack", f"{armed.name} opens fire at {target.name}'s "
                                 f"{hex_words(shot.aim)}: roll the three dice, skill {plan_.skill} against "
                                 f"{SKILL_TARGET}", skill_words(weapon.weapon.skill, shot))
    steps.append(step_)
    after[shot.attacker], jam_steps, jammed = trigger(shot, armed, after[shot.attacker], rolled, result, options)
    if jammed:
        return after, Report(title, tuple(steps + jam_steps), "Jammed: no burst")
    landed, deviation = deviate(plan_, result, shot.aim, dice, what="The first bullet")
    steps += deviation
    chances = influence(skill, options) if shot.steer == "toward" else 0
    walking = bool(shot.walk_to) and shot.walk_after < length
    stray = 1 if walking and (shot.walk_pay == "stray" or chances == 0) else 0
    if walking and not stray:
        chances -= 1
    lost = shot.walk_after + 1 if stray else 0         # the stray bullet, between the targets
    deviating = [number for number in range(2, length + 1) if number != lost]
    directions: dict[int, int] = {}
    if deviating:
        faces = [int(face) for face in dice.roll(
            "deviation", "d6", len(deviating), names=tuple(f"Bullet {number}" for number in deviating),
            why=f"Bullets 2 to {length} each deviate {plan_.fa} hex{'es' if plan_.fa != 1 else ''} from the one "
                "before: roll a direction die for each, in order")]
        directions = dict(zip(deviating, faces))
    states = dict(after)
    states_before = dict(after)
    marks: dict[str, list[Mark]] = {shot.target: [Mark("aim", shot.aim, f"Aimed at {hex_words(shot.aim)}")]}
    hits: dict[str, int] = {shot.target: 0}
    outcomes: list[str] = []
    who, aim = shot.target, shot.aim
    start = landed if landed is not None else shot.aim
    on_body = result.success and landed is not None and bool(touched(landed, plan_.template))
    first = _bullet(1, landed, on_body, shot.aim)
    if first:
        marks[who].append(first)
    if on_body and landed is not None:
        states[who], struck, outcome = land_hit(target, states[who], landed, plan_, rolled, options, dice,
                                                which=Which("Bullet", 1))
        steps += [Step("Bullet 1: " + struck[0].text, struck[0].rule, struck[0].dice, struck[0].roll,
                       names=struck[0].names)] + struck[1:]
        outcomes.append(f"bullet 1: {outcome}")
        hits[who] += 1
    elif result.success and landed is not None:
        steps.append(Step("Bullet 1 lands off the body", "D-SL-23"))
    influenced = 0
    for number in range(2, length + 1):
        if number == lost:
            continue
        if walking and number == shot.walk_after + 1 + stray and who == shot.target:
            who = shot.walk_to
            hits[who] = 0
            faces = [int(face) for face in dice.roll(
                "aiming point", "d6", 2, names=("Direction die", "Hexes die"),
                why=f"The fire walks on to {sheets[who].name}: roll a direction die and a die for how many hexes "
                    "the random aiming point lies from the centre of the Torso")]
            start = aim = step(STANDARD_AIM, faces[0], faces[1])
            paid = ("bullet " + str(number - 1) + " goes into the space between them" if stray
                    else "an influence chance is spent on the switch")
            steps.append(Step(f"The fire walks on to {sheets[who].name} ({paid}); the random aiming point is "
                              f"{faces[1]} hex{'es' if faces[1] > 1 else ''} {DIRECTION_NAMES[faces[0]]} of the "
                              f"Torso's centre: {hex_words(aim)}", "seed, Walking the Fire", tuple(faces),
                              "aiming point", names=("Direction die", "Hexes die")))
            marks[who] = [Mark("aim", aim, f"Random aiming point {hex_words(aim)}")]
        die = directions[number]
        deviation_number = number - 1
        direction = steered(start, die, plan_.fa, aim) if deviation_number <= chances else die
        turned = direction != die
        influenced += turned
        there = step(start, direction, plan_.fa)
        landed_here = bool(touched(there, plan_.template))
        words_ = (f"Bullet {number}: direction die {die}" + (f", turned to {direction}" if turned else "")
                  + f" ({DIRECTION_NAMES[direction]}), {plan_.fa} hex{'es' if plan_.fa != 1 else ''} to "
                  f"{hex_words(there)}" + ("" if landed_here else ": a miss"))
        steps.append(Step(words_, "seed, Full-Auto; D-SL-5, D-SL-18, D-SL-29", (die,), "deviation",
                          names=(f"Bullet {number}",)))
        mark = _bullet(number, there, landed_here, start)
        if mark:
            marks[who].append(mark)
        if landed_here and not dead(sheets[who], states[who]):
            # A target already down makes no plain knockback roll; a bullet over twice PHYS still asks the roll to
            # stay conscious (D-SL-36); each bullet's roll is its own (D-SL-39).
            standing = states[who].position != "down" and not states[who].knocked_out
            states[who], struck, outcome = land_hit(sheets[who], states[who], there, plan_, rolled, options, dice,
                                                    which=Which("Bullet", number), standing=standing)
            steps += struck
            outcomes.append(f"bullet {number}: {outcome}")
            hits[who] += 1
        elif landed_here:
            hits[who] += 1
        start = there
    after = states
    for key, drawn in marks.items():
        after[key] = replace(after[key], marks=tuple(drawn), last_shot=None)
    after[shot.attacker], more = bruised(armed, after[shot.attacker], plan_, length, options, dice)
    steps += more
    if chances and shot.steer == "toward":
        steps.append(Step(f"Influence: the first {chances} deviation{'s' if chances != 1 else ''} could be turned a "
                          f"step toward the aim; {influenced} were", "seed, Full-Auto; D-SL-5"))
    summary = "; ".join(f"{sheets[key].name}: {count} of {length} bullets hit"
                        + tally(sheets[key], states_before[key], after[key], marks[key], options)
                        for key, count in hits.items())
    return after, Report(title, tuple(steps), summary)


def _suppress(title: str, steps: list[Step], after: dict[str, State], shot: Shot, plan_: Plan,
              sheets: Mapping[str, Sheet], options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Suppressive fire crossed by the target (seed, Suppressive Fire; D-SL-31)."""
    armed, target = sheets[shot.attacker], sheets[shot.target]
    weapon = armed.weapons[shot.weapon]
    skill = armed.rank(weapon.weapon.skill)
    rolled = three(dice, "attack", f"{armed.name} sprays the area: roll the three dice for Auto/Support {skill}")
    result = check(rolled, skill, wounds=plan_.wounds)
    steps.append(Step(words(result, skill, weapon.weapon.skill, wounds=plan_.wounds), "seed, Suppressive Fire",
                      (rolled.success, rolled.penetration, rolled.damage), "attack", names=ROLES))
    bar = result.success_die if result.success else 0
    if not result.success:
        steps.append(Step("The Auto/Support roll fails: its Success die counts 0", "D-SL-31"))
    crossing = "Dodge" if shot.crossing == "dodge" else "Acrobatics"
    rank = target.rank(crossing)
    target_state = after[shot.target]
    crossed = three(dice, "cross", f"{target.name} crosses the fire: roll the three dice for {crossing} {rank} "
                    f"\u2212 FA {plan_.fa}, and beat a Success die of {bar}")
    made = check(crossed, rank, modifier=-plan_.fa, on="roll", wounds=len(target_state.wounds) + 0)
    steps.append(Step(words(made, rank, crossing, modifier=-plan_.fa, on="roll", wounds=len(target_state.wounds)),
                      "seed, Suppressive Fire", (crossed.success, crossed.penetration, crossed.damage), "cross",
                      names=ROLES))
    more: list[Step] = []
    if made.success and made.success_die > bar:
        steps.append(Step(f"Success die {made.success_die} beats {bar}: {target.name} gets through unharmed",
                          "seed, Suppressive Fire"))
        return after, Report(title, tuple(steps + more), f"{target.name} gets through")
    bullets = 1 if made.success else 2
    steps.append(Step((f"Success die {made.success_die} does not beat {bar}" if made.success else
                       f"The {crossing} roll fails") + f": {bullets} bullet{'s' if bullets > 1 else ''} hit"
                      + (" (a Wild shot at the standard aiming point)" if bullets == 1 else
                         " (a Wild semi-auto hit at the standard aiming point)"), "seed, Suppressive Fire"))
    wild = wild_plan(plan_, armed.weapons[shot.weapon].weapon, shot.rest)
    state = target_state
    marks = [Mark("aim", STANDARD_AIM, f"Standard aiming point {hex_words(STANDARD_AIM)}")]
    start = STANDARD_AIM
    outcomes = []
    for number in range(1, bullets + 1):
        name = f"bullet {number}"
        hit_dice = three(dice, name, f"Bullet {number} hits {target.name}: roll the three dice for where (the "
                         "Aiming die) and how hard")
        sure = Check(hit_dice, 0, 0, True, 0, hit_dice.success)     # the bullet hits: its roll only places it
        landed, deviation = deviate(wild, sure, start, dice, f"direction {number}", f"Bullet {number}")
        steps.append(Step(f"Bullet {number}: Success die {hit_dice.success}, Penetration die {hit_dice.penetration}, "
                          f"Damage die {hit_dice.damage}", "seed, Suppressive Fire",
                          (hit_dice.success, hit_dice.penetration, hit_dice.damage), name, names=ROLES))
        steps += deviation
        assert landed is not None
        on_body = bool(touched(landed, wild.template))
        mark = _bullet(number, landed, on_body, start)
        if mark:
            marks.append(mark)
        if on_body:
            state, struck, outcome = land_hit(target, state, landed, wild, hit_dice, options, dice,
                                              which=Which("Bullet", number))
            steps += struck
            outcomes.append(outcome)
        else:
            steps.append(Step(f"Bullet {number} lands off the body: a miss", "D-SL-23"))
        start = landed
    after[shot.target] = replace(state, marks=tuple(marks), last_shot=None)
    hit_count = sum(1 for mark in marks if mark.kind == "hit")
    return after, Report(title, tuple(steps + more), f"{target.name}: {hit_count} of {bullets} bullet"
                         f"{'s' if bullets > 1 else ''} hit" + tally(target, target_state, after[shot.target],
                                                                      marks, options))
