"""Rule tables as data, one JSON file per system, each row citing its source or decision."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(system: str) -> dict[str, Any]:
    """The tables of ``system``, read once from ``<system>.json`` in this package."""
    text = resources.files(__name__).joinpath(f"{system}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
