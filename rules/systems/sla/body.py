"""What a hit does to the body (seed 002: Knockback, Wounds, First Aid, Martial Arts; RULES_NOTES 3.3 and 3.5):
wounds and their bleeding, knockback, the Strength bonus, and the other small formulas of the character.

>>> bleeding_every(1), bleeding_every(4), bleeding_every(5)
(5, 2, 1)
>>> [hits_lost(n, rounds_open=20) for n in (1, 2, 3, 4, 5, 6, 7)]
[4, 5, 6, 10, 20, 40, 60]
>>> knockback(9, 6), knockback(13, 6), knockback(6, 6)
(('roll', 3), ('down', 0), ('none', 0))
>>> strength_bonus(8), strength_bonus(8, martial_arts=5)
(2, 4)
>>> extraction_damage(4), under_fire(19), quick_draw(wild=True)
(2, -2, -6)
"""

from __future__ import annotations

from .fire import SHOTS

EXTRACTION_DAMAGE = 6
UNDER_FIRE = -5
QUICK_DRAW = -3


def wounded(damage: int, phys: int) -> bool:
    """A hit opens a wound when the damage it did exceeds the Wound Threshold, PHYS (seed, Wounds; D-SL-26)."""
    return damage > phys


def bleeding_every(wounds: int) -> int:
    """Rounds between lost Hits with this many open wounds, for up to five (seed: every five rounds, each further
    wound one round sooner; RULES_NOTES 3.3)."""
    return max(1, 6 - wounds)


def per_round(wounds: int) -> int:
    """Hits lost each round with more than five wounds: one a wound over four (seed, Wounds)."""
    return max(1, wounds - 4) if wounds >= 5 else 0


def hits_lost(wounds: int, *, rounds_open: int) -> int:
    """Hits bled over ``rounds_open`` rounds at a steady count of wounds (the schedule of RULES_NOTES 3.3)."""
    if wounds <= 0:
        return 0
    if wounds >= 5:
        return per_round(wounds) * rounds_open
    return rounds_open // bleeding_every(wounds)


def knockback(damage: int, phys: int) -> tuple[str, int]:
    """Knockback (seed): damage over PHYS calls for a PHYS roll at \u2212(damage \u2212 PHYS) to stay standing ("roll",
    the penalty); over twice PHYS knocks down outright, with a PHYS roll to stay conscious ("down", 0)."""
    if damage > 2 * phys:
        return "down", 0
    if damage > phys:
        return "roll", damage - phys
    return "none", 0


def strength_bonus(strength: int, martial_arts: int = 0) -> int:
    """STR \u00f7 3 rounded down, plus Martial Arts rank \u00f7 3 rounded up for a Martial Arts strike (seed)."""
    return strength // 3 + -(-martial_arts // 3)


def extraction_damage(success_die: int) -> int:
    """A stuck bullet's extraction (seed, First Aid): 6 damage less the Success die, never below 0."""
    return max(0, EXTRACTION_DAMAGE - success_die)


def under_fire(cool_total: int) -> int:
    """The optional Under Fire modifier: \u22125, one less for each point a COOL test's total exceeds 16."""
    return min(0, UNDER_FIRE + max(0, cool_total - 16))


def quick_draw(*, wild: bool) -> int:
    """Drawing and firing in one action (seed, Quick Draw): \u22123 to hit, \u22126 with the Wild shot it makes."""
    return QUICK_DRAW + (int(SHOTS["wild"]["to_hit"]) if wild else 0)
