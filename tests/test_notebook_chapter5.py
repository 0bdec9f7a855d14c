"""Notebook 05: each revealed solution runs as pasted in a kernel where only the notebook's earlier cells ran,
and passes its checker; the stubs fail theirs.

The "kernel" is IPython's own shell, in process (top-level ``await`` included), which is what a notebook
cell runs in - without starting a Jupyter kernel.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "05_tools_from_elsewhere.ipynb"
SOLUTION = re.compile(r"<details><summary><b>Show a solution</b></summary>\s*```python\n(.*?)```", re.DOTALL)
#: the checker of each exercise, as the notebook calls it on the learner's names
CHECKS = {"check_mcp_adapter": "check_mcp_adapter(chat_tools, responses_tools, tool_message, function_output)",
          "check_mcp_guard": "check_mcp_guard(Guard)"}


def cells() -> list[dict[str, Any]]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def run(shell: InteractiveShell, source: str) -> None:
    result = shell.run_cell(source, store_history=False)
    assert result.success, f"{source[:80]!r} failed: {result.error_in_exec or result.error_before_exec}"


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("FCOURSE_BACKEND", "offline")
    monkeypatch.chdir(NOTEBOOK.parent)
    shell = InteractiveShell.instance()
    shell.reset(new_session=True)
    yield shell
    shell.reset(new_session=True)


def test_the_notebook_reveals_two_solutions_after_two_stubs() -> None:
    text = "\n".join("".join(c["source"]) for c in cells() if c["cell_type"] == "markdown")
    assert len(SOLUTION.findall(text)) == 2
    stubs = [c for c in cells() if c["cell_type"] == "code" and any(f"{name}(" in "".join(c["source"])
                                                                     for name in CHECKS)]
    assert len(stubs) >= 2


def test_each_revealed_solution_runs_as_pasted_after_the_earlier_cells_and_passes(shell: InteractiveShell) -> None:
    passed = []
    for cell in cells():
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            run(shell, source)
            continue
        found = SOLUTION.search(source)
        if not found:
            continue
        checker = next(name for name in CHECKS if shell.user_ns.get(name) is not None and name not in passed)
        assert not eval(CHECKS[checker], shell.user_ns).passed  # the stub the learner starts from fails
        run(shell, found.group(1))  # the solution, as pasted into a new cell
        report = eval(CHECKS[checker], shell.user_ns)
        assert report.passed, report.text()
        passed.append(checker)
        if len(passed) == len(CHECKS):
            break  # nothing later is needed
    assert passed == ["check_mcp_adapter", "check_mcp_guard"]
