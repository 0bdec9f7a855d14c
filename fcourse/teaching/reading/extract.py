"""Finding values of one kind in a piece of text: the teaching model's value finders.

``fcourse.teaching.deciding.arguments`` decides what *kind* of value a parameter wants;
this module finds every candidate of that kind in a text: regex matches (a
schema ``pattern``, the shape of an example such as "O-100", e-mail
addresses, id-like tokens), known places, currency and language names, date
and time expressions, numbers (with the words around them), person names, units.
Enum values, labelled values and defaults are in ``named_values``, dates in ``dates``, free text in ``freetext``.
Introduced in chapter 2.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.reading.analysis import analyse, stem
from fcourse.teaching.reading.dates import time_spans, zh_number
from fcourse.teaching.reading.lexicon import CURRENCIES, EN_STOPWORDS, LANGUAGES, NOT_CODES, UNITS
from fcourse.teaching.reading.locations import find_locations
from fcourse.teaching.reading.params import main_type, name_words, param_text
from fcourse.teaching.reading.proper_names import ordinary_word
from fcourse.teaching.reading.rx import rx

__all__ = [
    "PHONE_NOUNS",
    "Candidate",
    "candidates",
    "contact_spans",
    "example_pattern",
    "introduced_as_other",
    "preceded_by",
    "table_hits",
    "without_file_names",
]

_ASCII_B = r"(?<![A-Za-z0-9_\-])"
_ASCII_E = r"(?![A-Za-z0-9_\-])"
_EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}")
#: a file name: a name, a dot and a short extension that is not all digits ("thesis.pdf", "resume_2027.docx";
#: not "3.5" or "e.g.")
_FILE_RE = re.compile(r"(?<![\w./@-])[\w\u4e00-\u9fff][\w\u4e00-\u9fff.-]*\.(?=\w*[A-Za-z])[A-Za-z0-9]{2,5}(?![\w@-])")
_ID_RE = re.compile(_ASCII_B + r"(?:[A-Za-z]{1,4}[-_]?\d{2,}|\d{6,}(?:-\d+)*)" + _ASCII_E)
#: a number, thousands grouped or not ("3,000"), also before a hyphenated unit ("a 3,000-word contract", "5-day")
_NUMBER_RE = re.compile(r"(?<![A-Za-z0-9_.\-])-?\d+(?:,\d{3})*(?:\.\d+)?(?![A-Za-z0-9_]|-(?![a-z])|,\d{3})")
_EXAMPLE_RE = re.compile(
    r"(?:\be\.g\.?|\beg\.?|\bsuch as|\bfor example|\bfor instance|\blike|例如|比如|形如|格式如|如)"
    r"\s*[:：,，]?\s*[\"'“‘`]?([\u4e00-\u9fff]?[#@+]?[A-Za-z0-9][A-Za-z0-9_\-./]*)",
    re.IGNORECASE,
)
_EXPRESSION_RE = re.compile(
    r"[(\[]?\s*-?\d+(?:\.\d+)?(?:\s*(?:[-+*/×÷^%]|\*\*)\s*[(\[]?\s*-?\d+(?:\.\d+)?\s*[)\]]?)+[)\]]?")
_MONTH_ZH_RE = re.compile(r"(\d{1,2})\s*月(?!\d{1,2}[日号])")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_EN_RE = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b", re.IGNORECASE)
_MONTH_N_RE = re.compile(r"\bmonth\s+(\d{1,2})\b", re.IGNORECASE)




@dataclass(frozen=True)
class Candidate:
    """One value found in a text: the value, which text, where, and how it was found."""

    value: Any
    where: int  # index into the searched texts
    start: int
    end: int
    how: str


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
            n = int(token) if token.isdigit() else _EN_NUMBERS.get(token) or zh_number(token)
            if 2 <= n <= 20:
                return re.compile(rf"(?<![\d.])\d{{{n}}}(?![\d.])")
    return pattern


def _example_pattern(description: str) -> re.Pattern[str] | None:
    for m in _EXAMPLE_RE.finditer(description):
        example = m.group(1).rstrip("./")
        digits = sum(c.isdigit() for c in example)
        if re.match(r"[\u4e00-\u9fff]", example):  # a code that opens with a Chinese character (京A12345)
            rest = len(example) - 2
            return re.compile(rf"[\u4e00-\u9fff][A-Za-z][A-Za-z0-9]{{{max(1, rest - 1)},{rest + 1}}}(?![A-Za-z0-9])")
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
    before = re.sub(r"\s+(?:the|a|an|my|our)$", "", text[max(0, start - 14) : start].rstrip().lower())  # "to the"
    for cue in cues:
        if cue.isascii():
            if rx(rf"(?<![a-z]){re.escape(cue)}$").search(before):
                return True
        elif before.endswith(cue):
            return True
    return False



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


def table_hits(text: str, table: dict[str, tuple[str, ...]], case_code: bool) -> list[tuple[str, int, int]]:
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
    digit counts only when it is a compound name ("search-api") or the user introduces it ("key abc-def-ghi",
    "key: ...", "是 ...").
    """
    value, start, end = match.group(), match.start(), match.end()
    while value and value[-1] in _SENTENCE_END and whole.fullmatch(value[:-1]):
        value, end = value[:-1], end - 1
    own_words = name_words(name).lower().split()
    if value.lower() in own_words:
        return None
    admits_words = any(whole.fullmatch(word) for word in ("ordinaryword", "ordinary-words"))
    compound = bool(re.fullmatch(r"[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+", value))  # "search-api": a made-up name
    if admits_words and value.lower() in EN_STOPWORDS:
        return None
    if admits_words and not any(ch.isdigit() for ch in value) and not compound:
        before = text[max(0, start - 16) : start].rstrip().rstrip(":：=").rstrip()
        if not preceded_by(before, len(before), (*own_words, *_VALUE_CUES)):
            return None
    return Candidate(value, where, start, end, f"pattern {raw}")

def without_file_names(text: str) -> str:
    """The text with its file names blanked: "docx" in "notes.docx" is part of a name, not a format asked for."""
    return _FILE_RE.sub(lambda m: " " * len(m.group()), text)


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
        out = [Candidate(c, where, s, e, "unit name -> unit code") for c, s, e in table_hits(text, UNITS, False)]
    elif kind == "person":
        for m in _PERSON_RE.finditer(text):
            words = m.group(1).split()
            while words and words[0].lower() in EN_STOPWORDS | _NOT_NAMES:
                words.pop(0)
            if len(words) == 1 and not text[:m.start(1)].strip(" \"“") and ordinary_word(words[0]):
                continue  # "Enrol my son ...": a sentence's first word is capitalised anyway
            if words:
                start = m.start(1) + m.group(1).index(words[0])
                out.append(Candidate(" ".join(words), where, start, start + len(" ".join(words)),
                                     "a capitalised name"))
        if not out:  # "联系人张伟": a Chinese name, by jieba's tagger
            from fcourse.teaching.reading.proper_names import chinese_names

            out = [Candidate(n, where, (at := text.find(n)), at + len(n), "a person's name (jieba's tagger)")
                   for n in chinese_names(text)]
    elif kind == "email":
        out = [Candidate(m.group(), where, *m.span(), "e-mail address") for m in _EMAIL_RE.finditer(text)]
    elif kind == "file":
        emails = [m.span() for m in _EMAIL_RE.finditer(text)]
        out = [Candidate(m.group(), where, *m.span(), "a file name (name.extension)") for m in _FILE_RE.finditer(text)
               if not any(a <= m.start() < b for a, b in emails)]
    elif kind == "place":
        out = [Candidate(n, where, s, e, how) for n, s, e, how in find_locations(text)]
    elif kind == "currency":
        out = [Candidate(c, where, s, e, "currency name -> ISO code") for c, s, e in table_hits(text, CURRENCIES, True)]
    elif kind == "language":
        out = [Candidate(c, where, s, e, "language name -> ISO code") for c, s, e in table_hits(text, LANGUAGES, False)]
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
        month_like = ("month" in re.findall(r"[a-z]+", ptext.lower()) or "月" in ptext) and not _MONTHS_COUNTED.search(
            ptext)  # a month of the year, not a number of months (寄养月数, "how many months")
        counts = bool(_COUNTING.search(ptext))  # "Number of guests" counts; "Member number" names one
        id_like = bool(pkeys & {"#id", "#user"}) and not month_like and not counts
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
            if text[m.end() : m.end() + 1] == "月" or _DAY_OF_MONTH.search(text[max(0, m.start() - 12):m.start()]) \
                    or _MONTH_AFTER.match(text, m.end()):
                continue  # "September 1", "1st of May": a day of a month, not a count
            unit = re.match(r"-([a-z]+)", text[m.end():])
            if unit and stem(unit.group(1)) not in {stem(w) for w in re.findall(r"[a-z]+", ptext.lower())}:
                continue  # "a 15-foot truck" is no 15 days; "a 3,000-word contract" is a word count
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
    about, spans = param_text(name, schema), contact_spans(text)
    # "you can reach me on 0161 4960000" names no booking; for a phone parameter it is the whole number
    out = [c for c in out if not any(a < c.end and c.start < b for a, b in spans)]
    if _PHONE_WORDS.search(about):
        out = [Candidate(_as_pattern(text[a:b], schema), where, a, b, "a phone number the user gives as one")
               for a, b in spans] + out
    return [c for c in out if not introduced_as_other(text, c.start, about)]


def _as_pattern(number: str, schema: dict[str, Any]) -> str:
    """A phone number as written, or without its spaces and dashes when the parameter's pattern wants digits only."""
    pattern = schema.get("pattern")
    try:
        fits = not isinstance(pattern, str) or re.search(pattern, number) is not None
    except re.error:
        fits = True
    return number if fits else re.sub(r"[\s\-().]", "", number)


#: nouns that say what kind of number follows them ("card number", 会员号): a closed class of both languages
_KIND_NOUNS = frozenset("card phone mobile account member membership patient customer client order booking hold loan "
                        "ticket policy invoice passport licence license plate registration tracking parcel student "
                        "employee staff reservation appointment receipt voucher".split())
_INTRODUCED_EN = re.compile(r"\b([a-z]+)\s+(?:number|no\.?|num|id|#|code)\s*(?:is|was|:|=)?\s*$", re.IGNORECASE)
_INTRODUCED_ZH = re.compile(r"(客户|用户|卡|会员|户|手机|电话|订单|预约|学员|学号|患者|病历|车牌|运单|快递|身份证"
                            r"|护照|工)(?:号码|号|编号)?\s*(?:是|为|：|:)?\s*$")


def introduced_as_other(text: str, start: int, about: str) -> bool:
    """Whether the value at ``start`` follows a noun saying it is another kind of number than the parameter's ("My
    card number is 4410..." for a loan id; "Member number M-552" for a class booking; 卡号 for an order)."""
    from fcourse.teaching.reading.analysis import stem

    before = text[max(0, start - 30):start]
    m = _INTRODUCED_EN.search(before)
    if m and m.group(1).lower() in _KIND_NOUNS:
        return stem(m.group(1).lower()) not in {stem(w) for w in re.findall(r"[a-z]+", about.lower())}
    m = _INTRODUCED_ZH.search(before)
    if not m or m.group(1) in about:
        return False
    words = {stem(w) for w in re.findall(r"[a-z]+", about.lower())}
    return not words & {stem(w) for w in _ZH_KINDS[m.group(1)].split()}


#: the English words of each Chinese kind noun above, for a parameter described in English (会员号 -> member id)
_ZH_KINDS = {"客户": "client customer account user", "用户": "user customer account client", "卡": "card",
             "会员": "member membership", "户": "account customer household", "手机": "phone mobile",
             "电话": "phone telephone", "订单": "order booking reservation reference ref",
             "预约": "booking appointment reservation reference ref", "学员": "student learner", "学号": "student",
             "患者": "patient", "病历": "patient record medical", "车牌": "plate registration vehicle",
             "运单": "tracking waybill shipment", "快递": "tracking parcel express shipment waybill courier",
             "身份证": "identity id card", "护照": "passport", "工": "employee staff"}


def contact_spans(text: str) -> list[tuple[int, int]]:
    """Where the user gives a phone number as one ("my mobile is 0151 2223344", 手机号是 139...), or writes one in a
    phone's own spaced shape ("07700 900123", "+44 20 7946 0958")."""
    spans = [m.span(1) for m in _CONTACT_NUMBER.finditer(text)]
    return spans + [m.span() for m in _PHONE_SHAPE.finditer(text) if not any(a <= m.start() < b for a, b in spans)]


#: a phone number by its shape: a leading 0 or +, then groups of digits with spaces, 10 to 13 digits in all
_PHONE_SHAPE = re.compile(r"(?<![\w-])(?:\+\d{1,3}[ -]?|0)\d{2,4}(?:[ -]\d{3,4}){1,3}(?![\w-])")


#: a phone number the user introduces as one (closed-class words of both languages): the value of no other parameter
#: the nouns of a phone (a closed class of both languages)
PHONE_NOUNS = r"\b(?:phone|mobile|cell|telephone|tel)\b|电话|手机"
_PHONE_WORDS = re.compile(rf"{PHONE_NOUNS}|\b(?:whatsapp|fax|contact)\b|联系方式", re.IGNORECASE)
_CONTACT_NUMBER = re.compile(
    r"(?:\b(?:phone|mobile|cell|telephone|tel|whatsapp|fax)(?:\s*(?:number|no\.?|#))?|\bcontact number"
    r"|\b(?:call|reach|text) me (?:on|at)|\b(?:under )?my number|手机号码|手机号|手机|电话号码|联系电话|电话|联系方式)"
    r"\s*(?:is\s+|:|：|是|为|on\s+|at\s+)?\s*(\+?\d[\d\s\-()]{4,}\d)", re.IGNORECASE)


_PERSON_RE = re.compile(r"(?<![A-Za-z])((?:[A-Z][a-z]+(?:['’]s\b)?\s+)*[A-Z][a-z]+)(?:['’]s)?(?![A-Za-z])")
_NOT_NAMES = frozenset({"what", "whats", "what's", "who", "where", "when", "how", "could", "can", "please", "find",
                        "get", "look", "tell", "send", "give", "show", "email", "text", "call", "hey", "hi"})


_MONTH_NAMES = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY_OF_MONTH = re.compile(rf"\b{_MONTH_NAMES}\s+$", re.IGNORECASE)
_MONTH_AFTER = re.compile(rf"(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAMES}\b", re.IGNORECASE)
#: a numeric parameter's description that says it counts (closed-class words of both languages)
_MONTHS_COUNTED = re.compile(r"\bmonths\b|月数|个月", re.IGNORECASE)
_COUNTING = re.compile(r"\bnumber of\b|\bhow many\b|\bcount\b|_count\b|人数|数量|几个|多少", re.IGNORECASE)


def _in_range(value: float, schema: dict[str, Any]) -> bool:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    return (lo is None or value >= lo) and (hi is None or value <= hi)

