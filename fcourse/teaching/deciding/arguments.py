"""Filling a tool's arguments from its JSON Schema and from what was said.

Once a tool is chosen, each parameter is read from its schema - ``type``,
``enum``, ``pattern``, ``format``, ``default`` and the words of its
``description`` (its name is a weak extra hint) - to decide what *kind* of
value it wants, then the value is looked for (``extract``, ``dates``,
``named_values``, ``freetext``)
in the user's turns (latest first) and then in the system/developer context
the runtime injected:

====================  ===================================================
kind                  where the value comes from
====================  ===================================================
enum                  an enum value, or a synonym of it ("摄氏" -> celsius,
                      "urgent" -> high, "一等座" -> first_class); a required
                      enum never mentioned takes the value its description
                      names as the usual one ("use economy unless ...")
pattern / example     a regex: the schema ``pattern``, or one built from an
                      example in the description ("such as O-100" -> O-\\d+;
                      "+8613800138000", "#general", "owner/repo", "billing-api",
                      "8848", "last 4 digits" / "后四位" each give their shape)
email                 an e-mail address
place                 a known city, as written (``fcourse.teaching.reading.places``)
currency / language   a currency or language name, as its ISO code
unit                  a unit name, as its code ("miles" -> mi)
time                  a date or time expression, as written ("明天早上8点");
                      "tomorrow" as YYYY-MM-DD when the parameter wants that
                      and the context says today's date; "7pm" / "下午3点半"
                      as HH:MM when the parameter asks for HH:MM
person                a capitalised name ("Priya Patel")
number                a number, matched to the unit words around it
expression            an arithmetic expression ("17 * 23")
id                    an id-like token (letters and digits, "u_42")
text                  "username is mchen", a quoted span, the words after a
                      cue ("saying ...", "let her know ..."), after a colon,
                      or after the words that routed the tool
====================  ===================================================

Direction words keep from/to apart: a parameter for where a trip *starts*
never takes "去上海". When several tools are called, each reads its own
stretch of the turn first; in a follow-up, only the asked-for arguments are
read from the short answer, the rest from the turn it answers. An optional
text that would only repeat another argument is left out.

The context also counts as "label: value" lines ("current user id: u_42").
A required value found nowhere is *missing* - the policy then asks back; it
is never invented. Optional values not found are left out; a nullable one
becomes ``null``. Introduced in chapter 2; the record shows each value's
source in chapter 3.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

from fcourse.teaching.deciding.choosing import nearest, pick_candidate
from fcourse.teaching.deciding.response_schema import plain
from fcourse.teaching.deciding.value_kinds import code_in, code_in_context, is_code, names_code
from fcourse.teaching.reading import named_values
from fcourse.teaching.reading.analysis import analyse, stem
from fcourse.teaching.reading.dates import (
    clock_of,
    clock_spans,
    clock_values,
    resolve_date,
    time_spans,
    wants_clock,
    wants_day,
    wants_hour,
)
from fcourse.teaching.reading.day_resolver import dates_in, today_in
from fcourse.teaching.reading.extract import Candidate, candidates, example_pattern, without_file_names
from fcourse.teaching.reading.freetext import free_text, whole_request
from fcourse.teaching.reading.locations import find_locations
from fcourse.teaching.reading.named_values import described_default, enum_value, inline_label, label_value
from fcourse.teaching.reading.numbers import durations_in, is_age, unit_of
from fcourse.teaching.reading.options import VAGUE_VERBS, false_clause, glossed_option, hyphened, said_off
from fcourse.teaching.reading.params import coerce, main_type, param_text, types_of
from fcourse.teaching.reading.proper_names import asks_for_a_name, not_a_name, proper_name

__all__ = ["Filled", "Sources", "fill_arguments", "param_kind"]

@dataclass(frozen=True)
class Sources:
    """Where values may come from: user turns (primary first) and the context."""

    user: tuple[str, ...]
    context: str = ""
    anchors: frozenset[str] = frozenset()  # concept keys that routed the tool
    focus: int | None = None  # where this tool's words start in the latest turn (several tools)
    segment: tuple[int, int] | None = None  # this tool's own stretch of the latest turn (several tools)
    asked: frozenset[str] | None = None  # a follow-up answers these; other values come from earlier turns
    about: frozenset[str] = frozenset()  # the keys of the tool's own description (what the tool is, not an option)
    every_text: bool = False  # a JSON template's placeholders are all wanted: optional text is read like required


@dataclass
class Filled:
    """Arguments for one call, where each came from, what is missing, fan-out values."""

    arguments: dict[str, Any] = field(default_factory=dict)
    provenance: list[dict[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    fan_out: tuple[str, list[Any]] | None = None
    #: with a fan-out, other parameters' values one per call, in the same order ("pressure 88, flow 412")
    paired: dict[str, list[Any]] = field(default_factory=dict)


_CJK = re.compile(r"[\u4e00-\u9fff]")


#: a parameter that holds a file's name (its value has a file name's shape, so it is never a guess from free text)
_FILE = re.compile(r"\bfile ?names?\b|\bfilename|文件名|\bfile\b", re.IGNORECASE)
_CLOCK_OR_DAY = re.compile(r"HH:MM|YYYY-MM-DD", re.IGNORECASE)


def param_kind(name: str, schema: dict[str, Any]) -> str:
    """The kind of value a parameter wants (see the table in the module docstring)."""
    try:
        key = json.dumps(schema, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return _param_kind(name, schema)
    return _param_kind_cached(name, key)


@functools.lru_cache(maxsize=4096)
def _param_kind_cached(name: str, key: str) -> str:
    return _param_kind(name, json.loads(key))


def _param_kind(name: str, schema: dict[str, Any]) -> str:
    main = main_type(schema)
    if main == "array":
        return "array"
    if "enum" in schema:
        return "time" if clock_values(schema) else "enum"  # "08:00" | "10:00": "8am" is read as a time
    if main == "boolean":
        return "boolean"
    keys = analyse(param_text(name, schema)).keys
    fmt = schema.get("format", "")
    if main in ("integer", "number"):
        return "number"
    if schema.get("pattern"):  # a pattern for "HH:MM" or a date is a time: "7:30pm" is read, then written in its shape
        return "time" if _CLOCK_OR_DAY.search(param_text(name, schema)) else "pattern"
    if fmt in ("date", "date-time", "time"):
        return "time"
    words = set(re.findall(r"[a-z]+", param_text(name, schema).lower()))
    nwords = set(re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", name).lower()))
    if fmt == "email" or ("#email" in keys and (words & {"address", "addresses", "recipient", "recipients", "cc", "bcc"}
                                                or nwords & {"email", "to", "recipient", "cc", "bcc", "mail"}
                                                or "#contact" in keys or "地址" in param_text(name, schema)
                                                or "邮箱" in param_text(name, schema))):
        return "email"
    if _FILE.search(param_text(name, schema)):
        return "file"
    if "#currency" in keys:
        return "currency"
    if fmt in ("date", "date-time", "time") or "when" in words:
        return "time"
    if "#language" in keys:
        return "language"
    if example_pattern(str(schema.get("description", ""))):
        return "example"
    if "#place" in keys:
        return "place"
    if "#measure" in keys and not keys & {"#weather", "#amount"}:
        return "unit"
    if example_pattern(str(schema.get("description", ""))):
        return "example"
    if "#calculate" in keys:
        return "expression"
    if "name" in words and ("#contact" in keys or words & {"who", "person", "people"}):
        return "person"
    if (fmt in ("date", "date-time", "time") or "#time" in keys or "#date" in keys
            or "when" in words or re.search("何时|什么时候|几时", param_text(name, schema))):
        return "time"
    if "#id" in keys:
        return "id"
    return "text"


_ENTITY_KINDS = ("pattern", "example", "email", "file", "place", "id", "person")
_ORDER = ("enum", "pattern", "example", "email", "file", "id", "place", "currency", "language", "unit", "expression",
          "time", "person", "boolean", "number", "array", "text")


def fill_arguments(parameters: dict[str, Any] | None, sources: Sources) -> Filled:
    """Fill the arguments of one tool (see the module docstring for the method)."""
    filled = Filled()
    if not isinstance(parameters, dict):
        return filled
    parameters = plain(parameters)  # pydantic's $ref and Optional (anyOf with null) read as the plain shape
    props = parameters.get("properties") or {}
    if not isinstance(props, dict):
        return filled
    required = [r for r in parameters.get("required", []) if isinstance(r, str)]
    texts = [*sources.user, sources.context]
    origins = [("latest user turn" if i == 0 else "earlier user turn") for i in range(len(sources.user))]
    origins.append("system/developer context")
    focus = sources.focus
    if sources.segment and texts and texts[0]:  # several intents: this tool's stretch first, then the whole turn
        a, b = sources.segment
        texts.insert(0, texts[0][a:b])
        origins.insert(0, origins[0])
        focus = None if focus is None else focus - a
    reserved: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(texts))}
    n_user = len(texts) - 1
    latest_idx = [0, 1] if sources.segment and n_user > 1 and texts[0] != texts[1] else [0]

    def order(param: str, with_context: bool = True) -> list[int]:
        """Which texts to read, in turn: a follow-up's answer only for what was asked."""
        idx = list(range(n_user))
        if sources.asked is not None and param not in sources.asked and n_user > len(latest_idx):
            idx = [i for i in idx if i not in latest_idx] + latest_idx
        return idx + ([n_user] if with_context else [])
    kinds = {n: param_kind(n, s if isinstance(s, dict) else {}) for n, s in props.items()}
    ordered = sorted(props, key=lambda n: (_ORDER.index(kinds[n]), list(props).index(n)))
    values: dict[str, Any] = {}
    entity_cands: dict[str, list[Candidate]] = {}

    def note(param: str, value: Any, source: str, how: str) -> None:
        values[param] = value
        filled.provenance.append({"param": param, "value": value, "source": source, "how": how})

    # time spans are reserved up front, so numbers and text do not eat "3pm"
    time_reserved = {i: sorted({*time_spans(t), *clock_spans(t)}) for i, t in enumerate(texts)}
    clock_taken: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(texts))}

    for param in ordered:
        schema = props[param] if isinstance(props[param], dict) else {}
        kind = kinds[param]
        if kind == "enum":
            idx = order(param)
            hit = enum_value(param, schema, [without_file_names(texts[i]) for i in idx], sources.about)
            if hit:
                note(param, hit[0], origins[idx[hit[1]]], hit[2])
            elif param in required and "default" not in schema:
                named = described_default(schema)
                if named is not None:
                    note(param, named, "parameter description", "not mentioned; the description names it as the "
                                                                 "usual choice")
            continue
        if kind == "boolean":
            # the words that chose the tool ("会议室" for a meeting-room tool) say nothing about an option of it;
            # a word only the option's description uses does ("hard" in "Hard reboot without graceful shutdown")
            # (a short word of its own name counts: "rims" for with_rims)
            named = {stem(w) for w in param.lower().split("_") if len(w) >= 4}
            # the words that say when it is off ("false if they bring their own") are no mention of it
            on, off = false_clause(str(schema.get("description", "")))
            pkeys = {k for k in analyse(param_text(param, {**schema, "description": on})).keys
                     if k.startswith("#") or (len(k) >= 4 or k in named or len(k) >= 2 and _CJK.match(k))
                     and k not in VAGUE_VERBS
                     } - (sources.about - analyse(param.replace("_", " ")).keys)  # its own name's words still do
            # ... but not a word another parameter is named by ("one flue" is flue_count's, no flue camera survey)
            pkeys -= {k for other in props if other != param for k in analyse(other.replace("_", " ")).keys}
            for where in order(param, False):
                a = analyse(texts[where])
                if pkeys & {t.key for t in a.negated}:
                    note(param, False, origins[where], "negated mention")
                    break
                if off and (word := said_off(off, texts[where], f"{param.replace('_', ' ')} {on}", sources.about)):
                    note(param, False, origins[where], f"the user's '{word}' is a word the description gives for "
                                                       f"false ('{off.strip()}')")
                    break
                if pkeys & a.keys:
                    note(param, True, origins[where], "mentioned")
                    break
                joined = hyphened(texts[where], pkeys)  # "a make-up class" for makeup_requested
                if joined:
                    note(param, joined[0], origins[where], joined[1])
                    break
                said = glossed_option(param, texts[where], sources.about, str(schema.get("description", "")))
                if said:
                    note(param, said[0], origins[where], said[1])
                    break
            continue
        if kind == "array":
            items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
            item_kind = param_kind(param, {**items, "description": schema.get("description", "")})
            if item_kind in ("text", "boolean", "enum", "array"):
                continue
            for where in order(param):
                cands = candidates(item_kind, param, items, texts[where], where)
                if cands:
                    vals = list(dict.fromkeys(coerce(c.value, items) for c in cands))
                    note(param, vals, origins[where], f"all {item_kind} values: {cands[0].how}")
                    break
            continue
        if kind == "text":
            for where in order(param, False):
                labelled = inline_label(param, schema, texts[where])
                if labelled:
                    note(param, labelled[0], origins[where], f"labelled {labelled[1]!r} in the text")
                    break
                got = free_text(param, schema, texts[where], sources.anchors,
                                reserved[where] + time_reserved[where], param in required or sources.every_text)
                if asks_for_a_name(param, schema):  # "my daughter Lily Zhang in with ..." -> "Lily Zhang"
                    # words that are plainly no name ("arriving August 20", "as planned", "明天入住") are asked for
                    got = proper_name(texts[where], got[0] if got else None) or (
                        None if got and not_a_name(got[0]) else got)
                elif not got and param in required and where in latest_idx:
                    got = whole_request(texts[where], sources.anchors)
                if names_code(param, schema) and not (got and is_code(str(got[0]))):  # a plate is no phrase
                    hit = code_in(texts[where], {str(v) for v in values.values()}, param_text(param, schema))
                    got = (hit[0], "a code in the text (the parameter names an identifier)") if hit else None
                if got and param not in required and got[0] in values.values():
                    break  # an optional text that would only repeat another argument is left out
                if got:
                    note(param, got[0], origins[where], got[1])
                    break
            else:  # an optional text is the user's to give: a preference in the context is not a request
                label = None if param not in required else code_in_context(param, schema, sources.context) \
                    if names_code(param, schema) else label_value(param, schema, sources.context)
                if label and not (asks_for_a_name(param, schema) and not_a_name(str(label[0]))):  # "RX-22 (西装)"
                    note(param, label[0], origins[-1], f"label {label[1]!r} in the context")
            continue
        found = False
        clock = kind == "time" and wants_clock(param, schema) or kind == "number" and wants_hour(param, schema)
        for where in order(param):
            text = texts[where]
            if clock:  # "Friday at 7:30pm": the clock part, even when a date parameter took the whole span
                cands = [Candidate(text[s:e], where, s, e, "clock time") for s, e in clock_spans(text)]
            else:
                cands = candidates(kind, param, schema, text, where)
            if kind == "time" and not clock and wants_day(param, schema):
                cands = [c for c in cands if dates_in(str(c.value))]  # "at 7:30pm" alone is not a day
            taken = (reserved[where] if not clock else clock_taken[where]) + (
                time_reserved[where] if kind not in ("time",) and not clock else [])
            if kind == "number":  # "7 Kings Road" is a place, not 7 of something
                taken = taken + [(s, e) for _, s, e, _ in find_locations(text)]
                if not unit_of(param_text(param, schema)):  # "2 hrs" is how long, not 2 people
                    age = "age" in analyse(param_text(param, schema)).keys  # "41 years old" is an age
                    taken = taken + [(d.start, d.end) for d in durations_in(text) if not (age and is_age(text, d))]
            cands = [c for c in cands if all(c.end <= a or c.start >= b for a, b in taken)]
            if where == n_user:  # the context's example of a format, or the business's own address, is no one's
                cands = [c for c in cands if not named_values.not_the_users(text, c.start)]
            if not cands:
                continue
            pick = pick_candidate(param, schema, kind, cands, text)
            if pick is None:  # "去上海" is where the trip goes, not where it starts
                continue
            if where == 0 and focus is not None and kind in _ENTITY_KINDS:
                pick = nearest(cands, focus)
            value = coerce(pick.value, schema)
            how = pick.how
            if clock and kind == "number":  # an hour of the clock: "from 2pm" is 14; "2:30pm" is no whole hour
                resolved = clock_of(pick.value, text[max(0, pick.start - 12):pick.start])
                value = int(resolved[:2]) if resolved and resolved.endswith(":00") else None
                how = f"{how} {pick.value!r} as the hour of a 24-hour clock"
            elif clock and isinstance(value, str):
                resolved = clock_of(value, text[max(0, pick.start - 12):pick.start])
                if resolved:
                    value, how = resolved, f"{how} {pick.value!r} written as HH:MM"
            elif kind == "time" and isinstance(value, str):
                resolved = resolve_date(value, schema, param, today_in([sources.context]))
                if resolved:
                    value, how = resolved, f"{how}, resolved against the stated today"
            if value is None:
                continue
            (clock_taken if clock else reserved)[where].append((pick.start, pick.end))
            note(param, value, origins[where], how)
            if kind in _ENTITY_KINDS and where == 0:
                entity_cands[param] = cands
            found = True
            break
        if not found and kind not in ("time",):
            label = label_value(param, schema, sources.context)
            if label and not (names_code(param, schema) and not is_code(str(label[0]))):  # an id is a code
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
