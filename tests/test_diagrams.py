"""fcourse.lab.diagrams: mermaid text that is valid-looking, deterministic and offline."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

from fcourse.lab.diagrams import (
    MERMAID_MIME,
    RECOVERY_PATHS,
    REFUSAL_CODES,
    MermaidDiagram,
    breaker_timeline,
    conversation_sequence,
    recovery_flowchart,
)

NODE = re.compile(r'^\t(\w+)\["([^"]+)"\]$')
EDGE = re.compile(r'^\t(\w+) -->(?:\|"([^"]+)"\|)? (\w+)$')
BRANCH = {"SUCCEEDED": "c", "NOT_EXECUTED": "d", "UNKNOWN": "e"}


def _parse_flowchart(text: str) -> tuple[dict[str, str], list[tuple[str, str, str]], list[str]]:
    nodes: dict[str, str] = {}
    edges: list[tuple[str, str, str]] = []
    styling: list[str] = []
    lines = text.splitlines()
    assert lines[0] == "---" and lines[1].startswith("title: ") and lines[2] == "---"
    assert lines[3] == "flowchart TD"
    for line in lines[4:]:
        if m := NODE.match(line):
            nodes[m.group(1)] = m.group(2)
        elif m := EDGE.match(line):
            edges.append((m.group(1), m.group(2) or "", m.group(3)))
        else:
            assert line.split()[0] in ("classDef", "class", "linkStyle"), line
            styling.append(line.strip())
    return nodes, edges, styling


def test_recovery_flowchart_is_the_course_flow() -> None:
    nodes, edges, styling = _parse_flowchart(recovery_flowchart().text)
    assert nodes == {
        "a": "refund_order timed out",
        "b": "look up real status by idempotency_key",
        "c": "replay the stored result; handler not called again",
        "d": "confirmed not executed: retry once",
        "e": "wait for reconciliation or manual review",
    }
    assert edges == [
        ("a", "", "b"),
        ("b", "SUCCEEDED", "c"),
        ("b", "NOT_EXECUTED", "d"),
        ("b", "UNKNOWN / in progress", "e"),
    ]
    assert styling == []  # nothing taken, nothing highlighted


@pytest.mark.parametrize("taken", RECOVERY_PATHS)
def test_the_taken_path_is_highlighted_and_the_rest_dimmed(taken: str) -> None:
    diagram = recovery_flowchart(taken=taken)
    _, edges, styling = _parse_flowchart(diagram.text)
    end = BRANCH[taken]
    classes = {
        line.split()[2]: set(line.split()[1].split(","))
        for line in styling
        if line.startswith("class ")
    }
    assert classes["taken"] == {"a", "b", end}
    assert classes["dimmed"] == set("cde") - {end}
    assert any(line.startswith("classDef taken ") for line in styling)
    assert any(line.startswith("classDef dimmed ") for line in styling)
    link_styles = {
        line.split()[2].split(";")[0]: {int(i) for i in line.split()[1].split(",")}
        for line in styling
        if line.startswith("linkStyle ")
    }
    taken_edges = {i for i, (_, _, dst) in enumerate(edges) if dst in ("b", end)}
    bold = next(k for k in link_styles if "stroke-width:3px" in k)
    assert link_styles[bold] == taken_edges
    assert set().union(*link_styles.values()) == set(range(len(edges)))
    assert f"title: Recovery after a timeout → {taken}\n" in diagram.text


def test_titles_stay_valid_front_matter() -> None:
    # an unquoted ':' in the YAML title makes mermaid reject the whole diagram
    text = conversation_sequence([], title="Chapter 4: refunds #1").text
    assert text.startswith("---\ntitle: Chapter 4 - refunds no.1\n---\n")


def test_aliases_and_bad_paths() -> None:
    assert recovery_flowchart("in progress").text == recovery_flowchart("UNKNOWN").text
    with pytest.raises(ValueError, match="taken must be one of"):
        recovery_flowchart("MAYBE")


def test_mimebundle_is_mermaid_plus_the_same_plain_text() -> None:
    diagram = recovery_flowchart("SUCCEEDED")
    bundle = diagram._repr_mimebundle_()
    assert set(bundle) == {MERMAID_MIME, "text/plain"}
    assert bundle[MERMAID_MIME] == bundle["text/plain"] == diagram.text == str(diagram)


def test_text_is_the_same_under_any_hash_seed() -> None:
    code = (
        "from fcourse.lab.diagrams import recovery_flowchart as f, breaker_timeline as b;"
        "print(f('NOT_EXECUTED').text + b([{'at': 1, 'state': 'OPEN', 'reason': 'x'}]).text)"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("0", "1", "2")
    }
    assert len(outputs) == 1
    assert outputs.pop().startswith("---\ntitle: Recovery after a timeout → NOT_EXECUTED\n")


MESSAGES = [
    {"role": "system", "content": "You are a support agent; be brief. #1 rule: ask."},
    {"role": "user", "content": "Please refund order O-100"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "refund_order", "arguments": '{"order_id":"O-100"}'},
            }
        ],
    },
    {"role": "tool", "tool_call_id": "call_1", "content": '{"status": "SUCCESS"}'},
    {"role": "assistant", "content": "Order O-100 has been refunded."},
]


def test_conversation_sequence_walks_user_model_program_tool_model() -> None:
    text = conversation_sequence(MESSAGES).text
    body = text.split("sequenceDiagram\n", 1)[1].splitlines()
    assert body[:4] == [
        "\tactor User",
        "\tparticipant model as Model",
        "\tparticipant program as Program",
        "\tparticipant tool as Tool",
    ]
    arrows = [line.strip().split(":")[0] for line in body[4:]]
    assert arrows == [
        "Note right of model",
        "User->>model",
        "model->>program",
        "program->>tool",
        "tool-->>program",
        "program->>model",
        "model-->>User",
    ]
    assert 'tool call refund_order({"order_id": "O-100"})' in text
    assert 'program->>tool: execute refund_order({"order_id": "O-100"})' in text
    # ';' and '#' would end or corrupt a mermaid statement: they are escaped
    assert "support agent#59; be brief. #35;1 rule" in text
    assert conversation_sequence(MESSAGES).text == text


def test_a_refused_call_never_reaches_the_tool_lane() -> None:
    call = {"id": "call_9", "function": {"name": "refund_money", "arguments": "{}"}}
    refusal = {"status": "ERROR", "error_code": "UNKNOWN_TOOL", "message": "no such tool"}
    text = conversation_sequence(
        [
            {"role": "user", "content": "refund O-100"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_9", "content": json.dumps(refusal)},
        ],
        limit=100,
    ).text
    assert "program->>tool" not in text and "tool-->>program" not in text
    assert "Note right of program: checks first: UNKNOWN_TOOL, the handler does not run" in text
    assert "program->>model: tool result for call_9: UNKNOWN_TOOL (as data)" in text


def test_refusal_codes_match_the_registry() -> None:
    from fcourse.runtime.registry import PRE_EXECUTION_CODES

    assert REFUSAL_CODES == {str(code) for code in PRE_EXECUTION_CODES}


def test_conversation_sequence_reads_sdk_style_objects() -> None:
    @dataclass
    class Function:
        name: str
        arguments: str

    @dataclass
    class Call:
        id: str
        function: Function

    @dataclass
    class Message:
        role: str
        content: str | None
        tool_calls: list[Call] | None = None

    message = Message("assistant", None, [Call("c1", Function("get_weather", '{"city":"北京"}'))])
    text = conversation_sequence([message], limit=200).text
    assert 'model->>program: tool call get_weather({"city": "北京"})' in text
    with pytest.raises(ValueError, match="unknown message role"):
        conversation_sequence([{"role": "robot", "content": "?"}])


def test_breaker_timeline_boxes_follow_the_events_in_order() -> None:
    @dataclass
    class Event:
        at: float
        state: str
        reason: str

    events = [
        Event(1000.0, "CLOSED", "calls flow"),
        {"at": 1010.0, "state": "OPEN", "reason": "3 failures in a row: open"},
        {"at": 1040.0, "to_state": "HALF_OPEN", "reason": 'probe with "health"'},
        {"at": 1040.0, "to": "CLOSED", "reason": "health check passed"},
    ]
    diagram = breaker_timeline(events)
    assert diagram.text.splitlines() == [
        "---",
        "title: Circuit breaker on refund_order",
        "---",
        "flowchart LR",
        '\te0["t=0s · CLOSED<br/>calls flow"]',
        '\te1["t=10s · OPEN<br/>3 failures in a row: open"]',
        '\te2["t=40s · HALF_OPEN<br/>probe with #quot;health#quot;"]',
        '\te3["t=40s · CLOSED<br/>health check passed"]',
        "\te0 --> e1",
        "\te1 --> e2",
        "\te2 --> e3",
        "\tclassDef state_closed fill:#d8f3dc,color:#1b4332,stroke:#2d6a4f",
        "\tclass e0,e3 state_closed",
        "\tclassDef state_open fill:#fde2e1,color:#7b241c,stroke:#c0392b",
        "\tclass e1 state_open",
        "\tclassDef state_half_open fill:#fff3cd,color:#7d6608,stroke:#b7950b",
        "\tclass e2 state_half_open",
    ]
    assert isinstance(diagram, MermaidDiagram)
    absolute = breaker_timeline(events[:1], relative=False).text
    assert "t=1000s · CLOSED" in absolute
    assert "state_other" in breaker_timeline([{"at": 0, "state": "?", "reason": "x"}]).text
    with pytest.raises(ValueError):
        breaker_timeline([])


def test_breaker_timeline_reads_fcourse_breaker_events() -> None:
    from fcourse.clock import FakeClock
    from fcourse.runtime.breaker import CircuitBreaker

    clock = FakeClock(start=100.0)
    breaker = CircuitBreaker("refund_order", failure_threshold=2, cooldown=30, clock=clock,
                             health_check=lambda: True)
    breaker.record_failure("timeout")
    clock.advance(5)
    breaker.record_failure("timeout")
    clock.advance(30)
    assert breaker.admit().allowed
    text = breaker_timeline(breaker.events).text
    assert "e0[\"t=0s · OPEN<br/>2 consecutive execution failures (last: timeout)\"]" in text
    assert "t=30s · CLOSED<br/>health check passed" in text
