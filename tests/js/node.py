"""Node.js, which the build installs (it runs the page's Python and JavaScript there): the tests that need it."""

from __future__ import annotations

import shutil

import pytest


def node() -> str:
    """The path of `node`; a test that needs it fails without it, as the build would, and never passes unrun."""
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is needed for the build and these tests: sudo apt-get install -y nodejs")
    return found
