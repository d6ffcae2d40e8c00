"""Marking a hit on the Personal Integrity chart, point by point, stopping at every roll it calls for.

The seed's order (RULES_NOTES 1.3 and 1.4): a non-lethal point takes the first open box (a slash);
a lethal point overwrites the first slash, or takes the first open box (an X); a non-lethal point with
no box left is lethal instead.  Each time a row fills, and once more for the last point of the hit
when it lies beyond row 1 (D-MT-3), the person rolls: to avoid being stunned (non-lethal damage, the
DM of the first row with an open box and minus the Damage Dice, D-MT-4) or to stay conscious (lethal
damage, the DM of the first row with a box without an X, D-MT-5, D-MT-6, D-MT-16).  No stun roll once
stunned, no roll at all once unconscious; a full chart knocks out, an X in every box kills.

:class:`Marking` is a value: :func:`advance` runs it to the next roll, :func:`settle` applies the roll's
result.  The resolver rolls dice at each stop; the odds branch on both results; both share this code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...report import plural
from .integrity import Chart
from .sheet import State
from .task import Task, characteristic_dm, task


@dataclass(frozen=True)
class Context:
    """What stays fixed while one hit is marked on one person."""

    name: str
    layout: Chart
    lethal: bool
    damage_dice: int
    points: int
    skill: tuple[str, int] | None       # the best of Martial Arts, Brawling, Survival
    endurance: int
    natural_two_fails: bool


@dataclass(frozen=True)
class Call:
    """A roll the hit calls for, with the sentence that asks for it."""

    kind: str            # "stun" or "consciousness"
    name: str            # the roll's name in the log: "stun 1", "consciousness 2"
    task: Task
    occasion: str        # "Row 2 is full", "The last point is marked in row 3"

    @property
    def why(self) -> str:
        """The sentence that asks for the roll; written only when asked for, as the odds never ask."""
        what = "the stun roll" if self.kind == "stun" else "consciousness"
        return f"{self.occasion}: roll 2D for {what}, {self.task.words()}"


@dataclass(frozen=True)
class Marking:
    lethal: int
    non_lethal: int
    stunned: bool
    unconscious: bool
    marked: int = 0                 # points of this hit marked so far
    stun_rolls: int = 0
    consciousness_rolls: int = 0


def start(state: State) -> Marking:
    """A hit about to be marked on a person in this state."""
    return Marking(state.lethal, state.non_lethal, state.stunned, state.unconscious)


def _task(context: Context, kind: str, row: int) -> Task:
    dms: list[tuple[str, int]] = [(f"row {row + 1}", context.layout.dm(row) or 0)]
    if kind == "stun":
        dms.append((f"{plural(context.damage_dice, 'Damage Die', 'Damage Dice')}", -context.damage_dice))
    if context.skill is not None:
        dms.append((f"{context.skill[0]}-{context.skill[1]}", context.skill[1]))
    end_dm = characteristic_dm(context.endurance)
    if end_dm:
        dms.append((f"End {context.endurance}", end_dm))
    return task(kind, dms=tuple(dms), skill=None if context.skill is None else context.skill[1],
                natural_two_fails=context.natural_two_fails)


def advance(context: Context, state: Marking) -> tuple[Marking, list[str], Call | None]:
    """Mark points until the hit calls for a roll or ends: the new marking, what was marked (sentences), the call."""
    layout = context.layout
    size = layout.integrity
    sentences: list[str] = []
    if state.marked >= context.points:
        return state, sentences, None
    if state.lethal >= size:
        sentences.append(f"All {plural(context.points, 'point')} find no box: every box already holds an X.")
        return replace(state, marked=context.points), sentences, None
    first = state.marked + 1
    slashes = crosses = over = converted = 0
    lethal, non_lethal, out = state.lethal, state.non_lethal, state.unconscious

    def marked_words(upto: int, ending: str) -> str:
        parts = []
        if slashes:
            parts.append(plural(slashes, "slash", "slashes"))
        if crosses:
            extra = []
            if over:
                extra.append(f"{over} over slashes")
            if converted:
                extra.append(f"{converted} non-lethal with no box left, so lethal")
            parts.append(f"{plural(crosses, 'X', 'X')}{' (' + '; '.join(extra) + ')' if extra else ''}")
        span = f"Point {first}" if upto == first else f"Points {first}\u2013{upto}"
        return f"{span}: {' and '.join(parts)}{ending}."

    point = state.marked
    told = False                    # a roll skipped (stunned already, or unconscious) is said once
    while True:
        point += 1
        last = point == context.points
        if context.lethal or lethal + non_lethal >= size:
            converted += 0 if context.lethal else 1
            if non_lethal:
                non_lethal -= 1
                over += 1
            lethal += 1
            crosses += 1
            box, kind = lethal - 1, "consciousness"
        else:
            non_lethal += 1
            slashes += 1
            box, kind = lethal + non_lethal - 1, "stun"
        filled = layout.fills_row(box)
        dead = lethal >= size
        knocked_out = not dead and not out and lethal + non_lethal >= size
        trigger = filled or (last and layout.row_of(box) >= 1)
        if not (trigger or knocked_out or dead or last):
            continue
        endings = [f"row {layout.row_of(box) + 1} is full"] if filled else []
        if dead:
            endings.append(f"every box holds an X: {context.name} is dead")
            out = True              # a full chart knocks out, so someone healed back from death is still out cold
        elif knocked_out:
            endings.append(f"no box is left open: {context.name} is knocked unconscious")
            out = True
        sentences.append(marked_words(point, ": " + ", and ".join(endings) if endings else ""))
        first, slashes, crosses, over, converted = point + 1, 0, 0, 0, 0
        # Made directly, not with dataclasses.replace: the odds make this marking some 60,000 times for Compare's
        # forty targets, and replace() was a quarter of that work.
        state = Marking(lethal, non_lethal, state.stunned, out, point, state.stun_rolls, state.consciousness_rolls)
        if dead:
            excess = context.points - point
            if excess:
                sentences.append(f"The other {plural(excess, 'point')} find no box.")
            return replace(state, marked=context.points), sentences, None
        if trigger and not knocked_out:
            where = layout.row_of(box)
            occasion = (f"Row {where + 1} is full" if filled else f"The last point is marked in row {where + 1}")
            if out or (kind == "stun" and state.stunned):
                if not told:
                    why_not = "is unconscious" if out else "is stunned already"
                    roll = "to stay conscious" if kind != "stun" else "to avoid being stunned"
                    sentences.append(f"{occasion}: {context.name} would roll {roll}, but {why_not}, "
                                     f"so there is no need.")
                    told = True
            else:
                rolled = _task(context, kind, layout.row_of(lethal + non_lethal if kind == "stun" else lethal))
                count = (state.stun_rolls if kind == "stun" else state.consciousness_rolls) + 1
                state = Marking(state.lethal, state.non_lethal, state.stunned, state.unconscious, state.marked,
                                state.stun_rolls + (kind == "stun"), state.consciousness_rolls + (kind != "stun"))
                return state, sentences, Call(kind, f"{kind} {count}", rolled, occasion)
        if last:
            return state, sentences, None


def settle(state: Marking, call: Call, passed: bool) -> Marking:
    """The marking after a roll: a failed stun roll stuns, a failed consciousness roll knocks out."""
    if passed:
        return state
    if call.kind == "stun":
        return Marking(state.lethal, state.non_lethal, True, state.unconscious, state.marked, state.stun_rolls,
                       state.consciousness_rolls)
    return Marking(state.lethal, state.non_lethal, state.stunned, True, state.marked, state.stun_rolls,
                   state.consciousness_rolls)


def consequence(context: Context, call: Call, passed: bool) -> str:
    """What the roll's result means, in the referee's words."""
    if call.kind == "stun":
        return f"{context.name} stays on their feet." if passed else \
            f"{context.name} is stunned: they fall down and remain limp until they recover."
    return f"{context.name} stays conscious." if passed else f"{context.name} is knocked unconscious."
