"""The source texts' own stat blocks: every named character, creature or vehicle a text gives numbers for, kept as
data beside the system's tables (``rules/systems/data/<id>.json``, key ``blocks``), each citing where it comes from.

A block is a sheet as the system's own reader reads it (``read_sheet``), so the page adds it as it adds any
combatant; what the text leaves out is at the sheet's defaults, and the citation says what was taken. Their weapons
and armour are the catalog's rows (the source's sample gear), offered wherever gear is chosen."""

from __future__ import annotations

from functools import cache
from typing import Any

from .data import load


@cache
def source_blocks(system_id: str) -> tuple[dict[str, Any], ...]:
    """The blocks of one system, each ``{"name", "sheet", "source"}`` with the sheet as its reader gives it back.

    Read once; a block its reader refuses raises the reader's error, which the tests (and the first ``systems``
    call) would show at once."""
    from . import find_system   # the registry imports the systems, which import the data package: import late

    system = find_system(system_id)
    rows = load(system_id).get("blocks", {}).get("rows", [])
    out = []
    for row in rows:
        sheet = system.read_sheet({"name": row["name"], **row["sheet"]})
        out.append({"name": sheet.name, "sheet": sheet.to_dict(), "source": row["source"]})
    return tuple(out)
