"""Weapon and armour notation as the Typed Damage text writes it (D-TD-8).

Weapons: one or more modes separated by ``/`` (``4-/2+``, D-TD-5), each
``<dice><type>[(tags)]``.  The type is one regular symbol (``-`` slashing,
``*`` impact, ``+`` piercing), ``B`` (ballistic: succeeds on ``*`` or ``+``) or
``E`` followed by its success faces as a set in any order (``E*+`` = ``E+*``).
Tags: ``AP`` (armour piercing), otherwise the energy kind or a category such
as ``Arrows`` that hardened armour may name.

Armour: a multiset of symbols ``- * + B E X`` with optional tags: an energy
kind (``Fire``) for its ``E`` s, ``H`` or ``H vs. Arrows`` (hardened), ``Ab``
(ablative).

>>> parse_weapon("3-/2+").modes[1].success_faces
frozenset({'+'})
>>> sorted(parse_weapon("6E+*(Fire)").modes[0].success_faces)
['+', '0']
>>> parse_armour("EEE-+(Fire)").count("E"), parse_armour("EEE-+(Fire)").energy_kind
(3, 'Fire')
>>> parse_armour("--**++(H vs. Arrows)").hardened_vs
'Arrows'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import BadNotation

MAX_WEAPON_DICE = 30
MAX_ARMOUR_SYMBOLS = 40
MAX_MODES = 4
ARMOUR_SYMBOLS = ("-", "*", "+", "B", "E", "X")

# The text writes the blank face as * in notation; dice record it as "0".
FACE_OF_SYMBOL = {"-": "-", "*": "0", "+": "+"}
TYPE_NAMES = {"-": "slashing", "*": "impact", "+": "piercing", "B": "ballistic", "E": "energy"}
# Words a hardened armour may name for a type, beside the type's own name.
TYPE_ALIASES = {"slashing": "-", "impact": "*", "piercing": "+", "ballistic": "B",
                "bullet": "B", "energy": "E"}

_DASHES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u00d7": "*"})
_MODE = re.compile(r"^(\d{1,3})\s*([-*+]|B|E[-*+]{0,3})\s*(?:\(([^()]*)\))?$", re.IGNORECASE)
_ARMOUR = re.compile(r"^([-*+BEX\s]*?)\s*(?:\(([^()]*)\))?$", re.IGNORECASE)
_HARDENED = re.compile(r"^(?:h|hardened)(?:\s+(?:vs\.?|versus|against)\s+(.+))?$", re.IGNORECASE)


@dataclass(frozen=True)
class WeaponMode:
    """One way of attacking with a weapon, e.g. slashing for 4-."""

    dice: int
    symbol: str                      # "-", "*", "+", "B" or "E"
    success_faces: frozenset[str]    # Fudge faces that count: "-", "0", "+"
    armour_piercing: bool = False
    tags: tuple[str, ...] = ()       # energy kind and categories, as written

    @property
    def type_name(self) -> str:
        return TYPE_NAMES[self.symbol]

    @property
    def notation(self) -> str:
        if self.symbol == "E":
            kind = "E" + "".join(s for s in ("-", "*", "+") if FACE_OF_SYMBOL[s] in self.success_faces)
        else:
            kind = self.symbol
        tags = list(self.tags) + (["AP"] if self.armour_piercing else [])
        return f"{self.dice}{kind}" + (f"({', '.join(tags)})" if tags else "")

    def has_tag(self, word: str) -> bool:
        wanted = _singular(word)
        return any(_singular(tag) == wanted for tag in self.tags)


@dataclass(frozen=True)
class Weapon:
    modes: tuple[WeaponMode, ...]

    @property
    def notation(self) -> str:
        return "/".join(mode.notation for mode in self.modes)


@dataclass(frozen=True)
class Armour:
    """A suit of armour: counts of each symbol, and its tags."""

    counts: tuple[tuple[str, int], ...] = ()   # (symbol, count) in ARMOUR_SYMBOLS order, zeros left out
    energy_kind: str | None = None
    hardened: bool = False
    hardened_vs: str | None = None
    ablative: bool = False

    def count(self, symbol: str) -> int:
        return dict(self.counts).get(symbol, 0)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.counts)

    def worn(self, removed: dict[str, int]) -> Armour:
        """This armour with ``removed`` symbols taken away (ablative wear)."""
        left = dict(self.counts)
        for symbol, amount in removed.items():
            left[symbol] = max(0, left.get(symbol, 0) - amount)
        return Armour(_ordered(left), self.energy_kind, self.hardened, self.hardened_vs, self.ablative)

    @property
    def notation(self) -> str:
        symbols = "".join(symbol * n for symbol, n in self.counts)
        if not symbols:
            return "none"
        tags = [self.energy_kind] if self.energy_kind else []
        if self.hardened:
            tags.append(f"H vs. {self.hardened_vs}" if self.hardened_vs else "H")
        if self.ablative:
            tags.append("Ab")
        return symbols + (f"({', '.join(tags)})" if tags else "")


def _ordered(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((symbol, counts[symbol]) for symbol in ARMOUR_SYMBOLS if counts.get(symbol, 0) > 0)


def _singular(word: str) -> str:
    word = word.strip().lower()
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def parse_weapon(notation: str, *, field: str = "notation") -> Weapon:
    """Parse ``3-/2+``, ``4B(AP)``, ``6E*+(Fire)``; raise :class:`BadNotation` quoting the input."""
    if not isinstance(notation, str):
        raise BadNotation(f"weapon notation must be text, not {notation!r}", field=field)
    text = notation.translate(_DASHES).strip()
    parts = [part.strip() for part in text.split("/")]
    if not text or len(parts) > MAX_MODES:
        raise BadNotation(
            f"weapon notation {notation!r} should be one to {MAX_MODES} modes such as '3-', '4B(AP)' "
            "or '6E*+(Fire)', separated by '/'", field=field)
    return Weapon(tuple(_parse_mode(part, notation, field) for part in parts))


def _parse_mode(part: str, notation: str, field: str) -> WeaponMode:
    match = _MODE.match(part)
    if not match:
        raise BadNotation(
            f"weapon mode {part!r} in {notation!r} is not <dice><type>[(tags)]: dice a whole number, type one of "
            "- (slashing), * (impact), + (piercing), B (ballistic) or E followed by its faces (E+, E*+, E-*+)",
            field=field)
    dice, kind, tag_text = int(match.group(1)), match.group(2), match.group(3)
    if dice > MAX_WEAPON_DICE:
        raise BadNotation(f"weapon mode {part!r} rolls {dice} dice; at most {MAX_WEAPON_DICE} are allowed", field=field)
    symbol = kind[0].upper()
    if symbol == "E":
        faces_written = kind[1:]
        if not faces_written:
            raise BadNotation(f"energy mode {part!r} must say which faces succeed, e.g. E+, E*+ or E-*+", field=field)
        if len(set(faces_written)) != len(faces_written):
            raise BadNotation(f"energy mode {part!r} repeats a face; list each of -, *, + at most once", field=field)
        success = frozenset(FACE_OF_SYMBOL[s] for s in faces_written)
    elif symbol == "B":
        success = frozenset({"0", "+"})
    else:
        success = frozenset({FACE_OF_SYMBOL[symbol]})
    armour_piercing = False
    tags: list[str] = []
    for tag in _split_tags(tag_text):
        if tag.upper() == "AP":
            armour_piercing = True
        else:
            tags.append(tag)
    return WeaponMode(dice, symbol, success, armour_piercing, tuple(tags))


def parse_armour(notation: str, *, field: str = "notation") -> Armour:
    """Parse ``---*++``, ``BBBB*``, ``EEE-+(Fire)``, ``--**++(H vs. Arrows)``, ``XX(Ab)``.

    An empty notation or ``none`` is no armour.
    """
    if not isinstance(notation, str):
        raise BadNotation(f"armour notation must be text, not {notation!r}", field=field)
    text = notation.translate(_DASHES).strip()
    if text.lower() in ("", "none", "-none-"):
        return Armour()
    match = _ARMOUR.match(text)
    if not match:
        raise BadNotation(
            f"armour notation {notation!r} should be symbols from - * + B E X with optional tags in brackets, "
            "e.g. '---*++', 'BBBB*', 'EEE(Fire, Ab)' or '--**++(H vs. Arrows)'", field=field)
    symbols = match.group(1).replace(" ", "").upper()
    if len(symbols) > MAX_ARMOUR_SYMBOLS:
        raise BadNotation(f"armour notation {notation!r} has {len(symbols)} symbols; at most {MAX_ARMOUR_SYMBOLS} are allowed", field=field)
    counts = {symbol: symbols.count(symbol) for symbol in ARMOUR_SYMBOLS}
    energy_kind: str | None = None
    hardened = ablative = False
    hardened_vs: str | None = None
    for tag in _split_tags(match.group(2)):
        hardened_match = _HARDENED.match(tag)
        if tag.lower() in ("ab", "ablative"):
            ablative = True
        elif hardened_match:
            hardened = True
            hardened_vs = hardened_match.group(1).strip() if hardened_match.group(1) else None
        elif counts["E"] and energy_kind is None:
            energy_kind = tag
        elif counts["E"]:
            raise BadNotation(f"armour notation {notation!r} names two energy kinds ({energy_kind!r}, {tag!r}); "
                              "E armour protects against one kind", field=field)
        else:
            raise BadNotation(f"armour tag {tag!r} in {notation!r} is not understood: use Ab, H, 'H vs. <type>', "
                              "or an energy kind after E symbols", field=field)
    if not symbols and (hardened or ablative or energy_kind):
        raise BadNotation(f"armour notation {notation!r} has tags but no symbols", field=field)
    return Armour(_ordered(counts), energy_kind, hardened, hardened_vs, ablative)


def _split_tags(text: str | None) -> list[str]:
    if text is None:
        return []
    return [" ".join(tag.split()) for tag in text.split(",") if tag.strip()]
