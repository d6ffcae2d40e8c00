"""The page's standard library is trimmed by following import statements (buildtools/stdlib.py): what a module runs
when it is imported is followed, what only its functions or its script block run is not."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from buildtools.stdlib import imported_names, module_level_lines

SITE = Path(__file__).resolve().parents[2] / "dist" / "site"

SOURCE = '''\
import os
try:
    import _heapq
except ImportError:
    pass
def helper():
    import tarfile
class Thing:
    def method(self):
        import email
if __name__ == "__main__":
    import doctest
    print(doctest.testmod())
from . import sibling
'''


def test_imports_run_on_import_are_followed_and_script_blocks_are_not() -> None:
    names = imported_names(module_level_lines(SOURCE), "package.module", False)
    assert names == {"os", "_heapq", "package.sibling", "package"}


@pytest.mark.parametrize("guard", ['if __name__ == "__main__":', "if __name__=='__main__':"])
def test_either_way_of_writing_the_script_guard_is_known(guard: str) -> None:
    assert module_level_lines(f"import re\n{guard}\n    import unittest\n") == ["import re"]


def test_the_built_library_has_no_module_only_a_self_test_wanted() -> None:
    archives = sorted(SITE.glob("pyodide/*/python_stdlib.zip"))
    if not archives:
        pytest.fail("dist/site is not built: run `python3 build.py test` (or `python3 build.py` first)")
    with zipfile.ZipFile(archives[0]) as archive:
        tops = {name.split("/")[0].removesuffix(".pyc").removesuffix(".py") for name in archive.namelist()}
    assert {"json", "fractions", "dataclasses", "pyodide", "asyncio"} <= tops
    assert not tops & {"pdb", "doctest", "unittest"}
