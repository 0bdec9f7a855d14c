"""Distractor and vagueness curves: one report per step, on the tools each step offers."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

import fcourse
from fcourse.evaluation.cases import load_cases
from fcourse.evaluation.experiments import distractor_curve, vagueness_curve


class RecordingClient:
    """Always answers with plain text; records the tools offered."""

    def __init__(self) -> None:
        self.tools: list[list[dict[str, Any]]] = []
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))

    def create(self, **request: Any) -> Any:
        self.tools.append(request["tools"])
        return SimpleNamespace(choices=[SimpleNamespace(message={"content": "Hello."})], usage=None)


def test_distractor_curve_offers_the_counted_tools() -> None:
    client = RecordingClient()
    curve = distractor_curve(client, "m", counts=(2, 4))
    cases = load_cases("distractors")
    assert curve.steps == ("2", "4") and len(curve.reports) == 2
    offered = {len(tools) for tools in client.tools}
    assert offered == {2, 4}
    names = [t["function"]["name"] for t in client.tools[-1]]
    assert names[:2] == ["refund_order", "cancel_order"]
    assert names[2:] == [d["function"]["name"] for d in cases.extra["distractors"][:2]]
    # a model that only chats passes exactly the "don't call" cases
    dont = len(cases.where(category="dont_call"))
    assert curve.accuracies == (dont / len(cases),) * 2


def test_distractor_curve_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="tools: need between 2 and 16"):
        distractor_curve(RecordingClient(), "m", counts=(17,))


def test_vagueness_curve_changes_only_that_description() -> None:
    client = RecordingClient()
    curve = vagueness_curve(client, "m")
    steps = load_cases("distractors").extra["vagueness"]["steps"]
    assert len(curve.reports) == len(steps)
    seen = []
    for tools in client.tools:
        description = tools[0]["function"]["description"]
        if description not in seen:
            seen.append(description)
        assert tools[1]["function"]["description"] == load_cases("distractors")[0].tools[1]["function"]["description"]
    assert seen == steps


def test_curves_on_the_teaching_model_make_charts() -> None:
    client, model = fcourse.connect("offline", quiet=True)
    curve = vagueness_curve(client, model)
    assert curve.accuracies[0] == 1.0  # the precise description routes every case
    assert curve.accuracies[-1] < curve.accuracies[0]  # "Does things." does not
    chart = curve.chart().text
    assert chart.startswith("xychart-beta") and json.dumps(curve.steps[0]) in chart
    text = curve.table().text()
    assert "vagueness step" in text and "missed calls" in text


def test_both_curves_grade_with_the_judge_they_are_given() -> None:
    seen: list[str] = []

    def strict_judge(case: Any, kind: str, calls: list) -> str:
        seen.append(case.id)
        return "wrong_reply"  # a judge that passes nothing

    cases = load_cases("distractors")
    for curve in (distractor_curve(RecordingClient(), "m", counts=(2,), grade=strict_judge),
                  vagueness_curve(RecordingClient(), "m", grade=strict_judge)):
        assert all(report.passed == 0 for report in curve.reports)
    # every reply of both curves went through the judge: one 2-tool step, then each vagueness step
    assert len(seen) == len(cases) * (1 + len(cases.extra["vagueness"]["steps"]))
