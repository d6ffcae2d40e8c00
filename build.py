#!/usr/bin/env python3
"""Build Woundbook into a folder of static files, serve it, test it, measure it.

    python3 build.py          build dist/site/
    python3 build.py serve    build, then serve dist/site/ at http://127.0.0.1:8000/ (--port to change)
    python3 build.py test     make .venv/ with the test extras, build, run mypy and every test
                              (arguments after `test` go to pytest)
    python3 build.py bench    build, then measure boot, taps, odds and bytes in Chromium (runs in .venv/)

Everything the page needs is vendored into dist/site/ from pinned, hash-checked
downloads (Pyodide and PyScript from the npm registry, micropip and a QR code
generator from PyPI) kept in .cache/, and the page's modules are bundled by
esbuild (from the npm registry too).  Paths carry versions or content hashes,
so a rebuilt file is never served stale, and every URL is relative, so the site
works from a sub-path.

Building needs only the standard library and Node.js with npm: our own wheel is
zipped here, and micropip comes from PyPI with pip when there is one, with
urllib when not.  Each build goes to a folder next to dist/site/ and is swapped
in whole, so a server already serving dist/site/ never sees half a build.  The
tests' packages go into .venv/, never into the interpreter running this file.
"""

from __future__ import annotations

import argparse
import base64
import ctypes
import errno
import fnmatch
import functools
import gzip
import hashlib
import html.parser
import http.server
import importlib.util
import io
import json
import os
import platform
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
SITE = ROOT / "dist" / "site"
WEB = ROOT / "web"
PYTHON_MODULES = WEB / "python-modules.txt"   # what the page imports: kept in the trimmed stdlib, pre-imported in the snapshot
QR_MODULE = WEB / "qr_matrix.py"   # text in, a QR code's modules out: shipped beside the generator, not in the rules
VENV = ROOT / ".venv"
VENV_STAMP = VENV / "woundbook-installed.sha256"   # pyproject.toml's hash when the extras were last installed
CHROMIUM = "/usr/bin/chromium"
ZBARIMG = "/usr/bin/zbarimg"   # the QR code tests read the codes the page draws with Debian's zbar-tools

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
# The modules a browser loads by name: the page's own, PyScript's interpreter module, and the two Workers'.
PAGE_ENTRIES = ("boot.js", "app.js", "interpreter.js")
WORKER_ENTRIES = ("snapshot-reader.js", "snapshot-worker.js")
VENDORED_PACKAGES = ("micropip",)   # the lock keeps only what the site serves
WHEEL_DATE = (1980, 1, 1, 0, 0, 0)  # every member of our wheel carries this time, so its hash follows its content


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


def quietly(command: list[str], what: str, **kwargs: Any) -> None:
    """Run a command with its output captured; show that output only if it fails."""
    result = subprocess.run(command, capture_output=True, text=True, errors="replace", **kwargs)
    if result.returncode:
        output = "\n".join(part.strip() for part in (result.stdout, result.stderr) if part.strip())
        raise SystemExit(f"{what} failed (exit status {result.returncode}):\n{output}")


# -- downloads -------------------------------------------------------------------------------

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


# -- our wheel -------------------------------------------------------------------------------

def project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def wheel_members(config: dict[str, Any]) -> list[str]:
    """What setuptools would put in the wheel, per pyproject.toml: every module of every package found
    under the `include` patterns (a package is a folder with an __init__.py, inside a package), plus each
    package's package-data globs."""
    setuptools = config.get("tool", {}).get("setuptools", {})
    patterns: list[str] = setuptools.get("packages", {}).get("find", {}).get("include", [])
    tops = sorted({pattern.split(".")[0] for pattern in patterns})
    packages: list[str] = []

    def walk(folder: Path, dotted: str) -> None:
        if "." in folder.name or not (folder / "__init__.py").is_file():
            return
        if any(fnmatch.fnmatchcase(dotted, pattern) for pattern in patterns):
            packages.append(dotted)
        for child in sorted(folder.iterdir()):
            if child.is_dir():
                walk(child, f"{dotted}.{child.name}")

    for top in tops:
        walk(ROOT / top, top)
    members: set[str] = set()
    for package in packages:
        folder = ROOT / package.replace(".", "/")
        members.update(path.relative_to(ROOT).as_posix() for path in folder.glob("*.py") if path.is_file())
        for glob in setuptools.get("package-data", {}).get(package, []):
            members.update(path.relative_to(ROOT).as_posix() for path in folder.glob(glob) if path.is_file())
    return sorted(members)


def wheel_metadata(meta: dict[str, Any]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {meta['version']}",
    ]
    if "description" in meta:
        lines.append(f"Summary: {meta['description']}")
    if "requires-python" in meta:
        lines.append(f"Requires-Python: {meta['requires-python']}")
    lines += [f"Requires-Dist: {requirement}" for requirement in meta.get("dependencies", [])]
    for extra, requirements in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {requirement}; extra == "{extra}"' for requirement in requirements]
    return "\n".join(lines) + "\n"


def wheel_bytes() -> tuple[str, bytes]:
    """Our rules wheel, zipped with the standard library: (file name, bytes).

    Reproducible: members in a fixed order, with fixed times and modes, so two builds of the same
    code give the same bytes.  The long description (the README) is left out, so editing the README
    does not change the wheel's hash and path."""
    config = project()
    meta = config["project"]
    distribution = re.sub(r"[-_.]+", "_", meta["name"]).lower()
    version = meta["version"]
    info = f"{distribution}-{version}.dist-info"
    sources = wheel_members(config)
    files = [(name, (ROOT / name).read_bytes()) for name in sources]
    tops = sorted({name.split("/")[0] for name in sources})
    files += [
        (f"{info}/METADATA", wheel_metadata(meta).encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: woundbook build.py\nRoot-Is-Purelib: true\n"
                          b"Tag: py3-none-any\n"),
        (f"{info}/top_level.txt", "".join(f"{top}\n" for top in tops).encode()),
    ]
    record = "".join(
        f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}\n"
        for name, data in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    return f"{distribution}-{version}-py3-none-any.whl", reproducible_zip(files)


def reproducible_zip(files: list[tuple[str, bytes]]) -> bytes:
    """A zip archive of (name, bytes) in the order given, with fixed times and modes: the same files give the
    same bytes on any machine."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files:
            member = zipfile.ZipInfo(name, date_time=WHEEL_DATE)
            member.create_system = 3                # Unix, whatever builds it
            member.external_attr = 0o100644 << 16   # a regular file, rw-r--r--
            member.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(member, data, compresslevel=9)
    return buffer.getvalue()


def write_hashed(into: Path, name: str, data: bytes) -> Path:
    """Write data to into/<first 16 hex digits of its sha256>/<name> and return its path: a new content is a new
    address, so no cache can pair a page with an old copy."""
    folder = into / hashlib.sha256(data).hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return folder / name


def build_wheel(into: Path) -> Path:
    """Write our wheel to into/<hash>/<name> and return its path."""
    return write_hashed(into, *wheel_bytes())


# Run by Node at build time: the page's own Python (the built site's Pyodide) compiles every module of the wheel
# and prints {path: base64 of its .pyc}. The .pyc files are checked-hash ones (PEP 552): Python uses one only
# while its source hashes the same, and compiles the source as before otherwise, or when its version differs.
# Without column positions (PYTHONNODEBUGRANGES): a quarter smaller, and tracebacks keep their line numbers. Without
# docstrings, which the page never reads (help() and doctests run from the sources): a docstring is left out (or is
# `pass` where it was all a body held); every other line keeps its number.
COMPILE_WHEEL = """
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
const [folder, wheel] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/`, env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "zip", { extractDir: "/wheel" });
process.stdout.write(pyodide.runPython(`
import ast, base64, importlib.util, json, os
from importlib._bootstrap_external import _code_to_hash_pyc
def stripped(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree
compiled = {}
for folder, _, names in sorted(os.walk("/wheel")):
    for name in sorted(names):
        if name.endswith(".py"):
            path = os.path.join(folder, name)
            with open(path, "rb") as file:
                source = file.read()
            tree = stripped(ast.parse(source, os.path.relpath(path, "/wheel")))
            code = compile(tree, os.path.relpath(path, "/wheel"), "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)
            compiled[os.path.relpath(importlib.util.cache_from_source(path), "/wheel")] = base64.b64encode(pyc).decode()
json.dumps(compiled, sort_keys=True)
`));
"""


def bytecode_bytes(pyodide_dir: Path, wheel: Path) -> tuple[str, bytes]:
    """The wheel's modules compiled by the page's own Python, as a zip of their __pycache__ files: importing the
    rules from these skips compiling them: 93 ms instead of 162 on a first visit (medians of 9)."""
    result = subprocess.run(["node", "--input-type=module", "-e", COMPILE_WHEEL, str(pyodide_dir), str(wheel)],
                            capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"the page's Python could not compile the rules:\n{result.stderr[-2000:]}")
    compiled: dict[str, str] = json.loads(result.stdout)
    name = wheel.name.removesuffix("-py3-none-any.whl") + "-bytecode.gz"
    return name, bundle([(path, base64.b64decode(data)) for path, data in sorted(compiled.items())])


def bundle(files: list[tuple[str, bytes]]) -> bytes:
    """Files end to end behind their index (4 bytes of its length, then JSON [[name, size], ...]), gzipped as one
    stream: the modules share names and strings, which a zip's file-by-file deflate cannot (the rules' bytecode:
    460 KB as a zip, 394 KB so). No time in the header: the same files give the same bytes."""
    index = json.dumps([[name, len(data)] for name, data in files]).encode()
    return gzip.compress(len(index).to_bytes(4, "little") + index + b"".join(data for _, data in files),
                         compresslevel=9, mtime=0)


def unbundle(packed: bytes) -> list[tuple[str, bytes]]:
    """The files of a :func:`bundle`, in order."""
    body = gzip.decompress(packed)
    length = int.from_bytes(body[:4], "little")
    at, files = 4 + length, []
    for name, size in json.loads(body[4:at]):
        files.append((name, body[at:at + size]))
        at += size
    return files


# -- the build -------------------------------------------------------------------------------

def build() -> dict[str, str]:
    """Build dist/site/ and return the paths the page is templated with.

    The build goes to a fresh folder next to dist/site/, which is then swapped in, so a server
    serving dist/site/ sees the old build or the new one, never a mixture."""
    pyodide_tgz = npm_package(*PYODIDE)
    pyscript_tgz = npm_package(*PYSCRIPT)
    micropip = pypi_wheel(*MICROPIP)
    qr_generator = pypi_wheel(*QR_GENERATOR)
    SITE.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"{SITE.name}.new-", dir=SITE.parent))
    try:
        staging.chmod(0o755)
        paths = assemble(staging, pyodide_tgz, pyscript_tgz, micropip, qr_generator)
        files = [p for p in staging.rglob("*") if p.is_file()]
        summary = f"{len(files)} files, {sum(p.stat().st_size for p in files) / 1e6:.1f} MB"
        swap_in(staging, SITE)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    log(f"built {SITE.relative_to(ROOT)}: {summary}")
    return paths


def assemble(site: Path, pyodide_tgz: Path, pyscript_tgz: Path, micropip: Path, qr_generator: Path) -> dict[str, str]:
    staged = site / "pyodide" / "staged"
    unpack(pyodide_tgz, staged, lambda name: name in PYODIDE_FILES + ("pyodide-lock.json",))
    lock = json.loads((staged / "pyodide-lock.json").read_text())
    lock["packages"] = {name: lock["packages"][name] for name in VENDORED_PACKAGES}
    shutil.copy(micropip, staged / micropip.name)
    # PyPI's micropip is not byte-identical to Pyodide's own build: trust the file we verified.
    lock["packages"]["micropip"].update(file_name=micropip.name, sha256=sha256(micropip))
    (staged / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    stdlib = staged / "python_stdlib.zip"
    kept = trim_stdlib(stdlib.read_bytes(), [*python_modules(), *wheel_imports(micropip), *qr_imports(qr_generator)])
    stdlib.write_bytes(kept)
    # The folder is named by its content as well as Pyodide's version: the trimmed archive changes with what the
    # page imports, and a browser must never pair a new page with an old archive.
    digest = hashlib.sha256()
    for file in sorted(staged.iterdir()):
        digest.update(file.name.encode() + b"\0" + sha256(file).encode())
    pyodide_dir = site / "pyodide" / f"{PYODIDE[1]}-{digest.hexdigest()[:10]}"
    staged.rename(pyodide_dir)

    pyscript_dir = site / "pyscript" / PYSCRIPT[1]
    unpack(pyscript_tgz, site / "pyscript" / "tmp", lambda name: name.startswith("dist/") and not name.endswith(".map"))
    (site / "pyscript" / "tmp" / "dist").rename(pyscript_dir)
    shutil.rmtree(site / "pyscript" / "tmp")

    wheel = build_wheel(site / "wheels")
    bytecode = write_hashed(site / "wheels", *bytecode_bytes(pyodide_dir, wheel))
    paths = {
        "PYODIDE_DIR": pyodide_dir.name,
        "PYSCRIPT_VERSION": PYSCRIPT[1],
        "SNAPSHOT_KEY": snapshot_key(pyodide_dir, wheel, bytecode),
        "PYSCRIPT_DIR": f"./pyscript/{PYSCRIPT[1]}",
        "WHEEL": f"./{wheel.relative_to(site).as_posix()}",
        "BYTECODE": f"./{bytecode.relative_to(site).as_posix()}",
        "VERSION": version(),
        **ship_qr_generator(site, qr_generator),
    }
    paths["PYTHON_MODULES"] = '", "'.join(python_modules())
    bundle_scripts(site / "js", paths)
    # What boot.js, app.js and interpreter.js import, and interpreter.js itself, is asked for with the page (boot.js
    # and app.js are its scripts), not once each import is read.
    paths["MODULE_PRELOADS"] = "\n  ".join(
        f'<link rel="modulepreload" href="js/{module.name}">' for module in sorted((site / "js").glob("*.js"))
        if module.name not in ("boot.js", "app.js", *WORKER_ENTRIES))
    # In the page itself, not a pyscript.json: PyScript need not fetch it before it starts Python.
    paths["PYSCRIPT_CONFIG"] = json.dumps({
        "interpreter": "./js/interpreter.js",   # Pyodide's loadPyodide, restoring a memory snapshot when it can
    })
    for source in sorted(WEB.rglob("*")):
        if source.is_file() and source.name not in ("sw.js", PYTHON_MODULES.name, QR_MODULE.name) and source.parent != WEB / "js":
            target = site / source.relative_to(WEB)
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.suffix in (".html", ".json", ".js", ".py", ".webmanifest", ".css"):
                target.write_text(template(source.read_text(encoding="utf-8"), paths), encoding="utf-8")
            else:
                shutil.copy(source, target)
    check_page_policy((site / "index.html").read_text(encoding="utf-8"))
    write_service_worker(site)
    return paths


def ship_qr_generator(site: Path, generator: Path) -> dict[str, str]:
    """The share dialog's QR code generator and web/qr_matrix.py, in qr/ under paths named by their content (js/qr.js
    installs them on the dialog's first opening, and the service worker precaches them with every other file, so
    they work offline), apart from wheels/, which holds the rules alone: the paths the page is templated with."""
    wheel = write_hashed(site / "qr", generator.name, generator.read_bytes())
    module = write_hashed(site / "qr", QR_MODULE.name, QR_MODULE.read_bytes())
    return {"QR_WHEEL": f"./{wheel.relative_to(site).as_posix()}", "QR_MODULE": f"./{module.relative_to(site).as_posix()}"}


def qr_imports(generator: Path) -> list[str]:
    """What the QR code's Python imports (the generator's wheel and web/qr_matrix.py), so that the trimmed
    standard library keeps it as it keeps micropip's. Today that adds nothing: the rules import all of it already."""
    text = QR_MODULE.read_text(encoding="utf-8").splitlines()
    return sorted({*wheel_imports(generator), *imported_names(text, QR_MODULE.stem, False)})


class PagePolicyReader(html.parser.HTMLParser):
    """What in a page its Content-Security-Policy (a <meta http-equiv>) would refuse or miss: ``problems``."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.policy: str | None = None
        self.before_policy: list[str] = []   # elements that load or run something, met before the policy
        self.inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        if tag == "meta" and values.get("http-equiv", "").lower() == "content-security-policy":
            if self.policy is not None:
                self.problems.append("the page has two Content-Security-Policy <meta> elements")
            self.policy = values.get("content", "")
            if "'unsafe-eval'" in self.policy.lower().replace(";", " ").split():
                # The page compiles nothing from text; a tool that evaluates text in it bypasses the policy itself.
                self.problems.append("'unsafe-eval' in the policy (the page runs no eval; tools bypass the policy)")
        elif tag in ("script", "link", "style", "img") and self.policy is None:
            self.before_policy.append(tag)
        if tag == "script" and "src" not in values:
            # PyScript would read an inline <script type="py"> through a blob: URL, which the policy refuses too.
            self.problems.append("an inline <script> (put it in a file under web/js/; the policy runs no inline script)")
        if tag == "style":
            self.problems.append("a <style> element (put it in app.css; the policy applies no <style> element)")
        for name, value in values.items():
            if name.startswith("on"):
                self.problems.append(f"an inline event handler <{tag} {name}=...> (add a listener in web/js/)")
            if name in ("href", "src", "action", "formaction") and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"a javascript: URL in <{tag} {name}>")


def check_page_policy(page: str) -> None:
    """Refuse a page its own Content-Security-Policy would break: the policy must come before anything it governs,
    and the page must hold no inline script, <style> element, inline event handler or javascript: URL, which the
    policy refuses silently in the browser (and the browser tests would only see as something not working).
    Refuse a policy that allows 'unsafe-eval' too: nothing in the page needs it (tests/web/test_csp.py)."""
    reader = PagePolicyReader()
    reader.feed(page)
    problems = list(reader.problems)
    if reader.policy is None:
        problems.append("no Content-Security-Policy <meta> in its <head>")
    elif reader.before_policy:
        problems.append(f"<{reader.before_policy[0]}> before the Content-Security-Policy <meta>, which it does not govern")
    if problems:
        raise SystemExit("web/index.html breaks its own Content-Security-Policy:\n" + "\n".join(f"- {p}" for p in problems))


def esbuild() -> Path:
    """esbuild's binary for this machine, unpacked from its verified npm tarball into .cache/."""
    machine = platform.machine()
    if machine not in ESBUILD:
        raise SystemExit(f"no esbuild is pinned for a {machine} machine (build.py's ESBUILD has {', '.join(ESBUILD)})")
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


def bundle_scripts(out: Path, paths: dict[str, str]) -> None:
    """Template web/js/ and bundle it into out/: one file per entry module, and the code two entries share
    (the snapshot's, the wheel's) in chunks named by their content, so each is loaded once. Pyodide and PyScript
    stay outside, imported by the paths the page already uses. The code is not minified: it stays readable."""
    with tempfile.TemporaryDirectory(prefix="woundbook-js-") as scratch:
        # Bundled from scratch/web/js/ with scratch as the working folder, so the output names its sources
        # "web/js/view.js", and the same sources always give the same bytes.
        sources = Path(scratch) / "web" / "js"
        sources.mkdir(parents=True)
        for source in sorted((WEB / "js").glob("*.js")):
            (sources / source.name).write_text(template(source.read_text(encoding="utf-8"), paths), encoding="utf-8")
        result = subprocess.run(
            [str(esbuild()), *(f"web/js/{entry}" for entry in PAGE_ENTRIES + WORKER_ENTRIES), "--bundle", "--splitting",
             "--format=esm", f"--outdir={out.resolve()}", "--chunk-names=chunk-[hash]", "--external:../pyodide/*",
             "--external:../pyscript/*", "--charset=utf8", "--log-level=warning"],
            capture_output=True, text=True, cwd=scratch)
    if result.returncode:
        raise SystemExit(f"esbuild could not bundle web/js/:\n{result.stderr}")


# -- the standard library, trimmed ----------------------------------------------------------

IMPORT = re.compile(r"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w, \t*]+))")
RUNTIME_PACKAGES = ("pyodide", "_pyodide")
ALWAYS_KEPT = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.unicode_escape",
               "encodings.raw_unicode_escape", "_sysconfigdata__emscripten_wasm32-emscripten")


def module_level_lines(source: str) -> list[str]:
    """The lines of ``source`` that run when it is imported: everything outside a function's body (so imports
    under a module-level ``try`` or ``if`` count, and imports inside functions do not)."""
    lines, body = [], None
    for line in source.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        if body is not None and indent > body:
            continue
        body = indent if stripped.startswith(("def ", "async def ")) else None
        lines.append(line)
    return lines


def imported_names(lines: list[str], module: str, is_package: bool) -> set[str]:
    """Every module the import statements in ``lines`` may name, relative imports resolved against ``module``."""
    names: set[str] = set()
    for line in lines:
        found = IMPORT.match(line)
        if not found:
            continue
        plain, base, items = found.groups()
        if plain:
            names.update(part.split(" as ")[0].strip() for part in plain.split(","))
            continue
        level = len(base) - len(base.lstrip("."))
        if level:
            parts = module.split(".") if is_package else module.split(".")[:-1]
            parts = parts[:len(parts) - (level - 1)] if level > 1 else parts
            base = ".".join([*parts, base.lstrip(".")]).strip(".")
        names.add(base)
        names.update(f"{base}.{item.split(' as ')[0].strip()}" for item in items.split(",") if item.strip() not in ("", "*"))
    return {name for name in names if name}


def trim_stdlib(archive: bytes, roots: list[str]) -> bytes:
    """python_stdlib.zip with only the modules the page imports (``roots``, traced), Pyodide's own packages
    (with everything they import, in functions too), ALWAYS_KEPT, whatever those import when they are
    imported, and the packages around them. Otherwise an import inside a function of a kept module is not
    followed: the roots are what the page was seen to import, and the browser tests run against this archive."""
    with zipfile.ZipFile(io.BytesIO(archive)) as source:
        files = {info.filename: source.read(info) for info in source.infolist() if not info.is_dir()}
    modules: dict[str, str] = {}
    for name in files:
        if name.endswith(".py"):
            dotted = name[:-3].replace("/", ".")
            modules[dotted.removesuffix(".__init__")] = name
    wanted = [*roots, *ALWAYS_KEPT]
    wanted += [module for module in modules if module.split(".")[0] in RUNTIME_PACKAGES]
    kept: set[str] = set()
    while wanted:
        module = wanted.pop()
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):
            name = ".".join(parts[:depth])
            if name in modules and name not in kept:
                kept.add(name)
                path = modules[name]
                text = files[path].decode("utf-8", "replace")
                # Pyodide's own packages are the runtime: what their functions import (tarfile, to load a
                # package) is kept too.
                lines = text.splitlines() if parts[0] in RUNTIME_PACKAGES else module_level_lines(text)
                wanted.extend(imported_names(lines, name, path.endswith("__init__.py")))
    paths = sorted(modules[name] for name in kept) + ["site-packages/README.txt"]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        folders = sorted({"/".join(path.split("/")[:depth]) + "/" for path in paths for depth in range(1, path.count("/") + 1)})
        for folder in folders:
            target.writestr(zipfile.ZipInfo(folder, date_time=WHEEL_DATE), b"")
        for path in paths:
            member = zipfile.ZipInfo(path, date_time=WHEEL_DATE)
            member.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(member, files[path], compresslevel=9)
    return buffer.getvalue()


def wheel_imports(wheel: Path) -> list[str]:
    """Every module a pure-Python wheel's code imports, in functions too (micropip's, so that it still works on
    the trimmed library when the page asks for it)."""
    with zipfile.ZipFile(wheel) as archive:
        return sorted({name for member in archive.namelist() if member.endswith(".py")
                       for name in imported_names(archive.read(member).decode("utf-8", "replace").splitlines(),
                                                  member[:-3].replace("/", "."), member.endswith("__init__.py"))})


def python_modules() -> list[str]:
    """The standard-library modules the page imports, from web/python-modules.txt."""
    lines = PYTHON_MODULES.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def snapshot_key(pyodide_dir: Path, wheel: Path, bytecode: Path) -> str:
    """What a stored memory snapshot must have been made from: the runtime's files, the rules wheel and its
    bytecode, the modules imported into it and the code that makes it. A build that changes any of them stores a
    new snapshot instead of restoring an old one."""
    digest = hashlib.sha256()
    for file in [*(pyodide_dir / name for name in PYODIDE_FILES), wheel, bytecode, PYTHON_MODULES,
                 *(WEB / "js" / name for name in ("snapshot-worker.js", "wheel.js"))]:
        digest.update(file.name.encode() + b"\0" + sha256(file).encode())
    return digest.hexdigest()[:16]


def swap_in(new: Path, site: Path) -> None:
    """Put the folder `new` at `site`; whatever was at `site` ends up at `new` (for the caller to remove)."""
    if not site.exists():
        new.rename(site)
        return
    if exchange(new, site):
        return
    old = Path(tempfile.mkdtemp(prefix=f"{site.name}.old-", dir=site.parent))
    site.rename(old)     # replaces the empty folder `old`
    new.rename(site)
    old.rename(new)


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux's renameat2 with RENAME_EXCHANGE); False where that is not possible."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    return int(renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)) == 0


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


def write_service_worker(site: Path) -> None:
    """sw.js: precache every file of the build under a cache named by the build's content hash."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + sha256(site / name).encode())
    text = (WEB / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"{{CACHE_NAME}}"', json.dumps(f"woundbook-{digest.hexdigest()[:16]}"))
    text = text.replace('["{{PRECACHE}}"]', json.dumps(["./"] + [f"./{name}" for name in files]))
    (site / "sw.js").write_text(text, encoding="utf-8")
    if not shutil.which("node"):
        raise SystemExit("node is missing: install Node.js and npm (sudo apt-get install -y nodejs npm)")
    result = subprocess.run(["node", "--check", str(site / "sw.js")], capture_output=True, text=True)
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


class Server(http.server.ThreadingHTTPServer):
    """Never shares its port: a second `serve` on the same port must fail to bind, not split the traffic."""

    allow_reuse_address = True
    allow_reuse_port = False
    daemon_threads = True


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def serve(port: int = 8000) -> int:
    """Take the port first, then build, then serve: a busy port is reported before any build."""
    handler = functools.partial(Handler, directory=str(SITE))
    try:
        server = Server(("127.0.0.1", port), handler)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            other = next((p for p in range(port + 1, min(port + 100, 65536)) if port_is_free(p)), port + 1)
            print(f"Port {port} is in use (is Woundbook already served there?). "
                  f"Use --port {other} to serve on another port.", file=sys.stderr)
            return 2
        if error.errno == errno.EACCES:
            print(f"Port {port} needs privileges this user lacks. Use --port 8000 to serve on another port.",
                  file=sys.stderr)
            return 2
        raise
    with server:
        build()
        print(f"Woundbook is served at http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


# -- the tests' environment ------------------------------------------------------------------

def apt_install(package: str) -> None:
    log(f"installing Debian's {package} (apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quietly(["apt-get", "update", "-qq"], "apt-get update", env=env)
    quietly(["apt-get", "install", "-y", "-qq", package], f"apt-get install {package}", env=env)


def can_apt() -> bool:
    return os.geteuid() == 0 and shutil.which("apt-get") is not None


def ensure_chromium() -> None:
    ensure_debian(CHROMIUM, "chromium")


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


def test(extra: list[str]) -> int:
    python = str(ensure_venv())
    ensure_chromium()
    ensure_debian(ZBARIMG, "zbar-tools")
    build()
    log("mypy")
    if subprocess.run([python, "-m", "mypy"], cwd=ROOT).returncode:
        return 1
    log("pytest")
    return subprocess.run([python, "-m", "pytest", *extra], cwd=ROOT).returncode


def bench(runs: int) -> int:
    if not in_venv():   # the bench drives Chromium with Playwright, which lives in .venv/
        python = str(ensure_venv())
        return subprocess.run([python, str(ROOT / "build.py"), "bench", "--runs", str(runs)], cwd=ROOT).returncode
    ensure_chromium()
    build()
    sys.path.insert(0, str(ROOT))
    from tests.bench import report, run_bench  # the bench drives Chromium like the browser tests do
    result = run_bench(SITE, runs=runs)
    print(report(result), file=sys.stderr, flush=True)
    print(json.dumps(result), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench"))
    parser.add_argument("--port", type=int, default=8000, help="serve: the port on 127.0.0.1 (default 8000)")
    parser.add_argument("--runs", type=int, default=9, help="bench: fresh browser profiles per figure")
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["test"]:     # everything after `test` is pytest's
        return test(arguments[1:])
    args = parser.parse_args(arguments)
    if args.command == "test":
        return test([])
    if args.command == "serve":
        return serve(args.port)
    if args.command == "bench":
        return bench(args.runs)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
