"""Loading the committed solutions of an exercise (tests/data/exercises/<exercise>/): the reference and the wrong ones.

Each wrong solution is a module whose docstring says the mistake and whose ``MISTAKE`` is a phrase the
checker's report must show for it (the hint that points the learner at that mistake).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

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


def reference(exercise: str) -> ModuleType:
    """The reference solution of ``exercise``."""
    return load(DATA / exercise / "reference.py")
