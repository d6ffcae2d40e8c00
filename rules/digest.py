"""A text's name by its content: its length in UTF-8 and two checksums of it. The engine names the encounters it
answers this way (rules/api.py), and the page's import of the rules keeps each dataclass's compiled methods under
the name of their text (web/rules_import.py)."""

from __future__ import annotations

import zlib


def text_key(text: str) -> str:
    raw = text.encode("utf-8")
    return f"{len(raw):x}-{zlib.crc32(raw):08x}-{zlib.adler32(raw):08x}"
