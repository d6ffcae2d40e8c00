"""The rules import only standard-library modules the page's trimmed library keeps (tests/import_trace.py)."""

from __future__ import annotations

from types import SimpleNamespace

from tests import import_trace


def test_the_rules_import_only_listed_modules() -> None:
    import rules.api  # noqa: F401  (imported long before: every module of the rules is, by collection)

    assert {"json", "fractions", "dataclasses"} <= import_trace.SEEN   # the tracer sees the rules' imports
    assert import_trace.unlisted() == []


def test_a_module_seen_only_in_another_test_process_still_fails_the_run() -> None:
    """Under pytest-xdist each worker traces its own imports: it hands them over at its end, and the controller's
    check names an unlisted one as if it had seen it itself."""
    kept = set(import_trace.SEEN)
    worker = SimpleNamespace(config=SimpleNamespace(workeroutput={}), exitstatus=0)
    try:
        import_trace.SEEN.add("tkinter")
        import_trace.pytest_sessionfinish(worker, 0)
        assert worker.exitstatus == 0 and "tkinter" in worker.config.workeroutput["rules_imported"]
        import_trace.SEEN.clear()
        import_trace.pytest_testnodedown(SimpleNamespace(workeroutput=worker.config.workeroutput), None)
        controller = SimpleNamespace(config=SimpleNamespace(), exitstatus=0)
        import_trace.pytest_sessionfinish(controller, 0)
        assert controller.exitstatus == 1
    finally:
        import_trace.SEEN.clear()
        import_trace.SEEN.update(kept)
