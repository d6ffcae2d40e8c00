"""Bytecode compiled at build time by the page's own Python (the built site's Pyodide, run in Node), so that a first
visit imports instead of compiling: the rules (all of them, with their data files, in one gzipped bundle the page
fetches in place of the wheel) and the standard-library modules Python imports as the page starts (inside
python_stdlib.zip, in place of their sources).

Compiling the standard library's sources took most of Pyodide's start: in Node here, its boot with the page's
imports took 6.1-9.2 s from sources and 2.1-3.1 s from this bytecode (three runs each, a busy machine).

Each module becomes a sourceless ``.pyc`` where its ``.py`` was (PEP 552's unchecked hash form: no source is there to
check it against), which Python imports only under the same magic number, the runtime's own. Compiled without column
positions (PYTHONNODEBUGRANGES), a quarter smaller, and without docstrings, which the page never reads (help() and
the doctests run from the sources here); a docstring that was all a body held becomes ``pass``, and every other line
keeps its number, so a traceback still names the file and line."""

from __future__ import annotations

import base64
import gzip
import io
import json
import subprocess
import zipfile
from pathlib import Path

from .common import RULES_IMPORT, WHEEL_DATE

# Run by Node: node --input-type=module -e RUNNER <pyodide folder> <archive>... It starts the runtime (on the
# folder's own python_stdlib.zip), unpacks the archives into /wheel, runs the Python read from stdin and prints the
# value of its last expression.
RUNNER = """
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
const [folder, ...archives] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/`, env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
for (const archive of archives) {
  pyodide.unpackArchive(new Uint8Array(await readFile(archive)), "zip", { extractDir: "/wheel" });
}
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(pyodide.runPython(Buffer.concat(chunks).toString("utf8")));
"""

# The compiler both jobs share: source bytes in, a sourceless .pyc's bytes out.
COMPILE = """
import ast, base64, importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
sys.path.insert(0, "/wheel")
def pyc(source, filename):
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    code = compile(tree, filename, "exec", dont_inherit=True)
    return base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)).decode()
"""

# The rules' modules compiled, then the page's module that imports them (web/rules_import.py, given as IMPORTER)
# compiled too, and the rules imported through it once to keep their dataclasses' methods compiled (its METHODS).
RULES = COMPILE + """
import marshal
compiled = {}
for folder, _, names in sorted(os.walk("/wheel")):
    for name in sorted(names):
        if name.endswith(".py"):
            path = os.path.join(folder, name)
            with open(path, "rb") as file:
                compiled[os.path.relpath(path, "/wheel")[:-3] + ".pyc"] = pyc(file.read(), os.path.relpath(path, "/wheel"))
compiled["rules_import.pyc"] = pyc(IMPORTER.encode(), "rules_import.py")
importer = {"__name__": "rules_import"}
exec(compile(IMPORTER, "rules_import.py", "exec", dont_inherit=True), importer)
compiled[importer["METHODS"]] = base64.b64encode(importer["record"]()).decode()
json.dumps(compiled, sort_keys=True)
"""

# The standard-library modules in the archive that are imported once Python has started, the page's modules
# (web/python-modules.txt) and the rules are imported: PyScript's and Pyodide's own imports come with them. Those
# Python has frozen into the runtime itself (os, codecs, _collections_abc...) are never read from the archive:
# they are named apart, and their sources are left out.
STDLIB = COMPILE + """
import importlib, zipfile
for name in MODULES:
    try:
        importlib.import_module(name)
    except ImportError:
        pass   # a module of another platform the list names (the page's Python never imports it either)
import rules.api
archive = zipfile.ZipFile(next(entry for entry in sys.path if entry.endswith(".zip")))
loaded = [module for module in list(sys.modules.values()) if ".zip/" in (getattr(module, "__file__", None) or "")]
frozen = {module.__file__.split(".zip/", 1)[1] for module in loaded if getattr(module.__spec__, "origin", "") == "frozen"}
imported = {module.__file__.split(".zip/", 1)[1] for module in loaded if module.__file__.endswith(".py")} - frozen
json.dumps({"compiled": {path: pyc(archive.read(path), path) for path in sorted(imported)}, "frozen": sorted(frozen)})
"""


def run_page_python(pyodide_dir: Path, code: str, archives: list[Path]) -> str:
    """Run ``code`` in the page's Python under Node (the RUNNER above) and return what it printed."""
    result = subprocess.run(["node", "--input-type=module", "-e", RUNNER, str(pyodide_dir), *map(str, archives)],
                            input=code, capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"the page's Python could not compile the bytecode:\n{result.stderr[-2000:]}")
    return result.stdout


def decoded(compiled: dict[str, str]) -> dict[str, bytes]:
    return {path: base64.b64decode(data) for path, data in compiled.items()}


def rules_bundle(pyodide_dir: Path, wheel: Path) -> tuple[str, bytes]:
    """What the page fetches of the rules, instead of their wheel: every module as bytecode where its source was,
    the data files it reads (the tables), and the module the page imports them through with the dataclass methods
    it takes (web/rules_import.py), in one gzipped bundle. (File name, bytes.)"""
    code = f"IMPORTER = {json.dumps(RULES_IMPORT.read_text(encoding='utf-8'))}\n{RULES}"
    compiled = decoded(json.loads(run_page_python(pyodide_dir, code, [wheel])))
    with zipfile.ZipFile(wheel) as archive:
        data = {name: archive.read(name) for name in archive.namelist()
                if not name.endswith((".py", "/")) and ".dist-info/" not in name}
    name = wheel.name.removesuffix("-py3-none-any.whl") + "-compiled.gz"
    return name, bundle(sorted({**compiled, **data}.items()))


def stdlib_compiled(pyodide_dir: Path, wheel: Path, modules: list[str]) -> tuple[dict[str, bytes], set[str]]:
    """For the folder's python_stdlib.zip (see STDLIB): {path: its .pyc} for every module the page's Python imports
    as it starts, and the paths of the modules frozen into the runtime."""
    printed = json.loads(run_page_python(pyodide_dir, f"MODULES = {json.dumps(modules)}\n{STDLIB}", [wheel]))
    return decoded(printed["compiled"]), set(printed["frozen"])


def with_bytecode(archive: bytes, compiled: dict[str, bytes], frozen: set[str]) -> bytes:
    """A standard-library zip with each compiled module's source replaced by its .pyc, in the same order, and the
    sources of frozen modules left out."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename in frozen:
                continue
            if info.filename in compiled:
                member = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=WHEEL_DATE)
                target.writestr(member, compiled[info.filename], zipfile.ZIP_DEFLATED, 9)
            else:
                target.writestr(info, source.read(info), info.compress_type, 9)
    return buffer.getvalue()


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
