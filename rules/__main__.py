"""``python3 -m rules call METHOD JSON``: the page's API from a terminal.

``JSON`` may be ``-`` to read the request from standard input.  The response is
printed as indented JSON; the exit status is 0 when ``ok`` is true, 1 otherwise.
``--help`` (or ``-h``) prints the usage and exits 0; anything else it cannot
read prints the usage on standard error and exits 2.
"""

from __future__ import annotations

import json
import sys

from .api import METHODS, call


def usage() -> str:
    return ("usage: python3 -m rules call METHOD [JSON | -]\n"
            "Call the rules API: JSON is the request (default {}), - reads it from standard input;\n"
            "prints the response, exits 0 when it is ok, 1 when not.\n"
            "methods: " + ", ".join(sorted(METHODS)))


def main(argv: list[str]) -> int:
    if argv[:1] in (["--help"], ["-h"]):
        print(usage())
        return 0
    if len(argv) not in (2, 3) or argv[0] != "call":
        print(usage(), file=sys.stderr)
        return 2
    request = argv[2] if len(argv) == 3 else "{}"
    if request == "-":
        request = sys.stdin.read()
    response = json.loads(call(argv[1], request))
    print(json.dumps(response, indent=2, ensure_ascii=False))
    return 0 if response["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
