"""Notebook furniture: what the chapters draw, switch and check.

- ``diagrams``     — mermaid diagrams built from real runs, rendered offline by JupyterLab
- ``panels``       — widget panels that also work headless
- ``setup_check``  — the chapter-0 environment check
- ``exercises``    — the "your turn" checkers (``exercises.recovery``: chapter 4's recovery grader)
"""
