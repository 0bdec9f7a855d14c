"""Notebook furniture: what the chapters draw, switch and check.

- ``diagrams``          — mermaid diagrams built from real runs, rendered offline by JupyterLab
- ``setup_check``       — the chapter-0 environment check
- ``try_it``            — chapters 0 and 3: type your own message, read the reply beside its decision record
- ``prompt_diagram``    — chapter 1: the prompt-hack loop as a flowchart
- ``sweep_views``       — chapter 1: the sweep's table, stacked-bar chart and progress bar
- ``parse_panel``       — chapter 1: the failure gallery and the parse panel
- ``protocol_panel``    — chapter 2: switch a protocol mistake, see the endpoint's answer
- ``selection_panel``   — chapter 3: edit or swap descriptions, re-run the four scenarios
- ``training_diagram``  — chapter 3: from training to runtime, as a flowchart
- ``panels``            — chapter 4: the recovery switchboard
- ``ch4_diagrams``      — chapter 4: the breaker probe and the payment-provider sequence
- ``exercises``         — the "your turn" checkers, one module per exercise: ``tool_call`` (0),
  ``strict_json``, ``parsing``, ``action_check`` (1), ``run_call``, ``loop``, ``parallel`` (2),
  ``descriptions`` (3), ``recovery``, ``claim``, ``confirmation`` (4); ``report`` formats their verdicts

Every panel also works headless: its default state is ordinary cell output.
"""
