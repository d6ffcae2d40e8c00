"""Pyodide's runtime as the build serves it (buildtools/page.py): its module's one function wrapped in parentheses, so
V8 compiles it off the page's thread as it arrives (compiled_ahead); its function table grown once for the functions
it links, not once per function (table_grown_once), with every function at the slot Pyodide's own runtime gives it;
and its WebAssembly compiled as it is fetched, not once its JavaScript has run (wasm_compiled_at_once). The build
stops on a runtime not made so."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from buildtools.page import (RUNTIME_DECLARED, RUNTIME_WRAPPED, TABLE_ADDS, TABLE_GROWN_ONCE, TABLE_GROWN_PER_FUNCTION,
                             TABLE_SLOT_RESERVED, TABLE_SLOT_TAKEN, WASM_COMPILED_AT_ONCE, WASM_COMPILED_ON_REQUEST,
                             compiled_ahead, table_grown_once, wasm_compiled_at_once)
from buildtools.pins import PYODIDE, npm_package, unpack
from tests.js.node import node

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


LINKER = TABLE_SLOT_TAKEN + TABLE_GROWN_PER_FUNCTION + "var value=exports[symName];" + TABLE_ADDS


def test_the_linker_grows_the_table_once_and_keeps_the_rest() -> None:
    grown = table_grown_once("head;" + LINKER + "tail")
    linked = TABLE_SLOT_RESERVED + TABLE_GROWN_ONCE + "var value=exports[symName];" + TABLE_ADDS
    assert grown == "head;" + linked + "tail"


@pytest.mark.parametrize("text", [
    LINKER.replace(TABLE_GROWN_PER_FUNCTION, ""),                        # no updateGOT of that shape
    LINKER.replace(TABLE_SLOT_TAKEN, TABLE_SLOT_TAKEN.replace("pop()", "shift()")),   # slots taken otherwise
    LINKER.replace(TABLE_ADDS, TABLE_ADDS.replace("addFunction", "addFunctionTwice")),  # adds something else
    LINKER + LINKER,                                                     # two of them
])
def test_a_linker_of_another_shape_stops_the_build(text: str) -> None:
    with pytest.raises(SystemExit, match="table_grown_once"):
        table_grown_once(text)


def test_every_function_keeps_the_slot_pyodides_own_runtime_gives_it(tmp_path: Path) -> None:
    """Both runtimes started in Node on the built site's files: the table, slot by slot, is the same (a memory
    snapshot holds functions by their slots), and the build's does grow it once for the functions it links."""
    [built] = SITE.glob("pyodide/*/pyodide.asm.mjs")
    assert TABLE_GROWN_ONCE in built.read_text(encoding="utf-8")
    own = tmp_path / "own"
    shutil.copytree(built.parent, own)
    unpack(npm_package(*PYODIDE), tmp_path / "npm", lambda name: name == "pyodide.asm.mjs")
    shutil.copy(tmp_path / "npm" / "pyodide.asm.mjs", own / "pyodide.asm.mjs")
    reader = Path(__file__).resolve().parents[1] / "js" / "function_table.mjs"
    tables = [json.loads(subprocess.run([node(), str(reader), str(folder)], capture_output=True, text=True, check=True,
                                        timeout=120).stdout) for folder in (built.parent, own)]
    assert len(tables[0]) > 7_000 and sum(slot is not None for slot in tables[0]) > 7_000
    assert tables[0] == tables[1]


def test_the_loader_compiles_the_webassembly_as_it_fetches_it() -> None:
    assert wasm_compiled_at_once("a;" + WASM_COMPILED_ON_REQUEST + "b") == "a;" + WASM_COMPILED_AT_ONCE + "b"
    [loader] = SITE.glob("pyodide/*/pyodide.mjs")
    text = loader.read_text(encoding="utf-8")
    assert WASM_COMPILED_AT_ONCE in text and "instantiateStreaming" not in text


@pytest.mark.parametrize("text", [
    "",                                                                      # no instantiateWasm of that shape
    WASM_COMPILED_AT_ONCE,                                                   # done already
    WASM_COMPILED_ON_REQUEST + WASM_COMPILED_ON_REQUEST,                     # two of them
])
def test_a_loader_of_another_shape_stops_the_build(text: str) -> None:
    with pytest.raises(SystemExit, match="wasm_compiled_at_once"):
        wasm_compiled_at_once(text)
