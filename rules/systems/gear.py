"""What every system's sheet shares: lists of named gear (weapons, and armour where a sheet has several), each
written in the system's own notation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .. import fields
from ..errors import BadField

W = TypeVar("W")


@dataclass(frozen=True)
class GearEntry(Generic[W]):
    """A weapon or an armour as a sheet keeps it: its name, its notation as written, and what the notation means."""

    name: str
    notation: str
    weapon: W

    @property
    def item(self) -> W:
        """What the notation means, whatever the gear (the field is named for the weapon lists that came first)."""
        return self.weapon

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "notation": self.notation}


def read_weapons(data: Mapping[str, Any], field: str, parse: Callable[[str, str], W], *, maximum: int,
                 max_notation: int) -> tuple[GearEntry[W], ...]:
    """The sheet's ``weapons``: at most ``maximum``, each notation read by the system's ``parse(text, field)``."""
    return read_gear(data, "weapons", field, parse, maximum=maximum, max_notation=max_notation)


def read_gear(data: Mapping[str, Any], key: str, field: str, parse: Callable[[str, str], W], *, maximum: int,
              max_notation: int) -> tuple[GearEntry[W], ...]:
    """The sheet's list under ``key``: at most ``maximum``, each notation read by ``parse(text, field)``."""
    entries = data.get(key, [])
    if not isinstance(entries, list) or len(entries) > maximum:
        raise BadField(f"the {key} must be a list of at most {maximum}", field=f"{field}.{key}")
    out = []
    for index, entry in enumerate(entries):
        where = f"{field}.{key}[{index}]"
        entry = fields.mapping(entry, where)
        notation = fields.text(entry, "notation", f"{where}.notation", max_length=max_notation)
        out.append(GearEntry(fields.text(entry, "name", f"{where}.name"), notation,
                             parse(notation, f"{where}.notation")))
    return tuple(out)
