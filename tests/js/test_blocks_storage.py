"""The game master's stat blocks' storage logic (web/js/blocks.js), unit-tested in Node's own test runner."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_the_stat_blocks_storage_unit_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed for the build and these tests: sudo apt-get install -y nodejs")
    result = subprocess.run([node, "--test", str(HERE / "blocks.test.mjs")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 9" in result.stdout, result.stdout[-2000:]
