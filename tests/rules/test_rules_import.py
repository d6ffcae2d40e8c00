"""The page imports the rules through web/rules_import.py, which hands dataclasses the methods of the rules' classes
compiled by the build instead of compiling each as the class is made (buildtools/bytecode.py keeps them in the rules'
bundle). The methods must be the very code dataclasses makes, every class's must be found, and a missing or damaged
file of them must only mean that they are compiled as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.js.node import node

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "dist" / "site"

# Every method dataclasses made for the rules' classes, by class and name: the parts of its code that decide what it
# does (the line table too, so a traceback names the same lines).
METHODS = """
import dataclasses, json, sys
import rules.api
made = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith("rules"):
        continue
    for cls in vars(module).values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            for attribute, value in sorted(vars(cls).items()):
                code = getattr(value, "__code__", None)
                if code is not None and code.co_filename == "<string>":
                    made[f"{name}.{cls.__qualname__}.{attribute}"] = [code.co_code.hex(), repr(code.co_consts),
                        code.co_names, code.co_varnames, code.co_freevars, code.co_flags, code.co_linetable.hex()]
"""


def python(code: str, *, cwd: Path) -> str:
    """Run ``code`` in a fresh Python (no rules imported yet), with the rules and web/rules_import.py importable."""
    env_path = f"{ROOT}:{ROOT / 'web'}"
    result = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, check=True,
                            env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
                            timeout=120)
    return result.stdout


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("methods")
    python("import rules_import\nopen(rules_import.METHODS, 'wb').write(rules_import.record())", cwd=folder)
    return folder


def test_the_methods_taken_are_the_code_dataclasses_makes(kept: Path) -> None:
    plain = json.loads(python(METHODS + "print(json.dumps(made))", cwd=kept))
    taken = json.loads(python("import rules_import\ncounts = rules_import.import_rules()\n" + METHODS +
                              "print(json.dumps([counts, made]))", cwd=kept))
    (found, compiled), made = taken
    assert len(plain) > 300   # __init__, __repr__, __eq__, __hash__, __setattr__... of each class
    assert found > 80 and compiled == 0   # every class's text was found
    assert made == plain


@pytest.mark.parametrize("damage", ["missing", "empty", "noise", "a list"])
def test_without_readable_methods_each_text_is_compiled_as_before(tmp_path: Path, damage: str) -> None:
    contents = {"missing": None, "empty": b"", "noise": bytes(range(256)) * 4, "a list": b"[\x00\x00\x00\x00"}[damage]
    if contents is not None:
        (tmp_path / "rules-methods.marshal").write_bytes(contents)
    taken, compiled = json.loads(python("import json, rules_import\nprint(json.dumps(rules_import.import_rules()))",
                                        cwd=tmp_path))
    assert taken == 0 and compiled > 80


def test_rules_imported_already_are_left_as_they_are(kept: Path) -> None:
    assert json.loads(python("import json, rules.api, rules_import\nprint(json.dumps(rules_import.import_rules()))",
                             cwd=kept)) == [0, 0]


@pytest.mark.parametrize("drop", [False, True])
def test_the_built_bundle_gives_the_page_every_method(tmp_path: Path, drop: bool) -> None:
    """The page's own Python (the built runtime, in Node) importing the built bundle as the page does: every text is
    taken from it, none compiled; without the kept methods every one is compiled, and the rules answer either way."""
    [runtime] = SITE.glob("pyodide/*/pyodide.mjs")
    [bundle] = SITE.glob("wheels/*/*-compiled.gz")
    script = Path(__file__).resolve().parents[1] / "js" / "rules_import.mjs"
    printed = subprocess.run([node(), str(script), str(runtime.parent), str(bundle), *(["drop"] if drop else [])],
                             capture_output=True, text=True, check=True, timeout=120).stdout
    answer = json.loads(printed)
    taken, compiled = answer["counts"]
    if drop:
        assert taken == 0 and compiled > 80
    else:
        assert taken > 80 and compiled == 0
    assert answer["again"] == [0, 0]
    assert json.loads(answer["call"])["ok"] is True
