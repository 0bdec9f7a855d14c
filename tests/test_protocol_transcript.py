"""The transcript inspector: rows linked to calls, rounds from the loop's events, linter flags, the diagram."""

from __future__ import annotations

from typing import Any

import pytest

import fcourse
from fcourse.lab.diagrams import MERMAID_MIME
from fcourse.protocol.loop import run_tool_loop
from fcourse.protocol.transcript import Transcript, inspect_transcript

TOOLS = [{"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather for a city (demo data).",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                   "additionalProperties": False}}}]
WEATHER = {"Beijing": "Cloudy, 25°C", "Shanghai": "Light rain, 22°C"}


@pytest.fixture(scope="module")
def run() -> Any:
    client, model = fcourse.connect(backend="offline", quiet=True)
    return run_tool_loop(client, model, [{"role": "user", "content": "What's the weather in Beijing and Shanghai?"}],
                         TOOLS, {"get_weather": lambda city: WEATHER[city]})


def test_each_tool_result_is_linked_to_its_call(run: Any) -> None:
    rows = inspect_transcript(run).rows()
    calls = run.messages[1]["tool_calls"]
    assert [r.role for r in rows] == ["user", "assistant", "tool", "tool", "assistant"]
    assert rows[2].answers == f"→ #1 get_weather {calls[0]['id'][:12]}…"
    assert rows[3].answers.startswith("→ #1 get_weather " + calls[1]["id"][:12])
    assert rows[1].says.count("get_weather(") == 2


def test_rounds_come_from_the_loop_events(run: Any) -> None:
    rows = inspect_transcript(run).rows()
    assert [r.round for r in rows] == [None, 1, 1, 1, 2]
    assert [r.round for r in Transcript(run.messages).rows()] == [None] * 5, "no events, no rounds"


def test_a_clean_run_says_so_in_text_and_html(run: Any) -> None:
    transcript = inspect_transcript(run, title="two cities")
    bundle = transcript._repr_mimebundle_()
    assert transcript.ok
    assert bundle["text/plain"].splitlines()[0] == "two cities: 5 messages"
    assert bundle["text/plain"].splitlines()[-1] == "linter: no protocol problems"
    assert "<table>" in bundle["text/html"] and "get_weather(" in bundle["text/html"]


def test_problems_are_flagged_on_their_rows_and_listed(run: Any) -> None:
    broken = run.messages[:2] + [{"role": "user", "content": "<b>Cloudy</b>"}]
    transcript = Transcript(broken)
    rows = transcript.rows()
    assert rows[1].flags == ("unanswered_call", "unanswered_call")
    assert rows[2].flags == ("result_as_user",)
    text = transcript.text()
    assert "linter: 3 problem(s), 3 of them rejected by the API (HTTP 400), 0 accepted silently" in text
    assert text.count("\n  - messages[") == 3
    html = transcript.html()
    assert "&lt;b&gt;Cloudy&lt;/b&gt;" in html and "<b>Cloudy</b>" not in html
    assert html.count("background:#fde2e1") == 2


def test_a_tool_message_for_an_unknown_call_says_so(run: Any) -> None:
    messages = run.messages[:2] + [{"role": "tool", "tool_call_id": "call_1", "content": "x"}]
    assert Transcript(messages).rows()[2].answers == "→ ? call_1: no such call"


def test_the_diagram_is_drawn_from_the_transcript(run: Any) -> None:
    diagram = inspect_transcript(run).diagram(title="two cities")
    text = diagram.text
    assert diagram._repr_mimebundle_()[MERMAID_MIME] == text
    ids = [call["id"] for call in run.messages[1]["tool_calls"]]
    lines = [line.strip() for line in text.splitlines()]
    assert lines.index(f"program->>model: tool result for {ids[0]}") < lines.index(
        f"program->>model: tool result for {ids[1]}")
    assert 'model->>program: tool call get_weather({"city": "Shanghai"})' in lines
    assert lines[-1] == "model-->>User: Beijing: Cloudy, 25°C. Shanghai: Light rain, 22°C."
    assert text == fcourse.conversation_sequence(run.messages, title="two cities").text


def test_calls_refused_or_not_run_are_not_drawn_as_executed() -> None:
    client, model = fcourse.connect(backend="offline", quiet=True)
    limited = run_tool_loop(client, model, [{"role": "user", "content": "What's the weather in Beijing?"}], TOOLS,
                            {"get_weather": lambda city: WEATHER[city]}, tool_choice="required", max_rounds=2)
    text = inspect_transcript(limited).diagram().text
    assert text.count("program->>tool: execute") == 1, "round 1 ran, round 2 hit the limit"
    assert "checks first: NOT_EXECUTED, the handler does not run" in text
    refused = [{"role": "user", "content": "x"},
               {"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function",
                                                      "function": {"name": "drop_tables", "arguments": "{}"}}]}]
    from fcourse.protocol.execute import execute_call

    refused.append(execute_call(refused[1]["tool_calls"][0], {}, TOOLS).to_message())
    assert "checks first: UNKNOWN_TOOL" in Transcript(refused).diagram().text
