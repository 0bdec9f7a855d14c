"""Each notebook of chapters 00-02 (03 onwards: test_browser_later_chapters.py) in a real JupyterLab, driven by
headless Chromium: Restart & Run All gives no error output, every diagram is drawn, every panel responds
(notebook_browser says how, and why two files; a file's notebooks run at once)."""

from __future__ import annotations

from notebook_browser import NOTEBOOKS, browser, checks_for, lab  # noqa: F401 - the fixtures

HERE = [nb.name for nb in NOTEBOOKS if nb.name < "03"]
opened, test_notebook_runs_clean_draws_and_its_panels_respond = checks_for(HERE)
