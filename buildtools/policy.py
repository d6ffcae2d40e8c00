"""The page's own Content-Security-Policy, checked when it is built: what the browser would refuse silently (an
inline script, a handler in an attribute) fails the build instead, with the reason."""

from __future__ import annotations

import html.parser


class PagePolicyReader(html.parser.HTMLParser):
    """What in a page its Content-Security-Policy (a <meta http-equiv>) would refuse or miss: ``problems``."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.policy: str | None = None
        self.before_policy: list[str] = []   # elements that load or run something, met before the policy
        self.inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        if tag == "meta" and values.get("http-equiv", "").lower() == "content-security-policy":
            if self.policy is not None:
                self.problems.append("the page has two Content-Security-Policy <meta> elements")
            self.policy = values.get("content", "")
            if "'unsafe-eval'" in self.policy.lower().replace(";", " ").split():
                # The page compiles nothing from text; a tool that evaluates text in it bypasses the policy itself.
                self.problems.append("'unsafe-eval' in the policy (the page runs no eval; tools bypass the policy)")
        elif tag in ("script", "link", "style", "img") and self.policy is None:
            self.before_policy.append(tag)
        if tag == "script" and "src" not in values:
            # PyScript would read an inline <script type="py"> through a blob: URL, which the policy refuses too.
            self.problems.append("an inline <script> (put it in a file under web/js/; the policy runs no inline script)")
        if tag == "style":
            self.problems.append("a <style> element (put it in a part of web/css/; the policy applies no <style> element)")
        for name, value in values.items():
            if name.startswith("on"):
                self.problems.append(f"an inline event handler <{tag} {name}=...> (add a listener in web/js/)")
            if name in ("href", "src", "action", "formaction") and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"a javascript: URL in <{tag} {name}>")


def check_page_policy(page: str) -> None:
    """Refuse a page its own Content-Security-Policy would break: the policy must come before anything it governs,
    and the page must hold no inline script, <style> element, inline event handler or javascript: URL, which the
    policy refuses silently in the browser (and the browser tests would only see as something not working).
    Refuse a policy that allows 'unsafe-eval' too: nothing in the page needs it (tests/web/test_csp.py)."""
    reader = PagePolicyReader()
    reader.feed(page)
    problems = list(reader.problems)
    if reader.policy is None:
        problems.append("no Content-Security-Policy <meta> in its <head>")
    elif reader.before_policy:
        problems.append(f"<{reader.before_policy[0]}> before the Content-Security-Policy <meta>, which it does not govern")
    if problems:
        raise SystemExit("web/index.html breaks its own Content-Security-Policy:\n" + "\n".join(f"- {p}" for p in problems))
