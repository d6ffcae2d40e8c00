"""Rolling the 3d: every SLA roll is three dice with roles (D-SL-3), asked for by name so a person at the table
knows which coloured die is which, and read as a :class:`~.resolution.Check`."""

from __future__ import annotations

from ...dice import DiceSource
from ...report import Step, signed
from .resolution import STAT_TARGET, Check, Dice, check

ROLES = ("Success die", "Penetration die", "Damage die")


def three(dice: DiceSource, name: str, why: str) -> Dice:
    """The three dice of one roll, by role: the first face asked for is the Success die, then Penetration, then
    Damage."""
    success, penetration, damage = (int(face) for face in dice.roll(name, "d6", 3, why, names=ROLES))
    return Dice(success, penetration, damage)


def words(result: Check, skill: int, what: str, *, modifier: int = 0, on: str = "target", wounds: int = 0) -> str:
    """A roll as a referee reads it out: the dice by role, the rank, the modifiers, the total against the target."""
    dice = result.dice
    parts = [f"{what} {skill}"]
    if wounds:
        parts.append(f"open wounds {signed(-wounds)}")
    if modifier and on == "roll":
        parts.append(f"modifiers {signed(modifier)}")
    base = result.target + (modifier if on == "target" else 0)
    against = str(result.target) + (f" ({base} {signed(-modifier)} for the modifiers)"
                                    if modifier and on == "target" else "")
    text = (f"Success die {dice.success}, Penetration die {dice.penetration}, Damage die {dice.damage}; "
            f"{', '.join(parts)}: total {result.total} against {against}: "
            f"{'succeeds' if result.success else 'fails'}")
    if result.crit:
        text += f"; {result.crit} over the critical threshold, so the Success die counts {result.success_die}"
    return text


def test(dice: DiceSource, name: str, why: str, rank: int, what: str, rule: str, *, target: int = STAT_TARGET,
         modifier: int = 0, on: str = "target", wounds: int = 0) -> tuple[Check, Step]:
    """A skill or stat roll, with the step that tells it."""
    rolled = three(dice, name, why)
    result = check(rolled, rank, target=target, modifier=modifier, on=on, wounds=wounds)
    faces = (rolled.success, rolled.penetration, rolled.damage)
    return result, Step(words(result, rank, what, modifier=modifier, on=on, wounds=wounds), rule, faces, name,
                        names=ROLES)
