"""Load the committed wrong solutions of an exercise (``tests/data/wrong_solutions/<exercise>/*.py``).

Each file is one plausible wrong answer a learner could write: its docstring says what is wrong, its
``POINTS_AT`` is the words the checker's report must contain for it, so that a failing learner is pointed
at the mistake and not only told "FAIL".
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).parent / "data" / "wrong_solutions"


def load(exercise: str) -> list[ModuleType]:
    """Every wrong solution of ``exercise``, as imported modules, in file-name order."""
    modules = []
    for path in sorted((FOLDER / exercise).glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"wrong_{exercise}_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert module.__doc__ and getattr(module, "POINTS_AT", ""), f"{path.name}: needs a docstring and POINTS_AT"
        modules.append(module)
    return modules
