"""web/ knows no rule system: no system id or name, no rule words; everything rule-specific comes from the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.systems import SYSTEMS

WEB = Path(__file__).resolve().parents[2] / "web"
# Words that only a rule system would put on the page: the engine's schema and views carry them instead.
RULE_WORDS = ["Fudge", "4dF", "margin of success", "armour", "armor", "hazard", "Strength", "wound track", "Scratched",
              "Incapacitated", "Integrity", "LogD", "Toughness", "Life Force", "penetration", "D-TD-", "D-MT-"]


def web_files() -> list[Path]:
    return [path for path in WEB.rglob("*") if path.suffix in (".js", ".html", ".css", ".py", ".webmanifest")]


@pytest.mark.parametrize("path", web_files(), ids=lambda path: path.name)
def test_web_names_no_rule_system(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for system in SYSTEMS.values():
        assert not re.search(rf"[\"'`]{re.escape(system.ID)}[\"'`]", text), f"{path.name} names the system id {system.ID!r}"
        assert system.NAME not in text, f"{path.name} names the system {system.NAME!r}"
    for word in RULE_WORDS:
        assert not re.search(rf"\b{re.escape(word)}", text, re.IGNORECASE), f"{path.name} holds the rule word {word!r}"


def test_the_scan_would_catch_a_system_named_in_the_page(tmp_path: Path) -> None:
    """The check above can fail: a page that hard-codes a system is caught."""
    bad = 'const SYSTEM = "typed"; label.textContent = "Margin of success";'
    assert re.search(r"[\"'`]typed[\"'`]", bad) and re.search(r"\bmargin of success", bad, re.IGNORECASE)
