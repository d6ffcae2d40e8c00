"""Reading fields out of JSON-shaped input, with errors that name the field.

Every value that comes from a person or a link passes through one of these
readers, so a wrong type, a huge number or an over-long name is refused with a
message that quotes it, names the field and says what would be accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import BadField

_MISSING = object()
MAX_NAME = 60


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise BadField(f"{field} must be an object, not {_shown(value)}", field=field)
    return value


def integer(data: Mapping[str, Any], key: str, field: str, low: int, high: int, default: Any = _MISSING) -> int:
    """An integer in ``[low, high]``; numeric text such as ``"2"`` or ``"+2"`` is accepted."""
    value = data.get(key, default)
    if value is _MISSING:
        raise BadField(f"{field} is missing; expected a whole number from {low} to {high}", field=field)
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        number = int(value)
    elif isinstance(value, str) and value.strip().lstrip("+-").isdigit() and len(value.strip()) <= 12:
        number = int(value.strip())
    if number is None:
        raise BadField(f"{field} must be a whole number from {low} to {high}, not {_shown(value)}", field=field)
    if not low <= number <= high:
        raise BadField(f"{field} {number!r} is out of range; expected a whole number from {low} to {high}", field=field)
    return number


def text(data: Mapping[str, Any], key: str, field: str, *, max_length: int = MAX_NAME,
         default: Any = _MISSING, allow_empty: bool = False) -> str:
    """A string, trimmed; markup is kept as plain text (the page never renders it as HTML)."""
    value = data.get(key, default)
    if value is _MISSING:
        raise BadField(f"{field} is missing; expected text", field=field)
    if not isinstance(value, str):
        raise BadField(f"{field} must be text, not {_shown(value)}", field=field)
    value = " ".join(value.split())
    if not value and not allow_empty:
        raise BadField(f"{field} is empty; expected some text", field=field)
    if len(value) > max_length:
        raise BadField(f"{field} is {len(value)} characters long; at most {max_length} are allowed", field=field)
    return value


def flag(data: Mapping[str, Any], key: str, field: str, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadField(f"{field} must be true or false, not {_shown(value)}", field=field)
    return value


def choice(data: Mapping[str, Any], key: str, field: str, choices: tuple[str, ...], default: Any = _MISSING) -> str:
    value = data.get(key, default)
    if value is _MISSING:
        raise BadField(f"{field} is missing; expected one of {', '.join(map(repr, choices))}", field=field)
    if value not in choices:
        raise BadField(f"{field} {_shown(value)} is not one of {', '.join(map(repr, choices))}", field=field)
    return str(value)


def _shown(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
