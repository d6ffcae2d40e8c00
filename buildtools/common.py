"""What every job of the build shares: the repository's folders, the build's log line, file hashes, quiet tools
and files named by their content. Paths are said once, here, so the jobs agree on the repository's layout."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent   # the repository: buildtools/ sits at its top, beside build.py
CACHE = ROOT / ".cache"
SITE = ROOT / "dist" / "site"
WHEEL_DIR = ROOT / "dist" / "wheel"   # the rules wheel: built beside the site, which serves the rules compiled from it
WEB = ROOT / "web"
PYTHON_MODULES = WEB / "python-modules.txt"   # what the page imports: kept in the trimmed stdlib, pre-imported in the snapshot
QR_MODULE = WEB / "qr_matrix.py"   # text in, a QR code's modules out: shipped beside the generator, not in the rules
RULES_IMPORT = WEB / "rules_import.py"   # the page imports the rules through it: shipped in the rules' bundle
WHEEL_DATE = (1980, 1, 1, 0, 0, 0)  # every member of our wheel carries this time, so its hash follows its content


def log(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr, flush=True)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def quietly(command: list[str], what: str, **kwargs: Any) -> None:
    """Run a command with its output captured; show that output only if it fails."""
    result = subprocess.run(command, capture_output=True, text=True, errors="replace", **kwargs)
    if result.returncode:
        output = "\n".join(part.strip() for part in (result.stdout, result.stderr) if part.strip())
        raise SystemExit(f"{what} failed (exit status {result.returncode}):\n{output}")


def write_hashed(into: Path, name: str, data: bytes) -> Path:
    """Write data to into/<first 16 hex digits of its sha256>/<name> and return its path: a new content is a new
    address, so no cache can pair a page with an old copy."""
    folder = into / hashlib.sha256(data).hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return folder / name
