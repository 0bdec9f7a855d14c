"""Prompt-only tool selection: the same cases with the tools described in the prompt, no ``tools``.

Introduced in chapter 3 (the original articles' series, part 3: the Java version first wrote only
"output JSON when needed", without the shape of ``name`` and
``arguments.order_id``; native tools still worked, prompt-only could not be
parsed; an explicit JSON template fixed it). Here the request carries no
``tools`` field: a system prompt lists the tools, and a *parser* must dig the
call out of the reply text. Two templates:

- :func:`vague_prompt`: the tools and "output JSON when a tool is needed" - the
  call's shape is never shown;
- :func:`explicit_prompt`: one exact JSON line per tool
  (``{"action": "refund_order", "order_id": "<...>"}``, chapter 1's format),
  plus "ask if a value is missing, otherwise answer normally".

A parser is any function ``(reply_text, tools) -> (name, arguments) | None``.
:func:`minimal_parse` is a short one (the first JSON object, repaired with
json-repair); chapter 1 builds and measures the full one
(``fcourse.prompting.parse.parse_prompt_reply``), and :func:`chapter1_parser`
adapts it. :func:`default_parser` gives chapter 1's when it is installed, else the
minimal one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import json_repair

from fcourse.evaluation.cases import Case
from fcourse.evaluation.grading import classify_text, verdict
from fcourse.evaluation.harness import Classifier, Verdict
from fcourse.evaluation.metrics import CaseResult, Report

__all__ = [
    "TEMPLATES",
    "ReplyParser",
    "chapter1_parser",
    "default_parser",
    "explicit_prompt",
    "minimal_parse",
    "run_prompt_only",
    "vague_prompt",
]

#: (reply_text, tools) -> (tool name, arguments), or None when the reply holds no usable call
ReplyParser = Callable[[str, list[dict[str, Any]]], tuple[str, dict[str, Any]] | None]

_NAME_KEYS = ("action", "tool", "name", "function", "tool_name")


def _functions(tools: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [t.get("function") or {} for t in tools]


def vague_prompt(tools: list[dict[str, Any]]) -> str:
    """A system prompt that lists the tools but never shows the shape of a call."""
    lines = ["You are a customer-service assistant. You can use these tools:"]
    lines += [f"- {f.get('name')}: {f.get('description', '')}" for f in _functions(tools)]
    lines.append("When a tool is needed, output JSON.")
    return "\n".join(lines)


def explicit_prompt(tools: list[dict[str, Any]]) -> str:
    """A system prompt with one exact JSON reply per tool (chapter 1's ``action`` format)."""
    lines = ["You are a customer-service assistant."]
    for f in _functions(tools):
        props = (f.get("parameters") or {}).get("properties") or {}
        template = {"action": f.get("name"), **{name: f"<{name}>" for name in props}}
        description = str(f.get("description", "")).rstrip(".")
        lines.append(f"{description}: reply only with {json.dumps(template, ensure_ascii=False)}")
    lines.append("If a value you need is missing, ask the user for it. Otherwise answer normally, without JSON.")
    return "\n".join(lines)


#: the two templates by name
TEMPLATES: dict[str, Callable[[list[dict[str, Any]]], str]] = {"vague": vague_prompt, "explicit": explicit_prompt}


def minimal_parse(text: str, tools: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    """The first JSON object in ``text`` naming an offered tool, repaired if need be.

    Deliberately short (chapter 1 teaches the full parser and where this one
    breaks): fences and prose around the object are skipped, a truncated or
    single-quoted object is repaired with json-repair, and the tool name comes
    from an ``action``/``tool``/``name`` key; the other keys (or an ``arguments``
    object) are the arguments. Placeholders left unfilled (``null``, ``<...>``)
    count as missing, so such a reply is no call.
    """
    start = text.find("{") if isinstance(text, str) else -1
    if start < 0:
        return None
    try:
        obj = json.JSONDecoder().raw_decode(text[start:])[0]
    except ValueError:
        obj = json_repair.repair_json(text[start:], return_objects=True)
    if not isinstance(obj, dict):
        return None
    names = {f.get("name") for f in _functions(tools)}
    name = next((obj[k] for k in _NAME_KEYS if isinstance(obj.get(k), str) and obj[k] in names), None)
    if name is None:
        return None
    arguments = obj.get("arguments") if isinstance(obj.get("arguments"), dict) else {
        k: v for k, v in obj.items() if k not in _NAME_KEYS}
    if any(v is None or (isinstance(v, str) and re.fullmatch(r"<[^>]*>", v)) for v in arguments.values()):
        return None
    return name, arguments


def chapter1_parser(strategy: str = "defensive") -> ReplyParser:
    """Chapter 1's ``parse_prompt_reply`` behind the :data:`ReplyParser` interface."""
    from fcourse.prompting.parse import parse_prompt_reply  # chapter 1

    def parse(text: str, tools: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
        parsed = parse_prompt_reply(text, strategy, tools)
        return (parsed.name, dict(parsed.arguments)) if parsed.ok and parsed.name else None

    parse.__name__ = f"chapter1_parser_{strategy}"
    return parse


def default_parser() -> ReplyParser:
    """Chapter 1's parser (``defensive`` strategy) when it is installed, else :func:`minimal_parse`.

    Resolved when called, not at import: chapter 1's parser checks arguments with
    jsonschema, whose import is slow.
    """
    try:
        return chapter1_parser()
    except ImportError:  # chapter 1's parser not installed: the minimal one
        return minimal_parse


def _system(template: str | Callable[[list[dict[str, Any]]], str], case: Case) -> str:
    build = TEMPLATES[template] if isinstance(template, str) else template
    prompt = build(case.tool_list())
    return f"{prompt}\n{case.context}" if case.context else prompt


def run_prompt_only(cases: Iterable[Case], client: Any = None, model: str | None = None, *,
                    template: str | Callable[[list[dict[str, Any]]], str] = "explicit",
                    parser: ReplyParser | None = None, classify: Classifier = classify_text,
                    grade: Verdict = verdict, **params: Any) -> Report:
    """Run the cases prompt-only: tools described in the system prompt, the call parsed from text.

    ``grade`` gives each reply its verdict, as in :func:`fcourse.evaluation.harness.run_cases`.
    """
    if client is None:
        from fcourse.client import connect

        client, model = connect(quiet=True)
    if model is None:
        raise ValueError("pass the model name with the client (client, model = fcourse.connect())")
    parse = parser or default_parser()
    results = []
    for case in cases:
        messages = [{"role": "system", "content": _system(template, case)}, {"role": "user", "content": case.user}]
        try:
            response = client.chat.completions.create(model=model, messages=messages, **params)
        except Exception as error:  # noqa: BLE001 - recorded as a result, the run goes on
            results.append(CaseResult(case=case, kind="error", verdict="error", error=f"{type(error).__name__}: "
                                      f"{error}"))
            continue
        content = response.choices[0].message.content or ""
        found = parse(content, case.tool_list())
        if found is not None:
            kind, calls = "call", ((found[0], found[1]),)
        else:
            kind, calls = classify(content, case.tools), ()
        usage = {k: v for k, v in (response.usage.model_dump() if response.usage else {}).items()
                 if isinstance(v, int)}
        results.append(CaseResult(case=case, kind=kind, calls=calls, content=content,
                                  verdict=grade(case, kind, list(calls)), usage=usage))
    return Report(results=tuple(results), k=1, model=str(model))
