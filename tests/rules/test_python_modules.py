"""The rules import only standard-library modules the page's trimmed library keeps (tests/import_trace.py)."""

from __future__ import annotations

from tests import import_trace


def test_the_rules_import_only_listed_modules() -> None:
    import rules.api  # noqa: F401  (imported long before: every module of the rules is, by collection)

    assert {"json", "fractions", "dataclasses"} <= import_trace.SEEN   # the tracer sees the rules' imports
    assert import_trace.unlisted() == []
