"""build.py refuses a page that its own Content-Security-Policy would break in the browser, silently."""

from __future__ import annotations

import pytest

from tests.rules.test_build import ROOT, build

POLICY = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'">'


def test_the_page_keeps_to_its_policy() -> None:
    build.check_page_policy((ROOT / "web" / "index.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("page", "problem"), [
    (f"<head>{POLICY}<script>go()</script>", "an inline <script>"),
    (f'<head>{POLICY}<script type="py">print(1)</script>', "an inline <script>"),
    (f"<head>{POLICY}<style>p {{}}</style>", "a <style> element"),
    (f'<head>{POLICY}</head><button onclick="go()">', "an inline event handler <button onclick=...>"),
    (f'<head>{POLICY}</head><a href=" JavaScript:go()">', "a javascript: URL in <a href>"),
    ('<head><script type="module" src="js/app.js"></script>' + POLICY, "<script> before the Content-Security-Policy"),
    ("<head><title>x</title></head>", "no Content-Security-Policy <meta>"),
    (POLICY * 2, "two Content-Security-Policy <meta> elements"),
])
def test_what_the_policy_would_refuse_fails_the_build(page: str, problem: str) -> None:
    with pytest.raises(SystemExit, match="breaks its own Content-Security-Policy") as refused:
        build.check_page_policy(page)
    assert problem in str(refused.value)


def test_external_scripts_and_style_attributes_pass() -> None:
    build.check_page_policy(f'<head>{POLICY}<script type="module" src="js/app.js"></script>'
                            '<script type="py" src="main.py" config=\'{"a": 1}\'></script></head>'
                            '<p style="width: 5%">')
