"""tools/nbrun.py: Restart & Run All into the file, drift check, loud failures."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import nbrun  # noqa: E402  (maintainer tooling lives outside the installed package)


def _write(path: Path, cells: list) -> Path:
    nb = new_notebook(cells=cells)
    for index, cell in enumerate(nb.cells):
        cell["id"] = f"c{index}"
    nbformat.write(nb, path)
    return path


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    folder = tmp_path / "chapter"
    folder.mkdir()
    (folder / "data.txt").write_text("found beside the notebook\n")
    return _write(
        folder / "tiny.ipynb",
        [
            new_markdown_cell("# A tiny notebook"),
            new_code_cell(
                "import os\n"
                "print(os.environ['FCOURSE_BACKEND'])\n"
                "print(open('data.txt').read().strip())"
            ),
            new_code_cell(
                "from IPython.display import display, update_display\n"
                "display('first', display_id='panel')\n"
                "update_display('second', display_id='panel')"
            ),
            new_code_cell(
                "import ipywidgets as widgets\n"
                "widgets.VBox([widgets.Dropdown(options=['a', 'b']), widgets.Label('x')])"
            ),
            new_code_cell("# NBVAL_RAISES_EXCEPTION\nraise ValueError('shown on purpose')"),
            new_code_cell("21 * 2"),
        ],
    )


def test_run_writes_a_clean_restart_and_run_all(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", "openai")  # the run must force offline
    assert nbrun.run_notebook(tiny) is True
    text = tiny.read_text()
    assert text.endswith("}\n") and text.startswith('{\n "cells": [\n  {')  # indent 1
    nb = nbformat.reads(text, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == [1, 2, 3, 4, 5]
    assert all("execution" not in c.metadata for c in nb.cells)
    assert code[0].outputs[0].text == "offline\nfound beside the notebook\n"
    # update_display replaced the output in place, as in a live notebook
    assert [o.data["text/plain"] for o in code[1].outputs] == ["'second'"]
    assert code[3].outputs[0].ename == "ValueError"
    assert code[4].outputs[0].data["text/plain"] == "42"
    # widget state is kept, with stable ids that the outputs point to
    view = code[2].outputs[0].data["application/vnd.jupyter.widget-view+json"]
    state = nb.metadata.widgets["application/vnd.jupyter.widget-state+json"]["state"]
    assert view["model_id"] in state
    assert state[view["model_id"]]["model_name"] == "VBoxModel"
    # a second run of unchanged code leaves the file byte-identical
    assert nbrun.run_notebook(tiny) is False
    assert tiny.read_text() == text
    report = nbrun.check_notebook(tiny)
    assert report.changed is False and report.changed_cells == []


def test_check_reports_drift_without_writing(tiny: Path) -> None:
    nbrun.run_notebook(tiny)
    nb = nbformat.read(tiny, as_version=4)
    nb.cells[5].outputs = [
        new_output("execute_result", {"text/plain": "41"}, execution_count=5)
    ]
    nbformat.write(nb, tiny)
    stale = tiny.read_text()
    report = nbrun.check_notebook(tiny)
    assert report.changed is True
    assert report.changed_cells == [5]
    assert '-       "41"' in report.diff and '+       "42"' in report.diff
    assert tiny.read_text() == stale
    assert nbrun.main(["--check", str(tiny)]) == 1


def test_an_unexpected_error_fails_loudly_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(
        tmp_path / "broken.ipynb",
        [new_code_cell("x = 1"), new_code_cell("{}['missing']"), new_code_cell("x")],
    )
    before = path.read_text()
    assert nbrun.main([str(path)]) == 1
    err = capsys.readouterr().err
    assert "cell 1 failed: KeyError" in err and "{}['missing']" in err
    assert path.read_text() == before


def test_a_cell_marked_to_raise_must_raise(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "quiet.ipynb",
        [new_code_cell("1 + 1", metadata={"tags": ["raises-exception"]})],
    )
    with pytest.raises(nbrun.NotebookRunError, match="cell 0 .*raised nothing"):
        nbrun.run_notebook(path)


def test_normalize_renames_widget_ids_consistently() -> None:
    a, b = "0123456789abcdef" * 2, "fedcba9876543210" * 2
    view = {"model_id": a, "version_major": 2, "version_minor": 0}
    nb = new_notebook(
        cells=[
            new_code_cell(
                "w",
                outputs=[
                    new_output(
                        "display_data",
                        {"application/vnd.jupyter.widget-view+json": view},
                    )
                ],
                execution_count=1,
                metadata={"execution": {"iopub.status.idle": "2026-01-01T00:00:00Z"}},
            )
        ]
    )
    nb.metadata["widgets"] = {
        "application/vnd.jupyter.widget-state+json": {
            "state": {
                b: {"model_name": "LayoutModel", "state": {}},
                a: {"model_name": "VBoxModel", "state": {"layout": f"IPY_MODEL_{b}"}},
            },
            "version_major": 2,
            "version_minor": 0,
        }
    }
    one = nbrun.notebook_text(nbrun.normalize_notebook(nb, "ch"))
    assert a not in one and b not in one and "iopub" not in one
    out = nbformat.reads(one, as_version=4)
    new_a = out.cells[0].outputs[0].data["application/vnd.jupyter.widget-view+json"]
    state = out.metadata.widgets["application/vnd.jupyter.widget-state+json"]["state"]
    layout_ref = state[new_a["model_id"]]["state"]["layout"]
    assert layout_ref.removeprefix("IPY_MODEL_") in state
    dropped = nbrun.normalize_notebook(nb, "ch", keep_widget_state=False)
    assert "widgets" not in dropped.metadata
    # same input, same text; another notebook name, other ids
    assert nbrun.notebook_text(nbrun.normalize_notebook(nb, "ch")) == one
    assert nbrun.notebook_text(nbrun.normalize_notebook(nb, "other")) != one


def test_normalize_merges_stream_chunks_the_kernel_split() -> None:
    chunks = [
        new_output("stream", name="stdout", text="one\n"),
        new_output("stream", name="stdout", text=["two\n", "three\n"]),
        new_output("stream", name="stderr", text="careful\n"),
        new_output("stream", name="stdout", text="four\n"),
    ]
    nb = new_notebook(cells=[new_code_cell("print()", outputs=chunks, execution_count=1)])
    outputs = nbrun.normalize_notebook(nb).cells[0].outputs
    assert [(o.name, o.text) for o in outputs] == [
        ("stdout", "one\ntwo\nthree\n"),
        ("stderr", "careful\n"),
        ("stdout", "four\n"),
    ]


def test_a_cell_that_hangs_is_reported_not_waited_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "slow.ipynb", [new_code_cell("import time; time.sleep(30)")])
    assert nbrun.main(["--timeout", "2", str(path)]) == 1
    assert "CellTimeoutError" in capsys.readouterr().err


def test_check_does_not_compare_a_cell_marked_to_ignore_its_output(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "race.ipynb",
        [
            new_code_cell("# NBVAL_IGNORE_OUTPUT\nimport os\nprint(os.urandom(8).hex())"),
            new_code_cell("print('stable')"),
        ],
    )
    assert nbrun.run_notebook(path) is True
    report = nbrun.check_notebook(path)
    assert report.changed is False, report.diff
    # an unmarked cell that changes is still drift
    nb = nbformat.read(path, as_version=4)
    nb.cells[1].outputs[0]["text"] = "edited by hand\n"
    nbformat.write(nb, path)
    assert nbrun.check_notebook(path).changed_cells == [1]
