"""The registry of rule systems: a stable id -> the module that implements it.

Every system offers the same small protocol (:class:`System`), so the
encounter, the API and the page never need to know which rules they run.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, Protocol, cast

from ..dice import DiceSource
from ..errors import UnknownSystem
from ..report import Report
from ..turns import Turns
from . import fudge, kyod, megatraveller, sla, typed


class System(Protocol):
    """What each system module offers, as plain functions over its own dataclasses.

    Sheets have a ``name`` and ``to_dict()``; states are immutable.  Schemas and views use the
    vocabulary in ``docs/api.md`` (input kinds, widgets), so the page draws any system.
    """

    ID: str
    NAME: str
    SOURCE: str
    ACTIONS: tuple[str, ...]
    TURNS: Turns            # how a fight runs round by round (rules/turns.py)

    def option_schema(self) -> list[dict[str, Any]]: ...
    def read_options(self, data: Any) -> Any: ...
    def options_to_dict(self, options: Any) -> dict[str, Any]: ...
    def sheet_schema(self) -> list[dict[str, Any]]: ...
    def read_sheet(self, data: Any, field: str = "sheet") -> Any: ...
    def fresh_state(self, sheet: Any, options: Any) -> Any: ...
    def edited_state(self, old: Any, state: Any, new: Any, options: Any) -> Any: ...
    def action_schema(self) -> list[dict[str, Any]]: ...
    def read_inputs(self, action: str, sheets: Mapping[str, Any], states: Mapping[str, Any], inputs: Any,
                    options: Any) -> dict[str, Any]: ...
    def apply(self, action: str, sheets: Mapping[str, Any], states: Mapping[str, Any], inputs: dict[str, Any],
              options: Any, dice: DiceSource) -> tuple[dict[str, Any], Report]: ...
    def odds(self, action: str, sheets: Mapping[str, Any], states: Mapping[str, Any], inputs: Any,
             options: Any) -> dict[str, Any]: ...
    def view(self, sheet: Any, state: Any, options: Any) -> dict[str, Any]: ...
    # The wound widgets of the players' view, built from what players may see: no gear, stats or taps.
    def player_widgets(self, sheet: Any, state: Any, options: Any) -> list[dict[str, Any]]: ...
    def catalog(self) -> dict[str, Any]: ...
    def tables(self) -> list[dict[str, Any]]: ...


_MODULES: tuple[ModuleType, ...] = (typed, megatraveller, kyod, fudge, sla)
SYSTEMS: dict[str, System] = {module.ID: cast(System, module) for module in _MODULES}


def find_system(system_id: Any) -> System:
    """The system with this id, or :class:`UnknownSystem` listing the ids there are."""
    if isinstance(system_id, str) and system_id in SYSTEMS:
        return SYSTEMS[system_id]
    names = ", ".join(f"{system.NAME} ({system.ID!r})" for system in SYSTEMS.values())
    raise UnknownSystem(f"there is no such rule system; Woundbook knows {names}", field="system")
