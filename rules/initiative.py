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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .dice import DiceSource, dice_words
from .report import Step


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
