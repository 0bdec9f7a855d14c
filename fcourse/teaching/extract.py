"""Finding values of one kind in a piece of text: the teaching model's value finders.

``fcourse.teaching.arguments`` decides what *kind* of value a parameter wants;
this module finds every candidate of that kind in a text: regex matches (a
schema ``pattern``, the shape of an example such as "O-100", e-mail
addresses, id-like tokens), known places, currency and language names, date
and time expressions, numbers (with the words around them), enum values and
their synonyms, "label: value" lines of a system prompt, and free text cut
from the user's sentence (quoted text, the words after a cue such as
"saying" / "内容是", or after the words that routed the tool).
Introduced in chapter 2.
"""

from __future__ import annotations

import datetime
import functools
import re
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.analysis import analyse
from fcourse.teaching.lexicon import (
    CURRENCIES,
    EN_STOPWORDS,
    ENUM_SYNONYMS,
    LANGUAGES,
    NOT_CODES,
    UNITS,
)
from fcourse.teaching.places import find_places

__all__ = [
    "Candidate",
    "candidates",
    "coerce",
    "described_default",
    "enum_value",
    "example_pattern",
    "free_text",
    "inline_label",
    "label_value",
    "main_type",
    "param_text",
    "preceded_by",
    "resolve_date",
    "time_spans",
    "types_of",
]

_ASCII_B = r"(?<![A-Za-z0-9_\-])"
_ASCII_E = r"(?![A-Za-z0-9_\-])"
_EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}")
_ID_RE = re.compile(_ASCII_B + r"(?:[A-Za-z]{1,4}[-_]?\d{2,}|\d{6,}(?:-\d+)*)" + _ASCII_E)
_NUMBER_RE = re.compile(r"(?<![A-Za-z0-9_.\-])-?\d+(?:,\d{3})*(?:\.\d+)?(?![A-Za-z0-9_\-])")
_EXAMPLE_RE = re.compile(
    r"(?:\be\.g\.?|\beg\.?|\bsuch as|\bfor example|\bfor instance|\blike|例如|比如|形如|格式如|如)"
    r"\s*[:：,，]?\s*[\"'“‘`]?([#@+]?[A-Za-z0-9][A-Za-z0-9_\-./]*)",
    re.IGNORECASE,
)
_QUOTE_RE = re.compile(r"\"([^\"]+)\"|“([^”]+)”|「([^」]+)」|‘([^’]+)’|(?<![A-Za-z])'([^']+)'(?![A-Za-z])")
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_TIME_RES = (
    re.compile(r"\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?"),
    re.compile(
        r"\b(?:(?:today|tomorrow|tonight|yesterday|this (?:morning|afternoon|evening)|"
        rf"next (?:week|month|{_WEEKDAY})|(?:on )?{_WEEKDAY})"
        r"(?:\s+(?:morning|afternoon|evening|night))?"
        r"(?:\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?)|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b"
        r"|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidnight\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:今天|明天|后天|昨天|今晚|明晚|明早|今早|大后天|下周[一二三四五六日天]?|本周[一二三四五六日天]?|"
        r"周[一二三四五六日天]|星期[一二三四五六日天]|\d{1,2}月\d{1,2}[日号])?"
        r"(?:早上|上午|中午|下午|晚上|凌晨|傍晚)?"
        r"(?:\d{1,2}|[一二两三四五六七八九十]{1,3})[点點时](?:\d{1,2}分|半|整)?"
        r"|(?:今天|明天|后天|昨天|今晚|明晚|大后天|下周[一二三四五六日天]?|周[一二三四五六日天]|"
        r"星期[一二三四五六日天]|\d{1,2}月\d{1,2}[日号])(?:早上|上午|中午|下午|晚上|凌晨|傍晚)?"
    ),
)
_EXPRESSION_RE = re.compile(
    r"[(\[]?\s*-?\d+(?:\.\d+)?(?:\s*(?:[-+*/×÷^%]|\*\*)\s*[(\[]?\s*-?\d+(?:\.\d+)?\s*[)\]]?)+[)\]]?")
_MONTH_ZH_RE = re.compile(r"(\d{1,2})\s*月(?!\d{1,2}[日号])")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_EN_RE = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b", re.IGNORECASE)
_MONTH_N_RE = re.compile(r"\bmonth\s+(\d{1,2})\b", re.IGNORECASE)
_LABEL_RE = re.compile(
    r"([A-Za-z][A-Za-z _\-]{0,40}|[\u4e00-\u9fff]{1,12})\s*[:：=]\s*([^\s,，;；。]+)"
)
_EN_FILLERS = re.compile(
    r"^(?:\s|[,:;\-]|\b(?:me|us|to|for|about|on|up|that|the web|a|an|it|please|saying)\b)+",
    re.IGNORECASE,
)
_EN_TRAILING = re.compile(r"(?:\s|[,.;:!?]|\b(?:at|on|by|in|into|to|for|from|please)\b)+$", re.IGNORECASE)
_ZH_FILLERS = re.compile(r"^(?:[\s，,：:]|我们|我|一下|下|帮我|给我|请|最新的|最近的|关于|放点|来点|放首|来首|听听|点|把|将"
                         r"|最近有什么|有什么|有没有|最近|什么|[元块]?(?:以内|以下|以上|左右)的?"
                         r"|[？?！!。；;]|顺便|另外|然后|再|还有|同时)+")
_CONNECTOR_RE = re.compile(r"^[\s，,；;:：到至和\-~～]*$|^\s*(?:to|and|until|through|-)\s*$", re.IGNORECASE)
_EN_LEAD = re.compile(r"^(?:(?:the|some|any|a bit of|a little|turn|switch|put|set|make|get|is|are|can|could|"
                      r"would|will|you|please|i|i'd|i'm|want|to|my|our|of|for|from|about|in|on)(?:\s+|$))+",
                      re.IGNORECASE)
_ZH_TRAILING = re.compile(r"(?:[\s，,。.！!？?；;]|在|吧|吗|呢|了|的|一下)+$")


@dataclass(frozen=True)
class Candidate:
    """One value found in a text: the value, which text, where, and how it was found."""

    value: Any
    where: int  # index into the searched texts
    start: int
    end: int
    how: str


def types_of(schema: dict[str, Any]) -> list[str]:
    """The schema's ``type`` as a list (``["string", "null"]`` stays a list)."""
    t = schema.get("type")
    if isinstance(t, list):
        return [x for x in t if isinstance(x, str)]
    return [t] if isinstance(t, str) else []


def main_type(schema: dict[str, Any]) -> str:
    """The first non-null type of a schema (``"string"`` when none is given)."""
    non_null = [t for t in types_of(schema) if t != "null"]
    if non_null:
        return non_null[0]
    if "enum" in schema:
        return "enum"
    return "string"


def _name_words(name: str) -> str:
    return re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ")


def param_text(name: str, schema: dict[str, Any]) -> str:
    """What a parameter says about itself: its description, then its name as words."""
    return f"{schema.get('description', '')} {_name_words(name)}"


_N_DIGITS_RE = re.compile(r"(?:last|final)?\s*(\d{1,2}|one|two|three|four|five|six|eight)[\s-]*digits?\b"
                          r"|(?:后|末)?([一二三四五六八\d]{1,2})位(?:数字|数)?", re.IGNORECASE)
_EN_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8}


@functools.lru_cache(maxsize=1024)
def example_pattern(description: str) -> re.Pattern[str] | None:
    """A regex with the shape of the id in "such as O-100" / "如 O-100" (O-\\d+), if any."""
    pattern = _example_pattern(description)
    if pattern is None:  # "last 4 digits", "后四位": a number of exactly that many digits
        m = _N_DIGITS_RE.search(description)
        if m:
            token = (m.group(1) or m.group(2)).lower()
            n = int(token) if token.isdigit() else _EN_NUMBERS.get(token) or _zh_number(token)
            if 2 <= n <= 20:
                return re.compile(rf"(?<![\d.])\d{{{n}}}(?![\d.])")
    return pattern


def _example_pattern(description: str) -> re.Pattern[str] | None:
    for m in _EXAMPLE_RE.finditer(description):
        example = m.group(1).rstrip("./")
        digits = sum(c.isdigit() for c in example)
        if example[:1] == "+" and example[1:].isdigit():  # a phone number: +8613800138000 (the + optional)
            return re.compile(r"(?<![A-Za-z0-9+])\+?\d{7,15}(?!\d)")
        if example[:1] in "#@" and len(example) > 1:  # a channel or a handle: #general, @alice
            return re.compile(rf"(?<![\w{re.escape(example[0])}]){re.escape(example[0])}[A-Za-z0-9][\w\-.]*(?<!\.)")
        if "/" in example.strip("/"):  # a path-like name: owner/repo
            return re.compile(_ASCII_B + r"[A-Za-z0-9][\w.\-]*/[\w.\-]*[\w]" + _ASCII_E)
        if re.fullmatch(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+", example):  # a slug: billing-api, web_01
            return re.compile(_ASCII_B + r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+" + _ASCII_E)
        example = example.lstrip("#@+").replace(".", "").replace("/", "")
        if not example:
            continue
        if digits >= 5 and example.isalnum() and len(example) >= 8:  # a long code: 1Z999AA10123456784
            return re.compile(_ASCII_B + r"(?=[A-Za-z0-9]*\d{4})[A-Za-z0-9]{8,}" + _ASCII_E)
        if digits and (digits < len(example) - example.count("-") or "-" in example or digits >= 5):
            shape = re.sub(r"\d+", r"\\d+", re.escape(example).replace(r"\-", "-"))
            return re.compile(_ASCII_B + shape + _ASCII_E, re.IGNORECASE)
        if example.isdigit() and 3 <= len(example) <= 6:  # "例如 8848": exactly that many digits
            return re.compile(rf"(?<![\d.])\d{{{len(example)}}}(?![\d.])")
        if example.isupper() and 2 <= len(example) <= 6 and example.isalpha():
            return re.compile(r"(?<![A-Za-z])[A-Z]{2,6}(?![A-Za-z])")
    return None


def preceded_by(text: str, start: int, cues: tuple[str, ...]) -> bool:
    """Whether one of ``cues`` ("to", "from", "成") comes right before ``start``."""
    before = text[max(0, start - 10) : start].rstrip().lower()
    for cue in cues:
        if cue.isascii():
            if re.search(rf"(?<![a-z]){re.escape(cue)}$", before):
                return True
        elif before.endswith(cue):
            return True
    return False


@functools.lru_cache(maxsize=4096)
def time_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of date and time expressions ("tomorrow at 3pm", "明天下午3点", "2026-12-01")."""
    spans: list[tuple[int, int]] = []
    for regex in _TIME_RES:
        for m in regex.finditer(text):
            s, e = m.span()
            if e > s and all(e <= a or s >= b for a, b in spans):
                spans.append((s, e))
    return tuple(sorted(spans))


def _word_search(text: str, word: str) -> int:
    if word.isascii():
        m = re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text, re.IGNORECASE)
        return m.start() if m else -1
    return text.find(word)


def _table_regexes(table: dict[str, tuple[str, ...]], case_code: bool) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """One compiled regex per name of a table (built once per table content)."""
    return _compiled_table(tuple(table.items()), case_code)


@functools.lru_cache(maxsize=256)
def _compiled_table(items: tuple[tuple[str, tuple[str, ...]], ...], case_code: bool
                    ) -> tuple[tuple[str, re.Pattern[str]], ...]:
    out: list[tuple[str, re.Pattern[str]]] = []
    for code, names in items:
        for name in (code, *names):
            if not case_code and len(name) <= 2 and name.lower() in EN_STOPWORDS:  # "it", "in": words, not codes
                continue
            if case_code and name.lower() == code.lower():  # an ISO code: only in capitals
                regex, flags = rf"(?<![A-Za-z]){re.escape(name.upper())}(?![A-Za-z])", 0
            elif name.isascii():
                regex = rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])" if name[0].isalpha() else re.escape(name)
                flags = re.IGNORECASE
            else:
                regex, flags = re.escape(name), 0
            out.append((code, re.compile(regex, flags)))
    return tuple(out)


def _table_hits(text: str, table: dict[str, tuple[str, ...]], case_code: bool) -> list[tuple[str, int, int]]:
    hits: list[tuple[str, int, int]] = []
    for code, regex in _table_regexes(table, case_code):
        for m in regex.finditer(text):
            hits.append((code, m.start(), m.end()))
    hits.sort(key=lambda h: (h[1], -(h[2] - h[1])))
    kept: list[tuple[str, int, int]] = []
    for h in hits:
        if all(h[2] <= k[1] or h[1] >= k[2] for k in kept):
            kept.append(h)
    return kept



_SENTENCE_END = ".,;:!?"
_VALUE_CUES = ("is", "是", "为")


def _pattern_candidate(match: re.Match[str], whole: re.Pattern[str], name: str, text: str, where: int,
                       raw: str) -> Candidate | None:
    """A pattern match as a value, or None when it is only a word that happens to fit.

    A permissive pattern (``^[A-Za-z0-9_.:-]{8,64}$``) also fits ordinary words, so the
    sentence's full stop is dropped when the value fits without it, the parameter's own
    name ("idempotency" for ``idempotency_key``) is never its value, and a value with no
    digit counts only when the user introduces it ("key abc-def-ghi", "key: ...", "是 ...").
    """
    value, start, end = match.group(), match.start(), match.end()
    while value and value[-1] in _SENTENCE_END and whole.fullmatch(value[:-1]):
        value, end = value[:-1], end - 1
    own_words = _name_words(name).lower().split()
    if value.lower() in own_words:
        return None
    admits_words = any(whole.fullmatch(word) for word in ("ordinaryword", "ordinary-words"))
    if admits_words and not any(ch.isdigit() for ch in value):
        before = text[max(0, start - 16) : start].rstrip().rstrip(":：=").rstrip()
        if not preceded_by(before, len(before), (*own_words, *_VALUE_CUES)):
            return None
    return Candidate(value, where, start, end, f"pattern {raw}")

def candidates(kind: str, name: str, schema: dict[str, Any], text: str, where: int) -> list[Candidate]:
    """Every value of ``kind`` in ``text``, in order."""
    out: list[Candidate] = []
    if kind == "pattern":
        raw = str(schema["pattern"])
        body = raw.removeprefix("^")
        body = body[:-1] if body.endswith("$") and not body.endswith("\\$") else body
        try:
            regex = re.compile(_ASCII_B + "(?:" + body + ")" + _ASCII_E)
            whole = re.compile("(?:" + body + ")")
        except re.error:
            return out
        out = [c for m in regex.finditer(text) if (c := _pattern_candidate(m, whole, name, text, where, raw))]
    elif kind == "example":
        regex = example_pattern(str(schema.get("description", "")))
        if regex:
            out = [Candidate(m.group(), where, *m.span(), f"shape of the description's example ({regex.pattern})")
                   for m in regex.finditer(text)
                   if not (m.group().isalpha() and m.group().isupper()
                           and (m.group() in NOT_CODES or m.group() in CURRENCIES))]
    elif kind == "unit":
        out = [Candidate(c, where, s, e, "unit name -> unit code") for c, s, e in _table_hits(text, UNITS, False)]
    elif kind == "person":
        for m in _PERSON_RE.finditer(text):
            words = m.group(1).split()
            while words and words[0].lower() in EN_STOPWORDS | _NOT_NAMES:
                words.pop(0)
            if words:
                start = m.start(1) + m.group(1).index(words[0])
                out.append(Candidate(" ".join(words), where, start, start + len(" ".join(words)),
                                     "a capitalised name"))
    elif kind == "email":
        out = [Candidate(m.group(), where, *m.span(), "e-mail address") for m in _EMAIL_RE.finditer(text)]
    elif kind == "place":
        out = [Candidate(n, where, s, e, "gazetteer (known place)") for n, s, e in find_places(text)]
    elif kind == "currency":
        out = [Candidate(c, where, s, e, "currency name -> ISO code") for c, s, e in _table_hits(text, CURRENCIES, True)]
    elif kind == "language":
        out = [Candidate(c, where, s, e, "language name -> ISO code") for c, s, e in _table_hits(text, LANGUAGES, False)]
    elif kind == "time":
        out = [Candidate(text[s:e].strip(), where, s, e, "date/time expression") for s, e in time_spans(text)]
    elif kind == "expression":
        out = [Candidate(m.group().strip(), where, *m.span(), "arithmetic expression")
               for m in _EXPRESSION_RE.finditer(text)]
    elif kind == "id":
        out = [Candidate(m.group(), where, *m.span(), "id-shaped token") for m in _ID_RE.finditer(text)]
    elif kind == "number":
        ptext = param_text(name, schema)
        pkeys = analyse(ptext).keys - {"#lookup"}
        month_like = "month" in re.findall(r"[a-z]+", ptext.lower()) or "月" in ptext
        id_like = bool(pkeys & {"#id", "#user"}) and not month_like
        if month_like:
            for regex, how in ((_MONTH_ZH_RE, "month (n月)"), (_MONTH_EN_RE, "month name"),
                               (_MONTH_N_RE, "month n")):
                for m in regex.finditer(text):
                    token = m.group(1)
                    if token == "may":  # "you may ..." is not May
                        continue
                    value = int(token) if token.isdigit() else _MONTHS.index(token.lower()[:3]) + 1
                    if 1 <= value <= 12 and _in_range(value, schema):
                        out.append(Candidate(value, where, *m.span(), how))
            return sorted(out, key=lambda c: c.start)
        is_int = main_type(schema) == "integer"
        for m in _NUMBER_RE.finditer(text):
            if text[m.end() : m.end() + 1] == "月":
                continue
            value: Any = float(m.group().replace(",", ""))
            if is_int:
                if value != int(value):
                    continue
                value = int(value)
            elif value == int(value) and "." not in m.group():
                value = int(value)
            if not _in_range(value, schema):
                continue
            cued = bool(analyse(text[max(0, m.start() - 15) : m.end() + 15]).keys & pkeys)
            if id_like and not cued:
                continue
            out.append(Candidate(value, where, *m.span(), "number next to words of its description" if cued
                             else "number"))
    return out


_PERSON_RE = re.compile(r"(?<![A-Za-z])((?:[A-Z][a-z]+(?:['’]s\b)?\s+)*[A-Z][a-z]+)(?:['’]s)?(?![A-Za-z])")
_NOT_NAMES = frozenset({"what", "whats", "what's", "who", "where", "when", "how", "could", "can", "please", "find",
                        "get", "look", "tell", "send", "give", "show", "email", "text", "call", "hey", "hi"})


def _in_range(value: float, schema: dict[str, Any]) -> bool:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    return (lo is None or value >= lo) and (hi is None or value <= hi)


def enum_value(name: str, schema: dict[str, Any], texts: list[str]) -> tuple[Any, int, str] | None:
    """The first enum value mentioned, by value or synonym: ``(value, text index, how)``."""
    values = [v for v in schema.get("enum", []) if v is not None]
    for where, text in enumerate(texts):
        if not text:
            continue
        keys = analyse(text).keys
        best: tuple[int, Any, str] | None = None
        for v in values:
            sv = str(v)
            pos = _word_search(text, sv)
            how = f"enum value {sv!r} in the text"
            if pos < 0:
                vkeys = analyse(sv).keys
                shared = vkeys & keys
                if shared and len(shared) >= max(1, len(vkeys) // 2):
                    pos = min(t.start for t in analyse(text).terms if t.key in shared)
                    how = f"enum value {sv!r} by synonym {sorted(shared)}"
            if pos < 0:
                for word in ENUM_SYNONYMS.get(re.sub(r"[_\-]+", " ", sv.lower()).strip(), ()):
                    found = _word_search(text, word)
                    if found >= 0:
                        pos, how = found, f"enum value {sv!r} by its everyday word {word!r}"
                        break
            if pos < 0:
                for table in (LANGUAGES, CURRENCIES):
                    code = sv.upper() if table is CURRENCIES else sv.lower()
                    if code in table:
                        hits = [h for h in _table_hits(text, {code: table[code]}, table is CURRENCIES)]
                        if hits:
                            pos, how = hits[0][1], f"enum value {sv!r} by its name"
                            break
            if pos >= 0 and (best is None or pos < best[0]):
                best = (pos, v, how)
        if best:
            return best[1], where, best[2]
    return None


_DEFAULT_CUE_RE = re.compile(r"default|unless|usually|normally|typically|otherwise|leave (?:it )?(?:as|at)|"
                             r"一般|默认|通常|否则|除非", re.IGNORECASE)


def described_default(schema: dict[str, Any]) -> Any:
    """The enum value the description names as the usual choice ("use economy unless ..."), if exactly one."""
    desc = str(schema.get("description", ""))
    if not _DEFAULT_CUE_RE.search(desc):
        return None
    named = [v for v in schema.get("enum", []) if isinstance(v, str) and v and _word_search(desc, v) >= 0]
    return named[0] if len(named) == 1 else None


_RELATIVE_DAYS = (("day after tomorrow", 2), ("tomorrow", 1), ("today", 0), ("tonight", 0), ("yesterday", -1),
                  ("大后天", 3), ("后天", 2), ("明天", 1), ("今天", 0), ("今晚", 0), ("昨天", -1))
_ISO_DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_CLOCK_EN_RE = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b", re.IGNORECASE)
_CLOCK_ZH_RE = re.compile(r"(\d{1,2}|[一二两三四五六七八九十]{1,3})[点點时](?:(\d{1,2})分|(半))?")


def _zh_number(token: str) -> int:
    if token.isdigit():
        return int(token)
    if token.startswith("十"):
        return 10 + _ZH_DIGITS.get(token[1:], 0)
    if "十" in token:
        return _ZH_DIGITS[token[0]] * 10 + _ZH_DIGITS.get(token[2:], 0)
    return _ZH_DIGITS.get(token, 0)


def _clock(value: str) -> str | None:
    """"7pm", "下午3点半", "6:30" as HH:MM."""
    m = _CLOCK_ZH_RE.search(value)
    if m:
        hour = _zh_number(m.group(1))
        minute = int(m.group(2)) if m.group(2) else (30 if m.group(3) else 0)
        if re.search("下午|晚上|傍晚|今晚|明晚", value) and hour < 12:
            hour += 12
    else:
        m = _CLOCK_EN_RE.search(value)
        if not m or (not m.group(2) and not m.group(3)):
            return None
        hour, minute = int(m.group(1)), int(m.group(2) or 0)
        if m.group(3) and m.group(3).lower() == "pm" and hour < 12:
            hour += 12
        if m.group(3) and m.group(3).lower() == "am" and hour == 12:
            hour = 0
    return f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None


def resolve_date(value: str, schema: dict[str, Any], name: str, context: str) -> str | None:
    """"tomorrow" as YYYY-MM-DD when the parameter wants that format and the context says today's date;
    "7pm" / "7点" as HH:MM when the parameter wants a clock time."""
    text = param_text(name, schema)
    if "HH:MM" in text.upper() and "YYYY" not in text.upper():
        return _clock(value)
    if schema.get("format") != "date" and "YYYY-MM-DD" not in text.upper():
        return None
    today = _ISO_DATE_RE.search(context)
    if not today:
        return None
    word = value.strip().lower()
    for rel, days in _RELATIVE_DAYS:
        if word == rel:
            try:
                base = datetime.date(int(today.group(1)), int(today.group(2)), int(today.group(3)))
            except ValueError:
                return None
            return (base + datetime.timedelta(days=days)).isoformat()
    return None


_INLINE_LABEL_RE = re.compile(
    r"((?<![A-Za-z])(?:[A-Za-z][A-Za-z_\-]*\s+){0,2}[A-Za-z][A-Za-z_\-]*)\s+(?:is|=|:)\s+([A-Za-z0-9_.@+\-]+)"
    r"|([\u4e00-\u9fff]{1,8}?)(?:是|为|：|:)\s*([A-Za-z0-9_.@+\-]+)")


def inline_label(name: str, schema: dict[str, Any], text: str) -> tuple[str, str] | None:
    """A value the user labels in passing: "my username is mchen", "用户名是 mchen"."""
    pkeys = analyse(param_text(name, schema)).keys
    for m in _INLINE_LABEL_RE.finditer(text):
        label = m.group(1) or m.group(3)
        value = (m.group(2) or m.group(4)).rstrip(".")
        shared = analyse(label).keys & pkeys
        if [k for k in shared if k not in ("#id", "#lookup", "#status", "#user")]:
            return value, label.strip()
    return None


def label_value(name: str, schema: dict[str, Any], context: str) -> tuple[str, str] | None:
    """A "label: value" line in the context whose label means this parameter."""
    pkeys = analyse(param_text(name, schema)).keys
    best: tuple[int, str, str] | None = None
    for m in _LABEL_RE.finditer(context):
        label, value = m.group(1).strip(), m.group(2).strip().strip("\"'“”")
        lkeys = analyse(label).keys
        shared = lkeys & pkeys
        strong = [k for k in shared if k not in ("#id", "#lookup", "#status")]
        if not strong and len(shared) < 2:
            continue
        score = len(shared)
        if best is None or score > best[0]:
            best = (score, value, label)
    return (best[1], best[2]) if best else None


def coerce(value: Any, schema: dict[str, Any]) -> Any:
    """``value`` converted to the schema's type, or None if it cannot be."""
    main = main_type(schema)
    try:
        if main == "integer" and not isinstance(value, int):
            return int(str(value))
        if main == "number" and not isinstance(value, (int, float)):
            f = float(str(value))
            return int(f) if f == int(f) else f
    except ValueError:
        return None
    if main == "string" and not isinstance(value, str):
        return str(value)
    return value


def free_text(name: str, schema: dict[str, Any], text: str, anchors: frozenset[str],
              reserved: list[tuple[int, int]], required: bool = True) -> tuple[str, str] | None:
    """A free-text value: quoted text, text after a cue or colon, or after the routing words."""
    keys = analyse(param_text(name, schema)).keys
    lang_zh = analyse(text).language == "zh"
    if "#subject" in keys:
        m = (re.search(r"(?:主题|标题|叫做|名字叫)(?:是|为|：|:)?\s*[“\"]?(.+?)[”\"]?(?:[，,。；;]|$)", text) if lang_zh else
             re.search(r"\b(?:subject|titled|title|call it|called|named|name it)\s*(?:is|:|of)?\s*[\"“]?(.+?)[\"”]?"
                       r"(?=\s+(?:and|saying|that says|with body)\b|[,.;]|$)", text, re.IGNORECASE))
        if m:
            return m.group(1).strip(), "text after a subject cue"
        if not required:
            return None
    quoted = [q for q in _QUOTE_RE.finditer(text)
              if all(q.end() <= a or q.start() >= b for a, b in reserved)]
    if quoted:
        q = quoted[0]
        return next(g for g in q.groups() if g), "quoted text"
    cue = (re.search(r"(?:内容是|内容为|内容：|内容:|告诉(?:他们|她们|大家|他|她)(?:说)?|说：|说|写上|写着)\s*(.+)$", text)
           if lang_zh else
           re.search(r"\b(?:saying|that says|telling (?:him|her|them)|with (?:the )?(?:message|text|body)"
                     r"|let (?:him|her|them|everyone|people|the team|\w+) know(?: that)?|that)\s*:?\s+(.+)$",
                     text, re.IGNORECASE))
    if cue and "#search" not in keys:
        said = re.sub(r"^(?:in|on|to|at|via)\s+\S+\s+that\s+", "", cue.group(1))
        picked = said.strip().lstrip("：:，, ").strip("\"'“”").rstrip("。.！!？?；;").strip()  # as written
        if picked:
            return picked, "text after a message cue"
    colon = re.search(r"(?<!\d)[:：]\s*(.+)$", text)
    if colon:  # after a colon: the text itself, as written (past values other arguments took)
        start = colon.start(1)
        for a, b in sorted(reserved):
            if a >= start and _CONNECTOR_RE.match(text[start:a]):
                start = b
        said = re.sub(r"^[\s，,；;到至和\-]+|^(?:to|and|until)\b", "", text[start:]).strip().strip("\"'“”")
        said = said.rstrip("。.！!？?").strip()
        if said:
            return said, "text after a colon"
    terms = [t for t in analyse(text).terms if t.key in anchors]
    for k, term in reversed(list(enumerate(terms))):
        stop = terms[k + 1].start if k + 1 < len(terms) else len(text)
        pos = term.end
        for clause in re.finditer(r"[^，。；;！!？?]+|[^,]+", text[term.end : stop]) if lang_zh else [None]:
            if clause is None:  # English: the first clause only
                cut = re.search(r"[，。；;！!？?]|,\s", text[pos:stop])
                a, b = pos, (pos + cut.start() if cut else stop)
            else:
                a, b = term.end + clause.start(), term.end + clause.end()
            picked = _clean(_strip_reserved(text, a, b, reserved), lang_zh)
            picked = _EN_LEAD.sub("", picked) if not lang_zh else picked
            if picked and any(t.key not in anchors and (not t.is_concept or t.weight >= 0.7)
                              for t in analyse(picked).terms):
                return picked, f"words after {term.surface!r}"
    if terms:
        picked = _clean(_strip_reserved(text, 0, terms[0].start, reserved), lang_zh)
        picked = _EN_LEAD.sub("", picked) if not lang_zh else picked
        if picked:
            return picked, f"words before {terms[0].surface!r}"
    return None


def _strip_reserved(text: str, start: int, end: int, reserved: list[tuple[int, int]]) -> str:
    """``text[start:end]`` up to the first value already taken - or after it, when only fillers come before."""
    for a, b in sorted(reserved):
        if b <= start or a >= end:
            continue
        if a > start and _clean(text[start:a], False) and _clean(text[start:a], True):
            return text[start:a]
        start = max(start, b)
    return text[start:end]


def _clean(span: str, lang_zh: bool) -> str:
    span = span.strip()
    if lang_zh:
        span = _ZH_TRAILING.sub("", _ZH_FILLERS.sub("", span))
    else:
        span = _EN_TRAILING.sub("", _EN_FILLERS.sub("", span))
    return span.strip(" \"'“”")
