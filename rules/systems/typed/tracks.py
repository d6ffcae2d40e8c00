"""The two wound tracks of Typed Damage (seed: The Wound Track; D-TD-7).

Track A fills one box per success, in order.  Track B marks one box per hit at
the level its successes reach, overflowing to the next more severe open box.
Marking the Incapacitated box takes the character out; damage past it changes
nothing more.  A state is the number of marked boxes at each level.

>>> track = load_track("A")
>>> marks, steps = mark(track, fresh_marks(track), 5)
>>> marks
(4, 1, 0, 0, 0)
>>> penalty(track, marks), taken_out(track, marks)
(-1, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...errors import BadField
from ...fields import shown
from ...report import signed
from ..data import load

Marks = tuple[int, ...]


@dataclass(frozen=True)
class Level:
    name: str
    boxes: int
    penalty: int | None        # None: taken out
    reached_from: int = 1      # Track B: the fewest successes that reach this level


@dataclass(frozen=True)
class Track:
    id: str
    label: str
    levels: tuple[Level, ...]
    per_hit: bool              # Track B

    @property
    def boxes(self) -> int:
        return sum(level.boxes for level in self.levels)


TRACK_IDS = ("A", "B")


@cache
def load_track(track_id: str) -> Track:
    table = load("typed")["tracks"][track_id]
    levels = tuple(Level(row["name"], row["boxes"], row["penalty"], row.get("from", 1)) for row in table["levels"])
    return Track(track_id, table["label"], levels, per_hit="from" in table["levels"][0])


def fresh_marks(track: Track) -> Marks:
    return tuple(0 for _ in track.levels)


def taken_out(track: Track, marks: Marks) -> bool:
    return any(count and level.penalty is None for level, count in zip(track.levels, marks))


def worst_level(track: Track, marks: Marks) -> Level | None:
    """The most severe level with a marked box, or None when unhurt."""
    marked = [level for level, count in zip(track.levels, marks) if count]
    return marked[-1] if marked else None


def penalty(track: Track, marks: Marks) -> int:
    """The penalty to all actions: the worst among the marked levels (taken out is told apart by ``taken_out``)."""
    return min((level.penalty for level, count in zip(track.levels, marks) if count and level.penalty is not None),
               default=0)


def status(track: Track, marks: Marks) -> str:
    level = worst_level(track, marks)
    if level is None:
        return "Unhurt"
    if level.penalty is None:
        return f"{level.name}: taken out"
    return f"{level.name}" + (f" ({signed(level.penalty)} to all actions)" if level.penalty else " (no penalty)")


def severity(track: Track, marks: Marks) -> str:
    """How bad it looks at a glance: ``ok`` (no penalty), ``hurt``, ``down`` (the last level before out), ``out``."""
    level = worst_level(track, marks)
    if level is None or not level.penalty:
        return "out" if level is not None and level.penalty is None else "ok"
    worst_penalty = min(other.penalty for other in track.levels if other.penalty is not None)
    return "down" if level.penalty == worst_penalty else "hurt"


def thresholds(track: Track) -> list[str | None]:
    """Track B's labels for the successes that reach each level ("1-2", "3", "7+"); None for Track A."""
    if not track.per_hit:
        return [None for _ in track.levels]
    starts = [level.reached_from for level in track.levels]
    ends = [start - 1 for start in starts[1:]] + [None]
    return [f"{start}+" if end is None else str(start) if end == start else f"{start}\u2013{end}"
            for start, end in zip(starts, ends)]


def penalty_words(level: Level) -> tuple[str, str]:
    """A level's penalty, short for the card (``−1``) and in the text's words (``−1 to all actions``)."""
    if level.penalty is None:
        return "out", "taken out"
    if level.penalty == 0:
        return "\u00b10", "no penalty"
    return signed(level.penalty), f"{signed(level.penalty)} to all actions"


def mark_by_hand(track: Track, marks: Marks, level_name: str, clear: bool) -> Marks:
    """Mark (or clear) one box of the named level, as a referee does with a pencil."""
    index = next((i for i, level in enumerate(track.levels) if level.name == level_name), None)
    if index is None:
        raise BadField(f"{shown(level_name)} is not a level of this wound track", field="level")
    level = track.levels[index]
    if clear and marks[index] == 0:
        raise BadField(f"no {level.name} box is marked, so there is none to clear", field="level")
    if not clear and marks[index] >= level.boxes:
        raise BadField(f"every {level.name} box is already marked", field="level")
    new = list(marks)
    new[index] += -1 if clear else 1
    return tuple(new)


def mark(track: Track, marks: Marks, successes: int) -> tuple[Marks, list[str]]:
    """Apply one hit of ``successes`` to the track; return the new marks and what happened."""
    if successes <= 0:
        return marks, ["No successes: no box is marked."]
    if track.per_hit:
        return _mark_per_hit(track, marks, successes)
    return _mark_in_order(track, marks, successes)


def _mark_in_order(track: Track, marks: Marks, successes: int) -> tuple[Marks, list[str]]:
    new = list(marks)
    left = successes
    filled: list[str] = []
    for index, level in enumerate(track.levels):
        room = level.boxes - new[index]
        take = min(room, left)
        if take:
            new[index] += take
            left -= take
            filled.append(f"{level.name} {new[index]}/{level.boxes}")
    lines = []
    if filled:
        verb = "checks off a box" if successes == 1 else "check off boxes"
        lines.append(f"{successes} success{'es' if successes != 1 else ''} {verb} in order: " + ", ".join(filled) + ".")
    if left:
        lines.append(f"{left} more success{'es' if left != 1 else ''} than open boxes: past Incapacitated, taken out.")
    return tuple(new), lines


def _mark_per_hit(track: Track, marks: Marks, successes: int) -> tuple[Marks, list[str]]:
    reached = max(i for i, level in enumerate(track.levels) if successes >= level.reached_from)
    level = track.levels[reached]
    lines = [f"{successes} success{'es' if successes != 1 else ''} reach the {level.name} level."]
    for index in range(reached, len(track.levels)):
        if marks[index] < track.levels[index].boxes:
            new = list(marks)
            new[index] += 1
            if index != reached:
                lines.append(f"Every {level.name} box is filled, so the next open box of greater severity, "
                             f"{track.levels[index].name}, is checked.")
            else:
                lines.append(f"{level.name} box {new[index]}/{level.boxes} is checked.")
            return tuple(new), lines
    lines.append("No box of that severity or worse is open: the character is already taken out.")
    return marks, lines
