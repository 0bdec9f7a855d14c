"""The prompt-hack loop, packaged: the model writes an action as text, the program does the rest.

Introduced in chapter 1, where the learner first builds it by hand. One round:

1. a system prompt (:func:`action_prompt`) shows one flat JSON line per tool,
   ``{"action": "get_weather", "city": "..."}``, and asks for exactly that;
2. the model's reply is parsed (:func:`fcourse.prompting.parse.parse_prompt_reply`);
3. the *program* looks the action up in a dispatch table of real Python
   functions and calls it - the model never executes anything;
4. the result goes back to the model as plain text, and the model words the
   final sentence (``worded_by="model"``): the teaching model and a provider
   both read the result and answer the question from it.

A text model can still answer step 4 with the JSON format again (nothing in a
prompt hack stops it). Then the reply is not shown as the answer:
:func:`run_prompt_hack` words it from the result itself and says so
(``worded_by="program"``), so the facts still come from the function.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fcourse.prompting.parse import ParsedReply, parse_prompt_reply, tool_schemas

__all__ = ["PromptHackRun", "action_line", "action_prompt", "answers_in_prose", "run_prompt_hack"]

_PLACEHOLDERS = {"string": "...", "integer": 0, "number": 0, "boolean": False}


def action_line(tool: Mapping[str, Any]) -> str:
    """One tool as the flat JSON line the prompt shows: ``{"action": name, param: placeholder, ...}``."""
    spec = tool.get("function", tool)
    line: dict[str, Any] = {"action": spec["name"]}
    for param, schema in (spec.get("parameters") or {}).get("properties", {}).items():
        line[param] = _PLACEHOLDERS.get(schema.get("type", "string"), "...") if isinstance(schema, Mapping) else "..."
    return json.dumps(line, ensure_ascii=False)


def action_prompt(tools: Sequence[Mapping[str, Any]]) -> str:
    """The system prompt of the prompt hack: one JSON line per tool, and the rule to reply with only that."""
    lines = ["You can use tools. To use one, reply with exactly one JSON object and nothing else:"]
    for tool in tools:
        spec = tool.get("function", tool)
        description = str(spec.get("description", spec["name"])).rstrip(".")
        lines.append(f"- {description}: {action_line(tool)}")
    lines.append("Otherwise, answer normally.")
    return "\n".join(lines)


def answers_in_prose(reply: str) -> bool:
    """Whether the loop takes ``reply`` for the model's answer: text with no ``{`` at all (the format forgotten).

    Nothing in a prompt hack says whether a text reply is an answer or a failed
    attempt at the format, so the loop shows it to the user as it is. When the
    question needed a tool, that text is an *invented* answer (chapter 1's
    sweep counts it as its own outcome).
    """
    return bool(reply.strip()) and "{" not in reply


@dataclass
class PromptHackRun:
    """One round of the prompt-hack loop, step by step (``trace`` is the readable form)."""

    question: str
    reply: str
    parsed: ParsedReply
    result: Any = None
    final: str | None = None
    worded_by: str | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(self.trace)


def _call(handler: Callable[..., Any], arguments: dict[str, Any]) -> tuple[Any, bool]:
    try:
        return handler(**arguments), True
    except Exception as error:  # noqa: BLE001 - a failing handler is reported as a result, like any result
        return f"Error: {type(error).__name__}: {error}", False


def run_prompt_hack(
    client: Any,
    model: str,
    question: str,
    tools: Sequence[Mapping[str, Any]],
    handlers: Mapping[str, Callable[..., Any]],
    *,
    strategy: str = "defensive",
    **create: Any,
) -> PromptHackRun:
    """Ask ``question`` with the prompt hack, execute the action the reply names, feed the result back.

    ``tools`` are OpenAI-style definitions (they only shape the prompt and the
    check; nothing is sent as ``tools``), ``handlers`` the dispatch table from
    action name to Python function, ``create`` extra arguments for
    ``client.chat.completions.create`` (``temperature``, ``seed``, ``extra_body``).
    Never raises for a bad reply: the run's ``trace`` says what happened.
    """
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": action_prompt(tools)},
        {"role": "user", "content": question},
    ]
    reply = client.chat.completions.create(model=model, messages=messages, **create).choices[0].message.content or ""
    parsed = parse_prompt_reply(reply, strategy, tools=tools)
    run = PromptHackRun(question, reply, parsed, messages=messages)
    run.trace += [f"user: {question}", f"model wrote: {reply}", f"parsed ({strategy}): {parsed.summary()}"]
    if not parsed.ok:
        if answers_in_prose(reply):
            run.final, run.worded_by = reply, "model"
            run.trace.append("no action in the reply: it is the model's answer, unchecked (it may be invented)")
        else:
            run.trace.append("nothing executed: the reply was refused")
        return run
    handler = handlers.get(str(parsed.name))
    if handler is None or isinstance(tool_schemas(tools), str):
        run.trace.append(f"nothing executed: no handler for {parsed.name!r} in the dispatch table")
        return run
    run.result, succeeded = _call(handler, dict(parsed.arguments))
    run.trace.append(f"program executed {parsed.name}(**{parsed.arguments}) -> {run.result}")
    messages += [
        {"role": "assistant", "content": reply},
        {"role": "user", "content": f"Result of {parsed.name}: {run.result}\nAnswer my question in one sentence."},
    ]
    final = client.chat.completions.create(model=model, messages=messages, **create).choices[0].message.content or ""
    if final.strip() and not parse_prompt_reply(final, "defensive").ok and "{" not in final:
        run.final, run.worded_by = final, "model"
    else:  # the fallback: a reply that is JSON again (or empty) is no answer; the program words one
        args = ", ".join(f"{k}={v!r}" for k, v in parsed.arguments.items())
        run.final, run.worded_by = f"{parsed.name}({args}) returned: {run.result}", "program"
        run.trace.append("the model replied with JSON again instead of a sentence: the program words the answer")
    messages.append({"role": "assistant", "content": final})
    run.trace.append(f"final ({'worded by the ' + run.worded_by}): {run.final}")
    if not succeeded:
        run.trace.append("the handler failed; its error was fed back as the result")
    return run
