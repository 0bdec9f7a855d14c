"""The Responses-loop exercise checker (issue 29): it accepts the reference loop and the package loop, and
rejects the committed wrong loops (tests/data/responses_loops/), each for its own reason, in words that
point at the mistake."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from fcourse.lab.exercises.responses_loop import check_responses_loop
from fcourse.protocol.responses_loop import run_responses_loop
from fcourse.protocol.scripted import call
from fcourse.protocol.scripted_responses import ScriptedResponsesModel

LOOPS = Path(__file__).resolve().parent / "data" / "responses_loops"


def loop_from(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"responses_loop_{name}", LOOPS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.loop


def verdicts(loop: Any) -> dict[str, str]:
    return {result.case: "pass" if result.passed else result.problem for result in check_responses_loop(loop).results}


def test_the_reference_loop_passes() -> None:
    report = check_responses_loop(loop_from("reference"))
    assert report.passed, report.text()
    assert report.text().splitlines()[-1] == "6/6 cases passed"


def test_the_package_loop_passes() -> None:
    assert check_responses_loop(run_responses_loop).passed


WRONG = [
    ("answers_with_item_id", "parallel calls", "not its item id (fc_…)"),
    ("outputs_without_calls", "parallel calls", "No tool call found for function call output with call_id call_"),
    ("outputs_without_calls", "parallel calls", "send the response's output items"),
    ("first_call_only", "parallel calls", "No tool output found for function call call_"),
    ("first_call_only", "parallel calls", "every function_call needs a function_call_output"),
    ("no_round_limit", "never-ending model", "no round limit: the checker stopped it after 12 requests"),
    ("positional_outputs", "parallel calls", "not answered under their own call's call_id"),
    ("stops_at_first_text", "text beside calls", "took the text for the answer and never ran the calls"),
    ("dict_output", "parallel calls", "json.dumps the result"),
    ("chat_loop_unchanged", "parallel calls", "call client.responses.create, not chat.completions"),
    ("leaks_the_exception", "failing tool", "a password leaks to the model"),
    ("leaks_the_exception", "outside input", "a handler ran on a call it should have refused: drop_tables"),
]


@pytest.mark.parametrize(("name", "case", "reason"), WRONG, ids=[f"{n}-{c}" for n, c, _ in WRONG])
def test_a_wrong_loop_fails_for_its_reason(name: str, case: str, reason: str) -> None:
    found = verdicts(loop_from(name))
    assert reason in found[case], found


def test_every_committed_wrong_loop_fails_and_is_tested() -> None:
    names = sorted(p.stem for p in LOOPS.glob("*.py") if p.stem != "reference")
    assert len(names) >= 5
    assert sorted({n for n, _, _ in WRONG}) == names  # no wrong loop is committed without its expected reason
    for name in names:
        assert not check_responses_loop(loop_from(name)).passed, name


def test_the_parallel_case_defeats_pairing_by_sorted_id() -> None:
    model = ScriptedResponsesModel(lambda items: call(*(("get_local_time", {"city": c}) for c in ("Tokyo", "Paris",
                                                                                                    "Lima"))))
    tools = [{"type": "function", "name": "get_local_time", "description": "Current local time in a city.",
              "strict": True, "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                             "required": ["city"], "additionalProperties": False}}]
    response = model.client().responses.create(
        model=model.name, input=[{"role": "user", "content": "What time is it in Tokyo, Paris and Lima?"}], tools=tools)
    ids = [item.call_id for item in response.output]
    assert ids != sorted(ids) and ids != sorted(ids, reverse=True)
    assert [json.loads(item.arguments)["city"] for item in response.output] == ["Tokyo", "Paris", "Lima"]


def test_the_scripted_model_is_checked_by_the_teaching_models_rules() -> None:
    model = ScriptedResponsesModel(lambda items: call(("get_local_time", {"city": "Oslo"})))
    client = model.client()
    first = client.responses.create(model=model.name, input="Time in Oslo?")
    with pytest.raises(Exception, match="No tool output found for function call"):
        client.responses.create(model=model.name, input=[{"role": "user", "content": "Time in Oslo?"},
                                                         first.output[0].to_dict()])
    assert model.rejections[-1]["param"] == "input" and len(model.requests) == 1
    follow = client.responses.create(model=model.name, previous_response_id=first.id, input=[
        {"type": "function_call_output", "call_id": first.output[0].call_id, "output": "10:00"}])
    assert follow.model == model.name
    assert [i["type"] for i in model.conversations[-1]] == ["message", "function_call", "function_call_output"]


def test_the_report_displays_as_text_and_html() -> None:
    report = check_responses_loop(loop_from("first_call_only"))
    bundle = report._repr_mimebundle_()
    assert not report.passed
    assert bundle["text/plain"].splitlines()[0].split() == ["case", "requests", "verdict"]
    assert "No tool output found for function call" in bundle["text/html"]
