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
esbuild, with the part of fflate the players' page imports (both from the npm
registry too).  Paths carry versions or content hashes,
so a rebuilt file is never served stale, and every URL is relative, so the site
works from a sub-path.

Building needs only the standard library and Node.js with npm: our own wheel is
zipped here, and micropip comes from PyPI with pip when there is one, with
urllib when not.  Each build goes to a folder next to dist/site/ and is swapped
in whole, so a server already serving dist/site/ never sees half a build.  The
tests' packages go into .venv/, never into the interpreter running this file.

This file is the entry point: the command line, and the build itself (fetch, assemble, swap in). Each job lives
in a module of its own under buildtools/ (see its __init__.py): the pins and their downloads, the wheel and its
bytecode, the trimmed standard library, the page and its policy, serving, testing, the bench.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import sys
import tempfile
from pathlib import Path

from buildtools.bench import bench
from buildtools.bytecode import bundle, rules_bundle, unbundle
from buildtools.common import QR_MODULE, ROOT, SITE, log, quietly
from buildtools.page import assemble, write_service_worker
from buildtools.pins import (MICROPIP, PYODIDE, PYODIDE_FILES, PYSCRIPT, QR_GENERATOR, npm_package, pypi_wheel,
                             unpack)
from buildtools.policy import PagePolicyReader, check_page_policy
from buildtools.serving import Handler, Server, serve
from buildtools.testing import ZBARIMG, test
from buildtools.wheel import reproducible_zip, wheel_bytes

# What the tests and tests/bench.py import from here (`from build import Handler`, `build.wheel_bytes()`), wherever
# it lives now: build.py stays the one place to import the build from.
__all__ = [
    "Handler", "PYODIDE", "PYODIDE_FILES", "PagePolicyReader", "QR_GENERATOR", "QR_MODULE", "Server", "ZBARIMG",
    "build", "bundle", "check_page_policy", "exchange", "main", "npm_package", "pypi_wheel", "quietly",
    "reproducible_zip", "rules_bundle", "swap_in", "unbundle", "unpack", "wheel_bytes", "write_service_worker",
]


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


# The swap is the build's last step, so it stays here with build(); tests/rules/test_build.py patches
# build.exchange to take the fallback path, which works only where swap_in reads exchange.
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench"))
    parser.add_argument("--port", type=int, default=8000, help="serve: the port on 127.0.0.1 (default 8000)")
    parser.add_argument("--runs", type=int, default=9, help="bench: fresh browser profiles per figure")
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["test"]:     # everything after `test` is pytest's
        return test(arguments[1:], build)
    args = parser.parse_args(arguments)
    if args.command == "test":
        return test([], build)
    if args.command == "serve":
        return serve(build, args.port)
    if args.command == "bench":
        return bench(args.runs, build)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
