"""Each revealable solution in chapters 0-2 is the reference the checkers are tested with, word for word."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from fcourse.lab.exercises import solutions

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: notebook -> the reference functions its "Show a solution" blocks hold (renamed as the notebook names them)
SHOWN = {
    "00_start_here.ipynb": [("run_tool_call", {})],
    "01_prompt_hack_json.ipynb": [("strict_loads", {}), ("extract_action", {}), ("validate_action", {})],
    "02_tools_protocol.ipynb": [
        ("run_call", {}), ("tool_loop", {}),
        ("run_call_in_session", {"def run_call_in_session(": "def run_call("}),
        ("parallel_tool_loop", {"def parallel_tool_loop(": "def tool_loop(",
                                "pool.submit(run_call_in_session,": "pool.submit(run_call,"}),
        ("responses_loop", {}),
    ],
}


def _markdown(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_the_solutions_shown_are_the_tested_references(name: str) -> None:
    text = _markdown(name)
    assert text.count("<summary><b>Show a solution</b></summary>") >= len({n for n, r in SHOWN[name] if not r})
    for function, renames in SHOWN[name]:
        source = inspect.getsource(getattr(solutions, function)).rstrip()
        for old, new in renames.items():
            source = source.replace(old, new)
        assert source in text, f"{name}: the solution of {function} differs from fcourse.lab.exercises.solutions"
