"""The page's own Python runtime, run in Node from dist/site: its trimmed standard library still runs every
system as CPython does, and still loads micropip (vendored for wheels the page may want on demand); the rules'
bytecode that the build compiled is what it imports them from."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import build
from tests.web.conftest import SITE
from tests.web.test_snapshot import SCENARIOS

NODE_RUNNER = Path(__file__).with_name("pyodide_node.mjs")

SESSION = """
import json
from rules.api import call

def session(system, sheets, action, inputs):
    ask = lambda method, request: json.loads(call(method, json.dumps(request)))
    answers = [ask("new", {"system": system})]
    for sheet in sheets:
        answers.append(ask("add", {"encounter": answers[-1]["result"]["encounter"], "sheet": sheet}))
    for seed in range(1, 6):
        answers.append(ask("act", {"encounter": answers[-1]["result"]["encounter"], "action": action,
                                   "inputs": inputs, "seed": seed}))
    encounter = answers[-1]["result"]["encounter"]
    answers.append(ask("odds", {"encounter": encounter, "action": action, "inputs": inputs}))
    link = ask("share", {"encounter": encounter})
    answers += [link, ask("open_link", {"link": link["result"]["fragment"]})]
    return answers
"""


def run_in_pyodide(code: str, tmp_path: Path, bytecode: bool = True, succeeds: bool = True) -> str:
    """Run code in the site's Pyodide with the rules wheel (and the bytecode beside it) unpacked as the page does:
    its output, or its errors when it is expected to fail."""
    (folder,) = SITE.glob("pyodide/*/")
    (wheel,) = SITE.glob("wheels/*/*.whl")
    archives = [wheel]
    if bytecode:                        # the bundle's files as a zip, which the runner unpacks as the page writes them
        (bundled,) = SITE.glob("wheels/*/*-bytecode.gz")
        archives.append(tmp_path / "bytecode.zip")
        archives[-1].write_bytes(build.reproducible_zip(build.unbundle(bundled.read_bytes())))
    script = tmp_path / "script.py"
    script.write_text(code)
    done = subprocess.run(["node", str(NODE_RUNNER), str(folder), str(script), *map(str, archives)],
                          capture_output=True, text=True, timeout=300)
    assert (done.returncode == 0) == succeeds, done.stderr[-3000:]
    return done.stdout if succeeds else done.stderr


def test_the_trimmed_library_runs_every_system_as_cpython_does(tmp_path: Path) -> None:
    scope: dict[str, object] = {}
    exec(SESSION, scope)
    expected = [scope["session"](*scenario) for scenario in SCENARIOS]  # type: ignore[operator]
    assert all(answer["ok"] for answers in expected for answer in answers)
    code = SESSION + f"\nSCENARIOS = json.loads({json.dumps(json.dumps(SCENARIOS))})\n" \
                     "print(json.dumps([session(*scenario) for scenario in SCENARIOS]))\n"
    assert json.loads(run_in_pyodide(code, tmp_path).strip().splitlines()[-1]) == expected


def test_micropip_still_loads_on_the_trimmed_library(tmp_path: Path) -> None:
    code = "import pyodide_js\nawait pyodide_js.loadPackage('micropip')\nimport micropip\nprint(micropip.__version__)\n"
    assert run_in_pyodide(code, tmp_path).strip().splitlines()[-1] == "0.11.1"


# Every module of the rules, imported with compiling from source made impossible.
FROM_BYTECODE_ONLY = """
import importlib, os
from importlib.machinery import SourceFileLoader

def refuse(*args, **kwargs):
    raise AssertionError("a module of the rules was compiled from its source")

SourceFileLoader.source_to_code = refuse
modules = sorted(os.path.relpath(os.path.join(folder, name), ".")[:-3].replace(os.sep, ".").removesuffix(".__init__")
                 for folder, _, names in os.walk("rules") for name in names if name.endswith(".py"))
for module in modules:
    importlib.import_module(module)
print(len(modules))
"""


def test_the_rules_import_from_the_bytecode_the_build_compiled(tmp_path: Path) -> None:
    (wheel,) = SITE.glob("wheels/*/*.whl")
    with zipfile.ZipFile(wheel) as archive:
        sources = [name for name in archive.namelist() if name.endswith(".py")]
    assert run_in_pyodide(FROM_BYTECODE_ONLY, tmp_path).strip().splitlines()[-1] == str(len(sources))
    # and without the bytecode, the same imports compile, so they fail here
    assert "compiled from its source" in run_in_pyodide(FROM_BYTECODE_ONLY, tmp_path, bytecode=False, succeeds=False)


def test_the_bytecode_is_reproducible() -> None:
    (folder,) = SITE.glob("pyodide/*/")
    (wheel,) = SITE.glob("wheels/*/*.whl")
    (shipped,) = SITE.glob("wheels/*/*-bytecode.gz")
    assert build.bytecode_bytes(folder, wheel) == (shipped.name, shipped.read_bytes())
    assert all(name.startswith("rules/") and "/__pycache__/" in name and name.endswith(".pyc")
               for name, _ in build.unbundle(shipped.read_bytes()))
