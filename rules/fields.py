"""Reading fields out of JSON-shaped input, with errors that name the field.

Every value that comes from a person or a link passes through one of these
readers, so a wrong type, a huge number or an over-long name is refused with a
message that quotes it, names the field and says what would be accepted.

A message never echoes more than about 40 characters of what was sent, and
quoting can never fail: :func:`shown` describes a huge number by its length
("a 401-digit number") instead of writing it out (Python refuses to turn an
int of more than 4300 digits into text), and text that is not valid Unicode
(a lone surrogate, which JSON can carry as ``\\ud800``) is refused here rather
than crashing whatever tries to encode it later.

>>> integer({"skill": " +2 "}, "skill", "sheet.skill", -8, 8)
2
>>> shown(10**400)
'a 401-digit number'
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"

Text that holds directional formatting characters (a name with U+202E, the
right-to-left override, would reverse the rest of every sentence that quotes
it) is made self-contained by :func:`isolated`; text without them is kept
byte for byte, so saved encounters and links do not change.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from .errors import BadField, UnknownCombatant

_MISSING = object()
MAX_NAME = 60
MAX_SHOWN = 40                 # at most this many characters of an input appear in a message
MAX_DIGITS = 15                # whole numbers typed as text: sign and up to 15 ASCII digits
_WHOLE_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_SURROGATE = re.compile("[\ud800-\udfff]")

# The explicit directional formatting characters of Unicode's bidirectional algorithm (UAX #9, section 2.1-2.4):
# embeddings and overrides (LRE, RLE, LRO, RLO) end at a PDF; isolates (LRI, RLI, FSI) end at a PDI. The marks
# (LRM, RLM, ALM) are ordinary strong characters that open nothing, and are left as they are.
_EMBEDDINGS = frozenset("\u202a\u202b\u202d\u202e")
_PDF = "\u202c"
_ISOLATES = frozenset("\u2066\u2067\u2068")
_FSI = "\u2068"
_PDI = "\u2069"
DIRECTIONAL = _EMBEDDINGS | _ISOLATES | {_PDF, _PDI}


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise BadField(f"{label(field)} must be an object, not {shown(value)}", field=field)
    return value


def integer(data: Mapping[str, Any], key: str, field: str, low: int, high: int, default: Any = _MISSING) -> int:
    """An integer in ``[low, high]``; numeric text such as ``"2"`` or ``"+2"`` is accepted.

    Text must be ASCII digits with at most one sign (``"+-2"``, ``"--2"`` and
    ``"²"`` are refused, though ``str.isdigit`` would let ``"²"`` through).
    """
    value = data.get(key, default)
    if value is _MISSING:
        raise BadField(f"{label(field)} is missing; expected a whole number from {low} to {high}", field=field)
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        number = int(value)
    elif isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
        number = int(value.strip())
    if number is None:
        raise BadField(f"{label(field)} must be a whole number from {low} to {high}, not {shown(value)}", field=field)
    if not low <= number <= high:
        raise BadField(f"{label(field)} is {shown(number)}, out of range; expected a whole number from {low} to {high}",
                       field=field)
    return number


def text(data: Mapping[str, Any], key: str, field: str, *, max_length: int = MAX_NAME,
         default: Any = _MISSING, allow_empty: bool = False) -> str:
    """A string, trimmed; markup is kept as plain text (the page never renders it as HTML), and direction
    controls are made self-contained (:func:`isolated`). ``max_length`` counts the characters that show; the
    direction controls, with those that close them, are limited to as many again."""
    value = data.get(key, default)
    if value is _MISSING:
        raise BadField(f"{label(field)} is missing; expected text", field=field)
    if not isinstance(value, str):
        raise BadField(f"{label(field)} must be text, not {shown(value)}", field=field)
    check_text(value, field)
    value = " ".join(value.split())           # paragraph separators too, which would end any isolate
    controls = bool(DIRECTIONAL.intersection(value))
    shows = "".join(character for character in value if character not in DIRECTIONAL) if controls else value
    if controls and not shows.strip():
        value = shows = ""                    # no more than spaces between direction controls
    visible = len(shows)
    if not value and not allow_empty:
        raise BadField(f"{label(field)} is empty; expected some text", field=field)
    if visible > max_length:
        raise BadField(f"{label(field)} is {visible} characters long; at most {max_length} are allowed", field=field)
    if not controls:
        return value
    value = _spaced(isolated(value))
    visible = len(value) - sum(character in DIRECTIONAL for character in value)
    if len(value) - visible > max_length:
        raise BadField(f"{label(field)} holds {len(value) - visible} direction controls (with those that close them); "
                       f"at most {max_length} are allowed", field=field)
    return value


def isolated(value: str) -> str:
    """``value`` made self-contained for bidirectional text: whatever sentence quotes it, it cannot reorder the text
    around it. Every embedding, override or isolate it opens is closed (a PDF or PDI that closes nothing is dropped),
    and the whole is wrapped in FSI ... PDI (first strong isolate: its direction comes from its own first letter).
    Text without directional formatting characters is returned as it is; what is visible never changes; and text
    made so is returned as it is again (a saved name read back is the same name).

    A single paragraph is assumed: :func:`text` turns paragraph separators into spaces first.

    >>> isolated("Xavier")
    'Xavier'
    >>> isolated("Ali\\u202ece") == "\\u2068Ali\\u202ece\\u202c\\u2069"
    True
    >>> isolated(isolated("Ali\\u202ece")) == isolated("Ali\\u202ece")
    True
    >>> isolated("a\\u2069b\\u202cc") == "\\u2068abc\\u2069"     # closers that close nothing are dropped
    True
    """
    if not DIRECTIONAL.intersection(value):
        return value
    out: list[str] = []
    open_: list[str] = []          # what is open, innermost last: the character that closes each
    for character in value:
        if character in _EMBEDDINGS:
            open_.append(_PDF)
        elif character in _ISOLATES:
            open_.append(_PDI)
        elif character == _PDF:
            # UAX #9 X7: a PDF closes the innermost embedding only if no isolate was opened inside it.
            if not open_ or open_[-1] != _PDF:
                continue
            open_.pop()
        elif character == _PDI:
            # X6a: a PDI closes the innermost isolate, and every embedding opened inside it (closed explicitly here).
            if _PDI not in open_:
                continue
            while open_[-1] != _PDI:
                out.append(open_.pop())
            open_.pop()
        out.append(character)
    out.extend(reversed(open_))
    balanced = "".join(out)
    return balanced if _wrapped(balanced) else _FSI + balanced + _PDI


def _spaced(value: str) -> str:
    """Spaces collapsed and trimmed as :func:`text` does, looking through direction controls: one space between
    words, however many controls lie among the spaces, and none before the first word or after the last."""
    out: list[str] = []
    space_at = -1              # where a space waits to be kept, once a word follows it
    started = False
    for character in value:
        if character.isspace():
            if started and space_at < 0:
                space_at = len(out)
                out.append(" ")
        else:
            if character not in DIRECTIONAL:
                started, space_at = True, -1
            out.append(character)
    if space_at >= 0:
        del out[space_at]      # after the last word
    return "".join(out)


def _wrapped(balanced: str) -> bool:
    """Whether balanced text is one isolate from its first character to its last."""
    if not balanced.startswith(tuple(_ISOLATES)) or not balanced.endswith(_PDI):
        return False
    depth = 0
    for index, character in enumerate(balanced):
        depth += (character in _ISOLATES or character in _EMBEDDINGS) - (character in (_PDF, _PDI))
        if depth == 0:
            return index == len(balanced) - 1
    return False


def check_text(value: str, field: str, *, error: type[BadField] = BadField) -> str:
    """Refuse text with a lone surrogate (JSON can carry ``\\ud800``): it is not a character, and an answer
    that repeated it could not be sent back as UTF-8.  ``error`` lets a notation reader raise its own kind."""
    if _SURROGATE.search(value):
        raise error(f"{label(field)} contains a character that is not valid text; retype it or paste it again",
                    field=field)
    return value


def flag(data: Mapping[str, Any], key: str, field: str, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadField(f"{label(field)} must be true or false, not {shown(value)}", field=field)
    return value


def choice(data: Mapping[str, Any], key: str, field: str, choices: tuple[str, ...], default: Any = _MISSING) -> str:
    value = data.get(key, default)
    if value is _MISSING:
        raise BadField(f"{label(field)} is missing; expected one of {', '.join(map(repr, choices))}", field=field)
    if not isinstance(value, str) or value not in choices:
        raise BadField(f"{label(field)} {shown(value)} is not one of {', '.join(map(repr, choices))}", field=field)
    return value


def combatant(data: Mapping[str, Any], key: str, roster: Mapping[str, Any], role: str) -> str:
    """The id of a combatant in ``roster`` named by ``data[key]``; ``role`` says who it is in the message."""
    value = data.get(key)
    if not isinstance(value, str) or value not in roster:
        raise UnknownCombatant(f"the {role} is not in this encounter; pick one from the roster", field=key)
    return value


def label(field: str) -> str:
    """A field's path in the words a person would use, for messages: no dots, brackets or underscores.

    >>> label("sheet.name"), label("sheet.weapons[0].notation"), label("margin_of_success")
    ('the name', 'the notation of weapon 1', 'the margin of success')
    >>> label("sheet.armour.name")
    'the name of the armour'
    """
    parts = [part for part in field.split(".") if part not in ("sheet", "inputs", "options", "request", "")]
    words = []
    for part in reversed(parts or [field]):
        found = re.fullmatch(r"([A-Za-z_]+?)s?\[([0-9]+)\]", part)
        if found:
            words.append(f"{found.group(1).replace('_', ' ')} {int(found.group(2)) + 1}")
        else:
            words.append("the " + part.replace("_", " "))
    return " of ".join(words)


def shown(value: Any) -> str:
    """A short quotation of any input for a message: never more than about 40 characters, and never raises.

    Text is quoted with ``!r`` (so markup and odd characters show as what they
    are), cut to 40 characters; huge numbers are described by their length;
    lists and objects by their size, since their insides may be anything.

    >>> shown("+-2"), shown(-7), shown(1.5), shown(None), shown(True)
    ("'+-2'", '-7', '1.5', 'null', 'true')
    >>> shown([1, [2, 3]]), shown({"a": 1})
    ('a list of 2 items', 'an object with 1 field')
    >>> shown("\\ud800")
    "'\\\\ud800'"
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return _shown_integer(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else "a number that is not finite"
    if isinstance(value, str):
        quoted = repr(value[:MAX_SHOWN])      # repr escapes control characters and lone surrogates
        if len(value) <= MAX_SHOWN and len(quoted) <= MAX_SHOWN + 2:
            return quoted
        return quoted[: MAX_SHOWN - 2] + "..." + quoted[0]
    if isinstance(value, Mapping):
        return f"an object with {len(value)} field{'' if len(value) == 1 else 's'}"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    return f"a value of type {type(value).__name__}"


def _shown_integer(number: int) -> str:
    """The number itself when short, otherwise its length in digits, computed without ``str()``."""
    size = abs(number)
    if size < 10**MAX_DIGITS:
        return str(number)
    digits = int(size.bit_length() * math.log10(2)) + 1     # exact, or one too many
    while size < 10 ** (digits - 1):
        digits -= 1
    while size >= 10**digits:
        digits += 1
    return f"a {digits}-digit {'negative ' if number < 0 else ''}number"
