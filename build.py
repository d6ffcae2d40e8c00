#!/usr/bin/env python3
"""Build Woundbook into a folder of static files, serve it, test it, measure it.

    python build.py          build dist/site/
    python build.py serve    build, then serve dist/site/ at http://127.0.0.1:8000/
    python build.py test     install what the tests need, build, run mypy and every test
    python build.py bench    build, then measure boot, taps, odds and bytes in Chromium

Everything the page needs is vendored into dist/site/ from pinned, hash-checked
downloads (Pyodide and PyScript from the npm registry, micropip from PyPI) kept
in .cache/.  Paths carry versions or content hashes, so a rebuilt file is never
served stale, and every URL is relative, so the site works from a sub-path.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
SITE = ROOT / "dist" / "site"
WEB = ROOT / "web"
CHROMIUM = "/usr/bin/chromium"

PYODIDE = ("pyodide", "314.0.7", "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0")
PYSCRIPT = ("@pyscript/core", "0.7.31", "b2ca1a0c0956aebd990a7c8524cca1eb061444a8319a7264d2f31ef30bea276a")
MICROPIP = ("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
VENDORED_PACKAGES = ("micropip",)   # the lock keeps only what the site serves


def log(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr, flush=True)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified(path: Path, expected: str) -> Path:
    actual = sha256(path)
    if actual != expected:
        path.unlink()
        raise SystemExit(f"{path.name}: sha256 {actual} does not match the pinned {expected}; the file was removed")
    return path


# -- downloads -------------------------------------------------------------------------------

def npm_package(name: str, version: str, expected: str) -> Path:
    """The npm tarball of name@version, from the cache or `npm pack`, verified by hash."""
    CACHE.mkdir(exist_ok=True)
    tarball = CACHE / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        log(f"npm pack {name}@{version}")
        subprocess.run(["npm", "pack", f"{name}@{version}", "--pack-destination", str(CACHE)],
                       check=True, cwd=CACHE, stdout=subprocess.DEVNULL)
    return verified(tarball, expected)


def pypi_wheel(name: str, version: str, expected: str) -> Path:
    """A pure-Python wheel for Pyodide's Python (3.14), from the cache or `pip download`."""
    CACHE.mkdir(exist_ok=True)
    wheel = CACHE / f"{name}-{version}-py3-none-any.whl"
    if not wheel.exists():
        log(f"pip download {name}=={version}")
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--python-version", "3.14",
                        "--only-binary=:all:", f"{name}=={version}", "-d", str(CACHE)],
                       check=True, stdout=subprocess.DEVNULL)
    return verified(wheel, expected)


def unpack(tarball: Path, into: Path, keep: Callable[[str], bool]) -> None:
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            relative = member.name.split("/", 1)[1] if "/" in member.name else member.name
            if member.isfile() and keep(relative):
                target = into / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.extractfile(member) as source, target.open("wb") as sink:  # type: ignore[union-attr]
                    shutil.copyfileobj(source, sink)


# -- the build -------------------------------------------------------------------------------

def build_wheel() -> Path:
    """Our rules wheel, built reproducibly (fixed timestamps) so its hash only changes with its code."""
    out = Path(tempfile.mkdtemp(prefix="woundbook-wheel-"))
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}
    have_backend = all(importlib.util.find_spec(name) for name in ("setuptools", "wheel"))
    isolation = ["--no-build-isolation"] if have_backend else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", str(out), str(ROOT)],
                   check=True, env=env)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    (wheel,) = out.glob("*.whl")
    return wheel


def build() -> dict[str, str]:
    """Build dist/site/ and return the paths the page is templated with."""
    pyodide_tgz = npm_package(*PYODIDE)
    pyscript_tgz = npm_package(*PYSCRIPT)
    micropip = pypi_wheel(*MICROPIP)
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir(parents=True)

    pyodide_dir = SITE / "pyodide" / PYODIDE[1]
    unpack(pyodide_tgz, pyodide_dir, lambda name: name in PYODIDE_FILES + ("pyodide-lock.json",))
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    lock["packages"] = {name: lock["packages"][name] for name in VENDORED_PACKAGES}
    shutil.copy(micropip, pyodide_dir / micropip.name)
    # PyPI's micropip is not byte-identical to Pyodide's own build: trust the file we verified.
    lock["packages"]["micropip"].update(file_name=micropip.name, sha256=sha256(micropip))
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))

    pyscript_dir = SITE / "pyscript" / PYSCRIPT[1]
    unpack(pyscript_tgz, SITE / "pyscript" / "tmp", lambda name: name.startswith("dist/") and not name.endswith(".map"))
    (SITE / "pyscript" / "tmp" / "dist").rename(pyscript_dir)
    shutil.rmtree(SITE / "pyscript" / "tmp")

    wheel = build_wheel()
    wheel_dir = SITE / "wheels" / sha256(wheel)[:16]
    wheel_dir.mkdir(parents=True)
    shutil.copy(wheel, wheel_dir / wheel.name)
    shutil.rmtree(wheel.parent)

    paths = {
        "PYODIDE": f"./pyodide/{PYODIDE[1]}/pyodide.mjs",
        "PYSCRIPT_DIR": f"./pyscript/{PYSCRIPT[1]}",
        "WHEEL": f"./{wheel_dir.relative_to(SITE).as_posix()}/{wheel.name}",
        "VERSION": version(),
    }
    for source in sorted(WEB.rglob("*")):
        if source.is_file() and source.name != "sw.js":
            target = SITE / source.relative_to(WEB)
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.suffix in (".html", ".json", ".js", ".py", ".webmanifest", ".css"):
                target.write_text(template(source.read_text(encoding="utf-8"), paths), encoding="utf-8")
            else:
                shutil.copy(source, target)
    (SITE / "pyscript.json").write_text(json.dumps({
        "interpreter": paths["PYODIDE"],
        "files": {paths["WHEEL"]: "./*"},
    }, indent=1))
    write_service_worker()
    log(f"built {SITE.relative_to(ROOT)}: {sum(1 for p in SITE.rglob('*') if p.is_file())} files, "
        f"{sum(p.stat().st_size for p in SITE.rglob('*') if p.is_file()) / 1e6:.1f} MB")
    return paths


def template(text: str, paths: dict[str, str]) -> str:
    for key, value in paths.items():
        text = text.replace("{{" + key + "}}", value)
    if "{{" in text and "}}" in text.split("{{", 1)[1]:
        name = text.split("{{", 1)[1].split("}}", 1)[0]
        if name.isupper():
            raise SystemExit(f"unknown template field {{{{{name}}}}}")
    return text


def version() -> str:
    for line in (ROOT / "rules" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split('"')[1]
    raise SystemExit("rules/__init__.py has no __version__")


def write_service_worker() -> None:
    """sw.js: precache every file of the build under a cache named by the build's content hash."""
    files = sorted(p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + sha256(SITE / name).encode())
    text = (WEB / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"{{CACHE_NAME}}"', json.dumps(f"woundbook-{digest.hexdigest()[:16]}"))
    text = text.replace('["{{PRECACHE}}"]', json.dumps(["./"] + [f"./{name}" for name in files]))
    (SITE / "sw.js").write_text(text, encoding="utf-8")
    result = subprocess.run(["node", "--check", str(SITE / "sw.js")], capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"the generated sw.js does not parse:\n{result.stderr}")


# -- serve -----------------------------------------------------------------------------------

class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with revalidation: unversioned files (index.html, js, sw.js) must never be stale."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json", ".whl": "application/zip"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(port: int = 8000) -> None:
    handler = functools.partial(Handler, directory=str(SITE))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Woundbook is served at http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


# -- test ------------------------------------------------------------------------------------

def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        log("installing Debian's chromium")
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True)
        return
    raise SystemExit(f"{CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium)")


def test(extra: list[str]) -> int:
    log("installing the test extras")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "setuptools>=68", "wheel", "-e", f"{ROOT}[test]"], check=True)
    ensure_chromium()
    build()
    log("mypy")
    if subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT).returncode:
        return 1
    log("pytest")
    return subprocess.run([sys.executable, "-m", "pytest", *extra], cwd=ROOT).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--runs", type=int, default=5, help="bench: fresh browser profiles per figure")
    args, extra = parser.parse_known_args()
    if args.command == "test":
        return test(extra)
    build()
    if args.command == "serve":
        serve(args.port)
    elif args.command == "bench":
        sys.path.insert(0, str(ROOT))
        from tests.bench import run_bench  # the bench drives Chromium like the browser tests do
        print(json.dumps(run_bench(SITE, runs=args.runs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
