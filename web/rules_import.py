"""The page's Python imports the rules through here (js/rules-files.js), each dataclass's methods taken from code the
build compiled ahead instead of compiled as the class is made.

dataclasses writes the methods of each class as one text and exec()s it: for the rules' 92 classes that compiling
was 120-145 ms of their 270-320 ms import in the page's Python (in Node here), on every first visit. The build
(buildtools/bytecode.py) imports the rules through ``record()``, which keeps the code of each text under the text's
name (rules/digest.py), and ships it beside this module (METHODS); ``import_rules()`` hands dataclasses that code for
the same text. A text with no code kept (rules changed since, another Python) is compiled as before."""

import builtins
import dataclasses
import importlib
import marshal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import CodeType
from typing import Any

from rules.digest import text_key   # makes no dataclass: imported before the methods are handed over

METHODS = "rules-methods.marshal"   # in Python's home folder, beside this module and the rules


def compiled(text: str) -> CodeType:
    """The text compiled as dataclasses' exec() compiles it: as "<string>", with no __future__ flag of the caller's."""
    return compile(text, "<string>", "exec", dont_inherit=True)


@contextmanager
def methods_from(code_for: Callable[[str], CodeType | str]) -> Iterator[None]:
    """While in the block, dataclasses' ``exec(text, globals, namespace)`` runs ``code_for(text)`` instead of the text.
    The name is set in dataclasses' own namespace, where it hides the builtin from that module alone."""
    def exec_ahead(text: str, globals: dict[str, Any], namespace: dict[str, Any]) -> None:
        builtins.exec(code_for(text), globals, namespace)

    dataclasses.exec = exec_ahead  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]


def record() -> bytes:
    """Import the rules, compiling each method text here, and answer the code by the text's name (marshal)."""
    kept: dict[str, CodeType] = {}

    def compile_and_keep(text: str) -> CodeType:
        kept[text_key(text)] = code = compiled(text)
        return code

    with methods_from(compile_and_keep):
        importlib.import_module("rules.api")
    return marshal.dumps(kept)


def import_rules(path: str = METHODS) -> list[int]:
    """Import the rules with the methods kept at ``path``: [texts taken from it, texts compiled here]. Nothing is
    done where the rules are imported already (a restored snapshot), and a missing or unreadable file only means
    that every text is compiled."""
    if "rules.api" in sys.modules:
        return [0, 0]
    try:
        with open(path, "rb") as file:
            kept = marshal.load(file)
    except (OSError, EOFError, ValueError, TypeError):
        kept = {}
    counts = [0, 0]

    def code_for(text: str) -> CodeType | str:
        code = kept.pop(text_key(text), None) if isinstance(kept, dict) else None
        counts[code is None] += 1
        return text if code is None else code

    with methods_from(code_for):
        importlib.import_module("rules.api")
    return counts
