"""Each notebook of chapters 00-02 (03 onwards: test_browser_later_chapters.py) in a real JupyterLab, driven by
headless Chromium: Restart & Run All gives no error output, every diagram is drawn, every panel responds
(notebook_browser says how, and why two files)."""

from __future__ import annotations

from typing import Any

import pytest
from notebook_browser import NOTEBOOKS, Lab, browser, check_notebook_in_lab, lab  # noqa: F401 - the fixtures


@pytest.mark.parametrize("notebook", [nb.name for nb in NOTEBOOKS if nb.name < "03"])
def test_notebook_runs_clean_draws_and_its_panels_respond(browser: Any, lab: Lab, notebook: str) -> None:  # noqa: F811
    check_notebook_in_lab(browser, lab, notebook)
