"""fcourse.shop.demo: the terminal command, and the names notebook 04 imports from it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import fcourse.shop.demo as demo
from fcourse.shop import scenarios, world

ROOT = Path(__file__).resolve().parents[1]
REFERENCE_TRACE = (
    "refund_order response=EXECUTION_ERROR\n"
    "idempotency_status=SUCCEEDED\n"
    "runtime_action=REPLAY_SUCCESS\n"
    "final=SUCCESS\n"
    "refund_order handler_execution_count=1"
)
SCENARIOS = scenarios.SCENARIOS


def test_the_demo_module_still_offers_what_notebook_04_imports() -> None:
    assert demo.SCENARIOS is scenarios.SCENARIOS and demo.build_world is world.build_world
    assert demo.run_scenario is scenarios.run_scenario


def test_main_runs_all_or_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["refund", "--scenario", "timeout_after_success"]) == 0
    out = capsys.readouterr().out
    assert REFERENCE_TRACE in out and out.count("==") == 1
    assert demo.main(["demo", "refund"]) == 0
    out = capsys.readouterr().out
    assert out.count("== ") == len(SCENARIOS)
    assert demo.main(["refund", "--scenario", "nope"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_python_dash_m_fcourse_demo_prints_the_reference_trace() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-m", "fcourse", "demo", "refund", "--scenario", "timeout_after_success"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert REFERENCE_TRACE in completed.stdout
    assert "handler_execution_count=1" in completed.stdout
