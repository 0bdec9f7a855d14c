"""Every revealed solution runs as pasted, and passes its checker; chapters 0-2's are the tested references.

A learner who opens "Show a solution" pastes the code into the exercise's cell, where only the notebook's earlier
cells have run. So each revealed block runs in the slice of the notebook before the exercise's cell that it needs
(:mod:`notebook_slices`: an import no earlier cell made is a ``NameError``, as in the notebook), then the exercise's
own check call runs on it.
"""

from __future__ import annotations

import inspect
import json
import re
from dataclasses import dataclass

import pytest
from notebook_slices import NOTEBOOKS, code_cells, run_in_notebook

from fcourse.lab.exercises import solutions

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
_FENCE = re.compile(r"```python\n(.*?)```", re.DOTALL)
_CHECK = re.compile(r"check_\w+\([^)]*\)")


@dataclass(frozen=True)
class Revealed:
    """One revealed solution: the notebook, its code, the exercise's code cell (index among code cells), the call."""

    notebook: str
    code: str
    cell: int
    call: str

    def __str__(self) -> str:
        return f"{self.notebook.split('_')[0]}:{self.call.split('(')[0]}"


def _revealed() -> list[Revealed]:
    found = []
    for path in sorted(NOTEBOOKS.glob("0[0-4]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code_index = -1
        last_check: tuple[int, str] | None = None
        for cell in cells:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code":
                code_index += 1
                call = _CHECK.search(source)
                if call:
                    last_check = (code_index, call.group(0))
                continue
            for details in re.findall(r"<details>.*?</details>", source, re.DOTALL):
                if "Solution" not in details and "solution" not in details:
                    continue
                assert last_check is not None, f"{path.name}: a solution before any exercise"
                found.extend(Revealed(path.name, code, *last_check) for code in _FENCE.findall(details))
    return found


REVEALED = _revealed()
#: the call the test makes where it differs from the notebook's (a shorter race)
CALLS = {"check_claim(claim, CLAIM_SCHEMA)": "check_claim(claim, CLAIM_SCHEMA, tries=20)"}


def test_every_checked_exercise_reveals_a_solution() -> None:
    assert sorted({str(r) for r in REVEALED}) == sorted({
        "00:check_run_tool_call", "01:check_strict_loads", "01:check_extractor", "01:check_validate_action",
        "02:check_run_call", "02:check_loop", "02:check_parallel_loop", "02:check_responses_loop",
        "03:check_judge", "03:check_cases", "03:check_description",
        "04:check_executor", "04:check_recovery_policy", "04:check_claim", "04:check_confirmation"})


@pytest.mark.parametrize("revealed", REVEALED, ids=str)
def test_a_revealed_solution_runs_as_pasted_after_the_earlier_cells_and_passes_its_checker(revealed: Revealed) -> None:
    assert revealed.call in code_cells(revealed.notebook)[revealed.cell]
    report = run_in_notebook(revealed.notebook, revealed.cell, revealed.code, f"{revealed} revealed",
                             CALLS.get(revealed.call, revealed.call))
    assert report.passed, report.text() if hasattr(report, "text") else repr(report)


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_the_solutions_shown_in_chapters_0_to_2_are_the_tested_references(name: str) -> None:
    shown = "\n".join(r.code for r in REVEALED if r.notebook == name)
    for function, renames in SHOWN[name]:
        source = inspect.getsource(getattr(solutions, function)).rstrip()
        for old, new in renames.items():
            source = source.replace(old, new)
        assert source in shown, f"{name}: the solution of {function} differs from fcourse.lab.exercises.solutions"


def test_falling_back_to_the_reference_is_said_aloud(capsys: pytest.CaptureFixture[str]) -> None:
    class Failed:
        passed = False
        cases = (1, 2, 3)

        def failures(self) -> list[int]:
            return [1, 2]

    chosen = solutions.yours_or_reference("strict_loads", len, Failed(), solutions.strict_loads)
    said = capsys.readouterr().out
    assert chosen is solutions.strict_loads
    assert said.startswith("⚠ USING THE REFERENCE, NOT YOURS: your strict_loads fails 2 of 3 cases")
    assert said.count("\n") == 1  # one line
