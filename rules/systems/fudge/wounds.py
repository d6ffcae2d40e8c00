"""The wound record (FUDGE 4.57): wounds kept in the order received, each with its original severity, and the
record a sheet shows derived from them.

Three records, by the options and the sheet:

- **boxes**: each wound marks the first open box at its level or above, keeping its own severity there
  ("H" under Incapacitated, D-FU-4); with no open box left it goes past Near Death (D-FU-3: never an automatic
  death). The optional Scratch cap (D-FU-11) stops Scratches at Very Hurt.
- **capacity**: the Damage Capacity attribute drops a level a hit (D-FU-23), three Scratches making one hit.
- **pawn**: Undamaged, Hurt, Out of the Battle (D-FU-17).

Healing lowers each wound's own severity and records the rest again in the order received (D-FU-16), so the
boxes always follow from the wounds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ...keys import cached_hash
from ...ladder import level_name
from . import levels
from .levels import DEAD, HURT, INCAPACITATED, NEAR_DEATH, SCRATCH, UNDAMAGED, VERY_HURT
from .options import Options
from .sheet import Sheet

MAX_WOUNDS = 60


@dataclass(frozen=True)
class Wound:
    level: int          # the severity it came in with (Scratch 1 .. Near Death 5)
    by: str = ""        # what gave it, for the card ("Snorri, round 1")


@dataclass(frozen=True)
class State:
    """A fighter's wounds and what the fight has done to him besides."""

    __hash__ = cached_hash

    wounds: tuple[Wound, ...] = ()
    dead: bool = False
    stuns: int = 0              # Stun results on the sheet; they heal like Scratches, after the fight (seed 4.62)
    stunned: int = 0            # rounds left of a Stun: no attack or all-out defense, -1 to defend
    very_stunned: int = 0       # rounds left of Very Stunned: no attacks, -2 to all actions
    knocked_out: bool = False
    parts: tuple[tuple[str, int], ...] = ()     # called shots: body part -> its level (Scratch, Hurt, Incapacitated)
    rounds: int = 0             # combat rounds fought, for plus levels (seed 4.36)
    fight_round: int = 0        # the round of the fight the tracker runs, as it began for him (0: none runs)
    round_passed: bool = False  # that round has passed for him already: he fought a Round in it (as a foe, say)
    exposed: str = ""           # all-out offense in alternating turns: "minus_two" or "no_defense" next defense
    hasty: bool = False         # traded skill for initiative this round (seed 4.23)
    forfeit: bool = False       # defended all-out this round of alternating turns: no attack until it ends (4.23)
    edge: int = 0               # added to the weapon skill in the next exchange: a speed contest won (seed 4.36),
    edge_why: str = ""          # or -1 after a foe's all-out defense spotted an opening (seed 4.31)

    def part_level(self, part: str) -> int:
        return dict(self.parts).get(part, UNDAMAGED)


@dataclass(frozen=True)
class Record:
    """The record a sheet shows: boxes per level holding the wounds' own severities, and what is past them."""

    boxes: tuple[tuple[int, ...], ...]      # per track level, the original severity in each marked box
    counts: tuple[int, ...]                 # boxes per track level
    beyond: tuple[int, ...] = ()            # wounds with no open box left, past Near Death (D-FU-3)
    lost: tuple[int, ...] = ()              # Scratches the cap let go (D-FU-11)

    @property
    def level(self) -> int:
        if self.beyond:
            return NEAR_DEATH
        marked = [index + 1 for index, held in enumerate(self.boxes) if held]
        return max(marked, default=UNDAMAGED)


def place(wounds: tuple[Wound, ...] | list[Wound], counts: tuple[int, ...], scratch_cap: bool) -> Record:
    """Record wounds in order: each in the first open box at its level or above (seed 4.57, D-FU-4).

    >>> place([Wound(3), Wound(2), Wound(2)], (3, 1, 1, 1, 1), False).boxes
    ((), (2,), (3,), (2,), ())
    """
    boxes: list[list[int]] = [[] for _ in counts]
    beyond: list[int] = []
    lost: list[int] = []
    for wound in wounds:
        top = VERY_HURT if scratch_cap and wound.level == SCRATCH else NEAR_DEATH
        for level in range(wound.level, top + 1):
            if len(boxes[level - 1]) < counts[level - 1]:
                boxes[level - 1].append(wound.level)
                break
        else:
            (lost if top < NEAR_DEATH else beyond).append(wound.level)
    return Record(tuple(tuple(held) for held in boxes), counts, tuple(beyond), tuple(lost))


@lru_cache(maxsize=4096)
def record(state: State, options: Options) -> Record:
    """The boxes a state's wounds fill (kept: the card, the odds and every landing ask for it again)."""
    return place(state.wounds, options.box_counts(), options.scratch_cap == "on")


# -- the Damage Capacity record (D-FU-23) ---------------------------------------------------------------------

def capacity_lost(state: State, options: Options) -> int:
    """How many levels of Damage Capacity the wounds have taken."""
    hits = [wound.level for wound in state.wounds if wound.level > SCRATCH]
    scratches = sum(1 for wound in state.wounds if wound.level == SCRATCH)
    lost = sum(level - 1 if options.capacity_loss == "severity" else 1 for level in hits)
    if options.capacity_scratches == "three":
        lost += scratches // 3
    return lost


def capacity_level(sheet: Sheet, state: State, options: Options) -> int:
    """The wound level the Damage Capacity record stands at (seed 4.57, D-FU-23): Mediocre is Hurt, Poor Very
    Hurt, Terrible \u22123 (or Incapacitated), below Terrible Incapacitated.  The condition is read from the
    Damage Capacity alone: a Near Death wound costs the levels it costs, and is no level of its own here."""
    lost = capacity_lost(state, options)
    if not lost:
        return SCRATCH if state.wounds else UNDAMAGED
    now = sheet.damage_capacity - lost
    if now < -3 or (now == -3 and options.capacity_terrible == "incapacitated"):
        return INCAPACITATED
    return {-1: HURT, -2: VERY_HURT, -3: VERY_HURT}.get(now, SCRATCH) if now <= -1 else SCRATCH


# -- the pawn's three stages (D-FU-17) ---------------------------------------------------------------------------

def pawn_level(state: State) -> int:
    """Undamaged, Hurt, or Out (shown as Incapacitated): a Scratch marks nothing, a second Hurt is Out."""
    hurts = sum(1 for wound in state.wounds if wound.level == HURT)
    if any(wound.level >= VERY_HURT for wound in state.wounds) or hurts >= 2:
        return INCAPACITATED
    return HURT if hurts else UNDAMAGED


# -- the level a fighter stands at, whatever the record --------------------------------------------------------

def method(sheet: Sheet, options: Options) -> str:
    return "pawn" if sheet.role == "pawn" else options.record


@lru_cache(maxsize=4096)
def level(sheet: Sheet, state: State, options: Options) -> int:
    """The wound level that counts (only the highest counts, seed 4.57)."""
    if state.dead:
        return DEAD
    kind = method(sheet, options)
    if kind == "pawn":
        return pawn_level(state)
    if kind == "capacity":
        return capacity_level(sheet, state, options)
    return record(state, options).level


def penalty(sheet: Sheet, state: State, options: Options) -> int:
    """The penalty to all actions: the wound level's (pain thresholds move it, D-FU-21), and \u22123 for a
    Damage Capacity down to Terrible."""
    now = level(sheet, state, options)
    if method(sheet, options) == "capacity" and now == VERY_HURT \
            and sheet.damage_capacity - capacity_lost(state, options) == -3:
        return levels.penalty(VERY_HURT, sheet.pain) - 1
    return levels.penalty(now, sheet.pain)


def out_of_fight(sheet: Sheet, state: State, options: Options) -> bool:
    return state.knocked_out or levels.out_of_fight(level(sheet, state, options))


def status_words(sheet: Sheet, state: State, options: Options) -> str:
    """The card's status: the level and its penalty, in words."""
    if state.dead:
        return "Dead"
    now = level(sheet, state, options)
    kind = method(sheet, options)
    if kind == "pawn":
        words = {UNDAMAGED: "Undamaged", HURT: "Hurt (\u22121)", INCAPACITATED: "Out of the battle"}[now]
    elif kind == "boxes" and record(state, options).beyond:
        words = "Near Death, past the last box"
    elif now in (HURT, VERY_HURT):
        hurt = penalty(sheet, state, options)
        words = f"{levels.name(now)} ({hurt:+d})".replace("(-", "(\u2212").replace("(+0)", "(no penalty)")
    elif kind == "capacity" and now == SCRATCH and capacity_lost(state, options):
        words = "Wounded (no penalty)"
    else:
        words = levels.name(now)
    extra = [word for word, on in (("knocked out", state.knocked_out), ("very stunned", state.very_stunned > 0),
                                   ("stunned", state.stunned > 0 and not state.very_stunned)) if on]
    hurt_parts = [f"{part.replace('_', ' ')} {'Hurt' if part_level < INCAPACITATED else 'Incapacitated'}"
                  for part, part_level in state.parts if part_level >= HURT]
    return "; ".join([words, *extra, *hurt_parts]) if (extra or hurt_parts) and now < INCAPACITATED else words


def capacity_now(sheet: Sheet, state: State, options: Options) -> str:
    lost = capacity_lost(state, options)
    return level_name(sheet.damage_capacity - lost)


# -- taking a wound ---------------------------------------------------------------------------------------------

def with_wound(state: State, wound: Wound) -> State:
    return replace(state, wounds=state.wounds + (wound,))


def covered(sheet: Sheet, options: Options) -> bool:
    """Whether the PC-death options protect this fighter (seed 4.64: PCs, and major NPCs if the GM likes)."""
    return sheet.role == "pc" or (sheet.role == "major" and options.death_for == "pcs_and_major")


def death_options(options: Options) -> bool:
    return "on" in (options.death_three_levels, options.death_from_incapacitated) or options.death_fudge_point != "off"


def take(sheet: Sheet, state: State, wound: Wound, options: Options, *, began: int, fudge_point: bool = False
         ) -> tuple[State, list[tuple[str, str]]]:
    """Record a wound, with the PC-death options (D-FU-10) applied; returns the new state and what happened
    besides, each a sentence with its rule (none when the wound simply went on the sheet)."""
    notes: list[tuple[str, str]] = []
    if wound.level <= UNDAMAGED:
        return state, notes
    protected = covered(sheet, options) and method(sheet, options) != "pawn"
    if wound.level >= DEAD:
        if not (protected and death_options(options)):
            return replace(state, dead=True), notes
        notes.append((f"{sheet.name} would die, but the PC-death options keep a player character from dying by the "
                      "dice: Near Death instead.", "FUDGE 4.64, D-FU-3"))
        wound = replace(wound, level=NEAR_DEATH)
    before = level(sheet, state, options)
    if not protected and fudge_point and options.death_fudge_point != "off" \
            and _reaches(sheet, state, wound, options) >= NEAR_DEATH:
        notes.append((f"The PC-death options do not cover {sheet.name}, so a Fudge Point changes nothing.",
                      "FUDGE 4.64"))
    if protected:
        cap, why, rule = NEAR_DEATH, "", "FUDGE 4.64, D-FU-10"
        if options.death_three_levels == "on" and before + 3 < cap:
            cap = before + 3
            why = f"at most three levels a blow: no worse than {levels.name(cap)}"
        if options.death_from_incapacitated == "on" and began < INCAPACITATED and cap > INCAPACITATED:
            cap = INCAPACITATED
            why = "Near Death only for one who began the round Incapacitated"
        if options.death_fudge_point != "off" and fudge_point and cap > INCAPACITATED:
            to = INCAPACITATED if options.death_fudge_point == "incapacitated" else VERY_HURT
            if _reaches(sheet, state, wound, options) >= NEAR_DEATH:
                cap, why, rule = max(before, to), "a Fudge Point spent: a deadly wound becomes a serious one", \
                    "FUDGE 4.64, D-FU-18"
        if cap < NEAR_DEATH and _reaches(sheet, state, wound, options) > cap:
            kept = wound.level
            while kept > UNDAMAGED and _reaches(sheet, state, replace(wound, level=kept), options) > cap:
                kept -= 1
            if kept < wound.level:
                after = level(sheet, with_wound(state, replace(wound, level=kept)), options) if kept else before
                notes.append((f"{levels.name(wound.level)} is held to {levels.name(kept) if kept else 'nothing'} "
                              f"({why}); the rest is lost, and {sheet.name} stands at {levels.name(after)}.", rule))
                wound = replace(wound, level=kept)
            if kept == UNDAMAGED:
                return state, notes
    if method(sheet, options) == "boxes" and wound.level == SCRATCH and options.scratch_cap == "on":
        if record(with_wound(state, wound), options).lost != record(state, options).lost:
            notes.append(("Scratches pile up no further than Very Hurt, and every box to it is marked: this "
                          "Scratch is lost.", "D-FU-11"))
            return state, notes
    if method(sheet, options) == "pawn" and wound.level == SCRATCH:
        notes.append(("A Scratch marks nothing on a pawn.", "D-FU-17"))
        return state, notes
    return with_wound(state, wound), notes


def _reaches(sheet: Sheet, state: State, wound: Wound, options: Options) -> int:
    """The level a fighter would stand at with this wound added; past the last box counts above Near Death."""
    after = with_wound(state, wound)
    if method(sheet, options) == "boxes" and len(record(after, options).beyond) > len(record(state, options).beyond):
        return NEAR_DEATH + 1
    return level(sheet, after, options)


def round_of(state: State) -> int:
    """The round a fighter is fighting, as the log names it: the fight's, while the tracker runs one (issue 36: a
    Round named its fighter's own count, which ran ahead of the tracker), else the next of his own."""
    return state.fight_round or state.rounds + 1


def after_round(state: State) -> State:
    """The round passes for a fighter in the exchange; in a fight the tracker runs it passes once a round, so a
    fighter who fought as a foe and then on his own turn is in the same round still (a Stun, a plus level's count)."""
    if state.round_passed:
        return replace(state, edge=0, edge_why="", hasty=False)
    return replace(state, rounds=state.rounds + 1, stunned=max(0, state.stunned - 1),
                   very_stunned=max(0, state.very_stunned - 1), edge=0, edge_why="", hasty=False,
                   round_passed=state.fight_round > 0)


def heal_capacity(state: State, healed: int, options: Options) -> State:
    """Healing on the Damage Capacity record (seed 4.57): each level healed gives back a level of Damage Capacity,
    never above the undamaged level; the hits that cost the most recently go first."""
    kept = list(state.wounds)
    left = healed
    for index in range(len(kept) - 1, -1, -1):
        if left <= 0:
            break
        wound = kept[index]
        if wound.level <= SCRATCH:
            continue
        cost = wound.level - 1 if options.capacity_loss == "severity" else 1
        take_back = min(cost, left)
        left -= take_back
        if take_back == cost:
            kept.pop(index)
        else:                               # only "severity" costs more than one level
            kept[index] = replace(wound, level=wound.level - take_back)
    return replace(state, wounds=tuple(kept))


def heal_levels(state: State, healed: int, *, scratches: bool) -> State:
    """Every wound ``healed`` levels better (seed 4.8): a Scratch is not a level, so a Hurt wound healed one
    level is gone; Scratches are only healed with ``scratches`` (after the fight, not by a healing skill)."""
    kept = []
    for wound in state.wounds:
        if wound.level == SCRATCH:
            if not scratches:
                kept.append(wound)
            continue
        after = wound.level - healed
        if after > SCRATCH:
            kept.append(replace(wound, level=after))
    # A part is Scratched, Hurt or Incapacitated (seed 4.35): healing moves it down that short scale.
    parts = []
    for part, part_level in state.parts:
        if part_level == SCRATCH:
            if not scratches:
                parts.append((part, part_level))
            continue
        lower = levels.PART_LEVELS.index(part_level) - healed
        if lower > 0:
            parts.append((part, levels.PART_LEVELS[lower]))
    return replace(state, wounds=tuple(kept), parts=tuple(parts))
