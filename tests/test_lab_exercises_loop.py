"""The loop exercise checker: it accepts the notebook's solution and the package loop, and rejects
plausible wrong loops, each for the reason it is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from fcourse.lab.exercises.loop import check_loop
from fcourse.protocol.execute import parse_arguments
from fcourse.protocol.loop import run_tool_loop
from fcourse.schema import validate

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "02_tools_protocol.ipynb"


def error_result(code: str, message: str) -> str:
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def notebook_solution() -> Any:
    """The loop in the notebook's revealable solution, run as a learner would paste it."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    source = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    block = re.search(r"<details>.*?```python\n(.*?)```.*?</details>", source, re.DOTALL)
    assert block, "the notebook has a revealable solution"
    namespace: dict[str, Any] = {"json": json, "error_result": error_result, "parse_arguments": parse_arguments,
                                 "validate": validate}
    exec(block.group(1), namespace)  # noqa: S102 - the notebook's own solution text
    return namespace["my_loop"]


def verdicts(loop: Any) -> dict[str, str]:
    return {result.case: "pass" if result.passed else result.problem for result in check_loop(loop).results}


def test_the_notebook_solution_passes() -> None:
    report = check_loop(notebook_solution())
    assert report.passed, report.text()
    assert report.text().splitlines()[-1] == "5/5 cases passed"


def test_the_package_loop_passes() -> None:
    assert check_loop(run_tool_loop).passed


# ------------------------------------------------------------------ wrong loops, each a real temptation


def seed_loop(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    """The blog's loop: right shape, but a raising tool ends it and nothing is checked."""
    for _ in range(5):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append(message)
        if not message.tool_calls:
            return message.content
        for tool_call in message.tool_calls:
            result = handlers[tool_call.function.name](**json.loads(tool_call.function.arguments))
            messages.append({"role": "tool", "tool_call_id": tool_call.id, "content": json.dumps(result)})
    return None


def first_call_only(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    for _ in range(5):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append(message)
        if not message.tool_calls:
            return message.content
        tool_call = message.tool_calls[0]
        try:
            result = handlers[tool_call.function.name](**json.loads(tool_call.function.arguments))
        except Exception:  # noqa: BLE001
            result = {"error": "failed"}
        messages.append({"role": "tool", "tool_call_id": tool_call.id, "content": json.dumps(result)})
    return None


def no_round_limit(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    return run_tool_loop(client, model, messages, tools, handlers, max_rounds=50)


def stops_too_early(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    return run_tool_loop(client, model, messages, tools, handlers, max_rounds=3)


def trusts_every_handler(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    """Checks nothing before running: looks up the handler by the model's name, no allow-list, no schema."""
    for _ in range(5):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append(message)
        if not message.tool_calls:
            return None
        for tool_call in message.tool_calls:
            try:
                arguments = json.loads(tool_call.function.arguments)
                content = json.dumps(handlers[tool_call.function.name](**arguments))
            except Exception as error:  # noqa: BLE001
                content = f"error: {error}"
            messages.append({"role": "tool", "tool_call_id": tool_call.id, "content": content})
    return None


def feeds_the_traceback(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    import traceback

    def guarded(name: str) -> Any:
        def run(**kwargs: Any) -> Any:
            try:
                return handlers[name](**kwargs)
            except Exception:  # noqa: BLE001
                return traceback.format_exc()
        return run

    return run_tool_loop(client, model, messages, tools, {name: guarded(name) for name in handlers})


def answers_as_user(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    for _ in range(5):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append(message)
        if not message.tool_calls:
            return None
        for tool_call in message.tool_calls:
            messages.append({"role": "user", "content": "result: " + tool_call.function.name})
    return None


def positional_results(client: Any, model: str, messages: list[Any], tools: Any, handlers: Any) -> Any:
    """Runs every call but pairs results with ids in the wrong order (sorted ids, results in call order)."""
    for _ in range(5):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append(message)
        if not message.tool_calls:
            return None
        results = []
        for tool_call in message.tool_calls:
            try:
                arguments = json.loads(tool_call.function.arguments)
                results.append(json.dumps(handlers[tool_call.function.name](**arguments)))
            except Exception:  # noqa: BLE001
                results.append('{"error": "failed"}')
        ids = sorted((c.id for c in message.tool_calls), reverse=True)
        messages.extend({"role": "tool", "tool_call_id": i, "content": r} for i, r in zip(ids, results))
    return None


@pytest.mark.parametrize(
    ("loop", "case", "reason"),
    [
        (seed_loop, "failing tool", "the loop raised ConnectionError"),
        (seed_loop, "outside input", "the loop raised"),
        (first_call_only, "parallel calls", "the endpoint answered HTTP 400"),
        (no_round_limit, "never-ending model", "no round limit: the checker stopped it after 12 requests"),
        (stops_too_early, "never-ending model", "it made 3"),
        (trusts_every_handler, "outside input", "a handler ran on a call it should have refused: drop_tables"),
        (feeds_the_traceback, "failing tool", "carries the traceback"),
        (answers_as_user, "two-round dependency", "the endpoint answered HTTP 400"),
        (positional_results, "parallel calls", "not answered under their own call's id"),
    ],
)
def test_a_wrong_loop_fails_for_its_reason(loop: Any, case: str, reason: str) -> None:
    found = verdicts(loop)
    assert reason in found[case], found


def test_the_report_displays_as_text_and_html() -> None:
    report = check_loop(first_call_only)
    bundle = report._repr_mimebundle_()
    assert not report.passed
    assert bundle["text/plain"].splitlines()[0].split() == ["case", "requests", "verdict"]
    assert "FAIL: the endpoint answered HTTP 400" in bundle["text/html"]
