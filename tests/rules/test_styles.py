"""The page's stylesheet as the build serves it (buildtools/styles.py): web/app.css's @imports of web/css/'s parts
joined by esbuild into one app.css, in the order the entry gives them, and the parts not shipped. The build stops on a
part left out or imported twice, a rule in the entry, or anything esbuild warns of."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from buildtools import styles
from buildtools.styles import IMPORT, STYLE_PARTS, STYLES, bundle_styles

SITE = Path(__file__).resolve().parents[2] / "dist" / "site"


def sources_named(built: str) -> list[str]:
    """The sources esbuild names in a bundle it joined, in order (a `/* web/css/base.css */` before each)."""
    return re.findall(r"^/\* (web/[\w/.-]+) \*/$", built, re.MULTILINE)


@pytest.fixture
def parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An entry and its parts in tmp_path, in place of web/'s, for bundle_styles to join."""
    (tmp_path / "css").mkdir()
    monkeypatch.setattr(styles, "STYLES", tmp_path / "app.css")
    monkeypatch.setattr(styles, "STYLE_PARTS", tmp_path / "css")
    return tmp_path


def test_the_parts_are_joined_in_the_entrys_order_not_their_names(parts: Path, tmp_path: Path) -> None:
    (parts / "css" / "a.css").write_text(".same { color: red; }\n")
    (parts / "css" / "b.css").write_text("/* b's own comment */\n.b { margin: 0; }\n")
    (parts / "css" / "c.css").write_text(".same { color: {{COLOUR}}; }\n")
    (parts / "app.css").write_text('/* the entry */\n@import "css/c.css";\n@import "css/a.css";\n@import "css/b.css";\n')
    out = tmp_path / "built.css"
    bundle_styles(out, lambda text: text.replace("{{COLOUR}}", "green"))
    built = out.read_text()
    assert sources_named(built) == ["web/css/c.css", "web/css/a.css", "web/css/b.css", "web/app.css"]
    # c's rule first, a's after it: a's red is the one that wins, as the entry orders them.
    assert [match.group(1) for match in re.finditer(r"color: (\w+)", built)] == ["green", "red"]
    assert "@import" not in built and "{{" not in built


@pytest.mark.parametrize(("entry", "said"), [
    ('@import "css/a.css";\n', "must import each of web/css/'s parts once"),   # b.css left out
    ('@import "css/a.css";\n@import "css/b.css";\n@import "css/a.css";\n', "must import each of web/css/'s parts once"),
    ('@import "css/a.css";\n@import "css/b.css";\n.stray { color: red; }\n', "holds more than the parts' @imports"),
    ('@import "css/a.css";\n@import url("css/b.css");\n', "must import each of web/css/'s parts once"),
])
def test_an_entry_that_is_not_the_parts_imports_stops_the_build(parts: Path, tmp_path: Path, entry: str,
                                                                said: str) -> None:
    (parts / "css" / "a.css").write_text(".a { margin: 0; }\n")
    (parts / "css" / "b.css").write_text(".b { margin: 0; }\n")
    (parts / "app.css").write_text(entry)
    with pytest.raises(SystemExit, match=re.escape(said)):
        bundle_styles(tmp_path / "built.css", lambda text: text)


@pytest.mark.parametrize("part", [
    '.a { margin: 0; }\n@import "late.css";\n',   # an @import after a rule: esbuild would drop it
    ".a { margin: 0;\n",   # a block left open
])
def test_a_part_esbuild_warns_of_stops_the_build(parts: Path, tmp_path: Path, part: str) -> None:
    (parts / "css" / "late.css").write_text(".late { margin: 0; }\n")
    (parts / "css" / "a.css").write_text(part)
    (parts / "app.css").write_text('@import "css/a.css";\n@import "css/late.css";\n')
    with pytest.raises(SystemExit, match="esbuild could not join"):
        bundle_styles(tmp_path / "built.css", lambda text: text)


def test_the_site_has_one_stylesheet_of_every_part_and_ships_no_part() -> None:
    imported = IMPORT.findall(STYLES.read_text(encoding="utf-8"))
    assert sorted(imported) == sorted(path.name for path in STYLE_PARTS.glob("*.css"))
    for part in STYLE_PARTS.glob("*.css"):   # each part says at its top what it holds
        assert part.read_text(encoding="utf-8").startswith("/* "), part.name
    built = (SITE / "app.css").read_text(encoding="utf-8")
    assert sources_named(built) == [*(f"web/css/{name}" for name in imported), "web/app.css"]
    assert "@import" not in built
    assert not (SITE / "css").exists()
    assert "\"./css/" not in (SITE / "sw.js").read_text(encoding="utf-8")   # nor precaches one
