"""build.py without a browser: the wheel it zips itself, the swap of a new build, quiet tools, a busy port, a
server quiet about a browser hanging up."""

from __future__ import annotations

import base64
import hashlib
import http.server
import importlib.util
import io
import os
import socket
import subprocess
import sys
import threading
import tomllib
import urllib.request
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from buildtools.serving import Server

ROOT = Path(__file__).resolve().parents[2]


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("woundbook_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
INFO = f"woundbook_rules-{PROJECT['version']}.dist-info"


@pytest.fixture(scope="module")
def wheel() -> tuple[str, bytes]:
    name, data = build.wheel_bytes()
    return name, data


def test_the_wheel_is_reproducible(wheel: tuple[str, bytes]) -> None:
    name, data = wheel
    assert name == f"woundbook_rules-{PROJECT['version']}-py3-none-any.whl"
    again = build.wheel_bytes()
    assert again == (name, data), "two builds of the same code must give the same bytes"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
    assert [info.date_time for info in infos] == [(1980, 1, 1, 0, 0, 0)] * len(infos)
    names = [info.filename for info in infos]
    assert names[:-4] == sorted(names[:-4])   # the package's files in order, then the dist-info
    assert names[-1] == f"{INFO}/RECORD"


def test_the_wheel_holds_every_module_and_the_tables(wheel: tuple[str, bytes]) -> None:
    with zipfile.ZipFile(io.BytesIO(wheel[1])) as archive:
        names = set(archive.namelist())
        assert archive.read("rules/api.py") == (ROOT / "rules" / "api.py").read_bytes()
    assert {"rules/__init__.py", "rules/api.py", "rules/systems/data/typed.json",
            "rules/systems/typed/__init__.py"} <= names
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "rules").rglob("*.py")
               if "__pycache__" not in path.parts}
    assert modules <= names, f"modules missing from the wheel: {sorted(modules - names)}"
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert {name.split("/")[0] for name in names} == {"rules", INFO}


def test_the_wheel_has_valid_metadata_and_record(wheel: tuple[str, bytes]) -> None:
    with zipfile.ZipFile(io.BytesIO(wheel[1])) as archive:
        metadata = archive.read(f"{INFO}/METADATA").decode()
        tags = archive.read(f"{INFO}/WHEEL").decode()
        record = archive.read(f"{INFO}/RECORD").decode().splitlines()
        contents = {name: archive.read(name) for name in archive.namelist()}
    assert f"Name: {PROJECT['name']}\n" in metadata
    assert f"Version: {PROJECT['version']}\n" in metadata
    assert metadata.startswith("Metadata-Version: ")
    assert {"Wheel-Version: 1.0", "Root-Is-Purelib: true", "Tag: py3-none-any"} <= set(tags.splitlines())
    rows = dict(line.split(",", 1) for line in record)
    assert set(rows) == set(contents)
    assert rows.pop(f"{INFO}/RECORD") == ","
    for name, row in rows.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(contents[name]).digest()).rstrip(b"=").decode()
        assert row == f"sha256={digest},{len(contents[name])}", name


def test_pip_installs_the_wheel_and_it_imports(wheel: tuple[str, bytes], tmp_path: Path) -> None:
    pytest.importorskip("pip")
    path = tmp_path / wheel[0]
    path.write_bytes(wheel[1])
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--no-compile",
                    "--disable-pip-version-check", "--target", str(target), str(path)],
                   check=True, capture_output=True, timeout=60)
    assert (target / INFO / "RECORD").is_file()
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-c", "import json, rules, rules.api; print(rules.__file__); "
                               "print(json.loads(rules.api.call('systems', '{}'))['ok'])"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=30, check=True)
    location, ok = result.stdout.split()
    assert Path(location).is_relative_to(target) and ok == "True"


def test_a_new_build_is_swapped_in_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for atomic in (True, False):
        site, new = tmp_path / f"site-{atomic}", tmp_path / f"site-{atomic}.new"
        site.mkdir()
        (site / "index.html").write_text("old")
        new.mkdir()
        (new / "index.html").write_text("new")
        if not atomic:
            monkeypatch.setattr(build, "exchange", lambda a, b: False)
        build.swap_in(new, site)
        assert (site / "index.html").read_text() == "new"
        assert (new / "index.html").read_text() == "old"   # the old build, left for the caller to remove
    first, missing = tmp_path / "first.new", tmp_path / "first"
    first.mkdir()
    build.swap_in(first, missing)
    assert missing.is_dir() and not first.exists()


def test_tools_are_quiet_unless_they_fail(capfd: pytest.CaptureFixture[str]) -> None:
    build.quietly([sys.executable, "-c", "import sys; print('npm notice 1'); print('npm notice 2', file=sys.stderr)"],
                  "noisy tool")
    assert capfd.readouterr() == ("", "")
    with pytest.raises(SystemExit) as failure:
        build.quietly([sys.executable, "-c", "import sys; print('the reason', file=sys.stderr); sys.exit(3)"],
                      "failing tool")
    assert "failing tool failed" in str(failure.value) and "the reason" in str(failure.value)


def test_python_m_rules_help_exits_0() -> None:
    for flag in ("--help", "-h"):
        result = subprocess.run([sys.executable, "-m", "rules", flag], cwd=ROOT, capture_output=True, text=True,
                                timeout=30)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("usage: ") and "call METHOD" in result.stdout
    bare = subprocess.run([sys.executable, "-m", "rules"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert bare.returncode == 2 and bare.stderr.startswith("usage: ")


def test_serve_on_a_busy_port_says_so_without_building() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        site = ROOT / "dist" / "site"
        before = site.stat().st_ino if site.exists() else None
        result = subprocess.run([sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port)],
                                cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert f"Port {port} is in use" in result.stderr and "--port " in result.stderr
    assert "[build]" not in result.stderr, "it must not build when it cannot serve"
    assert (site.stat().st_ino if site.exists() else None) == before, "the built site was replaced"


class Failing(http.server.BaseHTTPRequestHandler):
    failure: type[Exception] = BrokenPipeError

    def do_GET(self) -> None:
        raise self.failure("in the middle of the file")

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.parametrize(("failure", "printed"), [(BrokenPipeError, False), (ConnectionResetError, False),
                                                  (ValueError, True)])
def test_the_server_prints_its_failures_but_not_a_browser_hanging_up(failure: type[Exception], printed: bool,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A tab closed mid-download is no failure of the server's (the browser tests' log filled with such tracebacks);
    any other failure still prints its traceback."""
    handler = type("Handler", (Failing,), {"failure": failure})
    with Server(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with pytest.raises(OSError):   # the server closes the connection after handling the failure
            urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/", timeout=30)
        server.shutdown()
    printed_out = capsys.readouterr().err
    assert ("Traceback" in printed_out and failure.__name__ in printed_out) == printed, printed_out
