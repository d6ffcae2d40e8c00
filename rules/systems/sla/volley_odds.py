"""The exact odds of firing more than one bullet (seed 002: Semi Auto, Full-Auto, Burst Fire, Rotary Guns, Shotguns,
Suppressive Fire): how many bullets hit the target and where the bullets land, through the resolver's own pieces
(:mod:`.shooting`, :func:`.hit.touched`, :func:`.volley.steered`).

A burst is a walk on the hex grid: where bullet k lands depends only on where bullet k \u2212 1 landed and its own
dice.  So the odds carry, for each hex a bullet may have reached, the weight of every count of hits so far, as one
integer holding each count's weight in a field of its own bits (a polynomial in the count evaluated at a power of
two): a step adds these integers hex to hex, and a hit on the body shifts one by a field.  Hexes too far from the
body to come back within the bullets left are pooled.  The work goes bullet by bullet and, under a budget
(:func:`rules.odds.budget`), stops between bullets and goes on at the next call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...hexes import Hex, distance, step
from ...odds import chart, dice as dice_sums, more, out_of_time, ranges, share
from ...report import number
from .chances import prelude
from .diagram import REGION_OF
from .hit import touched
from .options import Options
from .resolution import Check, Dice, check
from .shooting import Plan, plan, roll_check, spread
from .shoot_inputs import Shot
from .sheet import LOCATION_LABELS, LOCATIONS, Sheet
from .volley import STANDARD_AIM, burst_length, influence, steered, wild_plan
from .wounds import State
from .handling import jams

FACES = range(1, 7)
MISS, GRAZE, JAM, NO_SHOT = "miss", "graze", "jammed", "no shot"
CATEGORIES = (*LOCATIONS, GRAZE, MISS, JAM, NO_SHOT)
LABELS = {**LOCATION_LABELS, GRAZE: "Off the body, caught by the spread", MISS: "Miss", JAM: "Not fired: jammed",
          NO_SHOT: "Not fired: no shot"}
GONE: Hex = (10 ** 6, 10 ** 6)                  # every hex too far from the body for the bullets left
_BODY: tuple[Hex, ...] = tuple(REGION_OF)


@lru_cache(maxsize=4096)
def _from_body(hex_: Hex) -> int:
    return min(distance(hex_, cell) for cell in _BODY)


@lru_cache(maxsize=8192)
def _category(hex_: Hex, template: int) -> str:
    return REGION_OF.get(hex_) or (GRAZE if template and touched(hex_, template) else MISS)


# A kernel: what one bullet's own dice do from where it is aimed: (offset from there, or None for no landing (a clean
# miss); whether it can hit (its roll succeeded); whether the weapon jammed instead; weight).
Kernel = tuple[tuple[Hex | None, bool, bool, int], ...]
Walk = tuple[str, int, Hex, bool]               # ("walk", hexes, aim, steered): a burst's later bullet
KERNEL_SCALE, WALK_SCALE = 1296, 6


@lru_cache(maxsize=256)
def _kernel(plan_: Plan, always: bool, jamming: bool, jam_factor: int | None, excess: int, against: str) -> Kernel:
    """Over the 216 faces of the three dice and the 6 of the direction die: where a shot lands from the hex it was
    aimed at.  ``always``: it hits wherever it lands, its Success die only placing it (a suppressive-fire bullet).
    With ``jamming`` the optional rule applies: all ones, or an overfired roll past JF + 4 \u2212 excess (D-SL-16)."""
    out: dict[tuple[Hex | None, bool, bool], int] = {}
    for success in FACES:
        for penetration in FACES:
            for damage_die in FACES:
                faces = Dice(success, penetration, damage_die)
                result = Check(faces, 0, 0, True, 0, success) if always else roll_check(plan_, faces)
                if jamming and jams((success, penetration, damage_die), result.total, jam_factor, excess, against):
                    out[(None, False, True)] = out.get((None, False, True), 0) + 6
                    continue
                hexes = spread(plan_, result)
                for direction in FACES:
                    offset = None if hexes is None else step((0, 0), direction, hexes)
                    key = (offset, result.success, False)
                    out[key] = out.get(key, 0) + 1
    return tuple((offset, hit, jam, weight) for (offset, hit, jam), weight in out.items())


@lru_cache(maxsize=65536)
def _walk(at: Hex, hexes: int, aim: Hex, steer: bool) -> tuple[Hex, ...]:
    """Where the next bullet of a burst lands from ``at``, for each face of its direction die."""
    return tuple(step(at, steered(at, die, hexes, aim) if steer else die, hexes) for die in FACES)


def _width(kind: Any) -> int:
    """The farthest one step may move a bullet."""
    if kind[0] == "walk":
        return int(kind[1])
    return max([0] + [distance((0, 0), offset) for offset, _, _, _ in kind[0] if offset])


@dataclass
class Work:
    """The walk so far: for each hex the packed weights of each count of hits, the bullets done, and what each bullet
    and each count of bullets came to."""

    steps: list[Any]                # each bullet's step: (kernel, the hex it is aimed at or None: the last landing)
                                    # or a Walk
    template: int
    bits: int
    now: dict[Hex, int] = field(default_factory=dict)
    stopped: int = 0                # packed: the weapon jammed, no more bullets
    done: int = 0
    scales: list[int] = field(default_factory=list)             # after k bullets, the weight of all outcomes
    hits: list[list[int]] = field(default_factory=list)         # after k bullets, each count of hits' weight
    lands: list[dict[str, int]] = field(default_factory=list)   # bullet k, each place's weight
    reach: list[int] = field(default_factory=list)              # after bullet k, how far the bullets left can go

    def __post_init__(self) -> None:
        widths = [_width(kind) for kind in self.steps]
        self.reach = [self.template + sum(widths[index + 1:]) for index in range(len(widths))]

    def advance(self) -> None:
        kind = self.steps[self.done]
        walking = kind[0] == "walk"
        scale = WALK_SCALE if walking else KERNEL_SCALE
        hit_at: dict[Hex, int] = {}
        miss_at: dict[Hex, int] = {}
        stopped = self.stopped * scale
        landed: dict[str, int] = {JAM: stopped} if stopped else {}
        for at, packed in (self.now.items() if self.done else [((0, 0), 1)]):
            if at == GONE:
                miss_at[GONE] = miss_at.get(GONE, 0) + scale * packed
            elif walking:
                for there in _walk(at, kind[1], kind[2], kind[3]):
                    hit_at[there] = hit_at.get(there, 0) + packed
            else:
                kernel, aimed = kind
                base = aimed if aimed is not None else at
                for offset, can_hit, jammed, weight in kernel:
                    if jammed:
                        stopped += weight * packed
                        landed[JAM] = landed.get(JAM, 0) + weight * packed
                        continue
                    there = base if offset is None else (base[0] + offset[0], base[1] + offset[1])
                    if offset is None:
                        there = GONE if self.reach[self.done] < _from_body(base) else base
                    bucket = hit_at if can_hit and offset is not None else miss_at
                    bucket[there] = bucket.get(there, 0) + weight * packed
        now: dict[Hex, int] = {}
        reach = self.reach[self.done]
        for bucket, can_hit in ((hit_at, True), (miss_at, False)):
            for there, packed in bucket.items():
                category = _category(there, self.template) if can_hit and there != GONE else MISS
                if category != MISS:
                    packed <<= self.bits
                landed[category] = landed.get(category, 0) + packed
                key = GONE if there == GONE or _from_body(there) > reach else there
                now[key] = now.get(key, 0) + packed
        self.now, self.stopped = now, stopped
        self.done += 1
        self.scales.append((self.scales[-1] if self.scales else 1) * scale)
        self.hits.append(self._unpack(sum(now.values()) + stopped))
        self.lands.append({key: sum(self._unpack(value)) for key, value in landed.items()})

    def _unpack(self, packed: int) -> list[int]:
        mask = (1 << self.bits) - 1
        return [(packed >> (self.bits * index)) & mask for index in range(self.done + 1)]


_WORK: dict[Any, Work] = {}
MAX_KEPT = 16


def _work(key: Any, steps: list[Any], template: int) -> Work:
    found = _WORK.get(key)
    if found is None:
        if len(_WORK) >= MAX_KEPT:
            _WORK.clear()
        scale = 1
        for kind in steps:
            scale *= WALK_SCALE if kind[0] == "walk" else KERNEL_SCALE
        found = _WORK[key] = Work(steps, template, scale.bit_length() + 1)
    return found


def volley_odds(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State],
                options: Options) -> dict[str, Any]:
    """Bullets on target and where the bullets land, for a burst, semi-auto shots, suppressive fire or a single shot
    whose hit covers several hexes."""
    armed, sheet = sheets[shot.attacker], sheets[shot.target]
    gun = armed.weapons[shot.weapon].weapon
    cases, no_shot, den = prelude(shot, sheets, states)
    lengths = _lengths(shot, sheets, states, options)
    longest = max(lengths)
    works: list[tuple[int, Work]] = []
    for modifier, weight in sorted(cases.items()):
        plan_ = plan(shot, sheets, states, options, modifier)
        steps = _steps(shot, plan_, armed, states[shot.attacker], options, longest)
        key = (shot.mode, plan_, len(steps), options.jamming, options.jam_against, options.auto_skill,
               shot.steer, shot.walk_to != "" and shot.walk_pay, states[shot.attacker].fired)
        works.append((weight, _work(key, steps, plan_.template)))
    total_steps = sum(len(work.steps) for _, work in works)
    first = True
    for _, work in works:
        while work.done < len(work.steps):
            if not first and out_of_time():
                break
            work.advance()
            first = False
    left = sum(len(work.steps) - work.done for _, work in works)
    if left:
        return {"title": _title(shot, armed, sheet), "summary": "working out the odds of every bullet\u2026",
                "pool": 3, "charts": [], "more": more(total_steps - left, total_steps, "bullets")}
    return _answer(shot, armed, sheet, works, lengths, no_shot, den, gun.barrels > 1 or bool(works[0][1].template))


def _lengths(shot: Shot, sheets: Mapping[str, Sheet], states: Mapping[str, State],
             options: Options) -> dict[int, int]:
    """How many bullets the action fires, with weights: a full-auto burst's from its dice (D-SL-5)."""
    armed = sheets[shot.attacker]
    gun = armed.weapons[shot.weapon].weapon
    if shot.mode == "auto":
        skill = armed.rank(gun.skill)
        out: dict[int, int] = {}
        for rolled, weight in dice_sums(shot.burst_dice).weights.items():
            length = burst_length(rolled, skill, shot.wanted, options)
            if shot.walk_to:
                length = min(length, shot.walk_after)
            out[length] = out.get(length, 0) + weight
        return out
    if shot.mode == "burst":
        return {min(gun.burst, shot.walk_after) if shot.walk_to else gun.burst: 1}
    if shot.mode == "semi":
        return {shot.shots: 1}
    if shot.mode == "suppress":
        return _crossing(shot, armed, sheets[shot.target], states)
    return {1: 1}


def _crossing(shot: Shot, armed: Sheet, target: Sheet, states: Mapping[str, State]) -> dict[int, int]:
    """Bullets a target crossing suppressive fire takes, out of 216 \u00d7 216: none when his Dodge or Acrobatics
    roll at \u2212FA succeeds with a Success die over the shooter's (0 when the shooter's roll fails, D-SL-31), one
    when it succeeds without that, two when it fails."""
    gun = armed.weapons[shot.weapon].weapon
    skill, wounds = armed.rank(gun.skill), len(states[shot.attacker].wounds)
    rank = target.rank("Dodge" if shot.crossing == "dodge" else "Acrobatics")
    crossing_wounds = len(states[shot.target].wounds)
    bars: dict[int, int] = {}
    crossed: dict[tuple[bool, int], int] = {}
    for success in FACES:
        for penetration in FACES:
            for damage_die in FACES:
                faces = Dice(success, penetration, damage_die)
                attack = check(faces, skill, wounds=wounds)
                bar = attack.success_die if attack.success else 0
                bars[bar] = bars.get(bar, 0) + 1
                made = check(faces, rank, modifier=-gun.fa, on="roll", wounds=crossing_wounds)
                key = (made.success, made.success_die)
                crossed[key] = crossed.get(key, 0) + 1
    out = {0: 0, 1: 0, 2: 0}
    for bar, weight in bars.items():
        for (success, value), other in crossed.items():
            out[0 if success and value > bar else 1 if success else 2] += weight * other
    return {count: weight for count, weight in out.items() if weight}


def _steps(shot: Shot, plan_: Plan, armed: Sheet, state: State, options: Options, longest: int) -> list[Any]:
    jamming, against = options.jamming == "on", options.jam_against
    gun = armed.weapons[shot.weapon].weapon
    if shot.mode == "suppress":
        wild = wild_plan(plan_, gun, shot.rest)
        placed = _kernel(wild, True, False, None, 0, against)
        return [(placed, STANDARD_AIM), (placed, None)]
    if shot.mode == "semi":
        allowance = armed.stat("dex") // 2
        following = replace(plan_, aim_bonus=0, scope=0)
        return [(_kernel(plan_ if index == 0 else following, False, jamming, gun.jam,
                         max(0, state.fired + index + 1 - allowance), against), plan_.aim if index == 0 else None)
                for index in range(longest)]
    first = (_kernel(plan_, False, jamming, gun.jam, 0, against), plan_.aim)
    skill = armed.rank(gun.skill)
    chances = influence(skill, options) if shot.steer == "toward" else 0
    if shot.walk_to and shot.walk_pay == "influence" and chances:
        chances -= 1
    return [first] + [("walk", plan_.fa, plan_.aim, index <= chances) for index in range(1, longest)]


def _title(shot: Shot, armed: Sheet, sheet: Sheet) -> str:
    what = {"single": "a shot", "semi": f"{shot.shots} semi-auto shot{'s' if shot.shots > 1 else ''}", "auto": "a full-auto burst",
            "burst": "a burst", "suppress": "suppressive fire"}[shot.mode]
    where = "" if shot.mode == "suppress" else (
        f" at the {LOCATION_LABELS[REGION_OF[shot.aim]]} ({number(shot.aim[0])}, {number(shot.aim[1])})")
    return f"{armed.weapons[shot.weapon].name}: {what} at {sheet.name}" + where


def _answer(shot: Shot, armed: Sheet, sheet: Sheet, works: list[tuple[int, Work]], lengths: dict[int, int],
            no_shot: int, den: int, spreads: bool) -> dict[str, Any]:
    length_total = sum(lengths.values())
    hits: dict[int, int] = {}
    lands: dict[str, int] = {}
    full = max(work.scales[-1] for _, work in works)
    for case, work in works:
        for length, weight in lengths.items():
            if length == 0:                 # suppressive fire crossed unharmed: no bullet
                hits[0] = hits.get(0, 0) + case * weight * full
                continue
            scale = case * weight * (full // work.scales[length - 1])
            for count, value in enumerate(work.hits[length - 1]):
                if value:
                    hits[count] = hits.get(count, 0) + value * scale
        for index, landed in enumerate(work.lands):
            still = sum(weight for length, weight in lengths.items() if length > index)
            scale = case * still * (full // work.scales[index])
            for key, value in landed.items():
                lands[key] = lands.get(key, 0) + value * scale
    bursts = den * length_total * full
    if no_shot:
        hits[0] = hits.get(0, 0) + no_shot * length_total * full
    if no_shot:
        lands[NO_SHOT] = no_shot * sum(length * weight for length, weight in lengths.items()) * full
    bullets = sum(lands.values())
    mean_hits = Fraction(sum(count * value for count, value in hits.items()), bursts)
    mean_length = Fraction(sum(length * weight for length, weight in lengths.items()), length_total)
    some = Fraction(bursts - hits.get(0, 0), bursts)
    likely = max((key for key in LOCATIONS if lands.get(key)), key=lambda key: lands[key], default=None)
    unit = "bullets" if shot.mode != "semi" else "shots"
    summary = (f"on average {float(mean_hits):.1f} of {float(mean_length):.1f} {unit} hit; at least one "
               f"{share(some)['percent']}" + (f"; most land in the {LOCATION_LABELS[likely]}" if likely else ""))
    if shot.walk_to:
        summary += f"; up to {shot.walk_after} on {sheet.name} before the fire walks on"
    hit_items = [(label if label != f"1 {unit}" else f"1 {unit[:-1]}", weight) for label, weight in
                 ranges([(count, hits[count]) for count in sorted(hits) if hits[count]], unit)]
    land_items = [(LABELS[key], lands[key]) for key in CATEGORIES if lands.get(key)]
    charts = [chart(f"{unit.capitalize()} on target" + (" (the spread counted)" if spreads else ""), hit_items,
                    bursts),
              chart(f"Where the {unit} land", land_items, bullets)]
    if len(lengths) > 1:
        fired = [(label if label != "1 bullets" else "1 bullet", weight)
                 for label, weight in ranges(sorted(lengths.items()), "bullets")]
        charts.append(chart("Bullets fired", fired, length_total))
    return {"title": _title(shot, armed, sheet), "summary": summary, "pool": 3, "charts": charts}
