"""The package's shape (issue 6): modules of one job and ~400 lines, no import cycles, a runtime free of the shop."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fcourse"
MAX_LINES = 400

#: Modules another branch is splitting right now (issue 6, the teaching model). Each entry must still be too
#: long -- the test fails once it is split, so that the entry is removed, never left behind.
PENDING_SPLIT: frozenset[str] = frozenset()


def _modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    return modules


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every fcourse module ``path`` imports, at module level or inside a function (a lazy import still counts)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target != "fcourse":
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def test_no_module_is_over_400_lines() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for path in _modules().values()
    }
    too_long = {path: size for path, size in sizes.items() if size > MAX_LINES and path not in PENDING_SPLIT}
    assert too_long == {}
    split_already = sorted(path for path in PENDING_SPLIT if sizes.get(path, 0) <= MAX_LINES)
    assert split_already == [], "split: remove these from PENDING_SPLIT"


def test_no_import_cycle_among_fcourse_modules() -> None:
    graph = _graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert cycles == []


def test_the_cycle_check_sees_a_cycle() -> None:
    # the checker itself can fail: two modules importing each other are found
    graph = _graph()
    assert "fcourse.runtime.registry" in graph["fcourse.runtime.recovery"]
    assert "fcourse.runtime.recovery" not in graph["fcourse.runtime.registry"]
    assert "fcourse.shop.demo" in graph["fcourse.lab.panels"]  # a lazy import inside a function counts


def test_the_runtime_imports_nothing_from_the_shop_or_the_lab() -> None:
    graph = _graph()
    for module, imported in graph.items():
        if module.startswith("fcourse.runtime"):
            assert not {m for m in imported if m.startswith(("fcourse.shop", "fcourse.lab"))}, module


def test_importing_recovery_loads_no_demo_or_scenario_code() -> None:
    code = (
        "import sys, fcourse.runtime.recovery; "
        "print([m for m in sys.modules if m.startswith(('fcourse.shop', 'fcourse.lab'))])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
