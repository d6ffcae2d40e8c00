"""Dice sources: where faces come from, and the record of every face used.

An action never draws randomness from a global.  It is handed a
:class:`DiceSource` and asks it for named rolls (``"attack"``, ``"damage"``),
each of a kind (``"dF"``, ``"d6"``) and a number of dice.  Every source records
the faces it handed out, by roll name, and that record is what the encounter
log keeps: replaying it through :class:`GivenDice` rebuilds the same result on
any machine.  A seed only chooses faces; it is never the record.

Fudge dice keep their face identity: ``"-"``, ``"0"`` (the blank face, written
``[ ]`` or ``*`` in the Typed Damage text) and ``"+"``, because Typed Damage
counts faces, not values.

>>> dice = GivenDice({"damage": "[-][ ][ ][+]"})
>>> dice.roll("damage", "dF", 4)
('-', '0', '0', '+')
>>> dice.record
{'damage': ['-', '0', '0', '+']}

A roll whose dice each have a role names them, in order, so a person with coloured dice knows which face goes
where; the record keeps the faces alone, in that order:

>>> shot = GivenDice({"shot": "5 3 2"})
>>> shot.roll("shot", "d6", 3, names=("Success die", "Penetration die", "Damage die"))
(5, 3, 2)
>>> shot.record
{'shot': [5, 3, 2]}
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Union

from .errors import BadDice
from .fields import shown

Face = Union[str, int]

FUDGE_FACES: tuple[str, str, str] = ("-", "0", "+")
FUDGE_VALUE: dict[str, int] = {"-": -1, "0": 0, "+": 1}
KINDS = ("dF", "d6")
MAX_DICE_PER_ROLL = 200
MAX_DIE_NAME = 40     # a die's name is a label on a slot of the dice prompt: "Success die", not a sentence

# How the page offers each kind of die to a person: the faces to tap, in order, and the die's name.
KIND_NAMES: dict[str, tuple[str, str]] = {"dF": ("Fudge die", "Fudge dice"), "d6": ("six-sided die", "six-sided dice")}
FACE_BUTTONS: dict[str, list[dict[str, Face]]] = {
    "dF": [{"value": "-", "label": "\u2212"}, {"value": "0", "label": "blank"}, {"value": "+", "label": "+"}],
    "d6": [{"value": n, "label": str(n)} for n in range(1, 7)],
}


def dice_words(count: int, kind: str) -> str:
    """A count of dice in words: ``1 Fudge die``, ``5 Fudge dice``.

    >>> dice_words(1, "dF"), dice_words(5, "d6")
    ('1 Fudge die', '5 six-sided dice')
    """
    one, many = KIND_NAMES[kind]
    return f"{count} {one if count == 1 else many}"

# What a person may type for each Fudge face.  The text writes the blank face
# as [ ] or *; people also type 0, o, b or _.
_FUDGE_ALIASES: dict[str, str] = {
    "-": "-", "\u2212": "-", "\u2013": "-", "m": "-",
    "0": "0", "*": "0", "b": "0", "o": "0", "_": "0", ".": "0", "": "0",
    "+": "+", "p": "+",
}


def fudge_value(faces: Sequence[Face]) -> int:
    """The total of Fudge faces: each ``+`` counts 1 and each ``-`` counts -1.

    >>> fudge_value(["+", "+", "0", "-"])
    1
    """
    return sum(FUDGE_VALUE[str(face)] for face in faces)


def parse_faces(kind: str, given: str | Sequence[Face], *, roll: str = "dice") -> tuple[Face, ...]:
    """Read faces typed by a person or stored in a log, in canonical form.

    Fudge faces may be typed as ``[-][ ][+]``, ``-0+``, ``- * +`` or as a list;
    d6 faces as ``3 5 6`` or a list of integers.

    >>> parse_faces("dF", "[+][ ][-]")
    ('+', '0', '-')
    >>> parse_faces("dF", "+ * -")
    ('+', '0', '-')
    >>> parse_faces("d6", "3, 6 1")
    (3, 6, 1)
    >>> parse_faces("d6", "533")
    (5, 3, 3)
    """
    if kind not in KINDS:
        raise BadDice(f"unknown kind of die {kind!r}; expected one of {', '.join(KINDS)}", field=roll)
    if isinstance(given, str):
        tokens = _tokens(kind, given)
    elif isinstance(given, Sequence):
        tokens = list(given)
    else:
        raise BadDice(f"faces for {roll!r} must be text or a list, not {type(given).__name__}", field=roll)
    if len(tokens) > MAX_DICE_PER_ROLL:
        raise BadDice(f"{len(tokens)} faces for {roll!r} is more than the {MAX_DICE_PER_ROLL} allowed", field=roll)
    return tuple(_face(kind, token, roll) for token in tokens)


def _tokens(kind: str, text: str) -> list[Face]:
    if kind == "dF":
        if "[" in text:
            leftover = re.sub(r"\[[^\]]*\]", "", text).strip(" ,")
            if leftover:
                raise BadDice(f"could not read {shown(leftover)} in {shown(text)}; write each die as [-], [ ] or [+]")
            return [inner.strip() for inner in re.findall(r"\[([^\]]*)\]", text)]
        return [char for char in text if char not in " ,;\t\n"]
    # A run of digits 1-6 is one face per digit ("533" is 5, 3, 3: no face of a d6 has two digits), as the
    # page writes faces tapped in; anything else stays whole, to be refused with its own words.
    tokens = [token for token in re.split(r"[\s,;]+", text.strip()) if token]
    return [part for token in tokens for part in (list(token) if re.fullmatch(r"[1-6]{2,}", token) else [token])]


def _face(kind: str, token: Face, roll: str) -> Face:
    if kind == "dF":
        face = _FUDGE_ALIASES.get(token.strip().lower()) if isinstance(token, str) else \
            "0" if isinstance(token, (int, float)) and not isinstance(token, bool) and token == 0 else None
        if face is None:
            raise BadDice(f"{shown(token)} is not a Fudge die face; use -, 0 (blank) or +", field=roll)
        return face
    value = 0
    if isinstance(token, int) and not isinstance(token, bool):
        value = token
    elif isinstance(token, str) and re.fullmatch(r"\s*[1-6]\s*", token):
        value = int(token)
    if not 1 <= value <= 6:
        raise BadDice(f"{shown(token)} is not a face of a six-sided die; use a whole number from 1 to 6", field=roll)
    return value


def die_names(names: Sequence[str], count: int, roll: str) -> tuple[str, ...]:
    """The names of a roll's dice, checked: none at all, or one short non-empty text per die, in order.

    >>> die_names(["Success die", "Damage die"], 2, "shot")
    ('Success die', 'Damage die')
    >>> die_names(["Success die"], 2, "shot")
    Traceback (most recent call last):
    ...
    rules.errors.BadDice: the shot roll names 1 die but rolls 2; name every die, in order, or none
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise BadDice(f"the names of the {roll} roll's dice must be a list of texts, not {shown(names)}", field=roll)
    if not names:
        return ()
    if len(names) != count:
        raise BadDice(f"the {roll} roll names {len(names)} {'die' if len(names) == 1 else 'dice'} but rolls {count}; "
                      "name every die, in order, or none", field=roll)
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_DIE_NAME:
            raise BadDice(f"{shown(name)} cannot name a die of the {roll} roll; use a short text "
                          f"(1 to {MAX_DIE_NAME} characters)", field=roll)
    return tuple(names)


class DiceNeeded(BadDice):
    """Typed-in dice ran out: the action needs this roll next, and says why in a referee's words.

    The API turns it into a ``needs`` answer (the page asks for exactly these dice, one slot per
    die when the dice are named); when a recorded log lacks a roll, it is an ordinary :class:`BadDice`.
    """

    kind = "needs_dice"

    def __init__(self, roll: str, kind: str, count: int, why: str, names: tuple[str, ...] = ()) -> None:
        super().__init__(f"the {roll} roll needs {dice_words(count, kind)} but no faces were given for it", field=roll)
        self.roll, self.die, self.count, self.why, self.names = roll, kind, count, why, names

    def needs(self) -> dict[str, object]:
        """The ask as the API answers it; ``names`` only for a roll whose dice are named.

        >>> DiceNeeded("shot", "d6", 2, "roll 2D", ("Success die", "Damage die")).needs()["names"]
        ['Success die', 'Damage die']
        >>> "names" in DiceNeeded("damage", "d6", 2, "roll 2D").needs()
        False
        """
        needs: dict[str, object] = {"roll": self.roll, "kind": self.die, "count": self.count, "why": self.why,
                                    "dice": dice_words(self.count, self.die), "faces": FACE_BUTTONS[self.die]}
        if self.names:
            needs["names"] = list(self.names)
        return needs


class DiceSource(ABC):
    """Hands out faces for named rolls and records every face it hands out."""

    def __init__(self) -> None:
        self.record: dict[str, list[Face]] = {}
        self.rolled_by_app: dict[str, int] = {}    # roll -> how many of its last faces the app rolled

    def roll(self, name: str, kind: str, count: int, why: str = "", names: Sequence[str] = ()) -> tuple[Face, ...]:
        """Faces for the roll ``name``: ``count`` dice of ``kind``; ``why`` is what a referee would say to ask for them.

        ``names``, when the dice each have a role, names every die in order ("Success die", "Damage die"): a prompt
        shows one slot per name, and the faces come back (and are recorded) in that order.
        """
        if kind not in KINDS:
            raise BadDice(f"unknown kind of die {kind!r}; expected one of {', '.join(KINDS)}", field=name)
        if not 0 <= count <= MAX_DICE_PER_ROLL:
            raise BadDice(f"cannot roll {count} dice for the {name} roll; between 0 and {MAX_DICE_PER_ROLL} allowed",
                          field=name)
        named = die_names(names, count, name)
        if name in self.record:
            raise BadDice(f"the {name} roll was asked for twice in one action", field=name)
        faces = self._faces(name, kind, count, why or f"roll {dice_words(count, kind)} for the {name} roll", named)
        self.record[name] = list(faces)
        return faces

    @abstractmethod
    def _faces(self, name: str, kind: str, count: int, why: str, names: tuple[str, ...]) -> tuple[Face, ...]:
        """Produce the faces, in the order of ``names`` when there are any; ``roll`` has checked the request and
        records them."""

    def finish(self) -> dict[str, list[Face]]:
        """Check the action used what it was given, and return the record."""
        return dict(self.record)


class SeededDice(DiceSource):
    """Rolls faces from a seeded generator, so a test or a replayed session can repeat them."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__()
        self._random = random.Random(seed)

    def _faces(self, name: str, kind: str, count: int, why: str, names: tuple[str, ...]) -> tuple[Face, ...]:
        if kind == "dF":
            return tuple(FUDGE_FACES[self._random.randrange(3)] for _ in range(count))
        return tuple(self._random.randrange(1, 7) for _ in range(count))


class GivenDice(DiceSource):
    """Replays faces given by name: from a log, a test, or physical dice typed in.

    A roll that was not given, or given in part, is completed from ``fallback``
    when there is one (the app rolls what the person did not type, and
    ``rolled_by_app`` counts those faces); otherwise :class:`DiceNeeded` says which dice to roll
    and why.  A roll of no dice needs no faces.  Faces given for a roll the
    action never makes are an error too, so a typo is caught rather than
    silently ignored.
    """

    def __init__(self, given: Mapping[str, str | Sequence[Face]], fallback: DiceSource | None = None) -> None:
        super().__init__()
        if not isinstance(given, Mapping):
            raise BadDice("dice must be an object mapping each roll's name to its faces", field="dice")
        self._given = dict(given)
        self._fallback = fallback

    def _faces(self, name: str, kind: str, count: int, why: str, names: tuple[str, ...]) -> tuple[Face, ...]:
        if name not in self._given:
            if count == 0:
                return ()
            if self._fallback is None:
                raise DiceNeeded(name, kind, count, why, names)
            self.rolled_by_app[name] = count
            return self._fallback.roll(name, kind, count, why, names)
        faces = parse_faces(kind, self._given[name], roll=name)
        if len(faces) < count and self._fallback is not None:  # "roll the rest for me" after typing some
            self.rolled_by_app[name] = count - len(faces)
            return faces + self._fallback.roll(name, kind, count - len(faces), why)
        if len(faces) != count:
            raise BadDice(f"the {name} roll needs {dice_words(count, kind)} but {len(faces)} "
                          f"{'face was' if len(faces) == 1 else 'faces were'} given", field=name)
        return faces

    def finish(self) -> dict[str, list[Face]]:
        unused = [name for name in self._given if name not in self.record]
        if unused:
            raise BadDice(f"faces were given for the roll {shown(unused[0])}, which this action does not make",
                          field=None)
        return dict(self.record)


class RecordedDice(GivenDice):
    """The faces an encounter's log recorded, read by the rules as they stand now.

    A log outlives the rules that wrote it: when a later version fixes a rule, a roll it recorded may no longer be
    made (a defender who cannot act rolls no defence, FUDGE D-FU-27), or be made with fewer dice (a graze is now
    1dF, D-FU-29).  Such a log still replays: a roll the rules no longer make is kept in the record but unused, and
    a roll recorded with more dice than the rules now ask reads its first ones and keeps the rest.  A roll the log
    lacks cannot be made up (nobody is there to roll it), so that entry cannot be replayed.  A person's own typed
    faces go through :class:`GivenDice`, which refuses both, so a typo is caught.

    >>> dice = RecordedDice({"attack": ["+", "0", "0", "-"], "defense": ["0", "0", "0", "0"]})
    >>> dice.roll("attack", "dF", 1), dice.finish()["defense"]
    (('+',), ['0', '0', '0', '0'])
    """

    def __init__(self, given: Mapping[str, str | Sequence[Face]]) -> None:
        super().__init__(given)
        self._kinds: dict[str, str] = {}            # roll -> the kind of die the rules read it as now

    def _faces(self, name: str, kind: str, count: int, why: str, names: tuple[str, ...]) -> tuple[Face, ...]:
        self._kinds[name] = kind
        if name in self._given:
            faces = parse_faces(kind, self._given[name], roll=name)
            if len(faces) > count:
                return faces[:count]
        return super()._faces(name, kind, count, why, names)

    def finish(self) -> dict[str, list[Face]]:
        """The record as the log had it: each roll's faces as recorded (one the rules no longer make checked as the
        faces of some die), read as the rules read them now."""
        kept = dict(self.record)
        for name, given in self._given.items():
            kind = self._kinds.get(name) or next((kind for kind in KINDS if _reads_as(kind, given, name)), None)
            if kind is None:
                raise BadDice(f"the faces recorded for the roll {shown(name)} are not faces of any die", field=None)
            faces = list(parse_faces(kind, given, roll=name))
            if len(faces) > len(kept.get(name, ())):
                kept[name] = faces
        return kept


def _reads_as(kind: str, given: Any, name: str) -> bool:
    try:
        parse_faces(kind, given, roll=name)
    except BadDice:
        return False
    return True
