"""web/qr_matrix.py, the share dialog's QR code, in CPython with the generator's pinned wheel on the path (a
pure-Python wheel imports as it is): known texts give known sizes, the rows read back as the text, and a text too
long for any QR code is refused in plain words."""

from __future__ import annotations

import doctest
import json
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import build
from tests.bench_encounters import fighters
from tests.bench_sharing import PAGES_URL, qr_matrix as load_qr_matrix

PAGES_LINK = PAGES_URL + "#"   # a GitHub Pages project site, as the README deploys it


@pytest.fixture(scope="module")
def qr_matrix() -> ModuleType:
    return load_qr_matrix()


def code(qr_matrix: ModuleType, text: str) -> dict[str, Any]:
    answer = json.loads(qr_matrix.matrix(text))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def read_back(rows: list[str], folder: Path) -> str:
    """What zbarimg reads in the rows drawn as the page draws them: 4 px a module, a 4-module white quiet zone."""
    scale, quiet = 4, 4
    side = (len(rows) + 2 * quiet) * scale
    pixels = bytearray(b"\xff" * side * side)
    for y, row in enumerate(rows):
        for x, module in enumerate(row):
            if module == "1":
                for dy in range(scale):
                    at = ((y + quiet) * scale + dy) * side + (x + quiet) * scale
                    pixels[at:at + scale] = b"\x00" * scale
    image = folder / "code.pgm"
    image.write_bytes(b"P5 %d %d 255\n" % (side, side) + bytes(pixels))
    read = subprocess.run([build.ZBARIMG, "--raw", "-q", str(image)], capture_output=True, text=True, timeout=60)
    assert read.returncode == 0, read.stderr
    return read.stdout.removesuffix("\n")


def test_its_examples(qr_matrix: ModuleType) -> None:
    assert doctest.testmod(qr_matrix).failed == 0


def test_a_short_text_is_a_version_1_code_with_its_three_finder_patterns(qr_matrix: ModuleType) -> None:
    result = code(qr_matrix, "Hello, world!")
    assert (result["version"], result["size"]) == (1, 21)
    rows = result["rows"]
    assert len(rows) == 21 and all(len(row) == 21 and set(row) <= {"0", "1"} for row in rows)
    finder = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
    assert [row[:7] for row in rows[:7]] == finder           # top left
    assert [row[-7:] for row in rows[:7]] == finder          # top right
    assert [row[:7] for row in rows[-7:]] == finder          # bottom left
    assert [row[-7:] for row in rows[-7:]] != finder         # and none at the bottom right


def test_six_combatants_after_ten_resolutions_make_a_version_19_code_at_low(qr_matrix: ModuleType,
                                                                           tmp_path: Path) -> None:
    link = PAGES_LINK + fighters(10).link()
    result = code(qr_matrix, link)
    assert (len(link), result["version"], result["size"], result["error_correction"]) == (756, 19, 93, "L")
    assert read_back(result["rows"], tmp_path) == link


def test_the_rows_read_back_as_the_text(qr_matrix: ModuleType, tmp_path: Path) -> None:
    text = "Ünïcode too: ⚔ a link's fragment is ASCII, a player's name may not be"
    assert read_back(code(qr_matrix, text)["rows"], tmp_path) == text


def test_a_text_too_long_for_any_code_is_refused_in_plain_words(qr_matrix: ModuleType) -> None:
    assert code(qr_matrix, "x" * 2953)["version"] == 40       # the most a code holds, at Low
    answer = json.loads(qr_matrix.matrix("x" * 2954))
    assert answer == {"ok": False, "error": {"kind": "too_long", "message": (
        "This link is too long for a QR code: 2,954 bytes, and a QR code holds at most 2,953.")}}
