"""Exact discrete distributions with integer weights.

A :class:`Dist` maps outcomes to positive integer weights; probabilities are
``Fraction`` s of the total.  Floats appear only when a distribution is turned
into a view for the page.  The algebra is what the five systems need: sums of
dice (``+``), mapping outcomes (``map``), and mixing a distribution of
distributions (``bind``), e.g. "for each margin of success, the damage pool".

>>> two = fudge_dice(1) + fudge_dice(1)
>>> sorted(two.weights.items())
[(-2, 1), (-1, 2), (0, 3), (1, 2), (2, 1)]
>>> two.probability(0)
Fraction(1, 3)
>>> successes(2, 1).probability(0)
Fraction(4, 9)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


@dataclass(frozen=True)
class Dist(Generic[T]):
    """An exact distribution: outcome -> positive integer weight."""

    weights: Mapping[T, int]

    def __post_init__(self) -> None:
        if not self.weights:
            raise ValueError("a distribution needs at least one outcome")
        for outcome, weight in self.weights.items():
            if not isinstance(weight, int) or weight <= 0:
                raise ValueError(f"weight {weight!r} of {outcome!r} is not a positive integer")

    @staticmethod
    def of(weights: Mapping[T, int]) -> Dist[T]:
        """A distribution from weights, dropping zero weights."""
        return Dist({outcome: weight for outcome, weight in weights.items() if weight})

    @staticmethod
    def always(outcome: T) -> Dist[T]:
        return Dist({outcome: 1})

    @staticmethod
    def uniform(outcomes: Iterable[T]) -> Dist[T]:
        counts: dict[T, int] = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return Dist(counts)

    @staticmethod
    def exact(probabilities: Mapping[T, Fraction]) -> Dist[T]:
        """A distribution from exact probabilities (which should sum to 1), as the smallest integer weights.

        >>> sorted(Dist.exact({"a": Fraction(1, 3), "b": Fraction(2, 3)}).weights.items())
        [('a', 1), ('b', 2)]
        """
        kept = {outcome: chance for outcome, chance in probabilities.items() if chance}
        common = math.lcm(*(chance.denominator for chance in kept.values()))
        weights = {outcome: int(chance * common) for outcome, chance in kept.items()}
        divisor = math.gcd(*weights.values())
        return Dist({outcome: weight // divisor for outcome, weight in weights.items()})

    @property
    def total(self) -> int:
        return sum(self.weights.values())

    def probability(self, outcome: T) -> Fraction:
        return Fraction(self.weights.get(outcome, 0), self.total)

    def probability_where(self, test: Callable[[T], bool]) -> Fraction:
        return Fraction(sum(w for o, w in self.weights.items() if test(o)), self.total)

    def map(self, function: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``function(outcome)``; equal images pool their weight."""
        out: dict[U, int] = {}
        for outcome, weight in self.weights.items():
            image = function(outcome)
            out[image] = out.get(image, 0) + weight
        return Dist(out)

    def bind(self, inner: Callable[[T], Dist[U]]) -> Dist[U]:
        """Mix: pick an outcome from self, then an outcome from ``inner(outcome)``.

        Inner distributions may have different totals; they are scaled to a
        common multiple so the result stays exact with integer weights.
        """
        parts = [(weight, inner(outcome)) for outcome, weight in self.weights.items()]
        common = math.lcm(*(part.total for _, part in parts))
        out: dict[U, int] = {}
        for weight, part in parts:
            scale = weight * (common // part.total)
            for image, inner_weight in part.weights.items():
                out[image] = out.get(image, 0) + scale * inner_weight
        divisor = math.gcd(*out.values())
        return Dist({image: weight // divisor for image, weight in out.items()})

    def combine(self, other: Dist[U], function: Callable[[T, U], Any]) -> Dist[Any]:
        """The distribution of ``function(a, b)`` for independent a from self, b from other."""
        out: dict[Any, int] = {}
        for left, left_weight in self.weights.items():
            for right, right_weight in other.weights.items():
                image = function(left, right)
                out[image] = out.get(image, 0) + left_weight * right_weight
        return Dist(out)

    def __add__(self, other: Dist[Any]) -> Dist[Any]:
        return self.combine(other, lambda a, b: a + b)

    def __sub__(self, other: Dist[Any]) -> Dist[Any]:
        return self.combine(other, lambda a, b: a - b)

    def repeat_sum(self, times: int) -> Dist[Any]:
        """The sum of ``times`` independent copies (0 copies sum to 0)."""
        result: Dist[Any] = Dist.always(0)
        for _ in range(times):
            result = result + self
        return result

    def mean(self) -> Fraction:
        return sum((Fraction(weight) * outcome for outcome, weight in self.weights.items()), Fraction(0)) / self.total  # type: ignore[operator]

    def sorted_items(self) -> list[tuple[T, int]]:
        return sorted(self.weights.items(), key=lambda item: _sort_key(item[0]))


def _sort_key(outcome: Any) -> tuple[int, Any]:
    return (0, outcome) if isinstance(outcome, (int, Fraction)) else (1, str(outcome))


def fudge_dice(count: int) -> Dist[int]:
    """The total of ``count`` Fudge dice (each -1, 0 or +1)."""
    return Dist.uniform((-1, 0, 1)).repeat_sum(count)


def dice(count: int, sides: int = 6) -> Dist[int]:
    """The total of ``count`` dice of ``sides`` faces."""
    return Dist.uniform(range(1, sides + 1)).repeat_sum(count)


def successes(count: int, success_faces: int, sides: int = 3) -> Dist[int]:
    """How many of ``count`` dice show one of ``success_faces`` of their ``sides`` faces.

    Weights are the numbers of face sequences: C(n, j) * k^j * (sides - k)^(n - j),
    out of sides^n.
    """
    if not 0 <= success_faces <= sides:
        raise ValueError(f"success_faces {success_faces!r} must lie between 0 and {sides}")
    misses = sides - success_faces
    return Dist.of({
        hits: math.comb(count, hits) * success_faces**hits * misses ** (count - hits)
        for hits in range(count + 1)
    })


# -- what the page draws -------------------------------------------------------------------------

MAX_BARS = 8


def share(probability: Fraction) -> dict[str, Any]:
    """A probability as the page shows it: the exact fraction, a float for bar widths, a rounded percentage."""
    percent = float(probability) * 100
    shown = "<0.1%" if 0 < percent < 0.05 else ">99.9%" if 99.95 <= percent < 100 else f"{percent:.1f}%"
    return {"fraction": f"{probability.numerator}/{probability.denominator}",
            "probability": float(probability), "percent": shown}


def bars(items: list[tuple[str, int]], total: int) -> list[dict[str, Any]]:
    """Labelled bars with exact shares; equal labels are pooled so each outcome shows once."""
    pooled: dict[str, int] = {}
    for label, weight in items:
        pooled[label] = pooled.get(label, 0) + weight
    return [{"label": label, "weight": weight, "total": total, **share(Fraction(weight, total))}
            for label, weight in pooled.items()]


def chart(title: str, items: list[tuple[str, int]], total: int, *, tail: Callable[[str], str] | None = None,
          max_bars: int = MAX_BARS) -> dict[str, Any]:
    """A chart of at most ``max_bars`` bars: past that, the last bars are grouped into one ``tail(first label)``.

    >>> [bar["label"] for bar in chart("Damage", [(f"{n} damage", 1) for n in range(10)], 10,
    ...                                 tail=lambda first: first.replace(" ", "+ ", 1))["bars"]]
    ['0 damage', '1 damage', '2 damage', '3 damage', '4 damage', '5 damage', '6 damage', '7+ damage']
    """
    shown = bars(items, total)
    if len(shown) > max_bars and tail is not None:
        kept, rest = shown[: max_bars - 1], shown[max_bars - 1:]
        weight = sum(bar["weight"] for bar in rest)
        shown = kept + [{"label": tail(rest[0]["label"]), "weight": weight, "total": total,
                         **share(Fraction(weight, total))}]
    return {"title": title, "bars": shown}


def ranges(items: list[tuple[int, int]], unit: str, max_bars: int = MAX_BARS) -> list[tuple[str, int]]:
    """Integer outcomes (sorted, with weights) in at most ``max_bars`` runs of neighbouring values, labelled
    ``3 points`` or ``3\u20134 points``, so a wide range keeps its shape instead of a long grouped tail.

    >>> ranges([(n, 1) for n in range(3, 19)], "points", 8)[:2]
    [('3\u20134 points', 2), ('5\u20136 points', 2)]
    """
    if len(items) <= max_bars:
        return [(f"{value} {unit}", weight) for value, weight in items]
    size = math.ceil(len(items) / max_bars)
    out = []
    for start in range(0, len(items), size):
        run = items[start:start + size]
        low, high = run[0][0], run[-1][0]
        label = f"{low} {unit}" if low == high else f"{low}\u2013{high} {unit}"
        out.append((label, sum(weight for _, weight in run)))
    return out


# -- odds worked out over several calls ----------------------------------------------------------

# Python runs on the page's thread, so an odds table that takes long (Compare against forty targets) would block
# the page. A call may then be given a budget: odds that take many steps check out_of_time() between steps, keep
# their work, and answer what is done with ``more`` (see :func:`more`); the page asks again, and each call goes on
# where the last stopped. Odds that never check simply finish.
_deadline: float | None = None


@contextmanager
def budget(milliseconds: float | None) -> Iterator[None]:
    """Odds worked out inside this block may stop once ``milliseconds`` have passed (None: no limit)."""
    global _deadline
    kept = _deadline
    _deadline = None if milliseconds is None else time.perf_counter() + milliseconds / 1000
    try:
        yield
    finally:
        _deadline = kept


def out_of_time() -> bool:
    """Whether the budget of this call is spent: a step not yet begun waits for the next call."""
    return _deadline is not None and time.perf_counter() >= _deadline


def more(done: int, of: int, unit: str) -> dict[str, Any]:
    """What a partial answer says is left: the page shows ``words`` and asks again with the same request.

    >>> more(3, 45, "targets")["words"]
    '3 of 45 targets worked out; the rest are coming'
    """
    return {"done": done, "of": of, "left": of - done, "words": f"{done} of {of} {unit} worked out; the rest are coming"}
