"""The wrong solutions of every exercise, run as a learner's notebook would run them; the references as pasted.

All wrong solutions live in ``tests/data/wrong_solutions/<checker>/``: the team's directly, and in
``<checker>/blind_batch<N>/`` the batches a reviewer wrote blind (without reading ``tests/``), kept as written.
Each file is what a learner could type into the exercise's cell: the first line of its docstring says
``MISTAKE: ...`` or ``SHORTCUT: ...`` and what is wrong. What the checker's report must say about it (the words
that point the learner at the mistake) is the file's ``HINT``, or for a batch its entry in the batch's
``hints.json``; an entry ``{"passes": why}`` records a reviewer's claim the course does not share (the checker
passes that file on purpose, and the test holds it to that). ``manifest.json`` says, per checker, which notebook
the exercise is in, what the file defines and the call that checks it.

A file runs in the slice of its notebook that it needs (:mod:`notebook_slices`): the earlier cells that bind the
names it uses (``run_call``, ``error_result``, ``client`` ...), then the manifest's imports, the file and the call.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import json
import linecache
import sys
import types
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from notebook_slices import code_cells, run_in_notebook

WRONG = Path(__file__).resolve().parent / "data" / "wrong_solutions"
MANIFEST: dict[str, dict[str, Any]] = json.loads((WRONG / "manifest.json").read_text(encoding="utf-8"))
#: the call the tests make where it differs from the notebook's (a shorter race: 20 tries, not 200)
TEST_CALLS = {"check_claim": "check_claim(claim, CLAIM_SCHEMA, tries=20)"}


@dataclass(frozen=True)
class WrongSolution:
    """One wrong solution: its checker, file, kind (MISTAKE or SHORTCUT), what is wrong, and what the report must
    say about it."""

    checker: str
    path: Path
    kind: str
    about: str
    hint: str
    passes: str = ""  # why the checker passes it after all (a reviewer's claim this course does not share)

    @property
    def id(self) -> str:
        """``check_loop/blind_batch1/text_means_done``."""
        return str(self.path.relative_to(WRONG).with_suffix(""))


def _hint(path: Path, tree: ast.Module) -> Any:
    """The file's HINT, or its entry in the batch's hints.json (a phrase, or {"passes": why})."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["HINT"]:
            return str(ast.literal_eval(node.value))
    hints = path.parent / "hints.json"
    return json.loads(hints.read_text(encoding="utf-8")).get(path.name, "") if hints.exists() else ""


def wrong_solutions(checker: str | None = None) -> list[WrongSolution]:
    """Every wrong solution (of ``checker``, or of all), team's first, then each blind batch."""
    found = []
    for name in [checker] if checker else sorted(MANIFEST):
        for path in sorted((WRONG / name).rglob("*.py")):
            with warnings.catch_warnings():  # a batch is kept as written, invalid escapes in docstrings too
                warnings.simplefilter("ignore", SyntaxWarning)
                warnings.simplefilter("ignore", DeprecationWarning)
                tree = ast.parse(path.read_text(encoding="utf-8"))
            doc = (ast.get_docstring(tree) or "").strip()
            kind, _, about = doc.partition(":")
            hint = _hint(path, tree)
            passes = hint.get("passes", "") if isinstance(hint, dict) else ""
            found.append(WrongSolution(name, path, kind, about.strip().split("\n")[0], "" if passes else hint, passes))
    return found


@cache
def call_cell(checker: str) -> int:
    """The index of the code cell that holds the exercise's check (the file runs as if typed just before it)."""
    info = MANIFEST[checker]
    return next(i for i, source in enumerate(code_cells(info["notebook"])) if info["call"] in source)


def run_wrong(solution: WrongSolution) -> tuple[bool, str]:
    """(did the checker pass it, what the learner reads): the report on ``solution``, run in the notebook's slice.

    A file that raises before the checker can run (it imports a table the checker no longer has) is what the
    learner sees too: a failure, whose text is the error.
    """
    info = MANIFEST[solution.checker]
    with modules_kept():
        try:
            report = run_in_notebook(info["notebook"], call_cell(solution.checker),
                                     solution.path.read_text(encoding="utf-8"), solution.id,
                                     TEST_CALLS.get(solution.checker, info["call"]), info["imports"])
        except Exception as error:  # noqa: BLE001 - the learner's cell raised: that is the outcome
            return False, f"raised {type(error).__name__}: {error}"
        return bool(getattr(report, "passed", False)), report_text(report)


@contextlib.contextmanager
def modules_kept() -> Iterator[None]:
    """Put every loaded module's names back as they were: a shortcut that patches a checker in ``fcourse``'s modules,
    or ``threading.Barrier``, patches this test process too, and must not reach the next wrong solution's run."""
    saved = [(vars(module), dict(vars(module))) for module in list(sys.modules.values()) if module is not None]
    try:
        yield
    finally:
        for names, before in saved:
            # a submodule imported meanwhile stays (``importlib.abc``): it is in sys.modules, and a later
            # ``import importlib.abc`` does not set the parent's attribute again
            for name in [name for name in names if name not in before and not _submodule(names, name)]:
                del names[name]
            for name, value in before.items():
                if names.get(name, before) is not value:
                    names[name] = value


def _submodule(names: dict[str, Any], name: str) -> bool:
    """``names[name]`` is the submodule ``<module>.<name>`` that the import system set on its parent module."""
    value = names[name]
    full = f"{names.get('__name__')}.{name}"
    return isinstance(value, types.ModuleType) and value.__name__ == full and sys.modules.get(full) is value


def assert_fails_with_its_hint(solution: WrongSolution) -> None:
    """The wrong solution fails its checker and the report says its hint (or, recorded as passing, it passes)."""
    passed, text = run_wrong(solution)
    if solution.passes:  # a reviewer's claim the course does not share: the checker passes it, on purpose
        assert passed, f"{solution.id} is recorded as passing ({solution.passes}), but:\n{text}"
        return
    assert not passed, f"{solution.id} ({solution.kind}: {solution.about}) passes its checker:\n{text}"
    assert solution.hint, f"{solution.id} declares no HINT (the words its report must show)"
    assert solution.hint in text, f"{solution.id}: the report does not say {solution.hint!r}:\n{text}"


def report_text(report: Any) -> str:
    """A report as the learner reads it (every checker's report prints as text)."""
    return report.text() if hasattr(report, "text") else repr(report)


def pasted(*objects: Any) -> dict[str, Any]:
    """The source of ``objects`` compiled afresh, as a learner pastes a revealed solution into a notebook: new
    functions (own code objects) in a namespace that starts as a copy of the first object's module globals."""
    module = sys.modules[objects[0].__module__]
    namespace = dict(vars(module))
    for obj in objects:
        source, filename = inspect.getsource(obj), f"<pasted {obj.__name__}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)  # getsource works
        exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - our own references
    return namespace


def learner_object(checker: str, slug: str) -> Any:
    """What the wrong solution ``<checker>/<slug>.py`` defines for its checker (its function, class or data), run in
    its notebook's slice."""
    return learner_namespace(checker, slug)[MANIFEST[checker]["defines"][-1]]


def learner_namespace(checker: str, slug: str) -> dict[str, Any]:
    """The namespace the wrong solution ``<checker>/<slug>.py`` leaves, run in its notebook's slice (every name it
    defines for its checker, where that is more than one)."""
    info = MANIFEST[checker]
    path = WRONG / checker / f"{slug}.py"
    return run_in_notebook(info["notebook"], call_cell(checker), path.read_text(encoding="utf-8"), f"{checker}/{slug}",
                           None, info["imports"])
