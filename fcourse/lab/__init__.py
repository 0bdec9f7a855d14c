"""Notebook furniture: what the chapters draw, switch and check.

- ``diagrams``     — mermaid diagrams built from real runs, rendered offline by JupyterLab
- ``panels``       — widget panels that also work headless
- ``setup_check``  — the chapter-0 environment check
- ``prompt_diagram`` — chapter 1's prompt-hack loop as a flowchart
- ``sweep_views``  — chapter 1's sweep table, stacked-bar chart and progress bar
- ``parse_panel``  — chapter 1's failure gallery and parse panel
- ``exercises``    — the "your turn" checkers (``exercises.parsing``: chapter 1)
"""
