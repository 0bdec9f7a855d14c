"""A request to move something already arranged to a new day or time, and the tools that take one (chapter 3).

Stage 2 evidence (used by ``fcourse.teaching.deciding.routing``). "Can the visit slide to
October 25?", "把预约改到后天", "could they come on the 17th instead?": a verb
of change with a day or time right after "to" / 到, or a day or time followed by
"instead", asks for a *new* day. A tool whose schema has a parameter for a new
day or time ("new_date", "新的上门日期") is the one that takes it; a tool that
books from scratch has a day too, but not a new one, so its words count half.
The verbs and markers are closed classes of the two languages (move, shift,
push, 改到, 推迟到 ...), not phrases of any request.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from fcourse.teaching.deciding.conversation import function_of
from fcourse.teaching.reading.params import param_text

__all__ = ["asks_change", "is_new", "move_asked", "takes_day", "takes_new_day"]

_CHANGE_EN = re.compile(r"\b(?:move|moved|moving|slide|shift|push|bump|bring|change|switch|reschedule|postpone|"
                        r"delay|put)\b", re.IGNORECASE)
_TO_EN = re.compile(r"\b(?:to|until|till)\s+(?:the\s+|on\s+|this\s+|next\s+)?$", re.IGNORECASE)
_TO_ZH = re.compile(r"(?:改到|改成|改在|挪到|推到|推迟到|延到|延期到|延后到|换到|换成|提前到|调到|移到)\s*$")
#: closed-class words of a parameter for a new value ("new_date", "新的上门日期", "改到哪天")
_NEW = re.compile(r"\bnew\b|新|改到", re.IGNORECASE)
_INSTEAD = re.compile(r"\s*instead\b", re.IGNORECASE)  # matched right after a day; searched for the cheap test
#: verbs that by themselves ask for another day or time, with no day said yet ("reschedule PV-2", "改期")
_RETIME = re.compile(r"\b(?:re-?schedul\w*|postpon\w*)\b|改期|改(?:个|一下)?时间|换个(?:时间|日子)|延期|推迟|往后推"
                     r"|改日期", re.IGNORECASE)


#: "to a later sailing", "for an earlier slot", "onto another day": a new time, not said yet (closed-class words)
_OTHER_TIME = re.compile(r"\b(?:to|for|onto|into)\s+(?:a|an|the)?\s*(?:later|earlier|another|different|new|next"
                         r"|other)\b|(?:改|换|挪|调)(?:到|成)?(?:晚|早|后|前)一?(?:点|些)|换(?:到|成)?(?:别的|另一)",
                         re.IGNORECASE)


#: Chinese verbs of change (改, 换, 挪, 调整, 推迟, 延, 提前, 取消 ...)
_CHANGE_ZH = re.compile(r"[改换挪延]|调整|调到|推迟|往后|提前|取消|退")


def asks_change(text: str) -> bool:
    """Whether a turn asks to change or cancel something (a verb of change, "instead", 改, 换 ...), with or without
    a new day."""
    return bool(_CHANGE_EN.search(text) or _RETIME.search(text) or _INSTEAD.search(text) or _CHANGE_ZH.search(text)
                or re.search(r"\b(?:cancel|drop|update|modify|extend|add|remove)\w*", text, re.IGNORECASE))


@functools.lru_cache(maxsize=1024)
def move_asked(text: str) -> str | None:
    """The words that ask for a new day or time ("slide to October 25", "改到后天", "the 17th instead", or a verb that
    asks for one by itself: "reschedule", 改期), or None."""
    if not (_CHANGE_EN.search(text) or _INSTEAD.search(text) or re.search(r"[改挪推延换调移提]", text)):
        return None  # no word of change at all: no day to read (the cheap test first)
    from fcourse.teaching.reading.dates import clock_spans, time_spans
    from fcourse.teaching.reading.day_resolver import dates_in

    spans = sorted({(d.start, d.end) for d in dates_in(text)} | set(time_spans(text)) | set(clock_spans(text)))
    for start, end in spans:
        before = text[max(0, start - 60):start]
        clause = re.split(r"[.?!;。？！；]", before)[-1]
        verb = _CHANGE_EN.search(clause)
        if _TO_ZH.search(before) or verb and (_TO_EN.search(clause) or clause.rstrip().endswith("到")) \
                or _INSTEAD.match(text, end):
            return text[start - len(clause) + verb.start() if verb else start:end].strip()
    retime = _RETIME.search(text) or ((_CHANGE_EN.search(text) or _CHANGE_ZH.search(text)) and _OTHER_TIME.search(text))
    if retime:
        from fcourse.teaching.reading.exclusion import inside, negated_spans

        if not inside(negated_spans(text), retime.start()):  # "不用改期": no move asked
            return retime.group()
    return None


def is_new(name: str, schema: dict[str, Any]) -> bool:
    """Whether a parameter is for a new value of something arranged: its name or description says new (新的上门日期)."""
    return name.lower().startswith("new") or bool(_NEW.search(param_text(name, schema)))


def _day_or_time(name: str, schema: dict[str, Any]) -> bool:
    from fcourse.teaching.reading.dates import wants_clock, wants_day

    low = name.lower()
    return isinstance(schema, dict) and (wants_day(name, schema) or wants_clock(name, schema)
                                         or "date" in low or "time" in low or "day" in low)


def _params(tool: dict[str, Any]) -> dict[str, Any]:
    params = function_of(tool).get("parameters")
    props = params.get("properties") if isinstance(params, dict) else None
    return props if isinstance(props, dict) else {}


def takes_new_day(tool: dict[str, Any]) -> bool:
    """Whether the tool has a parameter for a new day or time ("new_date", "New start time", "新的上门日期")."""
    return any(_day_or_time(n, s) and is_new(n, s) for n, s in _params(tool).items() if isinstance(s, dict))


def takes_day(tool: dict[str, Any]) -> bool:
    """Whether the tool has a parameter for a day or time that is not a new one (a booking's day)."""
    return any(_day_or_time(n, s) and not is_new(n, s) for n, s in _params(tool).items() if isinstance(s, dict))
