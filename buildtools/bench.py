"""`python3 build.py bench`: tests/bench.py over a fresh build, in .venv/, where Playwright is, with Debian's
Chromium and WebKitGTK (installed as root when missing, like the browser tests' Chromium)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

from .common import ROOT, SITE
from .testing import ensure_chromium, ensure_venv, ensure_webkit, in_venv


def bench(runs: int, build: Callable[[], object]) -> int:
    """Build (``build`` is build.py's) and measure it in .venv/'s Python, starting build.py there if this is
    another Python: the figures as JSON on stdout, a table of them on stderr."""
    if not in_venv():   # the bench drives Chromium with Playwright, which lives in .venv/
        python = str(ensure_venv())
        return subprocess.run([python, str(ROOT / "build.py"), "bench", "--runs", str(runs)], cwd=ROOT).returncode
    ensure_chromium()
    ensure_webkit()
    build()
    sys.path.insert(0, str(ROOT))
    from tests.bench import run_bench  # the bench drives Chromium like the browser tests do
    from tests.bench_report import report
    result = run_bench(SITE, runs=runs)
    print(report(result), file=sys.stderr, flush=True)
    print(json.dumps(result), flush=True)
    return 0
