"""Weapon and armour notation as the Typed Damage text writes it (D-TD-8).

Weapons: one or more modes separated by ``/`` (``4-/2+``, D-TD-5), each
``<dice><type>[(tags)]``.  The type is one regular symbol (``-`` slashing,
``*`` impact, ``+`` piercing), ``B`` (ballistic: succeeds on ``*`` or ``+``) or
``E`` followed by its success faces as a set in any order (``E*+`` = ``E+*``).
Tags: ``AP`` (armour piercing), otherwise the energy kind or a category such
as ``Arrows`` that hardened armour may name.

Armour: a multiset of symbols ``- * + B E X`` with optional tags: an energy
kind (``Fire``) for its ``E`` s, ``H`` (hardened against everything) or one or
more ``H vs. <category>`` (hardened against any of them: ``H vs. Arrows, H vs.
Bolts``), ``Ab`` (ablative).  A tag given twice, or ``H`` beside ``H vs. ...``,
is refused rather than guessed at.

Messages quote the notation as typed, cut to about 40 characters.

>>> parse_weapon("3-/2+").modes[1].success_faces
frozenset({'+'})
>>> sorted(parse_weapon("6E+*(Fire)").modes[0].success_faces)
['+', '0']
>>> parse_armour("EEE-+(Fire)").count("E"), parse_armour("EEE-+(Fire)").energy_kind
(3, 'Fire')
>>> parse_armour("--**++(H vs. Arrows)").hardened_vs
('Arrows',)
>>> parse_armour("--**++(H vs. Arrows, H vs. Bolts)").notation
'--**++(H vs. Arrows, H vs. Bolts)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import BadNotation
from ...fields import check_text, shown

MAX_WEAPON_DICE = 30
MAX_ARMOUR_SYMBOLS = 40
MAX_MODES = 4
MAX_NOTATION = 120               # characters; a sheet allows 80, so this only stops runaway input
ARMOUR_SYMBOLS = ("-", "*", "+", "B", "E", "X")
REGULAR_SYMBOLS = ("-", "*", "+")

# The text writes the blank face as * in notation; dice record it as "0".
FACE_OF_SYMBOL = {"-": "-", "*": "0", "+": "+"}
TYPE_NAMES = {"-": "slashing", "*": "impact", "+": "piercing", "B": "ballistic", "E": "energy"}
# Words a hardened armour may name for a type, beside the type's own name.
TYPE_ALIASES = {"slashing": "-", "impact": "*", "piercing": "+", "ballistic": "B",
                "bullet": "B", "energy": "E"}

_DASHES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u00d7": "*"})
# ASCII only: "²" or "٣" are digits to str.isdigit but not dice counts anyone writes.
_MODE = re.compile(r"([0-9]{1,3})\s*([-*+]|B|E[-*+]{0,3})\s*(?:\(([^()]*)\))?", re.IGNORECASE | re.ASCII)
_ARMOUR = re.compile(r"([-*+BEX\s]*?)\s*(?:\(([^()]*)\))?", re.IGNORECASE | re.ASCII)
_HARDENED = re.compile(r"(?:h|hardened)(?:\s+(?:vs\.?|versus|against)\s+(.+))?", re.IGNORECASE | re.ASCII)


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

    counts: tuple[tuple[str, int], ...] = ()   # (symbol, count) in the order the notation first writes each
    #                                            symbol (BBBB* stays BBBB*: the seed keeps no one order), no zeros
    energy_kind: str | None = None
    hardened: bool = False
    hardened_vs: tuple[str, ...] = ()          # categories as written; empty: hardened against everything
    ablative: bool = False

    def count(self, symbol: str) -> int:
        return dict(self.counts).get(symbol, 0)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def regular(self) -> int:
        """How many regular symbols (``-``, ``*``, ``+``) the armour has."""
        return sum(self.count(symbol) for symbol in REGULAR_SYMBOLS)

    def worn(self, removed: dict[str, int]) -> Armour:
        """This armour with ``removed`` symbols taken away (ablative wear).

        Once its last ``E`` is gone the energy kind goes too, so the notation
        of worn armour still reads back as the same armour.
        """
        left = dict(self.counts)
        for symbol, amount in removed.items():
            left[symbol] = max(0, left.get(symbol, 0) - amount)
        energy_kind = self.energy_kind if left.get("E", 0) > 0 else None
        kept = tuple((symbol, left[symbol]) for symbol, _ in self.counts if left[symbol] > 0)
        return Armour(kept, energy_kind, self.hardened, self.hardened_vs, self.ablative)

    @property
    def notation(self) -> str:
        symbols = "".join(symbol * n for symbol, n in self.counts)
        if not symbols:
            return "none"
        tags = [self.energy_kind] if self.energy_kind else []
        if self.hardened:
            tags.extend([f"H vs. {category}" for category in self.hardened_vs] if self.hardened_vs else ["H"])
        if self.ablative:
            tags.append("Ab")
        return symbols + (f"({', '.join(tags)})" if tags else "")


def _as_written(symbols: str) -> tuple[tuple[str, int], ...]:
    """Each symbol's count, in the order the notation first writes it: the seed writes its armour in no one order
    (``BBBB*``, ``EEE-+(Fire)``, the bandit's ``+-*``), so the log and the card show it as it was typed."""
    return tuple((symbol, symbols.count(symbol)) for symbol in dict.fromkeys(symbols))


def _singular(word: str) -> str:
    word = word.strip().lower()
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def parse_weapon(notation: str, *, field: str = "notation") -> Weapon:
    """Parse ``3-/2+``, ``4B(AP)``, ``6E*+(Fire)``; raise :class:`BadNotation` quoting the input."""
    text = _readable(notation, "weapon", field)
    parts = [part.strip() for part in text.split("/")]
    if not text or len(parts) > MAX_MODES:
        raise BadNotation(
            f"weapon notation {shown(notation)} should be one to {MAX_MODES} modes such as '3-', '4B(AP)' "
            "or '6E*+(Fire)', separated by '/'", field=field)
    return Weapon(tuple(_parse_mode(part, notation, field) for part in parts))


def _readable(notation: object, what: str, field: str) -> str:
    """The notation as text to parse, or :class:`BadNotation` if it is not text at all."""
    if not isinstance(notation, str):
        raise BadNotation(f"{what} notation must be text, not {shown(notation)}", field=field)
    check_text(notation, field, error=BadNotation)
    if len(notation) > MAX_NOTATION:
        raise BadNotation(f"{what} notation is {len(notation)} characters long; at most {MAX_NOTATION} are allowed",
                          field=field)
    return notation.translate(_DASHES).strip()


def _parse_mode(part: str, notation: str, field: str) -> WeaponMode:
    match = _MODE.fullmatch(part)
    if not match:
        where = f" in {shown(notation)}" if part != notation.strip() else ""
        many = re.match(r"\s*([0-9]{4,})", part)
        if many:
            raise BadNotation(f"{shown(part)}{where} rolls more dice than anyone can; at most {MAX_WEAPON_DICE} "
                              "are allowed", field=field)
        raise BadNotation(
            f"{shown(part)}{where} is not a damage notation: write the dice, then the type, then any tags in "
            "brackets, e.g. 3-, 4*, 2+, 3B or 6E*+(Fire). The type is - (slashing), * (impact), + (piercing), "
            "B (ballistic) or E with the faces it succeeds on (E+, E*+, E-*+)",
            field=field)
    dice, kind, tag_text = int(match.group(1)), match.group(2), match.group(3)
    if dice > MAX_WEAPON_DICE:
        raise BadNotation(f"weapon mode {shown(part)} rolls {dice} dice; at most {MAX_WEAPON_DICE} are allowed",
                          field=field)
    symbol = kind[0].upper()
    if symbol == "E":
        faces_written = kind[1:]
        if not faces_written:
            raise BadNotation(f"energy mode {shown(part)} must say which faces succeed, e.g. E+, E*+ or E-*+",
                              field=field)
        if len(set(faces_written)) != len(faces_written):
            raise BadNotation(f"energy mode {shown(part)} repeats a face; list each of -, *, + at most once",
                              field=field)
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

    An empty notation or ``none`` is no armour.  Hardened armour may name
    several categories (``H vs. Arrows, H vs. Bolts``); a tag given twice, or
    ``H`` beside ``H vs. ...``, is refused rather than guessed at.
    """
    text = _readable(notation, "armour", field)
    if text.lower() in ("", "none", "-none-"):
        return Armour()
    match = _ARMOUR.fullmatch(text)
    if not match:
        raise BadNotation(
            f"armour notation {shown(notation)} should be symbols from - * + B E X with optional tags in brackets, "
            "e.g. '---*++', 'BBBB*', 'EEE(Fire, Ab)' or '--**++(H vs. Arrows)'", field=field)
    symbols = "".join(match.group(1).split()).upper()
    if len(symbols) > MAX_ARMOUR_SYMBOLS:
        raise BadNotation(f"armour notation {shown(notation)} has {len(symbols)} symbols; "
                          f"at most {MAX_ARMOUR_SYMBOLS} are allowed", field=field)
    counts = {symbol: symbols.count(symbol) for symbol in ARMOUR_SYMBOLS}
    energy_kind: str | None = None
    hardened = ablative = False
    hardened_vs: list[str] = []
    seen: set[str] = set()             # each tag once, compared the way the rules compare them

    def twice(what: str) -> BadNotation:
        return BadNotation(f"armour notation {shown(notation)} gives {what} twice; give each tag once", field=field)

    for tag in _split_tags(match.group(2)):
        hardened_match = _HARDENED.fullmatch(tag)
        if tag.lower() in ("ab", "ablative"):
            if ablative:
                raise twice("Ab")
            ablative = True
        elif hardened_match:
            category = hardened_match.group(1)
            key = "H" if category is None else "H vs. " + category_key(category)
            if key in seen:
                raise twice(shown(tag))
            seen.add(key)
            hardened = True
            if category is not None:
                hardened_vs.append(category.strip())
            if "H" in seen and hardened_vs:
                raise BadNotation(
                    f"armour notation {shown(notation)} says both H (hardened against everything) and "
                    f"{shown('H vs. ' + hardened_vs[0])}; write H alone, or only the 'H vs. ...' tags", field=field)
        elif counts["E"] and energy_kind is None:
            energy_kind = tag
        elif counts["E"] and _singular(tag) == _singular(energy_kind or ""):
            raise twice(f"the energy kind {shown(tag)}")
        elif counts["E"]:
            raise BadNotation(f"armour notation {shown(notation)} names two energy kinds ({shown(energy_kind)}, "
                              f"{shown(tag)}); E armour protects against one kind", field=field)
        else:
            raise BadNotation(f"armour tag {shown(tag)} in {shown(notation)} is not understood: use Ab, H, "
                              "'H vs. <type>', or an energy kind after E symbols", field=field)
    if not symbols and (hardened or ablative or energy_kind):
        raise BadNotation(f"armour notation {shown(notation)} has tags but no symbols", field=field)
    return Armour(_as_written(symbols), energy_kind, hardened, tuple(hardened_vs), ablative)


def category_symbol(category: str) -> str | None:
    """The attack type a hardened category names (``piercing``, ``bullets``, ``B``); None for a tag (``Arrows``)."""
    category = category.strip()
    return TYPE_ALIASES.get(_singular(category)) or (category.upper() if category.upper() in TYPE_NAMES else None)


def category_key(category: str) -> str:
    """A hardened category as the rules compare it: ``Arrows`` = ``arrow``, ``bullets`` = ``ballistic`` = ``B``."""
    symbol = category_symbol(category)
    return symbol if symbol is not None else _singular(" ".join(category.split()))


def _split_tags(text: str | None) -> list[str]:
    if text is None:
        return []
    return [" ".join(tag.split()) for tag in text.split(",") if tag.strip()]
