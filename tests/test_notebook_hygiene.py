"""Every committed notebook is what one clean Restart & Run All left, and holds nothing personal.

nbval compares stored outputs, so a notebook saved half-run, re-run out of order or
with its outputs stripped would weaken (or silently disable) the comparison. These
checks read the files only; the notebooks themselves run under nbval and in the
browser test.
"""

from __future__ import annotations

import getpass
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: hosted model ids a provider run would leave in an output (the teaching model is fcourse-*)
HOSTED_MODEL = re.compile(r"\b(gpt-[0-9][\w.-]*|o[134]-(mini|preview)\b|deepseek-(chat|reasoner)|claude-[\w.-]+)")


def _code_cells(path: Path) -> list[dict[str, Any]]:
    return [cell for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]


def _output_text(cell: dict[str, Any]) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.extend(output.get("text", []) if isinstance(output.get("text"), list) else [output.get("text", "")])
        for mime, value in output.get("data", {}).items():
            if mime.startswith("text/") or mime.endswith("json"):
                parts.append(value if isinstance(value, str) else json.dumps(value))
        parts.extend(output.get("traceback", []))
    return "".join(parts)


def test_there_are_notebooks() -> None:
    assert [p.name[:2] for p in NOTEBOOKS] == sorted({p.name[:2] for p in NOTEBOOKS}), "two notebooks share a number"
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_execution_counts_are_one_to_n_from_one_clean_run(path: Path) -> None:
    counts = [cell.get("execution_count") for cell in _code_cells(path) if cell["source"]]
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: execution counts {counts}"
    for cell in _code_cells(path):
        for output in cell.get("outputs", []):
            if "execution_count" in output:
                assert output["execution_count"] == cell["execution_count"], f"{path.name}: stale output count"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_code_cell_has_its_outputs(path: Path) -> None:
    silent = [
        "".join(cell["source"])[:60]
        for cell in _code_cells(path)
        if cell["source"] and not cell.get("outputs") and not "".join(cell["source"]).rstrip().endswith(";")
    ]
    # a cell may legitimately print nothing (a definition); but a notebook with no outputs at all was stripped
    assert len(silent) < len(_code_cells(path)), f"{path.name}: no outputs stored"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_hold_no_hosted_model_ids_paths_or_user_names(path: Path) -> None:
    user = getpass.getuser()
    for index, cell in enumerate(_code_cells(path), start=1):
        text = _output_text(cell)
        where = f"{path.name}, code cell {index}"
        assert not HOSTED_MODEL.search(text), f"{where}: a hosted model id in the output"
        assert str(ROOT) not in text and "/home/" not in text and "/root/" not in text, f"{where}: an absolute path"
        assert not re.search(r"/tmp/[\w.-]+", text), f"{where}: a temporary path"
        if len(user) > 3 and user not in {"root", "runner", "jovyan"}:
            assert user not in text, f"{where}: the user name"
        assert not re.search(r" at 0x[0-9a-f]{6,}>", text), f"{where}: a memory address (differs each run)"


def test_the_readme_table_lists_exactly_the_notebooks() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(\d\d_[\w]+)` \|", readme, flags=re.MULTILINE))
    assert listed == {p.stem for p in NOTEBOOKS}
