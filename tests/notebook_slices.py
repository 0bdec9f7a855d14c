"""Run code the way a learner's notebook would, without running the whole notebook.

A learner pastes a solution (or writes a wrong one) into a notebook where the earlier cells have run. Running
every earlier cell of a chapter costs minutes, so this module runs the *slice* of them that the code needs: the
latest earlier cell that binds each name the code uses, then, the same way, the cells those cells need. Cells
are executed with ``exec`` in one fresh namespace named ``__main__``, with their source registered in
``linecache`` as IPython does (so ``inspect.getsource`` finds a function defined in them: the claim checker
sends a claim's source to its worker processes). What a cell prints is discarded.

A name no earlier cell binds is left unbound: code that needs an import the notebook never made fails with the
``NameError`` a learner would see.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import json
import linecache
import os
import warnings
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["NOTEBOOKS", "code_cells", "free_names", "run_in_notebook", "slice_namespace"]

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@cache
def code_cells(notebook: str) -> tuple[str, ...]:
    """The source of every code cell of ``notebook``, in order."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return tuple("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def _bound(tree: ast.AST) -> set[str]:
    """Names a cell binds at its top level: assignments, imports, definitions, loop and with targets."""
    names: set[str] = set()
    for node in getattr(tree, "body", []):
        for sub in ast.walk(node) if not isinstance(node, ast.FunctionDef | ast.ClassDef) else [node]:
            if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(sub.name)
            elif isinstance(sub, ast.Import | ast.ImportFrom):
                names.update((alias.asname or alias.name).split(".")[0] for alias in sub.names)
            elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                names.add(sub.id)
    return names


def free_names(source: str) -> set[str]:
    """Names ``source`` reads that it never binds anywhere and that are not builtins (a generous reading: what it
    may need from the notebook), and the names its top-level statements read before a later one binds them
    (``previous = run_call`` above ``def run_call``: the earlier cell's ``run_call``)."""
    tree = ast.parse(source)
    return _never_bound(tree) | _read_before_bound(tree) | _read_at_top_never_bound_there(tree)


def _read_at_top_never_bound_there(tree: ast.Module) -> set[str]:
    """Names a top-level statement reads that no top-level statement binds: ``run_tool_call(..., tools, ...)``
    after ``def run_tool_call(name, arguments, tools, handlers)`` reads the notebook's ``tools`` (a parameter's
    name binds nothing at the top level)."""
    read = {sub.id for node in tree.body if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            for sub in _walk_now(node) if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)}
    return read - _bound(tree) - set(dir(builtins))


def _read_before_bound(tree: ast.Module) -> set[str]:
    """Names a top-level statement reads (outside the functions it defines) that neither it nor an earlier
    top-level statement binds, and a later one does."""
    early: set[str] = set()
    seen: set[str] = set()
    for node in tree.body:
        binds = _bound(ast.Module(body=[node], type_ignores=[]))
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            early |= {sub.id for sub in _walk_now(node) if isinstance(sub, ast.Name) and
                      isinstance(sub.ctx, ast.Load)} - seen - binds  # a loop's own target is not read early
        seen |= binds
    return early & seen


def _walk_now(node: ast.AST) -> list[ast.AST]:
    """The nodes of a statement that run when it runs (not the bodies of the functions and lambdas it defines)."""
    found = [node]
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            found += _walk_now(child)
    return found


def _never_bound(tree: ast.Module) -> set[str]:
    read, bound = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return read - bound - set(dir(builtins))


def _slice(notebook: str, before: int, needed: frozenset[str]) -> list[int]:
    """The indices of the code cells (before cell ``before``) that ``needed`` names depend on, in order."""
    cells = code_cells(notebook)
    bound = [_bound(ast.parse(source)) for source in cells[:before]]
    chosen: set[int] = set()
    todo = {(name, before) for name in needed}  # a name, needed by the code before this cell
    done: set[tuple[str, int]] = set()
    while todo:
        name, until = todo.pop()
        done.add((name, until))
        for index in range(until - 1, -1, -1):
            if name in bound[index]:  # the binding this code sees: the latest one before it
                if index not in chosen:
                    chosen.add(index)
                    todo |= {(needed_name, index) for needed_name in free_names(cells[index])} - done
                break
    return sorted(chosen)


def _run_cell(source: str, namespace: dict[str, Any], label: str) -> None:
    filename = f"<{label}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    with warnings.catch_warnings():  # code kept as written (an invalid escape in a docstring) compiles quietly
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        code = compile(source, filename, "exec")
    exec(code, namespace)  # noqa: S102 - the notebook's own code


@cache
def _namespace(notebook: str, cells: tuple[int, ...]) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
    here = Path.cwd()
    os.environ.setdefault("FCOURSE_BACKEND", "offline")
    os.chdir(NOTEBOOKS)  # a notebook runs in its own folder
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for index in cells:
                _run_cell(code_cells(notebook)[index], namespace, f"{notebook} cell {index}")
    finally:
        os.chdir(here)
    return namespace


def slice_namespace(notebook: str, before: int, needs: set[str]) -> dict[str, Any]:
    """A fresh namespace in which the cells of ``notebook`` before code cell ``before`` that ``needs`` depends on
    have run (computed once per notebook, cell and names; each caller gets its own shallow copy)."""
    return dict(_namespace(notebook, tuple(_slice(notebook, before, frozenset(needs)))))


def run_in_notebook(notebook: str, before: int, source: str, label: str, expression: str | None = None,
                    extra: str = "") -> Any:
    """Run ``extra`` (imports a checker needs), then ``source``, in the slice of ``notebook`` before code cell
    ``before`` that they need; then evaluate ``expression`` there and return its value."""
    # the expression's names on their own: a cell that defines a function with a parameter ``client`` still needs the
    # notebook's ``client`` for the call
    needs = free_names(extra + "\n" + source) | free_names(expression or "")
    namespace = slice_namespace(notebook, before, needs)
    with contextlib.redirect_stdout(io.StringIO()):
        _run_cell(extra, namespace, f"{label} imports")
        _run_cell(source, namespace, label)
        return eval(expression, namespace) if expression else namespace  # noqa: S307 - our own test expression
