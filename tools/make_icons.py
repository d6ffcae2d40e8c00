#!/usr/bin/env python3
"""Draw the app's PNG icons from web/icon.svg, with Debian's Chromium through Playwright (run in .venv/).

    .venv/bin/python tools/make_icons.py

Run it after changing web/icon.svg and commit the PNGs with it; the build only copies them. Writes into web/icons/:
- icon-192.png, icon-512.png: the SVG as drawn, rounded corners on a transparent ground (manifest purpose "any");
- maskable-192.png, maskable-512.png: the same art on a full-bleed square of the icon's own ground colour, so the
  launcher's mask (a circle, a squircle) cuts only ground: the art already lies inside the central circle of 40%
  of the size that every mask keeps (manifest purpose "maskable");
- apple-touch-icon.png (180): the full-bleed square, which iOS rounds itself (it fills transparency with black).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "web" / "icon.svg"
OUT = ROOT / "web" / "icons"
CHROMIUM = "/usr/bin/chromium"
ICONS = [("icon", 192), ("icon", 512), ("maskable", 192), ("maskable", 512), ("apple-touch-icon", 180)]


def ground(svg: str) -> str:
    """The colour of the SVG's first shape, its ground: what a full-bleed icon fills the square with."""
    found = re.search(r'<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,8})"', svg)
    if not found:
        raise SystemExit(f"{SVG} has no <rect fill=\"#...\"> to take the maskable icon's ground from")
    return found.group(1)


def page_for(svg: str, size: int, full_bleed: bool) -> str:
    source = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    fill = ground(svg) if full_bleed else "transparent"
    return (f'<!doctype html><html><body style="margin:0;background:transparent">'
            f'<div style="width:{size}px;height:{size}px;background:{fill}">'
            f'<img src="{source}" width="{size}" height="{size}" style="display:block"></div></body></html>')


def main() -> None:
    svg = SVG.read_text(encoding="utf-8")
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for kind, size in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(page_for(svg, size, full_bleed=kind != "icon"))
            page.wait_for_function("() => document.images[0].complete")
            name = f"{kind}.png" if kind == "apple-touch-icon" else f"{kind}-{size}.png"
            page.screenshot(path=str(OUT / name), clip={"x": 0, "y": 0, "width": size, "height": size},
                            omit_background=True)
            page.close()
            print(f"wrote {(OUT / name).relative_to(ROOT)}")
        browser.close()


if __name__ == "__main__":
    main()
