"""Filling a tool's arguments from its JSON Schema and from what was said.

Once a tool is chosen, each parameter is read from its schema - ``type``,
``enum``, ``pattern``, ``format``, ``default`` and the words of its
``description`` (its name is a weak extra hint) - to decide what *kind* of
value it wants, then the value is looked for (``fcourse.teaching.extract``)
in the user's turns (latest first) and then in the system/developer context
the runtime injected:

====================  ===================================================
kind                  where the value comes from
====================  ===================================================
enum                  an enum value, or a synonym of it ("摄氏" -> celsius)
pattern / example     a regex: the schema ``pattern``, or one built from an
                      example in the description ("such as O-100" -> O-\\d+)
email                 an e-mail address
place                 a known city, as written (``fcourse.teaching.places``)
currency / language   a currency or language name, as its ISO code
time                  a date or time expression, as written ("明天早上8点")
number                a number, matched to the unit words around it
expression            an arithmetic expression ("17 * 23")
id                    an id-like token (letters and digits, "u_42")
text                  a quoted span, or the words after a cue ("saying ...")
====================  ===================================================

The context also counts as "label: value" lines ("current user id: u_42").
A required value found nowhere is *missing* - the policy then asks back; it
is never invented. Optional values not found are left out; a nullable one
becomes ``null``. Introduced in chapter 2; the record shows each value's
source in chapter 3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fcourse.teaching.analysis import analyse
from fcourse.teaching.extract import (
    Candidate,
    candidates,
    coerce,
    enum_value,
    example_pattern,
    free_text,
    label_value,
    main_type,
    param_text,
    preceded_by,
    time_spans,
    types_of,
)

__all__ = ["Filled", "Sources", "fill_arguments", "param_kind"]

_TO_CUES = ("to", "into", "in", "for", "成", "为", "到", "去", "至", "往", "换成", "兑换成", "飞往")
_FROM_CUES = ("from", "从", "自", "由")
_ORIGIN_WORDS = ("origin", "from", "departure", "depart", "source", "base", "出发", "起点", "源", "原")
_TARGET_WORDS = ("destination", "target", "to", "into", "arrival", "目的", "目标", "终点", "到达")


@dataclass(frozen=True)
class Sources:
    """Where values may come from: user turns (primary first) and the context."""

    user: tuple[str, ...]
    context: str = ""
    anchors: frozenset[str] = frozenset()  # concept keys that routed the tool
    focus: int | None = None  # where this tool's words start in the latest turn (several tools)


@dataclass
class Filled:
    """Arguments for one call, where each came from, what is missing, fan-out values."""

    arguments: dict[str, Any] = field(default_factory=dict)
    provenance: list[dict[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    fan_out: tuple[str, list[Any]] | None = None


def param_kind(name: str, schema: dict[str, Any]) -> str:
    """The kind of value a parameter wants (see the table in the module docstring)."""
    main = main_type(schema)
    if main == "array":
        return "array"
    if "enum" in schema:
        return "enum"
    if main == "boolean":
        return "boolean"
    keys = analyse(param_text(name, schema)).keys
    fmt = schema.get("format", "")
    if main in ("integer", "number"):
        return "number"
    if schema.get("pattern"):
        return "pattern"
    if "#email" in keys or fmt == "email":
        return "email"
    if "#currency" in keys:
        return "currency"
    if "#language" in keys:
        return "language"
    if "#place" in keys:
        return "place"
    if example_pattern(str(schema.get("description", ""))):
        return "example"
    if "#calculate" in keys:
        return "expression"
    words = set(re.findall(r"[a-z]+", param_text(name, schema).lower()))
    if (fmt in ("date", "date-time", "time") or "#time" in keys or "#date" in keys
            or "when" in words or re.search("何时|什么时候|几时", param_text(name, schema))):
        return "time"
    if "#id" in keys:
        return "id"
    return "text"


_ENTITY_KINDS = ("pattern", "example", "email", "place", "id")
_ORDER = ("enum", "pattern", "example", "email", "id", "place", "currency", "language", "expression", "time",
          "boolean", "number", "array", "text")


def fill_arguments(parameters: dict[str, Any] | None, sources: Sources) -> Filled:
    """Fill the arguments of one tool (see the module docstring for the method)."""
    filled = Filled()
    if not isinstance(parameters, dict):
        return filled
    props = parameters.get("properties") or {}
    if not isinstance(props, dict):
        return filled
    required = [r for r in parameters.get("required", []) if isinstance(r, str)]
    texts = [*sources.user, sources.context]
    origins = [("latest user turn" if i == 0 else "earlier user turn") for i in range(len(sources.user))]
    origins.append("system/developer context")
    reserved: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(texts))}
    kinds = {n: param_kind(n, s if isinstance(s, dict) else {}) for n, s in props.items()}
    ordered = sorted(props, key=lambda n: (_ORDER.index(kinds[n]), list(props).index(n)))
    values: dict[str, Any] = {}
    entity_cands: dict[str, list[Candidate]] = {}

    def note(param: str, value: Any, source: str, how: str) -> None:
        values[param] = value
        filled.provenance.append({"param": param, "value": value, "source": source, "how": how})

    # time spans are reserved up front, so numbers and text do not eat "3pm"
    time_reserved = {i: list(time_spans(t)) for i, t in enumerate(texts)}

    for param in ordered:
        schema = props[param] if isinstance(props[param], dict) else {}
        kind = kinds[param]
        if kind == "enum":
            hit = enum_value(param, schema, texts)
            if hit:
                note(param, hit[0], origins[hit[1]], hit[2])
            continue
        if kind == "boolean":
            pkeys = {k for k in analyse(param_text(param, schema)).keys if k.startswith("#")}
            for where, text in enumerate(texts[:-1]):
                a = analyse(text)
                if pkeys & {t.key for t in a.negated}:
                    note(param, False, origins[where], "negated mention")
                    break
                if pkeys & a.keys:
                    note(param, True, origins[where], "mentioned")
                    break
            continue
        if kind == "array":
            items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
            item_kind = param_kind(param, {**items, "description": schema.get("description", "")})
            if item_kind in ("text", "boolean", "enum", "array"):
                continue
            for where, text in enumerate(texts):
                cands = candidates(item_kind, param, items, text, where)
                if cands:
                    vals = list(dict.fromkeys(coerce(c.value, items) for c in cands))
                    note(param, vals, origins[where], f"all {item_kind} values: {cands[0].how}")
                    break
            continue
        if kind == "text":
            for where, text in enumerate(texts[:-1]):
                got = free_text(param, schema, text, sources.anchors,
                                 reserved[where] + time_reserved[where])
                if got:
                    note(param, got[0], origins[where], got[1])
                    break
            else:
                label = label_value(param, schema, sources.context)
                if label:
                    note(param, label[0], origins[-1], f"label {label[1]!r} in the context")
            continue
        found = False
        for where, text in enumerate(texts):
            cands = candidates(kind, param, schema, text, where)
            taken = reserved[where] + (time_reserved[where] if kind not in ("time",) else [])
            cands = [c for c in cands if all(c.end <= a or c.start >= b for a, b in taken)]
            if not cands:
                continue
            pick = _pick(param, schema, kind, cands, text)
            if where == 0 and sources.focus is not None and kind in _ENTITY_KINDS:
                pick = _nearest(cands, sources.focus)
            value = coerce(pick.value, schema)
            if value is None:
                continue
            reserved[where].append((pick.start, pick.end))
            note(param, value, origins[where], pick.how)
            if kind in _ENTITY_KINDS and where == 0:
                entity_cands[param] = cands
            found = True
            break
        if not found and kind not in ("time",):
            label = label_value(param, schema, sources.context)
            if label:
                value = coerce(label[0], schema)
                if value is not None:
                    note(param, value, origins[-1], f"label {label[1]!r} in the context")

    for param in props:
        schema = props[param] if isinstance(props[param], dict) else {}
        if param in values:
            filled.arguments[param] = values[param]
        elif "default" in schema:
            filled.arguments[param] = schema["default"]
            filled.provenance.append({"param": param, "value": schema["default"],
                                      "source": "schema default", "how": "not mentioned; default used"})
        elif param in required and "null" in types_of(schema):
            filled.arguments[param] = None
            filled.provenance.append({"param": param, "value": None, "source": "schema",
                                      "how": "nullable and not mentioned: null"})
        elif param in required:
            filled.missing.append(param)

    for param, cands in entity_cands.items():
        used = {(a, b) for a, b in reserved[0]}
        extra = [c.value for c in cands if (c.start, c.end) not in used]
        extra = [v for v in dict.fromkeys(extra) if v != filled.arguments.get(param)]
        if extra:
            filled.fan_out = (param, [filled.arguments[param], *extra])
            break
    return filled


def _nearest(cands: list[Candidate], focus: int) -> Candidate:
    """The candidate closest after ``focus`` (else closest before): "refund O-100 and cancel O-200"."""
    after = [c for c in cands if c.start >= focus]
    return min(after, key=lambda c: c.start) if after else max(cands, key=lambda c: c.start)


def _pick(param: str, schema: dict[str, Any], kind: str, cands: list[Candidate], text: str) -> Candidate:
    """Choose among several candidates: direction cues for from/to, unit words for numbers."""
    words = set(re.findall(r"[a-z]+", param_text(param, schema).lower()))
    zh = param_text(param, schema)

    def says(cues: tuple[str, ...]) -> bool:
        return any((w in words) if w.isascii() else (w in zh) for w in cues)

    if kind in ("place", "currency", "language") and len(cands) > 1:
        if says(_ORIGIN_WORDS):
            for c in cands:
                if preceded_by(text, c.start, _FROM_CUES):
                    return c
            for c in cands:
                if not preceded_by(text, c.start, _TO_CUES):
                    return c
        if says(_TARGET_WORDS):
            for c in cands:
                if preceded_by(text, c.start, _TO_CUES):
                    return c
            return cands[-1]
    if kind == "number" and len(cands) > 1:
        for c in cands:
            if c.how.startswith("number next to"):
                return c
    return cands[0]
