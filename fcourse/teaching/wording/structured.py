"""The reply when a request sets ``response_format`` (Chat) or ``text.format`` (Responses): issue 38.

Introduced in chapter 2 ("the same extraction, four ways"). Three formats, three promises:

- **strict ``json_schema``**: the reply is JSON that validates against the schema, or a *refusal*. The schema
  is filled from the conversation by ``fcourse.teaching.deciding.schema_fill`` (the reading that fills a
  tool's arguments); the object is then validated against the schema as the request sent it
  (``fcourse.schema``, the project's jsonschema seam). A required value the conversation does not give, or a
  value that does not fit, makes the reply a refusal that says which value is missing - never an invented
  one. The refusal goes in the API's own field (``message.refusal``; a ``refusal`` content part).
- **non-strict ``json_schema``**: the same object when it is complete; otherwise valid JSON holding what
  could be filled (the schema is then not met, and the record says why).
- **``json_object``** (JSON mode): one valid JSON object, always - the JSON format the prompt shows, filled
  the way chapter 1's text model fills it (``text_templates``) but never broken by a failure mode; a value
  the conversation does not give is ``null``, whatever type the program expects. Without a format shown,
  the plain answer wrapped as ``{"answer": ...}``. Valid JSON, no promise about its shape.

The decision record's ``structured`` entry says where every value came from (``path``, ``source``, ``how``),
what was missing, and whether the schema was met.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from fcourse.teaching.deciding.conversation import context_text, latest_user_index, text_of
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.deciding.response_schema import ResponseFormat
from fcourse.teaching.deciding.schema_fill import fill_schema
from fcourse.teaching.reading.field_words import in_chinese, label_of
from fcourse.teaching.wording.phrasing import and_list
from fcourse.teaching.wording.text_templates import fill_template, find_templates

__all__ = ["field_words", "json_mode", "structured"]

_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def field_words(path: str, zh: bool) -> str:
    """A value's path as words a person reads: ``$.customer.email`` -> "the customer's e-mail"."""
    steps = [(m.group(1), m.group(2)) for m in _STEP.finditer(path)]
    names = [n for n, _ in steps if n]
    if not names:
        return "这个值" if zh else "the value"

    def word(name: str) -> str:
        label = label_of(name)
        if zh:
            return in_chinese(label.words, nouns=True) or label.en
        return label.en or name

    leaf, owners = word(names[-1]), [word(n) for n in names[:-1]]
    entry = next((int(i) + 1 for _, i in reversed(steps) if i), None)
    if zh:
        where = "".join(f"{o}的" for o in owners)
        at = f"第 {entry} 项的" if entry is not None else ""
        return f"{where}{at}{leaf}"
    text = f"the {leaf}"
    if entry is not None and owners:
        text += f" of entry {entry} in the {owners[-1]}"
        owners = owners[:-1]
    for owner in reversed(owners):
        text += f" of the {owner}"
    return text


def _refusal(missing: list[str], problems: list[str], zh: bool) -> str:
    if missing:
        said = and_list([field_words(p, zh) for p in missing[:4]], zh)
        more = (f"（还有 {len(missing) - 4} 项）" if zh else f" (and {len(missing) - 4} more)") if len(missing) > 4 \
            else ""
        if zh:
            return f"我们的对话里没有给出{said}{more}。我不会编造，所以无法按要求的格式回答。"
        it = "it" if len(missing) == 1 else "them"
        return (f"I can't fill in {said}{more}: our conversation does not give {it}, and I won't make {it} up. "
                "Tell me and I'll answer in the requested format.")
    if zh:
        return "我无法从对话里得到符合所要求格式的值，所以不按这个格式回答。"
    return "I can't give values that fit the requested format from what our conversation says."


def structured(request: dict[str, Any], fmt: ResponseFormat, language: str, kind: str,
               record: dict[str, Any]) -> Decision:
    """The reply to a ``json_schema`` response format (strict or not); ``record`` is the head of its record."""
    from fcourse.schema import validate

    filled = fill_schema(request, fmt)
    problems = [f"{i.path}: {i.message}" for i in validate(filled.value, fmt.schema)]
    complete = not filled.missing and not problems
    outcome = "json" if complete else ("refusal" if fmt.strict else "partial")
    entry = {
        "format": "json_schema", "name": fmt.name, "strict": fmt.strict, "outcome": outcome,
        "values": filled.values, "missing": filled.missing, "schema_problems": problems,
    }
    if filled.checks:
        entry["checks"] = filled.checks
    if outcome == "json":
        reason = "a response schema: every required value came from the conversation, and the object validates"
    elif outcome == "refusal":
        reason = ("a strict response schema the conversation cannot fill (" +
                  ", ".join(filled.missing + problems) + "): a refusal, never an invented value")
    else:
        reason = ("a non-strict response schema the conversation cannot fill (" +
                  ", ".join(filled.missing + problems) + "): valid JSON with what could be filled")
    out = dict(record, kind=kind, behaviour="structured_output", structured=entry, reason=reason)
    if outcome == "refusal":
        return Decision(kind=kind, content=None, refusal=_refusal(filled.missing, problems, language == "zh"),
                        record=out)  # type: ignore[arg-type]
    return Decision(kind=kind, content=json.dumps(filled.value, ensure_ascii=False), record=out)  # type: ignore[arg-type]


def json_mode(request: dict[str, Any], kind: str, record: dict[str, Any], answer: Callable[[], str]) -> Decision:
    """The reply in JSON mode (``json_object``): the prompt's JSON format filled, or ``{"answer": answer()}``
    (``answer`` is the plain reply's text, asked for only then)."""
    messages = request.get("messages") or []
    templates = find_templates(messages)
    idx = latest_user_index(messages)
    user = text_of(messages[idx].get("content")) if idx is not None else ""
    if templates:
        template, _ = templates[0]
        for candidate, sentence in templates:  # the first format whose own words the request shares
            if any(w in user.lower() for w in re.findall(r"[a-z]{4,}", sentence.lower())):
                template = candidate
                break
        if all(t[1] in user for t in templates):  # the format is in the user's turn itself: not a value
            for _, sentence in templates:
                user = user.replace(sentence, " ")
        value, provenance = fill_template(template, user, context_text(messages))
        entry = {"format": "json_object", "outcome": "json", "template": template, "values": provenance}
        reason = "JSON mode: the JSON format the prompt shows, filled from the conversation; always valid JSON"
    else:
        value = {"answer": answer()}
        entry = {"format": "json_object", "outcome": "json", "values": []}
        reason = "JSON mode without a JSON format in the prompt: the plain answer, wrapped as one JSON object"
    out = dict(record, kind=kind, behaviour="structured_output", structured=entry, reason=reason)
    return Decision(kind=kind, content=json.dumps(value, ensure_ascii=False), record=out)  # type: ignore[arg-type]
