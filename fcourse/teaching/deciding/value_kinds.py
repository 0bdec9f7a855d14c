"""A value of the kind its parameter names: a number plate is a code, not words cut from the sentence (issue 36).

Introduced in chapter 3 (arguments from the right place). A text parameter whose name or description names an
identifier - a number, an id, a plate, a registration, a reference, a serial (编号, 号码, 车牌, 单号) - takes a
code: letters and digits, written as one token or two ("KX21 LMN", 沪A88K21), never a phrase of ordinary words
("two hours", the whole request). ``names_code`` says which parameters; ``code_in`` finds such a value in a text,
not one another parameter already took; ``code_in_context`` finds it after a label of the context that shares a
word with the parameter ("Saved vehicle: KX21 LMN" for "Vehicle registration plate").

The words are a closed class of English and Chinese nouns for identifiers; a Chinese plate may start with the
one-character abbreviation of its province (a closed list of 31, plus 使 and 领 for embassy cars).
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.extract import PHONE_NOUNS
from fcourse.teaching.reading.params import param_text

__all__ = ["HOLDINGS", "QUESTION_AS_QUERY", "code_in", "code_in_context", "is_code", "misfits", "names_code"]

_CODE_WORDS = re.compile(r"\b(?:number|no|num|id|registration|reg|serial|reference|ref|vin|imei|iccid|isbn|barcode"
                         r"|(?:number|licen[cs]e|registration|car|vehicle) plate|plate number)\b|^plate$"
                         r"|编号|号码|车牌|单号|序列号|流水号|牌照|车号|工号|学号|卡号|户号|账号|帐号|会员号|预约号|学员号"
                         r"|证件号|房号|票号", re.IGNORECASE)
#: not codes, though their words say number: a count, an amount, a phone number (digits with spaces and +), or a
#: text written somewhere ("Text engraved on a plate")
_NOT_CODE = re.compile(r"\b(?:number of|how many|count|amount|phone|mobile|telephone|fax|whatsapp|text|message|note"
                       r"|words|wording)\b|数量|人数|次数|电话|手机|文字|内容|留言|备注", re.IGNORECASE)
_PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领"
#: a code: an optional province character, then letters and digits with at most one space, hyphen or dot inside
_CODE = re.compile(rf"(?<![A-Za-z0-9])[{_PROVINCES}]?[A-Z0-9]+(?:[ ·.\-][A-Z0-9]+)?(?![A-Za-z0-9])")


def names_code(name: str, schema: dict[str, Any]) -> bool:
    """Whether a string parameter names an identifier ("plate", "Booking reference", 车牌号) - not a count of
    something, not a phone number."""
    if schema.get("enum") or schema.get("format"):
        return False
    text = param_text(name, schema)
    return bool(_CODE_WORDS.search(text.replace("_", " ")) or _CODE_WORDS.search(name)) and not _NOT_CODE.search(text)


def is_code(token: str) -> bool:
    """A code has a digit and is more than a small number ("23" is a count or a zone, "KX21" a code)."""
    return bool(_CODE.fullmatch(token)) and bool(re.search(r"\d", token)) and (
        bool(re.search(r"[A-Za-z\u4e00-\u9fff]", token)) or len(token) >= 5)


def code_in(text: str, taken: set[str], about: str = "") -> tuple[str, int, int] | None:
    """The one code in ``text`` that no other parameter took ("沪A88K21" in 在23区帮车牌沪A88K21停一个半小时), and
    none said to be another kind of number than ``about`` (the parameter's text) says."""
    from fcourse.teaching.reading.extract import contact_spans, introduced_as_other

    phones = contact_spans(text)  # a phone number the user gives as one is no code of anything else
    found = [(m.group(), m.start(), m.end()) for m in _CODE.finditer(text) if is_code(m.group())
             and m.group() not in taken and not any(a < m.end() and m.start() < b for a, b in phones)
             and not (about and introduced_as_other(text, m.start(), about))]
    return found[0] if len(found) == 1 else None


_LABEL = re.compile(r"([A-Za-z][A-Za-z \-]{0,40}|[\u4e00-\u9fff]{1,12})\s*[:：=]\s*")


def code_in_context(name: str, schema: dict[str, Any], context: str) -> tuple[str, str] | None:
    """(code, label): the code right after a label of the context that shares a content word with the parameter
    ("Saved vehicle: KX21 LMN" for "Vehicle registration plate")."""
    from fcourse.teaching.reading.analysis import analyse

    pkeys = {k for k in analyse(param_text(name, schema)).keys if not k.startswith("#")}
    for m in _LABEL.finditer(context):
        label = m.group(1).strip()
        if not pkeys & {k for k in analyse(label).keys if not k.startswith("#")}:
            continue
        code = _CODE.match(context, m.end())
        if code and is_code(code.group()):
            return code.group().rstrip(".·- "), label
    return None


_PHONE = re.compile(PHONE_NOUNS, re.IGNORECASE)
_QUERY = re.compile(r"\b(?:query|keywords?|search|terms?)\b|关键词|关键字|搜索|检索", re.IGNORECASE)
#: a question's own words: a search query holding one is the question itself, which no search answers
_QUESTION_WORDS = re.compile(r"\b(?:what|which|why|how|who|whom|whose|when|where)\b"
                             r"|哪些|什么|为什么|为何|怎么|怎样|多少|哪个|吗", re.IGNORECASE)


QUESTION_AS_QUERY = "a question is not a search query: no search answers it"
#: words that make a question one about what the service holds or the user's own ("do you have", 有没有, 我): a search
#: answers that
HOLDINGS = re.compile(r"\b(?:you|your|yours|we|our|us|in stock|available|availability|stock|sell|carry|here|this"
                      r"|these|on display|on show)\b|你们|您们|贵店|本店|本馆|馆里|馆内|店里|店内|这里|这儿|有没有"
                      r"|有哪些|有卖|在售|库存|现货|可借|能借|展出|展品|我", re.IGNORECASE)


def misfits(arguments: dict[str, Any], properties: dict[str, Any], said: str = "") -> dict[str, str]:
    """Parameter -> why its value is not of the kind the parameter names: a phone number with no number in it
    ("晚点打给我"), or a search query that is a whole question ("划船机主要练哪里", "how do I fix a puncture") when
    the turn ``said`` asks nothing about what the service holds ("which ... do you have" is a search)."""
    out: dict[str, str] = {}
    for name, value in arguments.items():
        schema = properties.get(name) if isinstance(properties.get(name), dict) else {}
        if not isinstance(value, str) or schema.get("enum"):
            continue
        text = param_text(name, schema)
        if _PHONE.search(text) and len(re.sub(r"\D", "", value)) < 6:
            out[name] = "a phone number has digits"
        elif _QUERY.search(text) and _QUESTION_WORDS.search(value) and not HOLDINGS.search(said or value):
            out[name] = QUESTION_AS_QUERY
    return out
