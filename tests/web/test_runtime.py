"""The page's own Python runtime, run in Node from dist/site: its trimmed standard library still runs every
system as CPython does, and still loads micropip (vendored for wheels the page may want on demand)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

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


def run_in_pyodide(code: str, tmp_path: Path) -> str:
    (folder,) = SITE.glob("pyodide/*/")
    (wheel,) = SITE.glob("wheels/*/*.whl")
    script = tmp_path / "script.py"
    script.write_text(code)
    done = subprocess.run(["node", str(NODE_RUNNER), str(folder), str(wheel), str(script)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


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
