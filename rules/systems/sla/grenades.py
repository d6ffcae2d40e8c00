"""Grenades (seed 002: Grenades, Bruising Damage, Applying Damage; D-SL-10, D-SL-31 and the grenade decisions
D-SL-GR1..GR8 of docs/rules-decisions.md): where a grenade goes off on each caught character's Body Hex Diagram,
how far its Blast Zone reaches him, and what it does to the locations it reaches.  Here the Grenade action is read
and resolved, and its odds for the target worked out; where it goes off and what its zone reaches is
:mod:`.grenade_zone`, what the blast does to one caught character :mod:`.grenade_blast`.

A grenade is thrown (a Throwing roll; on a success the thrower picks an Impact Point in the diagram's lower third, it
deviates 6 hexes in a direction die's direction, less the Aiming die, and 3 hexes straight down per range band past
Optimum), lies on the floor (the GM's point, deviated d6 hexes in a d6 direction for each character), or is
smothered (someone jumps on it, a helmet over it, or both: the rest get what is left over, D-SL-10).  Each caught
character, at his own distance from the Impact Point, has the Blast Zone less one hex a whole Blast Radius increment
(D-SL-31); each location with a hex within the zone takes the Damage, armour ignored (D-SL-31).

>>> lower_third((0, 9)), lower_third((0, 6))
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...hexes import DIRECTION_NAMES, Hex, step
from ...odds import chart, share
from ...report import Report, Step, signed
from ..data import load
from .blast import BAND_STEPS, SMOTHER_TIMES, smothered
from .fire import RANGES, band
from .grenade_blast import blast
from .grenade_throw import CAUGHT_NAMES, DISTANCE_NAMES, MAX_CAUGHT, Throw
from .grenade_zone import DOWN_PER_BAND, RULE, THROWN_DEVIATION, caught, impacts, thrown_impact, where, zone_for
from .options import Options
from .protection import layers
from .resolution import SKILL_TARGET, check
from .rolls import ROLES, three, words
from .sheet import GRENADES, LOCATION_LABELS, LOCATIONS, Sheet, Weapon, parse_weapon
from .shoot_inputs import able
from .wounds import State, acted, news, open_wound, take, wear

_DATA = load("sla")["grenades"]
HOWS = {"thrown": "Thrown", "floor": "Lying on the floor", "smother": "Someone jumps on it (or a helmet over it)",
        "clear": "The smoke clears"}
ROWS: tuple[int, int] = tuple(_DATA["lower_third"]["rows"])
COLUMNS: tuple[int, int] = tuple(_DATA["lower_third"]["columns"])
BESIDE: dict[str, str] = _DATA["beside"]
LOWER_THIRD: tuple[Hex, ...] = tuple((q, r) for q in range(COLUMNS[0], COLUMNS[1] + 1)
                                     for r in range(ROWS[0], ROWS[1] + 1))
DEFAULT_IMPACT = "0,9"
MAX_RANGE = 9_999
MAX_METRES = 999
MAX_HELMET = 999
MAX_MODIFIER = 20


def lower_third(hex_: Hex) -> bool:
    """Whether a hex is in the lower third of the diagram, where an Impact Point is placed (D-SL-GR1)."""
    return hex_ in LOWER_THIRD


# -- the inputs ---------------------------------------------------------------------------------------------------

def _read_impact(value: Any) -> Hex:
    if isinstance(value, str):
        parts = value.replace(" ", "").split(",")
        if len(parts) == 2 and all(part.lstrip("-").isdigit() and len(part) < 4 for part in parts):
            hex_ = (int(parts[0]), int(parts[1]))
            if lower_third(hex_):
                return hex_
    raise BadField(f"{fields.shown(value)} is not in the lower third of the body diagram (rows {ROWS[0]} to "
                   f"{ROWS[1]}, the legs and the floor beside them); tap a hex there", field="impact")


def _read_grenade(inputs: Mapping[str, Any], how: str) -> tuple[str, str]:
    value = inputs.get("grenade")
    if value is None:
        raise BadField("pick the grenade", field="grenade")
    entry = fields.mapping(value, "grenade")
    name = fields.text(entry, "name", "grenade")
    notation = fields.text(entry, "notation", "grenade", max_length=120)
    weapon = parse_weapon(notation, "grenade")
    if weapon.kind != "grenade":
        raise BadField(f"{name} is not a grenade; pick one (its notation names grenade frag, blast, smoke or flash)",
                       field="grenade")
    if how == "smother" and weapon.grenade not in ("frag", "blast"):
        raise BadField(f"{name} is a {GRENADES[weapon.grenade].lower()} grenade: it does no damage to smother",
                       field="grenade")
    return name, notation


def read_throw(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Throw:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    how = fields.choice(inputs, "how", "how", tuple(HOWS), default="thrown")
    thrower, weapon, grenade, rng, modifier = "", 0, ("", ""), 0, 0
    if how == "thrown":
        thrower = fields.combatant(inputs, "thrower", sheets, "thrower")
        able(sheets[thrower], states[thrower], options, "thrower")
        armed = sheets[thrower]
        if not armed.weapons:
            raise BadField(f"{armed.name} has no weapons; add a grenade to the sheet", field="weapon")
        weapon = fields.integer(inputs, "weapon", "weapon", 0, len(armed.weapons) - 1, default=0)
        entry = armed.weapons[weapon]
        if entry.weapon.kind != "grenade":
            raise BadField(f"{entry.name} is not a grenade; pick a grenade from {armed.name}'s weapons, or add one",
                           field="weapon")
        rng = fields.integer(inputs, "range", "range", 0, MAX_RANGE, default=10)
        if band(rng, entry.weapon.range) is None:
            raise BadField(f"{rng} m is out of range: {entry.name} (RNG {entry.weapon.range}) reaches "
                           f"{entry.weapon.range * RANGES['extreme']['times']} m at Extreme range", field="range")
        modifier = fields.integer(inputs, "modifier", "modifier", -MAX_MODIFIER, MAX_MODIFIER, default=0)
    elif how in ("floor", "smother"):
        grenade = _read_grenade(inputs, how)
    jumper, helmet = "", 0
    if how == "smother":
        if inputs.get("jumper", ""):
            jumper = fields.combatant(inputs, "jumper", sheets, "one who jumps on it")
        helmet = fields.integer(inputs, "helmet", "helmet", 0, MAX_HELMET, default=0)
        if not jumper and not helmet:
            raise BadField("no one jumps on it and no helmet is over it: name who jumps, give the helmet's ID, or "
                           "choose Lying on the floor", field="jumper")
    impact = _read_impact(inputs.get("impact", DEFAULT_IMPACT)) if how != "clear" else (0, ROWS[1])
    found: list[tuple[str, int]] = []
    for index, (name, far) in enumerate(zip(CAUGHT_NAMES, DISTANCE_NAMES)):
        if index and not inputs.get(name, ""):
            continue
        who = fields.combatant(inputs, name, sheets, "target" if not index else "character")
        if any(who == seen for seen, _ in found):
            raise BadField(f"{sheets[who].name} is named twice; name each character once", field=name)
        if who == jumper:
            raise BadField(f"{sheets[who].name} is the one on the grenade; name the others here", field=name)
        metres = fields.integer(inputs, far, far, 0, MAX_METRES, default=0) if how != "clear" else 0
        found.append((who, metres))
    return Throw(how, thrower, weapon, grenade, jumper, helmet, rng, impact, modifier, tuple(found))


# -- the resolution -----------------------------------------------------------------------------------------------


def _floor(throw: Throw, sheets: Mapping[str, Sheet], states: dict[str, State], weapon: Weapon, damage: int,
           options: Options, dice: DiceSource) -> tuple[list[Step], list[str]]:
    """The GM's point deviated d6 hexes in a d6 direction for each character, then the blast on him."""
    steps: list[Step] = []
    outcomes = []
    for n, (who, metres) in enumerate(throw.caught, start=1):
        sheet = sheets[who]
        hexes, direction = (int(face) for face in dice.roll(
            f"deviation {n}", "d6", 2, f"The grenade on the floor by {sheet.name}: roll a die for the hexes and the "
            "direction die (1 upper-right, clockwise to 6 up)", names=("Hexes die", "Direction die")))
        impact = step(throw.impact, direction, hexes)
        steps.append(Step(f"For {sheet.name}: {hexes} hex{'es' if hexes > 1 else ''} {DIRECTION_NAMES[direction]} "
                          f"from {where(throw.impact)}: it goes off at {where(impact)}", f"{RULE} (on the floor)",
                          (hexes, direction), f"deviation {n}", names=("Hexes die", "Direction die")))
        states[who], more, outcome = blast(sheet, states[who], weapon, damage, impact, metres, options, dice, n,
                                           throw.impact)
        steps += more
        outcomes.append(outcome)
    return steps, outcomes


def resolve(throw: Throw, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    after = dict(states)
    names = ", ".join(sheets[who].name for who, _ in throw.caught)
    if throw.how == "clear":
        for who, _ in throw.caught:
            after[who] = replace(after[who], smoke=0)
        return after, Report("The smoke clears", (Step(f"The smoke clears from {names}", "D-SL-GR6"),),
                             f"The smoke clears: {names}")
    name, weapon = throw.weapon_of(sheets)
    if throw.how == "thrown":
        return _thrown(throw, name, weapon, sheets, after, options, dice)
    if throw.how == "floor":
        steps, outcomes = _floor(throw, sheets, after, weapon, weapon.dam, options, dice)
        return after, Report(f"{name} on the floor by {names}", tuple(steps), "; ".join(outcomes))
    return _smother(throw, name, weapon, sheets, after, options, dice)


def _thrown(throw: Throw, name: str, weapon: Weapon, sheets: Mapping[str, Sheet], after: dict[str, State],
            options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    armed = sheets[throw.thrower]
    target = sheets[throw.caught[0][0]]
    title = f"{armed.name} throws {name} at {target.name}"
    thrower_state = after[throw.thrower]
    modifiers = [(label, value) for label, value in (
        (f"{armed.name}'s own dodge", thrower_state.penalty), ("dazzled", thrower_state.dazzled),
        ("the GM's", throw.modifier)) if value]
    modifier = sum(value for _, value in modifiers)
    steps: list[Step] = []
    if modifiers:
        steps.append(Step("Modifiers: " + ", ".join(f"{label} {signed(value)}" for label, value in modifiers)
                          + f" = {signed(modifier)}, on the " + ("target number" if options.modifiers_on == "target"
                                                                 else "roll"), "D-SL-2"))
    after[throw.thrower] = acted(thrower_state)
    skill = armed.rank(weapon.skill)
    wounds = len(thrower_state.wounds)
    rolled = three(dice, "throw", f"{armed.name} throws {name} at {target.name}: roll the three dice, "
                   f"{weapon.skill} {skill} against {SKILL_TARGET}")
    result = check(rolled, skill, modifier=modifier, on=options.modifiers_on, wounds=wounds)
    steps.append(Step(words(result, skill, weapon.skill, modifier=modifier, on=options.modifiers_on, wounds=wounds),
                      f"{RULE}; D-SL-1, D-SL-3", (rolled.success, rolled.penetration, rolled.damage), "throw",
                      names=ROLES))
    if not result.success:
        steps.append(Step("The throw fails: the grenade lands where the GM says, off the targets' diagrams; if it "
                          "lands by someone, resolve it as a grenade on the floor", "D-SL-31"))
        return after, Report(title, tuple(steps), "The throw fails: it lands where the GM says")
    range_band = band(throw.range, weapon.range) or "extreme"
    bands = BAND_STEPS[range_band]
    pulled = max(0, THROWN_DEVIATION - result.success_die)
    direction = 6
    if pulled:
        direction = int(dice.roll("direction", "d6", 1, f"The grenade deviates {pulled} hex{'es' if pulled > 1 else ''}"
                                  ": roll the direction die (1 upper-right, clockwise to 6 up)",
                                  names=("Direction die",))[0])
    impact = thrown_impact(throw.impact, direction=direction, aiming_die=result.success_die, bands=bands)
    text = (f"{armed.name} picks {where(throw.impact)}; it deviates {THROWN_DEVIATION} hexes, less the Aiming die "
            f"{result.success_die}: {pulled} hex{'es' if pulled != 1 else ''}")
    if pulled:
        text += f" {DIRECTION_NAMES[direction]}"
    if bands:
        text += (f", and {DOWN_PER_BAND * bands} straight down for {RANGES[range_band]['label']} range "
                 f"({throw.range} m, {bands} band{'s' if bands > 1 else ''} past Optimum)")
    steps.append(Step(text + f": it goes off at {where(impact)}", f"{RULE}; D-SL-18",
                      (direction,) if pulled else (), "direction" if pulled else "",
                      names=("Direction die",) if pulled else ()))
    outcomes = []
    for n, (who, metres) in enumerate(throw.caught, start=1):
        after[who], more, outcome = blast(sheets[who], after[who], weapon, weapon.dam, impact, metres, options, dice,
                                          n, throw.impact)
        steps += more
        outcomes.append(outcome)
    return after, Report(title, tuple(steps), "; ".join(outcomes))


def _smother(throw: Throw, name: str, weapon: Weapon, sheets: Mapping[str, Sheet], after: dict[str, State],
             options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    damage = weapon.dam
    steps: list[Step] = []
    stopped = 0
    body = 0
    title = f"{name}: " + (f"{sheets[throw.jumper].name} jumps on it" if throw.jumper else "a helmet over it")
    if throw.jumper:
        sheet, state = sheets[throw.jumper], after[throw.jumper]
        before = state
        big = SMOTHER_TIMES * damage
        hits = [max(0, state.hits_left(sheet, location)) for location in ("torso", "abdomen")]
        worn = [sum(layer.impact for layer in layers(sheet, state, location)) for location in ("torso", "abdomen")]
        body = sum(hits)
        stopped = body + sum(worn)
        bruising = weapon.grenade == "blast"
        for location in ("torso", "abdomen"):
            state = take(state, None if bruising else location, big, bruising=bruising)
            for layer in layers(sheet, state, location):
                state = wear(state, layer.index, location, layer.impact)
        armour = f" and {sum(worn)} ID of his armour there (now spent)" if sum(worn) else ""
        steps.append(Step(f"{sheet.name} jumps on it: Damage {damage} \u00d7 {SMOTHER_TIMES} = {big} "
                          + ("bruising twice over" if bruising else "to his Torso and to his Abdomen") +
                          f"; his Torso and Abdomen stop {hits[0]} + {hits[1]} Hits{armour}",
                          f"{RULE}; D-SL-10"))
        if not bruising and big > sheet.stat("phys"):
            for location in ("torso", "abdomen"):
                state = open_wound(state, location)
            steps.append(Step(f"{big} is more than the Wound Threshold (PHYS {sheet.stat('phys')}): a wound opens in "
                              "the Torso and in the Abdomen", "seed, Wounds; D-SL-GR3"))
        for said in news(sheet, before, state, options):
            steps.append(Step(said, "seed, Applying Damage; D-SL-11"))
        after[throw.jumper] = replace(state, marks=())
    if throw.helmet:
        stopped += throw.helmet
        steps.append(Step(f"A helmet over it stops {throw.helmet} (its ID)", f"{RULE}; D-SL-10"))
    left = smothered(damage, stopped, 0)
    steps.append(Step(f"Left for the others: ({SMOTHER_TIMES * damage} \u2212 {stopped}) \u00f7 {SMOTHER_TIMES}, "
                      f"rounded down = {left}", f"{RULE}; D-SL-10"))
    if not left or not throw.caught:
        more = "the blast is stopped" if not left else "no one else is near"
        return after, Report(title, tuple(steps + [Step(f"Nothing reaches the others: {more}", RULE)]),
                             f"Damage left {left}")
    floor_steps, outcomes = _floor(throw, sheets, after, weapon, left, options, dice)
    return after, Report(title, tuple(steps + floor_steps), f"Damage left {left}; " + "; ".join(outcomes))


# -- the odds -----------------------------------------------------------------------------------------------------

def odds(throw: Throw, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> dict[str, Any]:
    """The exact chances for the target (the first character named): the throw, and how many of his locations the
    blast reaches."""
    if throw.how == "clear":
        raise BadField("clearing smoke has no odds", field="how")
    name, weapon = throw.weapon_of(sheets)
    who, metres = throw.caught[0]
    target = sheets[who]
    damage = weapon.dam
    if throw.how == "smother":
        stopped = throw.helmet
        if throw.jumper:
            jumper, state = sheets[throw.jumper], states[throw.jumper]
            stopped += sum(max(0, state.hits_left(jumper, location)) + sum(
                layer.impact for layer in layers(jumper, state, location)) for location in ("torso", "abdomen"))
        damage = smothered(weapon.dam, stopped, 0)
    points, total = impacts(throw, sheets, states, options)
    zone = zone_for(weapon.zone, weapon.radius, metres)
    counts: dict[str, int] = {}
    reach = dict.fromkeys(LOCATIONS, 0)
    order = ["No impact point (the throw fails)"] + [f"{n} location{'s' if n != 1 else ''}" for n in range(8)]
    for point, weight in points.items():
        if point is None:
            label = order[0]
        else:
            found = caught(point, zone) if damage or weapon.grenade in ("smoke", "flash") else ()
            label = f"{len(found)} location{'s' if len(found) != 1 else ''}"
            for location in found:
                reach[location] += weight
        counts[label] = counts.get(label, 0) + weight
    per = {"frag": f" ({damage} each, to Incap \u00d7 the count)", "blast": f" ({damage} bruising each)",
           "smoke": " (in the smoke)", "flash": " (dazzled if the Head)"}[weapon.grenade]
    items = [(label, counts[label]) for label in order if counts.get(label)]
    charts = [chart(f"Locations the blast reaches on {target.name}{per}", items, total)]
    likely = sorted((location for location in LOCATIONS if reach[location]), key=lambda key: -reach[key])[:3]

    def percent(weight: int) -> str:
        return str(share(Fraction(weight, total))["percent"])

    summary = (f"Blast Zone {zone} at {metres} m; " + (", ".join(f"{LOCATION_LABELS[location]} {percent(reach[location])}"
                                                           for location in likely) or "it reaches no location")
               + ("" if throw.how != "smother" else f"; Damage left {damage}"))
    if throw.how == "thrown":
        failed = points.get(None, 0)
        charts.insert(0, chart("The throw", [(label, weight) for label, weight in (
            ("Fails", failed), ("Succeeds", total - failed)) if weight], total))
        summary = f"the throw succeeds {percent(total - points.get(None, 0))}; " + summary
    return {"title": f"{name}: {HOWS[throw.how].lower()}, on {target.name}", "summary": summary, "charts": charts}
