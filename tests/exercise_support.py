"""The solutions of an exercise: the reference (in the package, what the notebook shows) and the wrong ones.

The wrong ones are committed under tests/data/exercises/<exercise>/: each is a module whose docstring says
the mistake and whose ``MISTAKE`` is a phrase the checker's report must show for it (the hint that points
the learner at that mistake).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace

from fcourse.lab.exercises import solutions

DATA = Path(__file__).resolve().parent / "data" / "exercises"


def load(path: Path) -> ModuleType:
    """Import one solution file as a module of its own."""
    spec = importlib.util.spec_from_file_location(f"solution_{path.parent.name}_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wrong_solutions(exercise: str) -> list[Path]:
    """The committed wrong solutions of ``exercise`` (at least five, or the checker is not tested enough)."""
    found = sorted((DATA / exercise).glob("wrong_*.py"))
    assert len(found) >= 5, f"{exercise}: only {len(found)} wrong solutions"
    return found


#: exercise -> (the learner's function name, the reference in fcourse.lab.exercises.solutions)
_REFERENCES = {
    "tool_call": ("run_tool_call", solutions.run_tool_call),
    "strict_json": ("strict_loads", solutions.strict_loads),
    "extractor": ("extract_action", solutions.extract_action),
    "validate_action": ("validate_action", solutions.validate_action),
    "run_call": ("run_call", solutions.run_call),
    "loop": ("tool_loop", solutions.tool_loop),
    "parallel_loop": ("tool_loop", solutions.parallel_tool_loop),
    "responses_loop": ("responses_loop", solutions.responses_loop),
}


def reference(exercise: str) -> SimpleNamespace:
    """The reference solution of ``exercise``, under the name the learner's function has."""
    name, function = _REFERENCES[exercise]
    return SimpleNamespace(**{name: function})
