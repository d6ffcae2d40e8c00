"""Our rules wheel, zipped here with the standard library. It is reproducible, the same sources giving the same bytes,
so its path (named by content) changes only when the code does. The page fetches the rules compiled from it
(buildtools/bytecode.py), not the wheel itself."""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import io
import re
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
