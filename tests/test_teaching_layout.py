"""The teaching package's layout: four stage subpackages in layers, no import cycles (issues 6 and 26)."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import fcourse

PACKAGE = pathlib.Path(fcourse.__file__).parent / "teaching"
#: each layer may import the layers before it in this order, never one after it
LAYERS = ("reading", "deciding", "wording", "policy", "wire")


def _layer(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def _module(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _targets(node: ast.AST) -> list[str]:
    """The fcourse.teaching modules an import node names, relative to the package ("deciding.routing")."""
    if isinstance(node, ast.ImportFrom) and node.module:
        if node.module == "fcourse.teaching":
            return [alias.name for alias in node.names]
        if node.module.startswith("fcourse.teaching."):
            base = node.module.removeprefix("fcourse.teaching.")
            if "." in base:
                return [base]
            return [f"{base}.{alias.name}" for alias in node.names]
    if isinstance(node, ast.Import):
        return [a.name.removeprefix("fcourse.teaching.") for a in node.names if a.name.startswith("fcourse.teaching.")]
    return []


def _imports() -> dict[str, set[str]]:
    """Module ("deciding.routing") -> the fcourse.teaching modules it imports (at any depth of its code)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _module(path)
        found = {t for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) for t in _targets(node)}
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
    assert "policy" in graph and "wire.validation" in graph
    assert _cycle(graph) is None, _cycle(graph)


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_every_module_lives_in_a_stage_subpackage() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "policy.py"]
    assert sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(
        set(LAYERS) - {"policy"})
    for layer in set(LAYERS) - {"policy"}:
        assert len(list((PACKAGE / layer).glob("*.py"))) >= 5, layer


def test_layers_import_only_the_layers_before_them() -> None:
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = _layer(path)
        if here not in rank:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _targets(node):
                there = target.split(".")[0]
                if rank.get(there, -1) > rank[here]:
                    upward.append(f"{_module(path)} -> {target}")
    assert upward == []


def test_the_layer_check_sees_an_upward_import(tmp_path: pathlib.Path) -> None:
    node = ast.parse("from fcourse.teaching.wording.reply import word").body[0]
    assert _targets(node) == ["wording.reply"]
    node = ast.parse("from fcourse.teaching.deciding import routing, intents").body[0]
    assert _targets(node) == ["deciding.routing", "deciding.intents"]
    node = ast.parse("from fcourse.teaching import policy").body[0]
    assert _targets(node) == ["policy"]


def test_each_subpackage_says_what_it_does_and_what_it_may_import() -> None:
    for layer in set(LAYERS) - {"policy"}:
        init = PACKAGE / layer / "__init__.py"
        tree = ast.parse(init.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree) or ""
        assert len(doc.split()) >= 40, layer
        assert "import" in doc, layer  # what it may import
        assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))], layer


def test_request_checks_do_not_import_the_policy_or_the_text_model() -> None:
    code = (
        "import sys, fcourse.teaching.wire.validation; "
        "print(sorted(m for m in ('fcourse.teaching.wording.text', 'fcourse.teaching.policy', "
        "'fcourse.teaching.deciding.routing') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_package_init_imports_nothing() -> None:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_every_teaching_module_is_at_most_about_400_lines() -> None:
    sizes = {_module(p): len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")}
    assert len(sizes) >= 50
    assert {name: n for name, n in sizes.items() if n > 400} == {}
