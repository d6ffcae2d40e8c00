"""The page's one stylesheet: web/app.css is a list of @imports of the parts in web/css/, in the cascade's order, and
esbuild joins them into the site's app.css, so the browser still asks for one file and the parts are not shipped.
The rules come out as written, in the same order: esbuild reprints them without comments, and without the quotes or
escapes a value does not need (`[data-mode=full]`, `"↶"`)."""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from .common import WEB
from .pins import esbuild

STYLES = WEB / "app.css"   # the entry: the parts' @imports, nothing else
STYLE_PARTS = WEB / "css"   # the parts, each a seam of the page (its first comment says which)
IMPORT = re.compile(r'^@import "css/([\w-]+\.css)";$', re.MULTILINE)


def bundle_styles(out: Path, prepare: Callable[[str], str]) -> None:
    """Write out (the site's app.css): web/app.css with every part it imports inlined where it imports it, each
    source's text passed through ``prepare`` first (the page's templating). The build stops if a part of web/css/ is
    not imported once, if the entry holds anything but those imports, or at any warning of esbuild's: an @import it
    cannot place, or a rule it cannot read, would otherwise be dropped or changed without a word."""
    entry = STYLES.read_text(encoding="utf-8")
    imported = IMPORT.findall(entry)
    parts = sorted(path.name for path in STYLE_PARTS.glob("*.css"))
    if sorted(imported) != parts or len(set(imported)) != len(imported):
        raise SystemExit(f"web/app.css must import each of web/css/'s parts once: it imports {imported}, "
                         f"web/css/ holds {parts}")
    rest = re.sub(r"/\*.*?\*/", "", IMPORT.sub("", entry), flags=re.DOTALL)
    if rest.strip():
        raise SystemExit("web/app.css holds more than the parts' @imports (rules go in a part of web/css/): "
                         f"{rest.strip()[:80]!r}")
    with tempfile.TemporaryDirectory(prefix="woundbook-css-") as scratch:
        # Bundled from scratch/web/ with scratch as the working folder, so the output names its sources
        # "web/css/base.css", and the same sources always give the same bytes.
        sources = Path(scratch) / "web"
        (sources / "css").mkdir(parents=True)
        for source, target in ((STYLES, "app.css"), *((STYLE_PARTS / name, f"css/{name}") for name in parts)):
            (sources / target).write_text(prepare(source.read_text(encoding="utf-8")), encoding="utf-8")
        result = subprocess.run([str(esbuild()), "web/app.css", "--bundle", f"--outfile={out.resolve()}",
                                 "--charset=utf8", "--log-level=warning"], capture_output=True, text=True, cwd=scratch)
        if result.returncode or result.stderr.strip():
            raise SystemExit(f"esbuild could not join web/app.css's parts:\n{result.stderr}")
    if "@import" in out.read_text(encoding="utf-8"):
        raise SystemExit("the built app.css still holds an @import: the browser would fetch a second stylesheet")
