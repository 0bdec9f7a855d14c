"""The teaching package's layout: no import cycles, the protocol apart from the policy (issue 6)."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import fcourse

PACKAGE = pathlib.Path(fcourse.__file__).parent / "teaching"


def _imports() -> dict[str, set[str]]:
    """Module -> the fcourse.teaching modules it imports (at any depth of its code)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        name = path.stem
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "fcourse.teaching":
                    found.update(alias.name for alias in node.names)
                elif node.module.startswith("fcourse.teaching."):
                    found.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                found.update(a.name.split(".")[2] for a in node.names if a.name.startswith("fcourse.teaching."))
        graph[name] = found - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycle_between_teaching_modules() -> None:
    graph = _imports()
    assert "policy" in graph and "validation" in graph
    assert _cycle(graph) is None, _cycle(graph)


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_request_checks_do_not_import_the_policy_or_the_text_model() -> None:
    code = (
        "import sys, fcourse.teaching.validation; "
        "print(sorted(m for m in ('fcourse.teaching.text', 'fcourse.teaching.policy', 'fcourse.teaching.routing') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_package_init_imports_nothing() -> None:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_every_teaching_module_is_at_most_about_400_lines() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.glob("*.py")}
    assert len(sizes) >= 20
    assert {name: n for name, n in sizes.items() if n > 400} == {}
