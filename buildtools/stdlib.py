"""Pyodide's standard library, trimmed to what the page imports: modules are traced through their import
statements from the page's own list (web/python-modules.txt), so a first visit downloads no module nobody imports."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

from .common import PYTHON_MODULES, WHEEL_DATE

IMPORT = re.compile(r"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w, \t*]+))")
RUNTIME_PACKAGES = ("pyodide", "_pyodide")
ALWAYS_KEPT = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.unicode_escape",
               "encodings.raw_unicode_escape", "_sysconfigdata__emscripten_wasm32-emscripten")


MAIN_GUARD = re.compile(r"""if\s+__name__\s*==\s*['"]__main__['"]\s*:""")


def module_level_lines(source: str) -> list[str]:
    """The lines of ``source`` that run when it is imported: everything outside a function's body and outside an
    ``if __name__ == "__main__":`` block (so imports under a module-level ``try`` or ``if`` count, and imports
    inside functions, or run only when the module is a script, do not: heapq's self-test imported doctest, and with
    it pdb, unittest and difflib)."""
    lines, body = [], None
    for line in source.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        if body is not None and indent > body:
            continue
        body = indent if stripped.startswith(("def ", "async def ")) or MAIN_GUARD.match(stripped) else None
        if not MAIN_GUARD.match(stripped):
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


def split_off(everything: bytes, kept: bytes) -> tuple[bytes, bytes]:
    """The zip ``everything`` as two: the modules under a top-level name that the zip ``kept`` has, and the others
    (the modules only the QR code generator's installation imports, which the page adds to Python's path when it
    first installs it). A package is never split: Python looks for a package's modules in its own folder only, so
    importlib.metadata stays with importlib, and urllib.request with urllib."""
    with zipfile.ZipFile(io.BytesIO(kept)) as archive:
        tops = {name.split("/")[0].removesuffix(".py") for name in archive.namelist()}
    parts = (io.BytesIO(), io.BytesIO())
    with zipfile.ZipFile(io.BytesIO(everything)) as source, zipfile.ZipFile(parts[0], "w") as main, \
            zipfile.ZipFile(parts[1], "w") as more:
        for info in source.infolist():
            target = main if info.filename.split("/")[0].removesuffix(".py") in tops else more
            target.writestr(info, source.read(info), info.compress_type, 9)
    return parts[0].getvalue(), parts[1].getvalue()


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
