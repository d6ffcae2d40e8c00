"""Initiative for all, where the order is the game master's to set: one roll for each combatant able to act, all
in one event, and the order sorted from them.

Each system says what is rolled (:meth:`rules.turns.Turns.roll_initiative`): its own initiative roll where its
text has one (FUDGE's 4dF on Initiative), otherwise what a game master of that system would roll, said as such
in the report (docs/rules-decisions.md). The order: highest total first; a tie goes to the higher stat the system
names for it (``tie``), then keeps the order the combatants stood in. Those who cannot act roll nothing and
follow, in the order they stood in.

>>> rolled = {"c1": Rolled(9, 7, Step("", "")), "c2": Rolled(9, 8, Step("", "")), "c3": Rolled(11, 0, Step("", ""))}
>>> sorted_order(("c1", "c2", "c4", "c3"), rolled)
['c3', 'c2', 'c1', 'c4']

**A group's one roll.** Several added at once may share one initiative roll (rules/roster.py, ``group``; D20's
Improved Initiative offers it for a group of like monsters): every system names a combatant's initiative roll
``initiative <id>``, so :class:`Shared` hands the first of a group to roll the dice (asked once, said as the
group's), and the others of the group his faces, with no roll of their own; each adds his own modifiers to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .dice import DiceSource, Face, dice_words
from .report import Report, Step

ROLL = "initiative "            # the name of a combatant's initiative roll, in every system: "initiative c3"
RULE = "One initiative roll for a group"


@dataclass(frozen=True)
class Rolled:
    """One combatant's initiative: the total that orders him, the stat that breaks a tie (higher first), and the
    step that says the roll, every die shown."""

    total: int
    tie: int
    step: Step


def sorted_order(standing: Sequence[str], rolled: Mapping[str, Rolled]) -> list[str]:
    """The new order: those who rolled, highest total first, a tie to the higher ``tie`` then to the one who stood
    first; then those who did not roll, as they stood."""
    place = {who: index for index, who in enumerate(standing)}
    ranked = sorted(rolled, key=lambda who: (-rolled[who].total, -rolled[who].tie, place[who]))
    return ranked + [who for who in standing if who not in rolled]


def rolled_d6(who: str, name: str, count: int, tie: int, tie_words: str, rule: str, dice: DiceSource) -> Rolled:
    """``count`` six-sided dice for one combatant, their sum the total, every die said; ``tie_words`` names the stat
    that breaks a tie ("Dexterity 7")."""
    roll = f"initiative {who}"
    faces = [int(face) for face in dice.roll(roll, "d6", count, f"Initiative for {name}: roll "
                                                                 f"{dice_words(count, 'd6')}")]
    return Rolled(sum(faces), tie, Step(f"{name} rolls {' + '.join(map(str, faces))} = {sum(faces)}"
                                        + (f" ({tie_words} breaks a tie)." if tie_words else "."), rule,
                                        tuple(faces), roll))


class Shared(DiceSource):
    """The dice of a move that rolls initiative, where groups share one roll each (``groups``: the members' ids;
    ``names``: each one's name). Every other roll, and the roll of one in no group, goes to ``inner`` as it is.

    >>> from .dice import GivenDice
    >>> dice = Shared(GivenDice({"initiative c2": [4, 5]}), [("c2", "c3")], {"c2": "Thug 1", "c3": "Thug 2"})
    >>> dice.roll("initiative c2", "d6", 2), dice.roll("initiative c3", "d6", 2), dice.finish()
    ((4, 5), (4, 5), {'initiative c2': [4, 5]})
    >>> [step.text for step in dice.said()]
    ["Thug 2 takes Thug 1's roll: one initiative roll for Thug 1 and Thug 2."]
    >>> [step.roll for step in dice.owned([Step("Thug 2 rolls 9.", "", (4, 5), "initiative c3")])]
    ['initiative c2']
    """

    def __init__(self, inner: DiceSource, groups: Sequence[Sequence[str]], names: Mapping[str, str]) -> None:
        super().__init__()
        self.inner = inner
        self.record = inner.record
        self.rolled_by_app = inner.rolled_by_app
        self.group = {who: tuple(members) for members in groups for who in members}
        self.names = names
        self.first: dict[tuple[str, ...], tuple[str, tuple[Face, ...]]] = {}
        self.took: list[tuple[str, str]] = []       # (who, whose roll he took)

    def words(self, members: Sequence[str]) -> str:
        names = [self.names[who] for who in members]
        return f"{', '.join(names[:-1])} and {names[-1]}"

    def roll(self, name: str, kind: str, count: int, why: str = "", names: Sequence[str] = ()) -> tuple[Face, ...]:
        members = self.group.get(name[len(ROLL):]) if name.startswith(ROLL) else None
        if not members:
            return self.inner.roll(name, kind, count, why, names)
        if members in self.first and len(self.first[members][1]) == count:
            first, faces = self.first[members]
            self.took.append((name[len(ROLL):], first))
            return faces
        faces = self.inner.roll(name, kind, count, f"{why or 'Initiative'} (one roll for {self.words(members)})",
                                names)
        self.first.setdefault(members, (name[len(ROLL):], faces))
        return faces

    def _faces(self, name: str, kind: str, count: int, why: str, names: tuple[str, ...]) -> tuple[Face, ...]:
        return self.inner.roll(name, kind, count, why, names)   # roll() above hands every roll to the dice it wraps

    def finish(self) -> dict[str, list[Face]]:
        return self.inner.finish()

    def owned(self, steps: Sequence[Step]) -> list[Step]:
        """The steps, each that shows a member's dice naming the roll he took them from, so the log says the app
        or the table rolled them as it did that roll."""
        took = {ROLL + who: ROLL + first for who, first in self.took}
        return [replace(step, roll=took[step.roll]) if step.roll in took else step for step in steps]

    def report(self, report: Report) -> Report:
        """An action's report with its members' steps naming the roll they took, and a step for each who took it."""
        if not self.took:
            return report
        return replace(report, steps=tuple(self.owned(report.steps)) + tuple(self.said()))

    def said(self) -> list[Step]:
        """A step for each member who took his group's roll, in the order they took it."""
        return [Step(f"{self.names[who]} takes {self.names[first]}'s roll: one initiative roll for "
                     f"{self.words(self.group[who])}.", RULE) for who, first in self.took]
