"""The page's pure modules, unit-tested in Node's own test runner: the saved encounters (web/js/library.js), the
game master's stat blocks (web/js/blocks.js), the library's backup (web/js/backup.js) and the page's state
(web/js/state.js), where every engine answer goes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .node import node

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("tests, count", [("library.test.mjs", 15), ("blocks.test.mjs", 11), ("backup.test.mjs", 4),
                                          ("state.test.mjs", 3)])
def test_the_storage_unit_tests_pass(tests: str, count: int) -> None:
    result = subprocess.run([node(), "--test", str(HERE / tests)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and f"# pass {count}" in result.stdout, result.stdout[-2000:]
