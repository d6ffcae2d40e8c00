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
    return f"{level.name}" + (f" ({level.penalty:+d} to all actions)" if level.penalty else " (no penalty)")


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
        lines.append(f"{successes} success{'es' if successes != 1 else ''} check off boxes in order: " + ", ".join(filled) + ".")
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
