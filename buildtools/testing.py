"""`python3 build.py test`: .venv/ with the test extras, the Debian tools the browser tests drive (Chromium, and
zbar to read the QR codes the page draws), then a build, mypy and pytest. The tests' packages go into .venv/, never
into the interpreter running build.py."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .common import ROOT, log, quietly, sha256

VENV = ROOT / ".venv"
VENV_STAMP = VENV / "woundbook-installed.sha256"   # pyproject.toml's hash when the extras were last installed
CHROMIUM = "/usr/bin/chromium"
ZBARIMG = "/usr/bin/zbarimg"   # the QR code tests read the codes the page draws with Debian's zbar-tools
# The bench's first visit in WebKit (tests/bench_webkit.py): webkit2gtk-driver's WebKitWebDriver, which brings
# libwebkit2gtk-4.1-0 and with it MiniBrowser (/usr/lib/<triplet>/webkit2gtk-4.1/MiniBrowser), under xvfb's Xvfb.
WEBKITWEBDRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"


def apt_install(package: str) -> None:
    log(f"installing Debian's {package} (apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quietly(["apt-get", "update", "-qq"], "apt-get update", env=env)
    quietly(["apt-get", "install", "-y", "-qq", package], f"apt-get install {package}", env=env)


def can_apt() -> bool:
    return os.geteuid() == 0 and shutil.which("apt-get") is not None


def ensure_chromium() -> None:
    ensure_debian(CHROMIUM, "chromium")


def ensure_webkit() -> None:
    ensure_debian(WEBKITWEBDRIVER, "webkit2gtk-driver")
    ensure_debian(XVFB, "xvfb")


def ensure_debian(path: str, package: str) -> None:
    """Debian's ``package``, which puts ``path`` on the machine: installed with apt as root, asked for otherwise."""
    if Path(path).exists():
        return
    if can_apt():
        apt_install(package)
        return
    raise SystemExit(f"{path} is missing: install Debian's {package} (sudo apt-get install -y {package})")


def venv_python() -> Path:
    return VENV / "bin" / "python"


def venv_works() -> bool:
    python = venv_python()
    return python.exists() and subprocess.run([str(python), "-c", "import pip"], capture_output=True).returncode == 0


def ensure_venv() -> Path:
    """.venv/ with the test extras installed, made with the standard venv module; returns its python.

    pip only ever runs inside .venv/, and only when pyproject.toml changed since the last install."""
    if not venv_works():
        if importlib.util.find_spec("ensurepip") is None:
            if not can_apt():
                raise SystemExit("Python's venv module cannot make a virtual environment here: "
                                 "install python3-venv (sudo apt-get install -y python3-venv) and run this again")
            apt_install("python3-venv")
            importlib.invalidate_caches()
        log(f"making a virtual environment in {VENV.relative_to(ROOT)}/")
        shutil.rmtree(VENV, ignore_errors=True)
        result = subprocess.run([sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True,
                                errors="replace")
        if result.returncode or not venv_works():
            shutil.rmtree(VENV, ignore_errors=True)
            output = (result.stdout + result.stderr).strip()
            if "ensurepip" in output:
                raise SystemExit("Python's venv module cannot make a virtual environment here: "
                                 "install python3-venv (sudo apt-get install -y python3-venv) and run this again")
            raise SystemExit(f"{sys.executable} -m venv {VENV} failed:\n{output}")
    wanted = sha256(ROOT / "pyproject.toml")
    if not VENV_STAMP.exists() or VENV_STAMP.read_text().strip() != wanted:
        log(f"installing the test extras into {VENV.relative_to(ROOT)}/")
        VENV_STAMP.unlink(missing_ok=True)
        quietly([str(venv_python()), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                 "setuptools>=68", "wheel", "-e", f"{ROOT}[test]"], "pip install (into .venv/)", cwd=ROOT)
        VENV_STAMP.write_text(wanted + "\n")
    return venv_python()


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def test(extra: list[str], build: Callable[[], object]) -> int:
    """Make .venv/ and fetch the tools the browser tests drive, build (``build`` is build.py's), then run mypy and
    pytest with ``extra`` (the arguments after `test`); pytest's exit status, or 1 when mypy finds a problem."""
    python = str(ensure_venv())
    ensure_chromium()
    ensure_debian(ZBARIMG, "zbar-tools")
    build()
    log("mypy")
    if subprocess.run([python, "-m", "mypy"], cwd=ROOT).returncode:
        return 1
    log("pytest")
    # The ten slowest tests and the wall time, every run: where the suite's minutes go (issue 38).
    durations = [] if any(arg.startswith("--durations") for arg in extra) else ["--durations=10"]
    # One test process per core (pytest-xdist): each has its own Chromium, with a warm profile its browser tests
    # share (tests/web/conftest.py). `-n 0` (or `-p no:xdist`) runs them in this one process.
    # Work stealing: a process that runs out of tests takes some from the other's queue, so the run does not end
    # with one process finishing a long test file alone (the default hands out fixed shares).
    processes = [] if any(arg.startswith(("-n", "--numprocesses", "-pno:xdist")) for arg in extra) \
        or "no:xdist" in extra else ["-n", "auto", *([] if any(arg.startswith("--dist") for arg in extra)
                                                     else ["--dist", "worksteal"])]
    # A page whose renderer died ("Target crashed": Chromium's process, not the page's code) gets its test run once
    # more, and only that: CI saw four such crashes in one run (stop 43); here they came about once in 70 first
    # visits. The rerun is listed in the summary, with Chromium's log of the crash (tests/web/conftest.py).
    # So does a double-tap test whose two taps the machine delivered too far apart to be one (tests/web/test_taps.py).
    reruns = [] if any(arg.startswith("--reruns") for arg in extra) else [
        "--reruns", "1", "--only-rerun", "Target crashed", "--only-rerun", "TapsMadeApart"]
    began = time.monotonic()
    status = subprocess.run([python, "-m", "pytest", *processes, *reruns, *durations, *extra], cwd=ROOT).returncode
    minutes, seconds = divmod(round(time.monotonic() - began), 60)
    log(f"pytest took {minutes} min {seconds:02d} s (wall time)")
    return status
