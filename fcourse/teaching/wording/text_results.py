"""The plain text model reads a result fed back as text, and answers the question from it.

Chapter 1's prompt-hack loop ends like this: the model wrote an action
(``{"action": "get_weather", "city": "北京"}``), the *program* ran it, and
appended the result to the conversation as ordinary text - a user turn, or an
assistant turn, in prose or in JSON. A text model then answers the question
that was asked before the action, from that result.

``result_turn(messages)`` decides this **from the conversation's structure**,
not from its wording:

1. an earlier assistant turn holds exactly one JSON action object (an object
   naming an action, as the prompt's format does) - the action is pending;
2. every turn after it carries data, not a new request: it holds a JSON
   value that is not itself an action, or names the pending action, or was
   written in the assistant role, or - after an action with no null value -
   states something (digits or a ``label: value``) without asking anything.

Then ``answer_from_result`` words the answer with the same code that words
answers from ``role: "tool"`` results (``fcourse.teaching.wording.results``): facts
from the result, wording from the model, in the language of the question; a
result that reports a failure is said to have failed, never to have worked.
Values are never taken from the model's own earlier JSON: it only names the
action and the arguments the answer is about.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.deciding.conversation import text_of
from fcourse.teaching.reading.analysis import language_of
from fcourse.teaching.wording.results import compose_answer
from fcourse.teaching.wording.text_templates import action_of, json_objects

__all__ = ["ResultTurn", "answer_from_result", "result_turn"]

_QUESTION_RE = re.compile(r"[?？]")
_STATES_RE = re.compile(r"\d|\S\s*[:：]\s*\S")
_DECODER = json.JSONDecoder()
_LEAD_RE = re.compile(r"^[\s:：=\-–>→,，。.]+")
_SEPARATOR_RE = re.compile(r"[:：]|=>|->|→|=")


@dataclass(frozen=True)
class ResultTurn:
    """A result fed back as text: the pending action, the question it answers, and the result's text."""

    action: str
    arguments: dict[str, Any]
    question: str
    result: str
    turns: tuple[int, ...]  # indexes of the messages that carry the result


def _single_action(text: str) -> dict[str, Any] | None:
    actions = [obj for obj, _, _ in json_objects(text) if action_of(obj)]
    return actions[0] if len(actions) == 1 else None


def _json_value(text: str) -> str | None:
    """The first JSON object or array in ``text`` that is not an action, as JSON text."""
    for i, c in enumerate(text):
        if c not in "{[":
            continue
        try:
            value, _ = _DECODER.raw_decode(text, i)
        except ValueError:
            continue
        if isinstance(value, dict) and action_of(value):
            return None
        if isinstance(value, (dict, list)) and value:
            return json.dumps(value, ensure_ascii=False)
    return None


def _carries_data(message: dict[str, Any], action: str, complete: bool) -> bool:
    """Whether ``message`` feeds back data for ``action`` (see the module docstring).

    A bare statement counts only after a ``complete`` action (no null value): after an action with a
    value missing, "O-100" is the user supplying it, not a result.
    """
    text = text_of(message.get("content")).strip()
    if not text or _single_action(text) is not None:
        return False
    if message.get("role") == "assistant" or _json_value(text) is not None or action in text:
        return True
    return (complete and message.get("role") == "user" and not _QUESTION_RE.search(text)
            and bool(_STATES_RE.search(text)))


def _result_text(texts: list[str], action: str) -> str:
    """What the result turns say: their JSON value, else what follows the action's name (after a ``:``,
    ``=>`` or ``=`` when one follows it), else their first line."""
    for text in texts:
        value = _json_value(text)
        if value is not None:
            return value
    for text in texts:
        lines = text.splitlines()
        for i, line in enumerate(lines):
            if action in line:
                after = line.split(action, 1)[1]
                label_end = _SEPARATOR_RE.search(after)  # "<action> output => 5": the value after the label
                after = _LEAD_RE.sub("", after[label_end.end():] if label_end else after).strip()
                rest = next((x.strip() for x in lines[i + 1:] if x.strip()), "")
                return after or rest
    return next((line.strip() for text in texts for line in text.splitlines() if line.strip()), "")


def result_turn(messages: list[dict[str, Any]]) -> ResultTurn | None:
    """The result the conversation's latest turn(s) feed back for a pending action, or None (see the docstring)."""
    for a in range(len(messages) - 2, -1, -1):
        msg = messages[a]
        if msg.get("role") != "assistant":
            continue
        obj = _single_action(text_of(msg.get("content")))
        if obj is None:
            return None
        action = str(action_of(obj))
        complete = None not in obj.values()
        later = messages[a + 1:]
        if not later or not all(m.get("role") in ("user", "assistant") and _carries_data(m, action, complete)
                                for m in later):
            return None
        question = next((text_of(m.get("content")) for m in reversed(messages[:a]) if m.get("role") == "user"), "")
        result = _result_text([text_of(m.get("content")) for m in later], action)
        if not question or not result:
            return None
        arguments = {k: v for k, v in obj.items() if action_of({k: v}) is None}
        return ResultTurn(action, arguments, question, result, tuple(range(a + 1, len(messages))))
    return None


def answer_from_result(turn: ResultTurn) -> tuple[str, str, dict[str, Any]]:
    """The answer to ``turn.question`` worded from ``turn.result``: (text, language, record)."""
    language = language_of(turn.question)
    shown = {k: v for k, v in turn.arguments.items() if v not in (None, "")}
    call = {"id": "text-result", "type": "function",
            "function": {"name": turn.action, "arguments": json.dumps(shown, ensure_ascii=False)}}
    content, read = compose_answer({"tool_calls": [call]},
                                   [{"role": "tool", "tool_call_id": "text-result", "content": turn.result}], language)
    record = {
        "behaviour": "answer_from_result",
        "reason": "the latest turn feeds back the result of the action the model wrote: answer the question "
                  "asked before it (facts from the result, wording from the model)",
        "action": turn.action,
        "result_turns": list(turn.turns),
        "result": turn.result,
        "results": read["results"],
    }
    return content, language, record
