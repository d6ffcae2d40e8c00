"""What every system's sheet shares: a list of named weapons, each written in the system's own notation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .. import fields
from ..errors import BadField

W = TypeVar("W")


@dataclass(frozen=True)
class WeaponEntry(Generic[W]):
    """A weapon as a sheet keeps it: its name, its notation as written, and what the notation means."""

    name: str
    notation: str
    weapon: W

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "notation": self.notation}


def read_weapons(data: Mapping[str, Any], field: str, parse: Callable[[str, str], W], *, maximum: int,
                 max_notation: int) -> tuple[WeaponEntry[W], ...]:
    """The sheet's ``weapons``: at most ``maximum``, each notation read by the system's ``parse(text, field)``."""
    entries = data.get("weapons", [])
    if not isinstance(entries, list) or len(entries) > maximum:
        raise BadField(f"the weapons must be a list of at most {maximum}", field=f"{field}.weapons")
    out = []
    for index, entry in enumerate(entries):
        where = f"{field}.weapons[{index}]"
        entry = fields.mapping(entry, where)
        notation = fields.text(entry, "notation", f"{where}.notation", max_length=max_notation)
        out.append(WeaponEntry(fields.text(entry, "name", f"{where}.name"), notation,
                               parse(notation, f"{where}.notation")))
    return tuple(out)
