"""fcourse.lab.panels: headless panels driven from Python, and the chapter-4 switchboard."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import ipywidgets
import pytest
from IPython.core.interactiveshell import InteractiveShell

from fcourse.lab.diagrams import MERMAID_MIME, recovery_flowchart
from fcourse.lab.panels import DEFAULT_SCENARIO, Panel, ScenarioView, TextView, switchboard

FAKE_SCENARIOS = ("success", "timeout_after_success", "timeout_unknown")


@dataclass(frozen=True)
class FakeResponse:
    status: str
    error_code: str | None = None
    message: str = ""
    data: Any = None
    retry_safe: bool = True


@dataclass(frozen=True)
class FakeResult:
    name: str
    trace: tuple[str, ...]
    response: FakeResponse
    handler_execution_count: int
    ledger_rows: tuple[dict[str, Any], ...] = ()
    flow_path: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def fake_run(name: str) -> FakeResult:
    if name == "timeout_unknown":
        return FakeResult(
            name,
            ("refund_order response=EXECUTION_ERROR", "idempotency_status=UNKNOWN"),
            FakeResponse("PENDING", message="handed to reconciliation", retry_safe=False),
            handler_execution_count=1,
            ledger_rows=({"idempotency_key": "k-1", "status": "IN_PROGRESS"},),
            flow_path="UNKNOWN",
        )
    if name == "timeout_after_success":
        return FakeResult(
            name,
            (
                "refund_order response=EXECUTION_ERROR",
                "idempotency_status=SUCCEEDED",
                "runtime_action=REPLAY_SUCCESS",
                "final=SUCCESS",
                "refund_order handler_execution_count=1",
            ),
            FakeResponse("SUCCESS", data={"refund_id": "R-1"}),
            handler_execution_count=1,
            ledger_rows=({"idempotency_key": "k-1", "status": "SUCCEEDED"},),
            flow_path="SUCCEEDED",
        )
    if name == "success":
        return FakeResult(name, ("refund_order response=SUCCESS",), FakeResponse("SUCCESS"), 1)
    raise KeyError(name)


def test_switchboard_shows_the_default_scenario() -> None:
    panel = switchboard(run=fake_run, scenarios=FAKE_SCENARIOS)
    assert panel.controls["scenario"].value == DEFAULT_SCENARIO == "timeout_after_success"
    assert isinstance(panel.controls["scenario"], ipywidgets.Dropdown)
    assert panel.controls["scenario"].description == "scenario"  # it lists scenarios, not faults
    assert panel.result.name == "timeout_after_success"
    text, diagram = panel.outputs()
    assert text["text/plain"].splitlines()[:7] == [
        "scenario: timeout_after_success",
        "trace:",
        "  refund_order response=EXECUTION_ERROR",
        "  idempotency_status=SUCCEEDED",
        "  runtime_action=REPLAY_SUCCESS",
        "  final=SUCCESS",
        "  refund_order handler_execution_count=1",
    ]
    assert "handler_execution_count (from the ledger): 1" in text["text/plain"]
    assert "  idempotency_key\n  k-1" in text["text/plain"]  # only the LEDGER_COLUMNS there are
    assert "<table>" in text["text/html"] and "<code>k-1</code></td>" in text["text/html"]
    assert "SUCCEEDED</code>" not in text["text/html"]  # "status" is not a ledger column shown
    assert diagram[MERMAID_MIME] == recovery_flowchart("SUCCEEDED").text


def test_flipping_the_control_recomputes() -> None:
    panel = switchboard(run=fake_run, scenarios=FAKE_SCENARIOS)
    panel.controls["scenario"].value = "timeout_unknown"
    assert panel.result.flow_path == "UNKNOWN"
    assert "idempotency_status=UNKNOWN" in panel.text()
    assert panel.outputs()[1]["text/plain"] == recovery_flowchart("UNKNOWN").text
    panel.controls["scenario"].value = "success"
    assert panel.outputs()[1]["text/plain"] == recovery_flowchart(None).text
    assert "ledger: (no rows" in panel.text()


def test_a_failing_run_is_shown_not_raised() -> None:
    def broken(name: str) -> FakeResult:
        raise RuntimeError(f"backend down for {name}")

    panel = Panel(
        {"fault": ipywidgets.Dropdown(options=["a", "b"], value="a")},
        compute=lambda values: broken(values["fault"]),
        render=lambda result: [result],
    )
    assert panel.result is None and isinstance(panel.error, RuntimeError)
    assert panel.views == [TextView("RuntimeError: backend down for a")]


def test_a_switchboard_keeps_two_outputs_when_a_run_fails() -> None:
    def flaky(name: str) -> FakeResult:
        if name == "success":
            raise RuntimeError("database locked")
        return fake_run(name)

    panel = switchboard(run=flaky, scenarios=FAKE_SCENARIOS)
    panel.controls["scenario"].value = "success"
    assert panel.views == [TextView("RuntimeError: database locked"), TextView("")]
    panel.controls["scenario"].value = "timeout_unknown"
    assert len(panel.views) == 2 and panel.error is None


def test_default_must_be_a_scenario() -> None:
    with pytest.raises(ValueError, match="not one of"):
        switchboard(run=fake_run, scenarios=FAKE_SCENARIOS, default="nope")


class _Recorder:
    """Stands in for the kernel's display publisher."""

    def __init__(self) -> None:
        self.calls: list[tuple[dict[str, Any], str | None, bool]] = []

    def publish(self, data: dict[str, Any], metadata: Any = None, source: Any = None,
                *, transient: dict[str, Any] | None = None, update: bool = False,
                **kwargs: Any) -> None:
        display_id = (transient or {}).get("display_id")
        self.calls.append((data, display_id, update))

    def clear_output(self, wait: bool = False) -> None:
        pass


@pytest.fixture
def shell() -> Any:
    shell = InteractiveShell.instance()
    recorder = _Recorder()
    original = shell.display_pub
    shell.display_pub = recorder
    try:
        yield recorder
    finally:
        shell.display_pub = original
        InteractiveShell.clear_instance()


def test_displaying_then_flipping_updates_the_same_outputs(shell: _Recorder) -> None:
    panel = switchboard(run=fake_run, scenarios=FAKE_SCENARIOS)
    panel._ipython_display_()
    shown = shell.calls[:]
    assert [update for _, _, update in shown] == [False, False, False]
    assert "application/vnd.jupyter.widget-view+json" in shown[0][0]
    assert shown[0][0]["text/plain"] == (
        "controls: scenario='timeout_after_success' (interactive once the notebook runs)"
    )
    ids = [display_id for _, display_id, _ in shown[1:]]
    assert ids == [f"{panel.display_id}-0", f"{panel.display_id}-1"]
    assert "final=SUCCESS" in shown[1][0]["text/plain"]
    panel.controls["scenario"].value = "timeout_unknown"
    updates = shell.calls[len(shown):]
    assert [(display_id, update) for _, display_id, update in updates] == [
        (ids[0], True),
        (ids[1], True),
    ]
    assert "idempotency_status=UNKNOWN" in updates[0][0]["text/plain"]
    assert "Recovery after a timeout → UNKNOWN" in updates[1][0][MERMAID_MIME]


def test_scenario_view_reads_to_dict_when_present() -> None:
    class Response:
        def to_dict(self) -> dict[str, Any]:
            return {"status": "ERROR", "error_code": "UNKNOWN_TOOL"}

    result = FakeResult("unknown_tool", ("x response=UNKNOWN_TOOL",), Response(), 0)  # type: ignore[arg-type]
    view = ScenarioView(result)
    assert 'response: {"error_code": "UNKNOWN_TOOL", "status": "ERROR"}' in view.text()
    assert "handler_execution_count (from the ledger): 0" in view.text()


def test_scenario_view_shows_every_column_unless_told() -> None:
    result = FakeResult("x", ("t",), FakeResponse("SUCCESS"), 1, ({"b": 1, "a": None},))
    assert "  b | a\n  1 | -" in ScenarioView(result).text()
    assert "  a\n  -" in ScenarioView(result, ["a", "zzz"]).text()
