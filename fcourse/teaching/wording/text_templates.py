"""The JSON reply formats a prompt shows, and how the plain text model fills them in.

Part of chapter 1's text model (``fcourse.teaching.wording.text``). ``find_templates``
finds the JSON objects a prompt asks the model to reply with
(``{"action": "get_weather", "city": "..."}``); ``fill_template`` keeps the
literal values (the action name) and fills each placeholder **only from what
the user said that fits its key**:

- a key about time (``month``, ``period``, ``date``, ``week``, ``时间`` ...)
  takes the first time expression in the user's words, as written ("last
  month", "上个月", "2026-03", "3月");
- any other key takes what ``fcourse.teaching.deciding.arguments`` finds for it in the
  user's turn (a place for ``city``, an id for ``order_id`` ...), or in a
  fact the runtime stated in the system prompt ("Verified order: O-120") -
  the lines that show the JSON formats are not read for values;
- nothing fits: ``null``. A value is never taken from the prompt's JSON
  formats, from JSON syntax (a value holding ``{``, ``}``, ``[``, ``]`` or
  ``"`` is dropped), or from the model's earlier replies.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fcourse.teaching.deciding.arguments import Sources, fill_arguments
from fcourse.teaching.deciding.conversation import text_of
from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.dates import time_spans

__all__ = ["action_of", "fill_template", "find_templates", "is_literal", "json_objects", "time_expression"]

_ACTION_KEYS = frozenset({"action", "tool", "name", "function", "type", "intent", "command", "tool_name", "op"})
_IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")
_PLACEHOLDER_RE = re.compile(r"^\s*(?:\.{2,}|…+|<[^>]*>|\{[^}]*\}|\?+|x+|string|value|str|)\s*$", re.IGNORECASE)
_JSON_SYNTAX_RE = re.compile(r'[{}\[\]"]')

#: a key (or its placeholder hint) that asks for a time: month, period, date ... (English or Chinese)
_TIME_KEY_RE = re.compile(
    r"(?:^|_|\b)(?:month|period|date|day|week|year|quarter|time|when|since|until|range|span)s?(?:$|_|\b)"
    r"|月|日期|时间|期间|周期|年份",
    re.IGNORECASE,
)
#: month names, capitalised; "May" only with a year ("May I ..." is not a month)
_MONTHS = r"(?:(?:January|February|March|April|June|July|August|September|October|November|December)(?:\s+\d{4})?" \
          r"|May\s+\d{4})"
#: time expressions: relative periods, month names, ISO months/dates, Chinese periods and dates.
#: A grammar of (last|this|next ...) x (day|week|month ...), not a list of phrases.
_TIME_RES = (
    re.compile(r"\b(?:last|this|next|previous|past|current|coming)\s+(?:\d+\s+)?(?:day|week|month|quarter|year)s?\b",
               re.IGNORECASE),
    re.compile(rf"\b{_MONTHS}\b|\b\d{{4}}-\d{{1,2}}(?:-\d{{1,2}})?\b"),
    re.compile(r"\b(?:today|yesterday|tomorrow)\b", re.IGNORECASE),
    re.compile(r"(?:上上|上|下下|下|这|本|今|去|前|明)(?:个)?(?:月|周|星期|季度|年)"
               r"|\d{4}\s*年(?:\s*\d{1,2}\s*月)?|\d{1,2}\s*月份?|[一二三四五六七八九十]{1,2}月份?|昨天|今天|明天"),
)


def json_objects(text: str) -> list[tuple[dict[str, Any], int, int]]:
    """Every top-level ``{...}`` in ``text`` that parses as a non-empty JSON object, with its span."""
    found: list[tuple[dict[str, Any], int, int]] = []
    i = 0
    while True:
        start = text.find("{", i)
        if start < 0:
            return found
        depth, j, in_str = 0, start, False
        end = -1
        while j < len(text):
            c = text[j]
            if in_str:
                if c == "\\":
                    j += 1
                elif c == '"':
                    in_str = False
            elif c == '"':
                in_str = True
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    end = j + 1
                    break
            j += 1
        if end < 0:
            return found
        raw = text[start:end]
        candidate = re.sub(r":\s*<([^>\"]*)>", r': "<\1>"', raw)
        try:
            obj = json.loads(candidate)
        except ValueError:
            obj = None
        if isinstance(obj, dict) and obj:
            found.append((obj, start, end))
        i = end


def is_literal(key: str, value: Any) -> bool:
    """Whether ``key: value`` names the action (kept as written), not a placeholder to fill."""
    return key.lower() in _ACTION_KEYS and isinstance(value, str) and bool(_IDENT_RE.match(value))


def action_of(obj: dict[str, Any]) -> str | None:
    """The action an object names (``{"action": "get_weather", ...}`` -> "get_weather"), or None."""
    return next((str(v) for k, v in obj.items() if is_literal(k, v)), None)


def find_templates(messages: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str]]:
    """JSON reply templates the prompt asks for, each with the sentence around it.

    System and developer messages are searched first, then the latest user turn.
    """
    for role_set in (("system", "developer"), ("user",)):
        texts = [text_of(m.get("content")) for m in messages if m.get("role") in role_set]
        if role_set == ("user",):
            texts = texts[-1:]
        templates = []
        for text in texts:
            for obj, start, end in json_objects(text):
                lead = max(text.rfind("\n", 0, start), text.rfind("。", 0, start), text.rfind(". ", 0, start))
                templates.append((obj, text[lead + 1 : end]))
        if templates:
            return templates
    return []


def time_expression(text: str) -> str | None:
    """The first time expression in ``text``, as written ("last month", "上个月", "2026-03"), or None."""
    spans = [m.span() for regex in _TIME_RES for m in regex.finditer(text)]
    spans += list(time_spans(text))
    if not spans:
        return None
    start = min(s for s, _ in spans)
    end = max(e for s, e in spans if s == start)
    return text[start:end].strip() or None


def _hint(value: Any) -> str:
    return "" if not isinstance(value, str) or _PLACEHOLDER_RE.match(value) else value


def _wants_time(key: str, value: Any) -> bool:
    return isinstance(value, str) and bool(_TIME_KEY_RE.search(key) or _TIME_KEY_RE.search(_hint(value)))


def _said(param: str, value: Any, provenance: list[dict[str, Any]]) -> bool:
    """Whether a filled value was said (by the user, or as a stated fact in the context), not JSON syntax."""
    if isinstance(value, str) and _JSON_SYNTAX_RE.search(value):
        return False
    sources = [str(p.get("source", "")) for p in provenance if p.get("param") == param]
    return bool(sources) and all("user" in s or "context" in s for s in sources)


def _without_formats(context: str) -> str:
    """``context`` without the lines that show a JSON format (they are instructions, not facts)."""
    kept = list(context)
    for _, start, end in json_objects(context):
        a = context.rfind("\n", 0, start) + 1
        b = context.find("\n", end)
        kept[a:(len(context) if b < 0 else b)] = [" "] * ((len(context) if b < 0 else b) - a)
    return "".join(kept)


def fill_template(template: dict[str, Any], user: str, context: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``template`` with its placeholders filled from ``user``'s words (see the module docstring), and how."""
    props: dict[str, Any] = {}
    for key, value in template.items():
        if is_literal(key, value) or _wants_time(key, value):
            continue
        if isinstance(value, bool):
            props[key] = {"type": "boolean", "description": key}
        elif isinstance(value, (int, float)):
            props[key] = {"type": "number", "description": key}
        else:
            props[key] = {"type": "string", "description": f"{key} {_hint(value)}".strip()}
    filled = fill_arguments({"type": "object", "properties": props},
                            Sources(user=(user,), context=_without_formats(context), every_text=True,
                                    anchors=frozenset(t.key for t in analyse(user).terms if t.is_concept)))
    provenance = [p for p in filled.provenance if _said(p["param"], p.get("value"), filled.provenance)]
    out: dict[str, Any] = {}
    for key, value in template.items():
        if is_literal(key, value):
            out[key] = value
        elif _wants_time(key, value):
            when = time_expression(user)
            out[key] = when
            if when is not None:
                provenance.append({"param": key, "value": when, "source": "latest user turn",
                                   "how": "time expression, as written"})
        else:
            got = filled.arguments.get(key)
            out[key] = got if _said(key, got, filled.provenance) else None
    return out, provenance
