"""No module of the rules imports one that, through any chain, imports it (issue 49): type-only imports count too,
since a newcomer reads them as the same dependency. Read from the source with ast, so a cycle is found before it
runs, whichever module happens to be imported first."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def module_name(path: Path) -> str:
    parts = path.relative_to(RULES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The rules modules a file imports, by name: `from . import x` names rules.x where that is a module."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            base = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module or ""
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in modules else base)
    return {name for name in found if name in modules}


def graph() -> dict[str, set[str]]:
    files = {module_name(path): path for path in RULES.rglob("*.py")}
    return {name: imports(path, set(files)) - {name} for name, path in files.items()}


def cycle_from(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A chain of imports from `start` back to it, if any (depth first)."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        name, path = stack.pop()
        for other in sorted(graph[name]):
            if other == start:
                return path + [start]
            if other not in seen:
                seen.add(other)
                stack.append((other, path + [other]))
    return None


def test_the_reader_finds_a_cycle_it_is_shown() -> None:
    assert cycle_from({"a": {"b"}, "b": {"c"}, "c": {"a"}}, "a") == ["a", "b", "c", "a"]
    assert cycle_from({"a": {"b"}, "b": set()}, "a") is None


def test_the_reader_sees_the_rules_imports() -> None:
    found = graph()
    assert "rules.played" in found["rules.encounter"] and "rules.played" in found["rules.roster"]
    assert "rules.systems.sla.grenade_throw" in found["rules.systems.sla.grenade_zone"]


def test_no_rules_module_imports_its_importer() -> None:
    found = graph()
    cycles = [" -> ".join(chain) for name in sorted(found) if (chain := cycle_from(found, name))]
    assert not cycles, "import cycles in rules/:\n" + "\n".join(cycles)
