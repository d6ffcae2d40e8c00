"""build.py refuses a page that its own Content-Security-Policy would break in the browser, silently."""

from __future__ import annotations

import pytest

from tests.rules.test_build import ROOT, build

POLICY = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">'


def test_the_page_keeps_to_its_policy() -> None:
    build.check_page_policy((ROOT / "web" / "index.html").read_text(encoding="utf-8"))


def test_the_built_page_ships_without_unsafe_eval() -> None:
    """Issue 35, item 17: the built index.html's policy lets WebAssembly compile (Pyodide) and nothing else be
    compiled from text."""
    built = ROOT / "dist" / "site" / "index.html"
    if not built.exists():
        pytest.fail("dist/site is not built: run `python3 build.py test` (or `python3 build.py` first)")
    reader = build.PagePolicyReader()
    reader.feed(built.read_text(encoding="utf-8"))
    script_src = next(part.split()[1:] for part in (reader.policy or "").split(";") if part.split()[:1] == ["script-src"])
    assert script_src == ["'self'", "'wasm-unsafe-eval'"]


@pytest.mark.parametrize(("page", "problem"), [
    (f"<head>{POLICY}<script>go()</script>", "an inline <script>"),
    (f'<head>{POLICY}<script type="py">print(1)</script>', "an inline <script>"),
    (f"<head>{POLICY}<style>p {{}}</style>", "a <style> element"),
    (f'<head>{POLICY}</head><button onclick="go()">', "an inline event handler <button onclick=...>"),
    (f'<head>{POLICY}</head><a href=" JavaScript:go()">', "a javascript: URL in <a href>"),
    ('<head><script type="module" src="js/app.js"></script>' + POLICY, "<script> before the Content-Security-Policy"),
    ("<head><title>x</title></head>", "no Content-Security-Policy <meta>"),
    (POLICY * 2, "two Content-Security-Policy <meta> elements"),
    # Issue 35, item 17: the page runs no eval; tools that evaluate text in it bypass the policy themselves.
    ('<head><meta http-equiv="Content-Security-Policy" content="script-src \'self\' \'unsafe-eval\'">',
     "'unsafe-eval' in the policy"),
    ('<head><meta http-equiv="Content-Security-Policy" content="default-src \'none\' \'unsafe-eval\';">',
     "'unsafe-eval' in the policy"),
])
def test_what_the_policy_would_refuse_fails_the_build(page: str, problem: str) -> None:
    with pytest.raises(SystemExit, match="breaks its own Content-Security-Policy") as refused:
        build.check_page_policy(page)
    assert problem in str(refused.value)


def test_external_scripts_and_style_attributes_pass() -> None:
    build.check_page_policy(f'<head>{POLICY}<script type="module" src="js/app.js"></script>'
                            '<script type="py" src="main.py" config=\'{"a": 1}\'></script></head>'
                            '<p style="width: 5%">')


@pytest.mark.parametrize("page", ["index.html", "player.html"])
def test_the_architecture_notes_quote_the_policy_each_page_ships(page: str) -> None:
    """Issue 48, item 21: docs/architecture.md quoted a policy no page carried (default-src 'none', manifest-src)."""
    built = ROOT / "dist" / "site" / page
    if not built.exists():
        pytest.fail("dist/site is not built: run `python3 build.py test` (or `python3 build.py` first)")
    reader = build.PagePolicyReader()
    reader.feed(built.read_text(encoding="utf-8"))
    notes = " ".join((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").split())
    assert f"`{page}`: `{reader.policy}`" in notes
