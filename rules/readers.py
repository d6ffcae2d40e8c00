"""Each system's reading module (rules/reading.py) by the system's id, and what the API's ``check`` and the cards
ask of them: the readings of a sheet or an action's typed inputs, and the warnings a card shows."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, cast

from .reading import Reader
from .systems.fudge import reading as fudge
from .systems.kyod import reading as kyod
from .systems.megatraveller import reading as megatraveller
from .systems.sla import reading as sla
from .systems.typed import reading as typed

_MODULES: dict[str, ModuleType] = {"typed": typed, "megatraveller": megatraveller, "kyod": kyod, "fudge": fudge,
                                   "sla": sla}
READERS: dict[str, Reader] = {system: cast(Reader, module) for system, module in _MODULES.items()}


def sheet_reads(system: str, sheet: Any, typed: Any = None) -> dict[str, dict[str, Any]]:
    """The readings of a checked sheet, as the ``check`` answer gives them; with ``typed`` (the sheet as sent), only
    of the fields it holds: what the person typed, not a default they have not seen."""
    reads = READERS[system].sheet_reads(sheet)
    held = set(typed) if isinstance(typed, dict) else None
    return {path: reading.to_dict() for path, reading in reads.items() if held is None or _top(path) in held}


def action_reads(system: str, action: str, sheets: Mapping[str, Any], inputs: Any) -> dict[str, dict[str, Any]]:
    """The readings of an action's typed inputs (checked already), as the ``check`` answer gives them."""
    if not isinstance(inputs, dict):
        return {}
    return {path: reading.to_dict() for path, reading in READERS[system].action_reads(action, sheets, inputs).items()}


def card_warnings(system: str, sheet: Any) -> list[str]:
    """Every warning about a combatant's sheet, in the order of its fields, each once: what its card says."""
    out: list[str] = []
    for reading in READERS[system].sheet_reads(sheet).values():
        out.extend(warning for warning in reading.warnings if warning not in out)
    return out


def _top(path: str) -> str:
    return path.split("[")[0].split(".")[0]
