"""Each notebook of chapters 00-02 (03 onwards: test_browser_later_chapters.py) in a real JupyterLab, driven by
headless Chromium: Restart & Run All gives no error output, every diagram is drawn, every panel responds
(notebook_browser says how, and why two files; a file's notebooks run at once)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notebook_browser import NOTEBOOKS, Lab, Opened, browser, check_notebook_in_lab, lab, notebooks_started  # noqa: F401

HERE = [nb.name for nb in NOTEBOOKS if nb.name < "03"]


@pytest.fixture(scope="module")
def opened(browser: Any, lab: Lab) -> Iterator[dict[str, Opened]]:  # noqa: F811 - the fixtures above
    yield from notebooks_started(browser, lab, HERE)


@pytest.mark.parametrize("notebook", HERE)
def test_notebook_runs_clean_draws_and_its_panels_respond(opened: dict[str, Opened], notebook: str) -> None:
    check_notebook_in_lab(opened[notebook])
