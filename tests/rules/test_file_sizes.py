"""No file grows past what a person reads in one sitting (issue 49): a source file outside tests/ (.py, .js, .mjs,
.css, .html) over 450 lines, or a test file under tests/ (.py, .mjs, .js) over 500, is named with its line count, to
be split along the code's own seams.  Data (.json), docs (.md) and images are not source.

The files are those git tracks (CI runs on a clean clone); without git, every file under the root but the virtual
environment, the build, the download cache and node_modules."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = {".py", ".js", ".mjs", ".css", ".html"}
TEST = {".py", ".mjs", ".js"}
SOURCE_LINES = 450
TEST_LINES = 500
NOT_OURS = {".git", ".venv", "dist", ".cache", "node_modules"}


def walked(root: Path) -> list[str]:
    """Every file under ``root`` as a path relative to it, leaving out the folders that are not the project's."""
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if name not in NOT_OURS)
        found += [Path(folder, name).relative_to(root).as_posix() for name in files]
    return sorted(found)


def tracked(root: Path) -> list[str]:
    """The files git tracks under ``root``, or, where git or the repository is missing, the files walked."""
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return walked(root)
    return [name for name in listed.stdout.decode("utf-8").split("\0") if name]


def most_lines(name: str) -> int | None:
    """How many lines a file may have, by where it is and what it is; None for what is not source."""
    path = PurePosixPath(name)
    if path.parts[0] == "tests":
        return TEST_LINES if path.suffix in TEST else None
    return SOURCE_LINES if path.suffix in SOURCE else None


def line_count(data: bytes) -> int:
    """Lines as `wc -l` counts them, and a last line without its newline too."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def too_long(root: Path, names: list[str]) -> list[str]:
    """Each file over its limit, as "path: N lines (limit M)", in the order given."""
    over = []
    for name in names:
        limit = most_lines(name)
        path = root / name
        if limit is None or not path.is_file():       # not source, or tracked but deleted in this work tree
            continue
        lines = line_count(path.read_bytes())
        if lines > limit:
            over.append(f"{name}: {lines} lines (limit {limit})")
    return over


def test_no_source_file_is_over_450_lines_and_no_test_file_over_500() -> None:
    over = too_long(ROOT, tracked(ROOT))
    assert over == [], "split these along their own seams (issue 49):\n" + "\n".join(over)


def test_the_check_names_each_file_over_its_limit_with_its_line_count(tmp_path: Path) -> None:
    files = {
        "rules/long.py": 451, "rules/at_limit.py": 450, "web/app.css": 452, "web/index.html": 451, "web/js/a.js": 451,
        "web/js/b.mjs": 451, "tests/test_long.py": 501, "tests/test_at_limit.py": 500, "tests/js/c.mjs": 501,
        "tests/web/page.js": 501, "docs/api.md": 9000, "rules/systems/data/sla.json": 9000,
        "tests/rules/answers.json": 9000, "docs/screens/tour.png": 9000, "tests/rules/test_451.py": 451,
    }
    for name, lines in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x\n" * lines)
    (tmp_path / "web/js/unended.js").write_bytes(b"x\n" * 450 + b"x")          # 451 lines, the last one unended
    names = sorted(files) + ["web/js/unended.js", "rules/deleted.py"]
    assert too_long(tmp_path, names) == [
        "rules/long.py: 451 lines (limit 450)", "tests/js/c.mjs: 501 lines (limit 500)",
        "tests/test_long.py: 501 lines (limit 500)", "tests/web/page.js: 501 lines (limit 500)",
        "web/app.css: 452 lines (limit 450)", "web/index.html: 451 lines (limit 450)",
        "web/js/a.js: 451 lines (limit 450)", "web/js/b.mjs: 451 lines (limit 450)",
        "web/js/unended.js: 451 lines (limit 450)"]


def test_without_a_repository_the_walk_leaves_out_the_environment_the_build_and_the_caches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))      # git looks no higher: no repository
    for name in ("rules/api.py", "web/app.css", ".venv/lib/big.py", "dist/site/app.js", ".cache/pyodide/a.js",
                 "web/node_modules/x/index.js", ".git/hooks/pre-commit.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x\n")
    assert tracked(tmp_path) == ["rules/api.py", "web/app.css"]


def test_in_a_repository_only_what_git_tracks_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed here: the tree is walked (the test above)")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    for name in ("rules/api.py", "rules/scratch.py", "web/app.css"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x\n")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "rules/api.py", "web/app.css"], check=True)
    assert tracked(tmp_path) == ["rules/api.py", "web/app.css"]
