"""axe-core for the accessibility tests: from the npm registry, pinned by version and sha256, cached in .cache/.

It is never part of the site; the tests inject it into the page they check.
"""

from __future__ import annotations

import hashlib
import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ("axe-core", "4.14.1", "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745")


def axe_script() -> Path:
    """The path of axe.min.js, downloaded once with `npm pack` and checked against the pinned hash."""
    name, version, expected = AXE
    cache = ROOT / ".cache"
    script = cache / f"{name}-{version}.min.js"
    if script.exists():
        return script
    cache.mkdir(exist_ok=True)
    tarball = cache / f"{name}-{version}.tgz"
    if not tarball.exists():
        subprocess.run(["npm", "pack", f"{name}@{version}", "--silent", "--pack-destination", str(cache)],
                       check=True, cwd=cache, capture_output=True)
    actual = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if actual != expected:
        tarball.unlink()
        raise RuntimeError(f"{tarball.name}: sha256 {actual} is not the pinned {expected}")
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None
        script.write_bytes(member.read())
    return script
