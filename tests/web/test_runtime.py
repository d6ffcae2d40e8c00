"""The page's own Python runtime, run in Node from dist/site: its trimmed standard library still runs every
system as CPython does, and still loads micropip (vendored for wheels the page may want on demand) once the modules
only micropip imports are added; the bytecode the build compiled is what the rules and the standard library's
start-up modules are imported from."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import build
from buildtools.common import WHEEL_DIR
from buildtools.stdlib import python_modules
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


def run_in_pyodide(code: str, tmp_path: Path, compiled: bool = True, succeeds: bool = True,
                   more: bool = False) -> str:
    """Run code in the site's Pyodide with the rules' files unpacked into its home folder as the page puts them
    there (``compiled``: the site's bundle of bytecode and tables; otherwise the wheel's sources), and the modules
    only micropip imports beside them (``more``): its output, or its errors when it is expected to fail."""
    (folder,) = SITE.glob("pyodide/*/")
    if compiled:                        # the bundle's files as a zip, which the runner unpacks as the page writes them
        (bundled,) = SITE.glob("wheels/*/*-compiled.gz")
        archives = [tmp_path / "compiled.zip"]
        archives[0].write_bytes(build.reproducible_zip(build.unbundle(bundled.read_bytes())))
    else:
        archives = list(WHEEL_DIR.glob("*/*.whl"))
    if more:
        archives.append(folder / "python_stdlib_more.zip")
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


def test_micropip_loads_once_the_modules_only_it_imports_are_added(tmp_path: Path) -> None:
    code = "import pyodide_js\nawait pyodide_js.loadPackage('micropip')\nimport micropip\nprint(micropip.__version__)\n"
    assert run_in_pyodide(code, tmp_path, more=True).strip().splitlines()[-1] == "0.11.1"
    # the archive Python starts with leaves them out (a first visit does not download them)
    assert "No module named 'email" in run_in_pyodide(code, tmp_path, succeeds=False)


# Every module of the rules, imported with compiling from source made impossible.
FROM_BYTECODE_ONLY = """
import importlib, os
from importlib.machinery import SourceFileLoader

def refuse(*args, **kwargs):
    raise AssertionError("a module was compiled from its source")

SourceFileLoader.source_to_code = refuse
modules = sorted(os.path.relpath(os.path.join(folder, name), ".").rsplit(".", 1)[0].replace(os.sep, ".").removesuffix(".__init__")
                 for folder, _, names in os.walk("rules") for name in names if name.endswith((".py", ".pyc")))
for module in modules:
    importlib.import_module(module)
print(len(modules))
"""


def test_the_rules_import_from_the_bytecode_the_build_compiled(tmp_path: Path) -> None:
    (wheel,) = WHEEL_DIR.glob("*/*.whl")
    with zipfile.ZipFile(wheel) as archive:
        sources = [name for name in archive.namelist() if name.endswith(".py")]
    assert run_in_pyodide(FROM_BYTECODE_ONLY, tmp_path).strip().splitlines()[-1] == str(len(sources))
    # and from the wheel's sources, the same imports compile, so they fail here
    assert "compiled from its source" in run_in_pyodide(FROM_BYTECODE_ONLY, tmp_path, compiled=False, succeeds=False)


# What Python's start and the page's own imports (MODULES, put before it) load from the standard library.
STARTED_FROM = """
import importlib, json, sys
for name in MODULES:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
import rules.api
print(json.dumps(sorted(module.__file__.split(".zip/", 1)[1] for module in list(sys.modules.values())
                        if ".zip/" in (getattr(module, "__file__", None) or "")
                        and getattr(module.__spec__, "origin", "") != "frozen")))   # those are in the runtime
"""


def test_python_starts_from_the_standard_librarys_bytecode(tmp_path: Path) -> None:
    code = f"MODULES = {json.dumps(python_modules())}\n{STARTED_FROM}"
    loaded = json.loads(run_in_pyodide(code, tmp_path).strip().splitlines()[-1])
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "dataclasses.pyc", "encodings/__init__.pyc"} <= set(loaded)
    assert [path for path in loaded if not path.endswith(".pyc")] == []


def test_the_bytecode_is_reproducible() -> None:
    (folder,) = SITE.glob("pyodide/*/")
    (wheel,) = WHEEL_DIR.glob("*/*.whl")
    (shipped,) = SITE.glob("wheels/*/*-compiled.gz")
    assert build.rules_bundle(folder, wheel) == (shipped.name, shipped.read_bytes())
    names = [name for name, _ in build.unbundle(shipped.read_bytes())]
    # The rules, and beside them the module the page imports them through with the dataclass methods it takes.
    beside = {"rules_import.pyc", "rules-methods.marshal"}
    assert beside <= set(names)
    assert all(name.startswith("rules/") and "__pycache__" not in name and name.endswith((".pyc", ".json"))
               for name in names if name not in beside)
    assert "rules/api.pyc" in names and not any(name.endswith(".py") for name in names)
