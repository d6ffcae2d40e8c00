"""Pyodide's runtime module as the build serves it (buildtools/page.py's compiled_ahead): its one function wrapped in
parentheses, so V8 compiles it off the page's thread as it arrives; the build stops on a runtime not made so."""

from __future__ import annotations

from pathlib import Path

import pytest

from buildtools.page import RUNTIME_DECLARED, RUNTIME_WRAPPED, compiled_ahead

SITE = Path(__file__).resolve().parents[2] / "dist" / "site"
BODY = "var moduleRtn;var Module=moduleArg;Module.ready=1"


def test_the_runtime_function_is_wrapped_and_its_body_kept() -> None:
    declared = RUNTIME_DECLARED[0] + BODY + RUNTIME_DECLARED[1] + "\n"
    assert compiled_ahead(declared) == RUNTIME_WRAPPED[0] + BODY + RUNTIME_WRAPPED[1] + "\n"


@pytest.mark.parametrize("text", [
    "export async function createPyodide(){}",   # another shape of runtime
    RUNTIME_WRAPPED[0] + BODY + RUNTIME_WRAPPED[1],   # wrapped already
    RUNTIME_DECLARED[0] + BODY + ";_createPyodideModule()" + RUNTIME_DECLARED[1],   # named inside as well
])
def test_a_runtime_of_another_shape_stops_the_build(text: str) -> None:
    with pytest.raises(SystemExit, match="compiled_ahead"):
        compiled_ahead(text)


def test_the_built_site_serves_the_wrapped_runtime() -> None:
    [runtime] = SITE.glob("pyodide/*/pyodide.asm.mjs")
    text = runtime.read_text(encoding="utf-8")
    assert text.startswith(RUNTIME_WRAPPED[0]) and text.rstrip().endswith(RUNTIME_WRAPPED[1])
