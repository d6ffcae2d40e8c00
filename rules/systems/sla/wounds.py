"""An operative's wounds (seed 002: Damage, Applying Damage, Bruising Damage, Wounds, Regeneration; RULES_NOTES 3.3 and
D-SL-11, 14, 27): the Incap and bruising track, the damage in each location, the armour's Impact Damage worn in
each location, open wounds and their bleeding, stuck bullets, and the character's place in the round.

Standard damage marks the Incap track from one end and bruising from the other; a location's damage past its Hits is
its overflow, which decides how badly it is hurt (D-SL-14).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from ...keys import cached_hash
from .body import bleeding_every, per_round
from .options import Options
from .sheet import LOCATION_LABELS, LOCATIONS, VITAL, Sheet

POSITION_LABELS = {"standing": "Standing", "kneeling": "Kneeling", "prone": "Prone and rolling",
                   "down": "Knocked down"}
FATAL_BEYOND = 10               # seed: 10 points past the maximum Incap is fatal
MAX_WOUNDS = 40
MAX_PENDING = 12
SKIN = -1                       # the layer index of a Xeno's skin or a Vevaphon's hardened cells


@dataclass(frozen=True)
class Wound:
    location: str
    round: int                  # the round it was opened in


@dataclass(frozen=True)
class Pending:
    """Healing on its way: an Ebon's (two phases) or a drug's (three phases) restoring Hits."""

    phases: int                 # phases still to pass
    hits: int
    source: str


@dataclass(frozen=True)
class Shot:
    """The last shot at this character, for the diagram: where it was aimed and where it landed (None: nowhere)."""

    aimed: tuple[int, int]
    landed: tuple[int, int] | None
    hit: bool


@dataclass(frozen=True)
class Mark:
    """One thing the last attack left on the diagram: a bullet's landing (``hit`` or ``miss``), the hex aimed at
    (``aim``), or a blast's hex (``zone``); ``start`` is where its deviation started, for the arrow."""

    kind: str
    hex: tuple[int, int]
    label: str
    start: tuple[int, int] | None = None
    text: str = ""                                  # a short tag drawn beside it: a bullet's number


@dataclass(frozen=True)
class State:
    __hash__ = cached_hash

    incap_damage: int = 0
    bruising: int = 0
    damage: tuple[tuple[str, int], ...] = tuple((location, 0) for location in LOCATIONS)
    worn: tuple[tuple[int, str, int], ...] = ()     # (armour layer, location, ID lost); SKIN for living armour
    pv_lost: int = 0                                # a Vevaphon's hardened PV lost to failed CONC rolls
    wounds: tuple[Wound, ...] = ()
    ticks: int = 0                                  # phase 3s since the last Hit bled, or since the first wound
    #                                                 opened (D-SL-27; :func:`next_loss_in`)
    stuck: int = 0                                  # bullets stuck in the Torso
    round: int = 1
    phase: int = 1
    initiative: int | None = None
    slowed: str = ""                                # "phase" or "round": the Initiative Total is 0 (knockback)
    lost_actions: int = 0
    lost_phases: int = 0
    position: str = "standing"
    knocked_out: bool = False                       # a failed PHYS roll to stay conscious
    holding: bool = False                           # an opportunity action held this phase
    acted_phase: bool = False                       # has taken an action this phase: a knockback after it costs
    #                                                 his next one, in a later phase
    pending: tuple[Pending, ...] = ()
    last_shot: Shot | None = None
    dodge: int = 0                                  # on attacks at him while his dodge lasts: minus its Success die
    dodge_lasts: str = ""                           # "phase" or "round"
    dodge_bullets: bool = False                     # Dance or Ballet of Death: the dodge counts against shots too
    dodge_blows: bool = False                       # an action's dodge: it counts against blows (not Dance's free one)
    penalty: int = 0                                # a dodge's price on his own actions
    penalty_lasts: str = ""                         # "next" (his next action) or "round"
    parries: int = 0                                # free parries spent this round
    melee_aim: int = 0                              # actions spent aiming a melee attack (+1 Aiming die each)
    fired: int = 0                                  # shots fired this round (semi-auto's DEX/2 allowance)
    jammed: tuple[int, ...] = ()                    # weapons (by index) jammed until cleared
    uncocked: tuple[int, ...] = ()                  # single-action weapons fired and not yet recocked
    marks: tuple[Mark, ...] = ()                    # what the last attack left on the diagram, bullet by bullet
    smoke: int = 0                                  # in a smoke grenade's cloud: this on attacks at him (D-SL-GR6)
    dazzled: int = 0                                # a flash-bang's: this on his own actions to the phase's end (GR7)

    @cached_property
    def _taken_at(self) -> dict[str, int]:
        """Each location's damage as a lookup, made once a state (a card reads it some fifty times)."""
        return dict(self.damage)

    def taken(self, location: str) -> int:
        return self._taken_at[location]

    def hits_left(self, sheet: Sheet, location: str) -> int:
        return sheet.location_hits(location) - self.taken(location)

    def lost(self, layer: int, location: str) -> int:
        for worn_layer, worn_location, amount in self.worn:
            if (worn_layer, worn_location) == (layer, location):
                return amount
        return 0

    def incap_left(self, sheet: Sheet) -> int:
        return sheet.incap - self.incap_damage

    def initiative_total(self) -> int | None:
        return 0 if self.slowed and self.initiative is not None else self.initiative


def acted(state: State) -> State:
    """The character has taken an action: a quick dodge's price on his next action is paid."""
    if state.penalty_lasts == "next":
        state = replace(state, penalty=0, penalty_lasts="")
    return state if state.acted_phase else replace(state, acted_phase=True)


def situation(states: Mapping[str, State], attacker: str, target: str) -> list[tuple[str, int]]:
    """What a grenade left that changes an attack (D-SL-GR6, GR7): the attacker dazzled by a flash-bang, the target
    in smoke."""
    out = []
    if states[attacker].dazzled:
        out.append(("dazzled", states[attacker].dazzled))
    if states[target].smoke:
        out.append(("in smoke", states[target].smoke))
    return out


def location_state(sheet: Sheet, state: State, location: str, options: Options) -> str:
    """intact, hurt, useless (no Hits left: moderately wounded), severe or destroyed (D-SL-14)."""
    hits, taken = sheet.location_hits(location), state.taken(location)
    overflow = taken - hits
    severe, destroyed = ((hits + 1) // 2, hits) if options.overflow == "half" else (hits, 2 * hits)
    if overflow >= destroyed:
        return "destroyed"
    if overflow >= severe and overflow > 0:
        return "severe"
    if overflow >= 0:
        return "useless"
    return "hurt" if taken else "intact"


def dead(sheet: Sheet, state: State) -> str:
    """Why the character is dead, or "": the Head or Torso at 0 Hits, or Incap 10 past its maximum (seed)."""
    for location in LOCATIONS:
        if location in VITAL and state.hits_left(sheet, location) <= 0:
            return f"the {LOCATION_LABELS[location]} has no Hits left"
    if state.incap_damage >= sheet.incap + FATAL_BEYOND:
        return f"Incap is {FATAL_BEYOND} or more past 0"
    return ""


def unconscious(sheet: Sheet, state: State, options: Options) -> str:
    """Why the character is out, or "": Incap at 0, the track full of standard and bruising damage (D-SL-11), or a
    failed PHYS roll to stay conscious."""
    if state.incap_damage >= sheet.incap:
        return "Incap is down to 0"
    if options.bruising_out == "full" and state.bruising and state.incap_damage + state.bruising >= sheet.incap:
        return "standard and bruising damage mark every square of the Incap track"
    if options.bruising_out == "over" and state.bruising > sheet.incap - state.incap_damage:
        return "bruising is more than the Incap left"
    if state.knocked_out:
        return "knocked out"
    return ""


def news(sheet: Sheet, before: State, after: State, options: Options) -> list[str]:
    """What a change of state did to the character as a whole, said once: death, or falling unconscious."""
    if (why := dead(sheet, after)) and not dead(sheet, before):
        return [f"{sheet.name} is dead: {why}"]
    if not dead(sheet, after) and (why := unconscious(sheet, after, options)) and not unconscious(sheet, before,
                                                                                                  options):
        return [f"{sheet.name} is unconscious: {why}"]
    return []


def take(state: State, location: str | None, amount: int, *, bruising: bool = False) -> State:
    """Damage marked off: standard damage from Incap and from the location's Hits, bruising on the track's other end
    only (seed, Applying Damage and Bruising Damage)."""
    if amount <= 0:
        return state
    if bruising:
        return replace(state, bruising=state.bruising + amount)
    damage = state.damage if location is None else tuple(
        (name, taken + amount if name == location else taken) for name, taken in state.damage)
    return replace(state, incap_damage=state.incap_damage + amount, damage=damage)


def wear(state: State, layer: int, location: str, amount: int) -> State:
    """A layer's Impact Damage in one location worn by ``amount``."""
    if amount <= 0:
        return state
    rest = tuple(entry for entry in state.worn if (entry[0], entry[1]) != (layer, location))
    return replace(state, worn=rest + ((layer, location, state.lost(layer, location) + amount),))


def open_wound(state: State, location: str) -> State:
    if not state.wounds:
        state = replace(state, ticks=0)
    return replace(state, wounds=state.wounds + (Wound(location, state.round),))


def close_wound(state: State) -> State:
    """The oldest open wound closed; the bleeding count starts again when none are left."""
    wounds = state.wounds[1:]
    return replace(state, wounds=wounds, ticks=state.ticks if wounds else 0)


def next_loss_in(state: State) -> int:
    """The rounds until the next Hit bleeds away: 1 means at this round's phase 3 (0 with no open wound).  The one
    reading of the bleeding countdown, for the bleeding itself (:func:`bleed`) and for the card (``view.bleeding``).

    The count (``State.ticks``) is the phase 3s passed since the last Hit bled, or since the first wound opened
    when none has bled yet; the wounding round's own phase 3 is the first (D-SL-27).  With n open wounds a Hit
    bleeds at the phase 3 where the count reaches the interval, ``bleeding_every(n)`` (5 rounds for one wound, one
    fewer for each further wound: "subsequent wounds shorten the time between loss"), and the count starts again.

    When the number of open wounds changes (a new wound, or one closed by first aid or regeneration) the count is
    kept, not restarted, and read against the new interval: the rounds already passed since the last loss count
    toward it.  So a new wound never puts a loss off, it can only bring it nearer, and a closed wound never brings it
    nearer.  A count already at or past a new, shorter interval bleeds at this round's phase 3: one Hit, not one for
    each interval passed.  From five wounds on, Hits bleed every round.  The last wound closed ends the count; the
    next wound starts it afresh.

    Issue 35's case: a wound in round 1, rounds 1 to 4 end (the count is 4), a second wound in round 5 (interval
    4): the Hit bleeds at round 5's phase 3, in 1 round.

    >>> one = State(wounds=(Wound("torso", 1),), ticks=4)
    >>> next_loss_in(one), next_loss_in(replace(one, wounds=one.wounds * 2)), next_loss_in(replace(one, ticks=0))
    (1, 1, 5)
    >>> next_loss_in(replace(one, wounds=one.wounds * 2, ticks=1)), next_loss_in(State())
    (3, 0)
    """
    count = len(state.wounds)
    if not count:
        return 0
    if count >= 5:
        return 1
    return max(1, bleeding_every(count) - state.ticks)


def bleed(sheet: Sheet, state: State) -> tuple[State, list[str]]:
    """Phase 3's bleeding (seed, Wounds; RULES_NOTES 3.3, D-SL-27): with n open wounds, a Hit every 6 \u2212 n rounds
    up to five wounds, n \u2212 4 a round past that, when :func:`next_loss_in` comes to this round; from the oldest
    wound's location, the Torso once that is at 0."""
    count = len(state.wounds)
    if not count:
        return state, []
    if next_loss_in(state) > 1:
        state = replace(state, ticks=state.ticks + 1)
        left = next_loss_in(state)
        return state, [f"{count} open wound{'s' if count > 1 else ''}: the next Hit bleeds away in "
                       f"{left} round{'s' if left > 1 else ''}"]
    state = replace(state, ticks=0)
    loss = per_round(count) if count >= 5 else 1
    where = state.wounds[0].location
    words = []
    for _ in range(loss):
        if state.hits_left(sheet, where) <= 0 and where != "torso":
            where = "torso"
        state = take(state, where, 1)
        words.append(LOCATION_LABELS[where])
    wounds = "1 open wound bleeds" if count == 1 else f"{count} open wounds bleed"
    return state, [f"{wounds} {loss} Hit{'s' if loss > 1 else ''} from the "
                   f"{' and '.join(sorted(set(words), key=words.index))} and from Incap"]


def most_damaged(state: State) -> str | None:
    """The location with the most damage taken (the first on the body among equals), None when all are whole."""
    taken = [(amount, -index, location) for index, (location, amount) in enumerate(state.damage) if amount > 0]
    return max(taken)[2] if taken else None


def restore(state: State, hits: int) -> tuple[State, list[str]]:
    """Hits restored one at a time to the most damaged location and to Incap (D-SL-27)."""
    places = []
    for _ in range(hits):
        location = most_damaged(state)
        if location is None and state.incap_damage <= 0:
            break
        damage = state.damage if location is None else tuple(
            (name, taken - 1 if name == location else taken) for name, taken in state.damage)
        state = replace(state, damage=damage, incap_damage=max(0, state.incap_damage - 1))
        places.append(LOCATION_LABELS[location] if location else "Incap")
    return state, places


def arrive(state: State, healing: Pending) -> tuple[State, list[str]]:
    """Healing that has arrived: its Hits restored (:func:`restore`), and an Ebon's twice over on bruising
    (seed, Bruising Damage: its healing doubles against bruising)."""
    state, places = restore(state, healing.hits)
    words = []
    if places:
        counted = {place: places.count(place) for place in places if place != "Incap"}
        restored = f"{len(places)} Hit{'s' if len(places) > 1 else ''} restored"
        words.append(f"{restored}: " + ", ".join(f"{place} +{count}" for place, count in counted.items())
                     + f"{', ' if counted else ''}Incap +{len(places)}")
    if healing.source == "ebon" and state.bruising:
        healed = min(state.bruising, 2 * healing.hits)
        state = replace(state, bruising=state.bruising - healed)
        words.append(f"{healed} bruising healed (an Ebon's healing counts double on bruising)")
    return state, words or ["Nothing left to heal"]
