"""Which of several ids in the context the user means: chosen by what the context says about each.

Introduced in chapter 3 (ids from the right place). A verified fact may list
several candidates - "Customer's permits: PK-204311 (car), PK-204399 (motorbike)" -
and the user names none of them by id, but by what it is: "renew the motorbike
one", "苏州那单退掉", "the Sunday seats". The teaching model reads the words
written next to each candidate in the context (its parenthesis, up to the next
candidate) and takes the one candidate the user's words point at:

- a word they share (stemmed English, jieba's Chinese words);
- across languages, through CC-CEDICT glosses ("摩托车" -> motorbike);
- a date: the user's "Friday" or "3月20号" resolved against the stated today,
  and the candidate's ISO date; a month said alone ("12月那场") and the
  candidate's month;
- what a candidate lacks ("不含电池", "no balcony") as the opposite of the word;
- "the later one" / "the cheaper one": the days or prices the context gives.

Negated and excluded clauses are left out first ("北京的别动", "but leave the studio
room": ``fcourse.teaching.reading.exclusion``). Exactly one candidate must be
pointed at more than every other; otherwise nothing is chosen and the model asks.
"Both" / "all" / 两个 / 都 with no word that picks one means every candidate:
one call each. "Keep the English one, drop the other" (英语那门留着，另一门退掉)
points at the one candidate it does not keep. English words are compared by
their stems, so "refill" and "refills" are one word, shared by both candidates.
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = ["EVERY", "OTHER", "choose_in_context", "clause_of", "contradicted", "over"]

#: not 两个 ("住两个月" counts months), and not the 都 of "everywhere"/"whatever"/"whichever" (到处都是水印, 什么都行,
#: 哪个都行) or of "is"
#: nor "after all", "at all", "all right", "every two weeks" (how often), 一点都不 ("not at all")
_ALL = re.compile(r"\b(?:both|(?<!after )(?<!at )all(?! right)|each|every(?!\s+(?:other|single|\w+\s+)?"
                  r"(?:day|week|month|year|hour|minute|morning|evening|night|time|weekend)s?\b)(?!\s+\d))\b"
                  r"|(?<!到处)(?<!什么)(?<!怎么)(?<!哪里)(?<!哪个)(?<!一点)(?<!一直)都(?!是)|全部|所有", re.IGNORECASE)
#: "the second one", "the latter", "第二个", "最后那个": a candidate by its place in the context (closed-class words)
EVERY = _ALL
_ORDINAL = re.compile(r"\bthe (first|second|third|last) (?:one|booking|order|one listed)\b|\bthe (former|latter)\b"
                      r"|第([一二三])(?:个|笔|张|单|份|节|次|条)|(最后)(?:一|那)?个", re.IGNORECASE)
_SPLIT = re.compile(r"[.;。；\n]")
#: the user points away from the one they named (closed-class words of both languages)
_OTHER = re.compile(r"\b(?:other|rest|another|everything|all)\b|另一|其他|其它|别的|剩下|其余|所有|全部", re.IGNORECASE)


#: what ends the words a context pairs with a value written after them: a clause mark, or a full stop before a space
_PAIR_CUT = re.compile(r"[;。；\n:：,，=＝、]|\.(?=\s)")


def _paired(before: str) -> str:
    """The words a context pairs with the value right after ``before`` ("Sony A7 IV body = ", "小号：") or ""."""
    m = re.search(r"[=＝:：]\s*$", before)
    if not m:
        return ""
    cuts = [c.end() for c in _PAIR_CUT.finditer(before, 0, m.start())]
    words = before[cuts[-1] if cuts else 0:m.start()]
    return words if re.search(r"\w", words) else ""


def _attributes(context: str, candidates: list[str]) -> dict[str, str]:
    """Each candidate with the words written right after it, up to the next candidate or the end of the sentence;
    when none follow any of them and each has words paired before it ("Sony A7 IV body = CM-1042; Fujifilm X-T5
    body = CM-1188"), those words."""
    spots = sorted((context.find(c), c) for c in candidates if c in context)
    out: dict[str, str] = {}
    before: dict[str, str] = {}
    for i, (start, value) in enumerate(spots):
        end = spots[i + 1][0] if i + 1 < len(spots) else len(context)
        stretch = context[start + len(value):end]
        stop = _SPLIT.search(stretch)
        out[value] = stretch[:stop.start()] if stop else stretch
        before[value] = _paired(context[spots[i - 1][0] + len(spots[i - 1][1]) if i else 0:start])
    if not any(re.search(r"\w", about) for about in out.values()) and all(before.values()):
        return before
    return out


#: what a candidate lacks ("不含电池", "no balcony", "without a view"): the words up to the clause's end (closed class)
_LACKS = re.compile(r"(?:不含|不带|不包括|没有|\b(?:without|excluding|no)\b(?!\.))\s*([^，,。;；)）]*)", re.IGNORECASE)


def _words(text: str) -> set[str]:
    """The words of a text that can point at a candidate; what it says is lacking ("不含电池") as "not 电池", so that
    "带电池的那个" points at the one with a battery, not at both."""
    lacking: set[str] = set()

    def lacks(m: re.Match[str]) -> str:
        lacking.update(f"not {w}" for w in _plain_words(m.group(1)))
        return " "
    return _plain_words(_LACKS.sub(lacks, text)) | lacking


def _plain_words(text: str) -> set[str]:
    from fcourse.teaching.reading.analysis import analyse, stem
    from fcourse.teaching.reading.glosses import glossed_words
    from fcourse.teaching.reading.lexicon import EN_STOPWORDS
    from fcourse.teaching.reading.segmenter import base_tokenizer, function_word

    keys = {t.key for t in analyse(text).terms if not t.key.startswith("#date")}
    english = {stem(w) for w in re.findall(r"[A-Za-z]{3,}", text)  # "refill" and "refills" are one word
               if w.lower() not in EN_STOPWORDS}  # "... and GL-2": an "and" says nothing about either
    english |= set(re.findall(r"(?<!\d)(?:19|20)\d{2}(?!\d)", text))  # a year ("the 2025 one", "2026年那份")
    # the dictionary words inside a run of Chinese, wherever they start ("带电池": 电池; "本周日蹦床": 周日)
    known = base_tokenizer().FREQ
    inner = {w for run in re.findall(r"[\u4e00-\u9fff]{3,}", text) for n in (2, 3) for i in range(len(run) - n + 1)
             if known.get(w := run[i:i + n]) and not function_word(w)}
    # a gloss that is an English function word says nothing about either candidate (苏门 glosses to "one")
    return keys | english | inner | {w for w in glossed_words(text) if w.lower() not in EN_STOPWORDS}


OTHER = _OTHER


#: a day of the month said alone ("the 5th", "5号"): it points at a listed date on that day, whatever the month
_BARE_DAY = re.compile(r"\bthe (\d{1,2})(?:st|nd|rd|th)\b(?! of\b)|(?<![月\d])(\d{1,2})[号日]")


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
#: a month and day the context lists ("2月22日", "Feb 22"): that day of the month
_MONTH_DAY = re.compile(r"(?<=\d月)(\d{1,2})[日号]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? "
                        r"(\d{1,2})\b", re.IGNORECASE)


_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
#: a listed month with its day ("11月8日", "Nov 8"), for the month alone
_LISTED_MONTH = re.compile(r"(?<!\d)(\d{1,2})月\d{1,2}[日号]|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                           r"[a-z]*\.? \d{1,2}\b", re.IGNORECASE)
#: a month the user says with no day ("12月那场", "the December one"); "may" and "march" only as written names
_MONTH_ALONE = re.compile(r"(?<!\d)(\d{1,2})月(?!\s*\d)|\b(january|february|april|june|july|august|september|"
                          r"october|november|december|(?-i:May|March))\b(?!\.?\s*\d)", re.IGNORECASE)


def _month(m: re.Match[str]) -> str:
    said = m.group(1) or m.group(2)
    return f"month {int(said) if said.isdigit() else _MONTHS.index(said[:3].lower()) + 1}"


def _days(text: str, today: dt.date | None, listed: bool = False) -> set[str]:
    """The days a text names (YYYY-MM-DD); with ``listed`` (the context's), each also as its day of the month, which
    a day said alone by the user ("the 5th") matches, and as its month, which a month said alone ("12月的") does."""
    from fcourse.teaching.reading.day_resolver import dates_in

    days = {m.iso for m in dates_in(text, today) if m.iso}
    if listed:  # a listed month and day is that day of the month, even with no today to give it a year
        return days | {f"day {int(d[8:10])}" for d in days} | {f"month {int(d[5:7])}" for d in days} | {
            f"day {int(m.group(1) or m.group(2))}" for m in _MONTH_DAY.finditer(text)} | {
            _month(m) for m in _LISTED_MONTH.finditer(text)}
    return days | {f"day {int(m.group(1) or m.group(2))}" for m in _BARE_DAY.finditer(text)} | {
        _month(m) for m in _MONTH_ALONE.finditer(text)}


#: a choice by price: the cheaper / cheapest / 便宜 one, or the dearer / most expensive / 贵 one (closed classes)
_COMPARED = re.compile(r"(?P<low>\bcheap(?:er|est)\b|\b(?:lower|lowest) price\b|便宜|实惠|省钱)"
                       r"|(?P<high>\b(?:more|most) expensive\b|\bdear(?:er|est)\b|\bpricier\b|贵的|最贵)",
                       re.IGNORECASE)
#: a choice by day: the later / earlier one (closed classes)
_TIMED = re.compile(r"(?P<late>\bthe later (?:one|date|booking)\b|晚一?点的那|日期靠后的)"
                    r"|\bthe earlier (?:one|date|booking)\b|早一?点的那|日期靠前的", re.IGNORECASE)
_MONEY = re.compile(r"(?:[$£€¥]\s*)(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(?:元|块|美元|英镑|欧元|yuan|dollars?|"
                    r"pounds?|euros?|usd|gbp|eur|cny|rmb)", re.IGNORECASE)


def _amount(about: str) -> float | None:
    """The one price the context gives a candidate ("RQ-61130（局部维修，1900元）"), or None."""
    found = {float((m.group(1) or m.group(2)).replace(",", "")) for m in _MONEY.finditer(about)}
    return found.pop() if len(found) == 1 else None


#: an English request's object: the words right after its opening verb ("Move *the delivery* to Thursday")
_OBJECT = re.compile(r"^\W*(?:please\s+)?[a-z]+\s+(?:the|my|our|this|that|a|an)\s+([a-z]+(?:\s+[a-z]+)?)",
                     re.IGNORECASE)
#: a description's things listed as alternatives ("a trip, course or rental booking", "a visit or a seasonal plan")
_ALTERNATIVES = re.compile(r"\b((?:[a-z]+\s+)?[a-z]+)(?:,\s*(?:an?\s+)?[a-z]+)*,?\s+or\s+(?:an?\s+|the\s+)?"
                           r"([a-z]+(?:\s+[a-z]+)?)", re.IGNORECASE)


def _acted_on(user: str, tool_words: str) -> set[str]:
    """The words of what the request acts on that the tool's description names as its one object ("Move the
    delivery" for "Move the delivery of a laundry order"): they name the tool's job, not one of the candidates; a
    thing the description lists among alternatives ("a trip, course or rental booking") still picks one."""
    m = _OBJECT.match(user) if tool_words else None
    if not m:
        return set()
    listed = {w.lower() for alt in _ALTERNATIVES.finditer(tool_words) for w in re.findall(r"[a-z]+", alt.group(),
                                                                                           re.IGNORECASE)}
    acted = {w for w in re.findall(r"[a-z]+", m.group(1).lower()) if w not in listed}
    return _words(" ".join(acted)) & _words(tool_words) if acted else set()


def choose_in_context(context: str, candidates: list[str], user: str,
                      today: dt.date | None, tool_words: str = "") -> tuple[list[str], str] | None:
    """The candidates the user means (one, or all of them for "both"), and why; None when the words do not say.
    ``tool_words`` (the tool's description) name the tool's job, not one of its candidates: "move the delivery"
    points at no order whose status is "out for delivery"."""
    from fcourse.teaching.reading.exclusion import negated_spans

    # "北京的别动", "but leave the studio one": what is excluded points at nothing; but "周六那个不要了" (no longer
    # wanted) points at the one to drop
    spans = [(a, b) for a, b in negated_spans(user) if not re.search(r"不要了\W*$", user[a:b])]
    said = "".join(ch if not any(s <= i < e for s, e in spans) else " " for i, ch in enumerate(user))
    attributes = _attributes(context, candidates)
    if len(attributes) < 2:
        return None
    timed = _TIMED.search(said)
    if timed:  # "the later one", "早一点的那个": the one day the context gives each decides, or nothing does
        dated = {v: {d for d in _days(about, today) if _ISO_DAY.fullmatch(d)} for v, about in attributes.items()}
        if not all(len(d) == 1 for d in dated.values()) or len({min(d) for d in dated.values()}) < len(dated):
            return None
        pick = (max if timed.group("late") else min)(dated, key=lambda v: min(dated[v]))
        return [pick], f"the user asks for '{timed.group().strip()}', and the context gives each its day"
    compared = _COMPARED.search(said)
    if compared:  # "选便宜的那个", "the cheaper one": the amounts the context gives decide, or nothing does
        amounts = {v: _amount(about) for v, about in attributes.items()}
        if None in amounts.values() or len(set(amounts.values())) < len(amounts):
            return None
        pick = (min if compared.group("low") else max)(amounts, key=lambda v: amounts[v] or 0)
        return [pick], f"the user asks for the {compared.group().strip()} one, and the context gives each its price"
    # a word the context says of all of them ("两个试衣预约：FT-1（西装）和FT-2（旗袍）": 试衣, "clothes") picks none
    first = min(context.find(c) for c in attributes)
    heading = context[max((m.end() for m in _SPLIT.finditer(context, 0, first)), default=0):first]
    for about in attributes.values():  # "Catalogue: Sony A7 IV body = CM-1042": the first one's words are its own
        heading = heading.replace(about, " ") if about.strip() else heading
    user_words, user_days = _words(said) - _words(heading) - _acted_on(said, tool_words), _days(said, today)
    # a number the user says that is the candidate's own ("115号地块" for PL-115), not part of an id or a date
    numbers = {m.group() for m in re.finditer(r"(?<![A-Za-z0-9_.:/-])\d{2,}(?![A-Za-z0-9_.:/-])", said)
               if not (int(m.group()) <= 31 and re.match(r"\s*[月日号点时]|st|nd|rd|th", said[m.end():]))}
    scores = {}
    for value, about in attributes.items():
        shared = (user_words & _words(about)) | (user_days & _days(about, today, listed=True))
        scores[value] = shared | {f"the number {d}" for d in re.findall(r"\d+", value) if d in numbers}
    ranked = sorted(scores.items(), key=lambda kv: -len(kv[1]))
    best, runner_up = ranked[0], ranked[1]
    if all(_ISO_DAY.fullmatch(v) for v in attributes):  # dates: a day the user says, never words about one
        said_days = [v for v in attributes if v in user_days or f"day {int(v[8:])}" in user_days]
        if len(said_days) == 1:
            return said_days, f"the user names the day {said_days[0]}"
        return None  # "another metabolic panel, same as last time": words of a past visit say no day to book
    if best[1] and len(best[1]) > len(runner_up[1]) and not _only_the_users_own_day(best[1], said, today):
        return [best[0]], f"the context says {', '.join(sorted(best[1]))} about it, and so does the user"
    kept = "".join(ch if any(s <= i < e for s, e in spans) else " " for i, ch in enumerate(user))
    if not best[1] and len(attributes) == 2 and kept.strip() and _OTHER.search(said):  # "keep X, drop the other"
        left_words, left_days = _words(kept), _days(kept, today)
        pointed = [v for v, about in attributes.items()
                   if (left_words & _words(about)) | (left_days & _days(about, today, listed=True))]
        if len(pointed) == 1:
            other = next(v for v in attributes if v != pointed[0])
            return [other], f"the user keeps {pointed[0]} (a clause that excludes it), and means the other one"
    every = _ALL.search(said)
    named = [v for v, shared in ranked if shared]
    if every and 1 < len(named) < len(attributes):  # "the Sony and the Sigma, both": the ones the user names
        return named, f"the user names {len(named)} of them ({', '.join(named)}) and means each"
    if every and not best[1] and (len(attributes) == 2 or every.group().lower() != "both"):
        return list(attributes), "the user means all of them"
    ordinal = _ORDINAL.search(said)
    if ordinal and not best[1]:  # "the second one", "第二个": the context's order
        order = sorted(attributes, key=context.find)
        word = next(g for g in ordinal.groups() if g).lower()
        index = {"first": 0, "former": 0, "一": 0, "second": 1, "二": 1, "third": 2, "三": 2}.get(word, -1)  # last
        if index < len(order):
            return [order[index]], f"the user means '{ordinal.group().strip()}' of those the context lists"
    return None


#: the context says the thing is over, or was the one before (closed-class words)
_OVER = re.compile(r"\b(?:closed|expired|cancell?ed|archived|ended)\b|完结|已关闭|已过期|已取消|作废"
                   r"|已(?:于[^，,。；;]{0,12})?结束", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:previous|last|old|past|former)\b|上一|上次|之前|以前|旧", re.IGNORECASE)
#: verbs that ask for a new thing, not for one already arranged (closed class: book, reserve, 预订, 报名)
_NEW_ONE = re.compile(r"\b(?:book|reserve|register|sign (?:me |us )?up)\b|预订|预约|报名|订一|订个", re.IGNORECASE)
_COMING = re.compile(r"\b(?:upcoming|next|current|new|coming|this)\b|即将|这次|新|下一|现在", re.IGNORECASE)


def _find(context: str, value: str) -> int:
    """Where the context holds ``value``, as written or with its parts apart ("six-person" for six_person)."""
    from fcourse.teaching.reading.params import value_pattern

    at = context.find(value)
    if at < 0 and value.isascii() and value.strip():
        m = value_pattern(value).search(context)
        at = m.start() if m else -1
    return at


def _sentence(context: str, value: str) -> str:
    """The sentence of the context that holds ``value`` (cut at . ; 。 ； and line ends)."""
    at = _find(context, value)
    stop = _SPLIT.search(context, at)
    opening = max((m.end() for m in _SPLIT.finditer(context, 0, at)), default=0)  # "今天是…。已核实：…": two sentences
    return context[opening:stop.end() if stop else len(context)]


def clause_of(context: str, value: str) -> str:
    """The clause of the context that holds ``value``, where the context says what it is ("home address 14 Elm
    Road"); the clause before too when the value opens its own ("one open order, BK-477105")."""
    at = context.find(value)
    if at < 0:
        return context
    cuts = [m.end() for m in re.finditer(r"[,;.\n，；。、]\s?", context[:at])]
    opening = cuts[-1] if cuts else 0
    if cuts and not context[opening:at].strip():
        opening = cuts[-2] if len(cuts) > 1 else 0
    stop = re.search(r"[,;\n，；。、]|\.\s|\.$", context[at + len(value):])
    return context[opening:at + len(value) + (stop.start() if stop else len(context))]


def over(context: str, value: str, user: str) -> str | None:
    """Why the one candidate in the context is not the thing the user acts on: the context says it is over
    ("finished yesterday and is closed", 已完结), or was the one before while the user speaks of the coming one
    ("previous order ... was delivered" / "my upcoming delivery"; "last stay was in a six-person cabin" / "this
    time")."""
    if _find(context, value) < 0:
        return None
    sentence = _sentence(context, value)
    if _OVER.search(sentence):
        return f"the context says {value} is over ('{_OVER.search(sentence).group()}')"
    if _BEFORE.search(sentence) and _COMING.search(user):
        return f"the context says {value} was the one before, and the user speaks of '{_COMING.search(user).group()}'"
    if _BEFORE.search(sentence) and _NEW_ONE.search(user):
        return f"the context says {value} was the one before, and the user asks for a new one " \
               f"('{_NEW_ONE.search(user).group()}')"
    return None


def contradicted(context: str, value: str, user: str, today: dt.date | None) -> str | None:
    """Why the one candidate in the context is not what the user describes, or None.

    "Drop my booking for Thursday" while the context says the booking, B-7, was on a Tuesday: the
    user's day and the context's day for it differ, so it is not taken (the model asks which booking).
    """
    if value not in context:
        return None
    sentence = _sentence(context, value)
    theirs, mine = _days(sentence, today), _days(user, today)
    if theirs and mine and not theirs & mine:
        return (f"the user speaks of {', '.join(sorted(mine))}; the context says {value} is on "
                f"{', '.join(sorted(theirs))}")
    from fcourse.teaching.reading.locations import street_addresses

    theirs_at, mine_at = ({a.lower() for a, _, _ in street_addresses(t)} for t in (sentence, user))
    if theirs_at and mine_at and not theirs_at & mine_at:  # "my rental at 77 Oak Street" is not 18 Cedar Avenue
        return f"the user speaks of {', '.join(sorted(mine_at))}; the context says {value} is at " \
               f"{', '.join(sorted(theirs_at))}"
    return None


#: a day the user gives about themselves, not about the thing ("I'm abroad until Monday", "back on Friday")
_OWN_DAY = re.compile(r"\b(?:till|until|til|away|back|from|after|since|before)\s+(?:on\s+|next\s+|this\s+)?$"
                      r"|(?:到|直到|之前|以后|之后|回来|出差到)\s*$", re.IGNORECASE)


def _only_the_users_own_day(shared: set[str], said: str, today: dt.date | None) -> bool:
    """Whether all the user shares with a candidate is a day they gave about themselves ("abroad until Monday" and a
    parcel to collect by Thursday): that picks no parcel."""
    from fcourse.teaching.reading.day_resolver import dates_in

    if not shared or not all(_ISO_DAY.fullmatch(x) for x in shared):
        return False
    mentions = [m for m in dates_in(said, today) if m.iso in shared]
    return bool(mentions) and all(_OWN_DAY.search(said[max(0, m.start - 16):m.start]) for m in mentions)
