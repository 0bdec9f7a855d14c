"""The protocol-mistakes panel: real runs, the endpoint's answer, damage, linter agreement, headless output."""

from __future__ import annotations

import os
from typing import Any

import pytest

import fcourse
from fcourse.lab.diagrams import MERMAID_MIME
from fcourse.lab.protocol_panel import (
    _LEAK,
    DEFAULT_MISTAKE,
    MISTAKES,
    MistakeView,
    protocol_panel,
    run_mistake,
)
from fcourse.protocol.lint import rejected

REJECTED = {"forget_tool_message", "answer_as_user", "wrong_id"}


@pytest.fixture(scope="module")
def connection() -> Any:
    return fcourse.connect(backend="offline", quiet=True)


@pytest.fixture(scope="module")
def runs(connection: Any) -> dict[str, Any]:
    return {mistake: run_mistake(mistake, connection) for mistake in MISTAKES}


def test_the_api_rejects_exactly_the_three_protocol_mistakes(runs: dict[str, Any]) -> None:
    assert {m for m, r in runs.items() if r.status == 400} == REJECTED
    assert all(r.status == 200 for m, r in runs.items() if m not in REJECTED)


def test_the_linter_agrees_with_the_endpoint_on_every_mistake(runs: dict[str, Any]) -> None:
    for mistake, run in runs.items():
        assert rejected(run.transcript.problems) == (run.status == 400), mistake


def test_the_damage_is_measured_on_the_real_answer(runs: dict[str, Any]) -> None:
    assert runs["none"].damage == "none: the answer has real weather for 2 of 2 cities"
    assert "real weather for 1 of 2 cities (Beijing)" in runs["first_call_only"].damage
    assert runs["first_call_only"].executed_calls == 1 and runs["first_call_only"].proposed_calls == 2
    assert "real weather for 0 of 2 cities" in runs["unparsed_arguments"].damage
    raised = runs["tool_raises"]
    assert "the service address and key among them" in raised.damage  # what was sent: the traceback, key and all
    assert ("repeats the service's address and key" in raised.damage) == (_LEAK in raised.answer)


def test_the_traceback_has_no_machine_specific_path(runs: dict[str, Any]) -> None:
    text = MistakeView(runs["tool_raises"]).text() + runs["tool_raises"].transcript.text()
    assert os.getcwd() not in text and 'File "fcourse/lab/protocol_panel.py"' in text


def test_the_headless_default_state_is_ordinary_output() -> None:
    panel = protocol_panel()
    outputs = panel.outputs()
    assert len(outputs) == 3
    assert outputs[0]["text/plain"].startswith(f"mistake: {MISTAKES[DEFAULT_MISTAKE]}\nendpoint: HTTP 400 ")
    assert "⚠ unanswered_call" in outputs[1]["text/plain"]
    assert outputs[2][MERMAID_MIME].startswith("---\ntitle: forget the tool message\n---\nsequenceDiagram")
    assert panel.placeholder() == "controls: mistake='forget_tool_message' (interactive once the notebook runs)"


def test_switching_the_dropdown_reruns_the_chosen_mistake() -> None:
    panel = protocol_panel()
    panel.controls["mistake"].value = "first_call_only"
    assert panel.result.mistake == "first_call_only"
    assert "endpoint: HTTP 200, the model answered:\n  Beijing: Cloudy, 25°C." in panel.text()
    panel.controls["mistake"].value = "wrong_id"
    assert "HTTP 400" in panel.outputs()[0]["text/plain"]
    assert "unknown_call_id" in panel.outputs()[1]["text/plain"]


def test_unknown_mistakes_are_refused(connection: Any) -> None:
    with pytest.raises(ValueError, match="unknown mistake"):
        run_mistake("forget_everything", connection)
    with pytest.raises(ValueError, match="unknown mistake"):
        protocol_panel(default="forget_everything")
