"""The page installs as an app: Chromium's own installability check, and the manifest's icons as served."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserType, Page

from .conftest import open_page, watch

# Own profiles: Chromium's installability check reads a profile that has seen the site once.
pytestmark = pytest.mark.own_profile

# In the page: every icon the manifest and the page name, fetched as the browser would, decoded, and measured. A
# maskable icon is full bleed (its corner is opaque) and everything outside the central circle of 40% of its size
# (the zone every launcher's mask keeps) is its ground colour: the art lies inside the safe zone.
READ_ICONS = """async () => {
  const manifestUrl = new URL(document.querySelector('link[rel="manifest"]').href);
  const manifest = await (await fetch(manifestUrl)).json();
  const touch = document.querySelector('link[rel="apple-touch-icon"]');
  const wanted = [...manifest.icons.map((icon) => ({ ...icon, url: new URL(icon.src, manifestUrl).href })),
                  { url: touch.href, sizes: "180x180", type: "image/png", purpose: "apple-touch-icon" }];
  const icons = [];
  for (const icon of wanted.filter((one) => one.type === "image/png")) {
    const response = await fetch(icon.url, { cache: "no-store" });
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d");
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const ground = [...pixels.slice(0, 4)];
    const size = bitmap.width, safe = 0.4 * size;
    let artOutsideSafeZone = 0;
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
      if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= safe) continue;
      const at = 4 * (y * size + x);
      if ([0, 1, 2, 3].some((channel) => Math.abs(pixels[at + channel] - ground[channel]) > 2)) artOutsideSafeZone++;
    }
    icons.push({ purpose: icon.purpose, sizes: icon.sizes, status: response.status,
      contentType: response.headers.get("content-type"),
      signature: [...bytes.slice(0, 8)].join(","), decoded: `${bitmap.width}x${bitmap.height}`,
      cornerAlpha: ground[3], artOutsideSafeZone,
      precached: Boolean(await caches.match(icon.url)) });
  }
  return { manifest, icons };
}"""
PNG_SIGNATURE = "137,80,78,71,13,10,26,10"


def test_chromium_finds_the_page_installable(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                                              browser_context_args: dict[str, Any], site_url: str,
                                              tmp_path: Path) -> None:
    # A persistent profile: Playwright's ordinary contexts are off the record, where Chromium installs nothing.
    context = watch(browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args,
                                                           **browser_context_args))
    try:
        page = open_page(context.pages[0] if context.pages else context.new_page(), site_url)
        cdp = context.new_cdp_session(page)
        answer = cdp.send("Page.getAppManifest")
        assert answer["url"] == f"{site_url}manifest.webmanifest"
        assert answer["errors"] == []
        manifest = answer["manifest"]
        assert (manifest["id"], manifest["startUrl"], manifest["scope"]) == (site_url, site_url, site_url)
        assert manifest["display"] == "kStandalone"
        assert manifest["name"] == "Woundbook"
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_the_icons_are_served_precached_and_the_sizes_they_claim(app: Page) -> None:
    app.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    found = app.evaluate(READ_ICONS)
    manifest, icons = found["manifest"], found["icons"]
    assert manifest["display"] == "standalone"
    # what an Android launcher, a desktop and an iPad each pick from
    assert sorted((icon["purpose"], icon["sizes"]) for icon in icons) == [
        ("any", "192x192"), ("any", "512x512"), ("apple-touch-icon", "180x180"),
        ("maskable", "192x192"), ("maskable", "512x512")]
    for icon in icons:
        where = f"{icon['purpose']} {icon['sizes']}"
        assert icon["status"] == 200, where
        assert icon["contentType"] == "image/png", where
        assert icon["signature"] == PNG_SIGNATURE, where
        assert icon["decoded"] == icon["sizes"], where
        assert icon["precached"], f"{where}: not in the service worker's cache, so not there offline"
        if icon["purpose"] != "any":   # a launcher's mask or iOS's corners cut the square: it must be full bleed
            assert icon["cornerAlpha"] == 255, where
            assert icon["artOutsideSafeZone"] == 0, f"{where}: art outside the maskable safe zone"
