"""A pytest plugin (loaded by pyproject.toml's addopts, before anything is collected) that records every module
the rules package imports from outside itself, over the whole test run.

The page's Python runs on a standard library trimmed to web/python-modules.txt (and what those import), so a
module the rules start to import must be listed there: the run fails at its end, naming it, if one is not."""

from __future__ import annotations

import builtins
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

LISTED = Path(__file__).resolve().parents[1] / "web" / "python-modules.txt"
SEEN: set[str] = set()
_import = builtins.__import__


def _traced(name: str, globals: Mapping[str, Any] | None = None, locals: Mapping[str, Any] | None = None,
            fromlist: Sequence[str] | None = (), level: int = 0) -> ModuleType:
    module = _import(name, globals, locals, fromlist, level)
    importer = str((globals or {}).get("__name__", ""))
    if level == 0 and (importer == "rules" or importer.startswith("rules.")) and name.split(".")[0] != "rules":
        SEEN.add(name)
        SEEN.update(f"{name}.{item}" for item in fromlist or () if f"{name}.{item}" in sys.modules)
    return module


builtins.__import__ = _traced


def listed() -> set[str]:
    lines = LISTED.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def unlisted() -> list[str]:
    return sorted(SEEN - listed())


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:      # a pytest-xdist worker: it hands what it saw to the controller, which checks it all
        output["rules_imported"] = sorted(SEEN)
        return
    missing = unlisted()
    if missing:
        print(f"\nThe rules imported modules web/python-modules.txt does not list: {', '.join(missing)}. "
              "The page's trimmed standard library would lack them: add them to that file.", file=sys.stderr)
        session.exitstatus = 1


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist's controller, as each worker ends: what that worker saw the rules import."""
    SEEN.update(getattr(node, "workeroutput", {}).get("rules_imported", ()))
