"""Our rules wheel, zipped here with the standard library, and its bytecode, compiled by the page's own Python.

Both are reproducible, the same sources giving the same bytes, so their paths (named by content) change only when
the code does."""

from __future__ import annotations

import base64
import fnmatch
import gzip
import hashlib
import io
import json
import re
import subprocess
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from .common import ROOT, WHEEL_DATE, write_hashed


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
