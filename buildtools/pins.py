"""The runtimes and tools the site is built from, pinned by version and sha256, and how each is fetched into .cache/
and checked: Pyodide, PyScript, esbuild and fflate from the npm registry, micropip and the QR code generator from PyPI.

Every pin is in this file, so the Pages workflow keys its download cache on it (and on build.py): a changed pin
starts from an empty cache, and a download of another pin is never reused."""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import shutil
import sys
import tarfile
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import CACHE, log, quietly, sha256

PYODIDE = ("pyodide", "314.0.7", "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0")
PYSCRIPT = ("@pyscript/core", "0.7.31", "b2ca1a0c0956aebd990a7c8524cca1eb061444a8319a7264d2f31ef30bea276a")
MICROPIP = ("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
# The share dialog's QR code generator, installed with micropip on the first opening of the dialog, never on the
# boot path: Project Nayuki's qrcodegen (MIT), one pure-Python module of 39 KB that imports only collections,
# itertools, re and typing, which the trimmed standard library keeps anyway (segno's package imports gzip and
# xml.sax as it loads, which it does not). It is shipped with web/qr_matrix.py, the few lines that call it.
QR_GENERATOR = ("qrcodegen", "1.8.0", "06bf87021bc351f1c6e722ac67db8a059c4fe27bbfbca39ed7a9a2364abdd7a6")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The page's modules are bundled, so a return visit fetches two files before it draws the saved cards, not ten.
# esbuild's native binary comes from the npm registry like Pyodide; one pin per machine it can build on.
ESBUILD = {
    "x86_64": ("@esbuild/linux-x64", "0.28.2", "9573bb2233aab0f9ea7647d5cca9726113cc1768de61d66b17267f4db84488f6"),
    "aarch64": ("@esbuild/linux-arm64", "0.28.2", "a96dbfa41d3ef5dbd1ef22b1c10d5187be9267e86093a870f06402a7ec931596"),
}

# zlib's inflate for the players' page, which reads a link in one synchronous call (js/unzlib.js): fflate (MIT), whose
# ES module esbuild bundles, keeping only the streaming Inflate the page imports. Node's tests import it from the
# same folder (fflate() below).
FFLATE = ("fflate", "0.8.3", "38c2cd824402407b43153c782274aec2ea83ea688e4aa0b743c5f2c305857d92")


def verified(path: Path, expected: str) -> Path:
    actual = sha256(path)
    if actual != expected:
        path.unlink()
        raise SystemExit(f"{path.name}: sha256 {actual} does not match the pinned {expected}; the file was removed")
    return path


def npm_package(name: str, version: str, expected: str) -> Path:
    """The npm tarball of name@version, from the cache or `npm pack`, verified by hash."""
    CACHE.mkdir(exist_ok=True)
    tarball = CACHE / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        if not shutil.which("npm"):
            raise SystemExit("npm is missing: install Node.js and npm (sudo apt-get install -y nodejs npm)")
        log(f"npm pack {name}@{version}")
        # npm prints its "npm notice" lines on stderr: keep them unless the download fails.
        quietly(["npm", "pack", f"{name}@{version}", "--pack-destination", str(CACHE)],
                f"npm pack {name}@{version}", cwd=CACHE)
    return verified(tarball, expected)


def pypi_wheel(name: str, version: str, expected: str) -> Path:
    """A pure-Python wheel from PyPI, from the cache, `pip download` or PyPI's JSON API, verified by hash."""
    CACHE.mkdir(exist_ok=True)
    wheel = CACHE / f"{name}-{version}-py3-none-any.whl"
    if not wheel.exists():
        if importlib.util.find_spec("pip"):
            log(f"pip download {name}=={version}")
            quietly([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                     "--python-version", "3.14", "--only-binary=:all:", f"{name}=={version}", "-d", str(CACHE)],
                    f"pip download {name}=={version}")
        else:
            download_from_pypi(name, version, wheel)
    return verified(wheel, expected)


def download_from_pypi(name: str, version: str, wheel: Path) -> None:
    """Fetch wheel.name from PyPI without pip: its JSON API names the file's URL."""
    log(f"download {wheel.name} from PyPI")
    api = f"https://pypi.org/pypi/{name}/{version}/json"
    partial = wheel.with_name(wheel.name + ".part")
    try:
        try:
            files = read_json(api)["urls"]
        except urllib.error.HTTPError as error:   # some mirrors serve only the project's page
            if error.code != 404:
                raise
            api = f"https://pypi.org/pypi/{name}/json"
            files = read_json(api)["releases"].get(version, [])
        urls = [entry["url"] for entry in files if entry["filename"] == wheel.name]
        if not urls:
            raise SystemExit(f"PyPI lists no {wheel.name} ({api})")
        with urllib.request.urlopen(urls[0], timeout=300) as response, partial.open("wb") as sink:
            shutil.copyfileobj(response, sink)
        partial.replace(wheel)
    except (OSError, ValueError, KeyError) as error:
        partial.unlink(missing_ok=True)
        raise SystemExit(f"could not download {wheel.name} from PyPI ({api}): {error}") from None


def read_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.load(response)


def unpack(tarball: Path, into: Path, keep: Callable[[str], bool]) -> None:
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            relative = member.name.split("/", 1)[1] if "/" in member.name else member.name
            if member.isfile() and keep(relative):
                target = into / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.extractfile(member) as source, target.open("wb") as sink:  # type: ignore[union-attr]
                    shutil.copyfileobj(source, sink)


def esbuild() -> Path:
    """esbuild's binary for this machine, unpacked from its verified npm tarball into .cache/."""
    machine = platform.machine()
    if machine not in ESBUILD:
        raise SystemExit(f"no esbuild is pinned for a {machine} machine (buildtools/pins.py's ESBUILD has {', '.join(ESBUILD)})")
    name, version_pin, expected = ESBUILD[machine]
    tarball = npm_package(name, version_pin, expected)
    binary = CACHE / f"esbuild-{version_pin}-{machine}"
    if not binary.exists():
        with tarfile.open(tarball) as archive:
            member = archive.extractfile("package/bin/esbuild")
            if member is None:
                raise SystemExit(f"{tarball.name} has no package/bin/esbuild")
            part = binary.with_name(binary.name + ".part")
            part.write_bytes(member.read())
        part.chmod(0o755)
        part.rename(binary)
    return binary


def fflate() -> Path:
    """fflate's package (package.json, LICENSE and its ES modules), unpacked from its verified npm tarball into
    .cache/, to be put in a node_modules/ folder beside what imports it."""
    name, version_pin, expected = FFLATE
    tarball = npm_package(name, version_pin, expected)
    folder = CACHE / f"{name}-{version_pin}"
    if not folder.exists():
        part = folder.with_name(f"{folder.name}.{os.getpid()}.part")   # test workers may unpack it at once
        unpack(tarball, part, lambda relative: relative in ("package.json", "LICENSE") or relative.startswith("esm/"))
        try:
            part.rename(folder)
        except OSError:
            if not folder.exists():
                raise
            shutil.rmtree(part)
    return folder
