"""A question back for the values a tool needs, as a person asks it (issues 26 and 36).

Introduced in chapter 2 (ask back, invent nothing). What each missing value is comes from its parameter's
description - its first clause, without what only a program reads ("Visit date, YYYY-MM-DD" asks for "the
visit date"; "HH:MM, 24-hour", "e.g. VA-1234" are left out) - or, for a Chinese reply to an English
description, from the business glossary (``reading.glossary``). The question names the choices when there are
any: the values of an enum ("vaccination, dental or checkup"), or the candidates the conversation already
holds for the value - "Which account: 4471 (Home fibre) or 9902 (Office)?" - read from the context and the
earlier tool results (``Conversation.context``). A question ends with a question mark, in both languages.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.field_words import label_of
from fcourse.teaching.reading.glossary import cue_words, value_zh
from fcourse.teaching.reading.params import function_of

__all__ = ["ask_for", "candidates_in"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
#: what only a program reads in a description: a format, a pattern, an example
_SCHEMA_TEXT = re.compile(r"\b(?:YYYY|YY|MM|DD|HH|hh|mm|ss)\b|\d{1,2}-hour|\b24h\b|\bISO\b|\bformat\b|\be\.g\b"
                          r"|\bexample\b|小时制|格式|例如|比如|^\s*如\s", re.IGNORECASE)
#: words of a label that the candidate's value says itself ("account number 4471" is "account 4471")
_ID_WORDS = frozenset({"id", "number", "no", "code", "identifier", "ref", "reference", "编号", "号", "号码"})
_MAX_CHOICES = 8


def _params(tool: dict[str, Any]) -> dict[str, Any]:
    parameters = function_of(tool).get("parameters")
    props = parameters.get("properties") if isinstance(parameters, dict) else None
    return props if isinstance(props, dict) else {}


def _plain(description: str) -> str:
    """A description's first clause without schema text ("Visit date, YYYY-MM-DD" -> "Visit date")."""
    first = re.split(r"[.。;；(（]|, e\.g\.|，(?:例)?如|:\s|：", description.strip())[0]
    parts = [p.strip() for p in re.split(r"[,，]", first)]
    return next((p for p in parts if p and not _SCHEMA_TEXT.search(p)), "").strip()


def _label(tool: dict[str, Any], name: str, zh: bool) -> str | None:
    schema = _params(tool).get(name) or {}
    desc = _plain(str(schema.get("description", "")))
    if zh:
        if desc and _CJK.search(desc):
            return desc
        return label_of(name).zh_in(_cues(tool))
    if desc and not _CJK.search(desc):
        first = desc.split()[0]
        return desc[:1].lower() + desc[1:] if first[1:].islower() or first == "A" else desc  # not "ISO code"
    return label_of(name).en


def _cues(tool: dict[str, Any]) -> frozenset[str]:
    fn = function_of(tool)
    return cue_words([str(fn.get("name", "")), str(fn.get("description", "")), *_params(tool)])


def _choices(tool: dict[str, Any], name: str, zh: bool) -> list[str]:
    """An enum's values as a reply names them (Chinese: only when every one has a Chinese word)."""
    values = (_params(tool).get(name) or {}).get("enum") or []
    if not values or len(values) > _MAX_CHOICES:
        return []
    if not zh:
        return [str(v).replace("_", " ") for v in values]
    shown = [str(v) if _CJK.search(str(v)) else value_zh(str(v), _cues(tool)) for v in values]
    return [s for s in shown if s] if all(shown) else []


_LINE_PAIR = re.compile(r"([^:：,，.。]+)[:：]\s*([^,，\n]+)")


def candidates_in(context: str, tool: dict[str, Any], name: str) -> list[tuple[str, str]]:
    """The values the conversation already holds for a parameter, each with what is said of it: (value, about).
    By the parameter's pattern, else after a label naming it ("account ID: 4471, label: Home fibre.")."""
    schema = _params(tool).get(name) or {}
    found: list[str] = []
    pattern = str(schema.get("pattern") or "")
    if pattern:
        body = pattern.removeprefix("^").removesuffix("$")
        try:
            found = [m.group() for m in re.finditer(rf"(?<![A-Za-z0-9_-])(?:{body})(?![A-Za-z0-9_-])", context)]
        except re.error:
            found = []
    if not found:
        label = label_of(name).en.lower()
        found = [m.group(2).strip() for m in _LINE_PAIR.finditer(context) if m.group(1).strip().lower() == label]
    if not found:
        found = _codes_alike(context, name, schema)
    found = list(dict.fromkeys(found))
    from fcourse.teaching.deciding.context_choice import _attributes

    said = _attributes(context, found) if len(found) > 1 else {}
    out = []
    for value in found:
        stretch = said.get(value, "")
        bracket = re.match(r"\s*[（(]([^)）]*)[)）]", stretch)  # "DR-1 (bay, tomorrow 18:00)": what it says of it
        if bracket:
            about = [a.strip() for a in re.split(r"[,，、;；]", bracket.group(1)) if a.strip()][:3]
        else:  # a tool result's line: "account ID: 4471, label: Home fibre, speed: 500 Mb."
            about = [v.strip().rstrip(".") for _, v in _LINE_PAIR.findall(stretch)][:3]
        out.append((value, about))
    return [(v, ", ".join(a)) for v, a in out]


#: a code as the context writes one: an optional Chinese prefix, then runs of capitals and digits joined by one
#: hyphen, dot, middle dot or space ("WM 20-118", 粤B·66K21, 5102-0093, 7316)
_CODE_TOKEN = re.compile(r"(?<![\w-])[\u4e00-\u9fff]?[A-Z0-9]+(?:[-·. ][A-Z0-9]+)*(?![\w-])")


def _codes_alike(context: str, name: str, schema: dict[str, Any]) -> list[str]:
    """The codes of one shape the context holds for an identifier parameter ("two meters: WM 20-118 in the kitchen
    and WM 20-907 in the shed", "车辆：粤B·66K21、粤B·7Q310"): the one group of two to five codes of the same shape
    (dates, times and phone numbers left out), else none."""
    from fcourse.teaching.deciding.value_kinds import names_code
    from fcourse.teaching.reading.dates import time_spans
    from fcourse.teaching.reading.day_resolver import dates_in

    if not names_code(name, schema):
        return []
    busy = list(time_spans(context)) + [(m.start, m.end) for m in dates_in(context)]
    groups: dict[str, list[str]] = {}
    for m in _CODE_TOKEN.finditer(context):
        token = m.group().strip(". ")
        if len(re.sub(r"\W", "", token)) < 4 or not re.search(r"\d", token) or any(
                a < m.end() and m.start() < b for a, b in busy):
            continue
        shape = re.sub(r"[A-Z0-9]+", "X", re.sub(r"^[\u4e00-\u9fff]", "", token))
        groups.setdefault(shape, []).append(token)
    fitting = [list(dict.fromkeys(g)) for g in groups.values() if 2 <= len(set(g)) <= 5]
    return fitting[0] if len(fitting) == 1 else []


def _named(cands: list[tuple[str, str]], zh: bool) -> list[str]:
    shown = []
    for value, about in cands:
        parts = [_shown(a, zh) for a in about.split(", ")] if about else []
        if zh:
            shown.append(f"{value}（{'，'.join(parts)}）" if parts else value)
        else:
            shown.append(f"{value} ({', '.join(parts)})" if parts else value)
    return shown


def _shown(value: str, zh: bool) -> str:
    """A value said of a candidate: a date as people write it, a code as words, a status in Chinese."""
    from fcourse.teaching.wording.phrasing import show_text

    shown = show_text(value, zh)
    if shown != value:
        return shown
    return (value_zh(value) if zh else None) or value.replace("_", " ")


def _or(parts: list[str], zh: bool) -> str:
    if len(parts) == 1:
        return parts[0]
    return ("、".join(parts[:-1]) + "还是" + parts[-1]) if zh else (", ".join(parts[:-1]) + " or " + parts[-1])


def _and(parts: list[str], zh: bool) -> str:
    if len(parts) == 1:
        return parts[0]
    return ("、".join(parts[:-1]) + "和" + parts[-1]) if zh else (", ".join(parts[:-1]) + " and " + parts[-1])


def _when(tool: dict[str, Any], name: str) -> bool:
    from fcourse.teaching.reading.dates import wants_clock, wants_day

    schema = _params(tool).get(name) or {}
    return isinstance(schema, dict) and not schema.get("enum") and (wants_day(name, schema)
                                                                    or wants_clock(name, schema))


def _noun(label: str, zh: bool) -> str:
    """A label without the words its candidates' values say themselves ("account number" -> "account")."""
    if zh:
        owner = label.split("的")[0] if "的" in label else label  # 卡的后四位 -> 卡
        stripped = re.sub(r"(?:编号|号码|单号|号)$", "", owner)
        return stripped or owner
    owner = re.split(r"\s+of\s+(?:the|a|an|your)?\s*", label, maxsplit=1)[-1]  # "last four digits of the card"
    words = [w for w in owner.split() if w.lower() not in _ID_WORDS]
    return " ".join(words) or owner


def ask_for(tool: dict[str, Any], missing: list[str], zh: bool, context: str = "") -> str:
    """A question back for the values a tool needs and nobody gave (see the module's docstring)."""
    labels = {n: _label(tool, n, zh) or ("相关信息" if zh else n.replace("_", " ")) for n in missing}
    pick = next(((n, c) for n in missing if 2 <= len(c := candidates_in(context, tool, n)) <= _MAX_CHOICES), None)
    rest = [n for n in missing if not pick or n != pick[0]]
    questions = []
    if pick:
        name, cands = pick
        noun = _noun(labels[name], zh)
        questions.append(f"请问是哪一个{noun}：{_or(_named(cands, zh), zh)}？" if zh else
                         f"Which {noun} do you mean: {_or(_named(cands, zh), zh)}?")
    if rest and all(_when(tool, n) for n in rest):
        items = _and([labels[n] if zh else f"the {labels[n]}" for n in rest], zh)
        questions.append(f"还需要知道{items}，请问你想定在什么时候？" if zh else
                         f"I {'also ' if pick else ''}need {items}: when would you like it?")
    elif len(rest) == 1 and _choices(tool, rest[0], zh):
        label, choices = labels[rest[0]], _choices(tool, rest[0], zh)
        questions.append(f"请问{label}选哪一个：{_or(choices, zh)}？" if zh else
                         f"{label[:1].upper()}{label[1:]}: {_or(choices, zh)}?" if _WH.match(label) else
                         f"Which {label}: {_or(choices, zh)}?")
    elif rest:
        items = []
        for n in rest:
            choices = _choices(tool, n, zh)
            shown = (f"{labels[n]}（{'、'.join(choices)}）" if zh else f"the {labels[n]} ({_or(choices, zh)})") \
                if choices else (labels[n] if zh else _the(labels[n]))
            items.append(shown)
        questions.append(f"还需要知道{_and(items, zh)}，请告诉我好吗？" if zh else
                         f"Could you {'also ' if pick else ''}tell me {_and(items, zh)}?")
    return "".join(questions) if zh else " ".join(questions)


#: a description that is a question itself ("What is wrong", "Why the appointment is cancelled")
_WH = re.compile(r"(?:what|why|which|how|when|where|who|whether)\b", re.IGNORECASE)


def _the(item: str) -> str:
    return item if re.match(r"(?:the|a|an|your|my|what|why|which|how|when|where|who|whether)\b", item,
                            re.IGNORECASE) else f"the {item}"
