"""Turns that ask for no tool at all: stop, take it back, goodbye (issue 36).

Introduced in chapter 3 (when *not* to call). Read before any tool is scored: a turn made only of
these clauses gets a short answer and never a tool call, whatever the conversation asked before it.

- **stop**: "wait", "hold on", "don't do anything for now", 等一下, 先别动, 什么都别做;
- **retract**: a clause that takes back what was asked - "never mind", "forget it", "scrap that",
  算了, 不用了, 撤回刚才的要求 - or that negates an action with nothing else asked ("actually, don't cancel
  it", 还是别取消了), or a bare "no" to the model's own question ("Shall I book them?" - "No.");
- **farewell**: "bye", "that's all", "see you", 再见, 拜拜, 先这样, 没别的事了 (thanks beside it are fine).

The turn is cut into clauses (at punctuation and at "but", "just", 但是, 然后 ...). Each clause must be one of
those, a deferral of the user's own ("I'll think about it", "I need to check my dates first", 我再想想), or
a filler ("ok", "hmm", "actually", 嗯, 好的); one clause of anything else - a request, a question, a value -
and the turn goes to the tools as usual (where negated actions are still never called: "don't cancel my
membership, just pause it" pauses). The word lists are closed classes of English and Chinese discourse
(stop words, retraction and leave-taking formulas, interjections, first-person deferrals), not phrases of
any request.
"""

from __future__ import annotations

import re

from fcourse.teaching.deciding.conversation import Conversation, text_of
from fcourse.teaching.deciding.refusals import CUE, Halt, read_refusal

__all__ = ["Halt", "read_halt"]


#: where a clause ends: punctuation, a dash, and the conjunctions that start a new clause of their own
_CUT = re.compile(r"[,;.!?，；。！？~～…]+|\s[-–—]+\s|[–—]+|\b(?:but|just|only|instead|rather|then)\b"
                  r"|但是|但|而是|然后", re.IGNORECASE)
#: interjections and acknowledgements: a clause of nothing else says nothing
_FILLER = re.compile(r"^(?:(?:ok|okay|k|hmm+|hm|um+|uh+|er+|erm|well|actually|oh|ah|no|nope|nah|sorry|right|alright"
                     r"|all right|fine|sure|so|yes|yeah|yep|please|now|wait a sec|on second thought|second thoughts"
                     r"|嗯+|哦+|噢|啊|呃|唉|哎|那|那个|好|好的|好吧|好嘞|好滴|行|行吧|对|其实|不过|还是|那就|这样|诶)\s*)+$",
                     re.IGNORECASE)
#: a leading filler word that a clause may start with ("actually never mind", "还是别取消了")
_LEAD = re.compile(r"^(?:(?:ok|okay|hmm+|um+|uh+|well|actually|oh|no|so|please|sorry|and|wait|嗯+|哦+|啊|呃|唉|那|好"
                   r"|好的|其实|还是|那就|要不|先|就|你|不对)\s*)+", re.IGNORECASE)
#: a clause that is a stop by itself, or that stops everything it names
_STOP_WHOLE = re.compile(r"^(?:wait|stop|stop stop|hold on|hang on|hold it|hold off|hold up|one moment|one sec(?:ond)?"
                         r"|just a (?:moment|minute|sec(?:ond)?)|not yet|not now|not so fast|let me think"
                         r"|等(?:一下|一会儿?|等|会儿?)|稍等(?:一下)?|停(?:一下|下)?|先停(?:一下)?"
                         r"|先不(?:要|用)?(?:了)?|慢着|且慢|先等等|等我想想)"
                         r"(?:\s+(?:a (?:sec|second|moment|minute|bit)|for (?:now|a (?:sec|second|moment|minute|bit))"
                         r"|please|then|yet|there))*$", re.IGNORECASE)
_STOP_ANY = re.compile(r"\b(?:don'?t|do not|please don'?t)\s+(?:do|touch|change|book|send|process|submit|start)\s+"
                       r"anything\b|\bdo nothing\b|\bhold off\b|\bdon'?t (?:go ahead|proceed|do it yet)\b"
                       r"|\bleave (?:everything|it all|things) as (?:it is|they are)\b|\bnothing for now\b"
                       r"|什么(?:都|也)(?:别|不要|先别|不用)|(?:先|都)?(?:别|不要)(?:动|做|办|处理|操作)(?:了)?$"
                       r"|先(?:别|不要)(?:动|做|办|处理|操作)", re.IGNORECASE)
#: formulas that take back what was asked (a closed class of the two languages)
_RETRACT = re.compile(r"^(?:never ?mind|forget (?:it|that|about it)|scrap that|scratch that|drop that|ignore that"
                      r"|leave it(?: as it is| alone| be)?|keep it(?: as it is)?|let it be|保持原样|别动了|不改了"
                      r"|(?:还是)?保留(?:着|吧)*|留着(?:吧)?"
                      r"|cancel that request|ignore my (?:last|previous) (?:message|request)|no thanks?|no thank you"
                      r"|(?:i(?:'ve| have)? )?changed my mind|don'?t worry(?: about it)?|no worries|no need"
                      r"|算了(?:吧)?|不用了|不必了|没事了?|当我没说|改主意了|不办了|不弄了|不要紧|不要了|不[约订买办做]了"
                      r"|(?:撤回|收回|取消)(?:我)?(?:刚才|刚刚|之前|上面|前面)(?:的|那个|那条)?(?:要求|请求|指令|操作"
                      r"|那个)?)$",
                      re.IGNORECASE)
#: a deferral of the user's own: they will decide or do it later (first person; a closed set of frames)
_DEFER = re.compile(r"^(?:i'?ll|i will|i need to|i have to|i'?m going to|i'?m gonna|let me|i must|i'?d rather)\b"
                    r".*(?:\b(?:first|later(?: on)?|another time)$|\b(?:think|decide|sleep on it|get back to you"
                    r"|let you know|talk to|check with|ask)\b)|^i won'?t need\b"
                    r"|^i'?ll (?:come|pop|swing|drop) (?:by|in|round|over)\b|^i'?ll (?:pick|collect) (?:it|them)\b"
                    r"|^(?:那)?我.{0,8}(?:去|来|过去|过来)(?:取|拿|领)(?:吧|了)?$"
                    r"|^(?:我)?(?:再|先)?.{0,8}(?:想想|考虑|商量|问问|看看再说|确认一下)|^(?:以后|回头|改天|晚点)再说"
                    r"|^再说吧", re.IGNORECASE)
#: leave-taking formulas
_FAREWELL = re.compile(r"^(?:(?:good)?bye(?: bye| now| for now)?|take care|cheers"
                       r"|see (?:you|ya)(?: later| soon| then| tomorrow| (?:next|on|this|in) \w+(?: \w+)?)?"
                       r"|have a (?:good|nice|great|lovely) (?:day|one|evening|night|weekend)|talk (?:to you )?later"
                       r"|(?:that'?s|that is) (?:all|it|everything)(?: for now| for today| i needed| thanks)?"
                       r"|nothing else|i'?m all set|all set|all good|that'?ll be all|再见|拜拜|回见|下次见|明天见|再会"
                       r"|先这样(?:吧)?|就这样(?:吧)?|就这些|没(?:有)?(?:别的|其他|其它)(?:的)?(?:事|事情|问题)?了"
                       r"|没事了|没有了)$", re.IGNORECASE)
_THANKS = re.compile(r"^(?:(?:many |big )?thanks?(?: a lot| so much| very much| again| anyway)?|thank you(?: so much"
                     r"| very much| again| anyway)?|(?:that'?s )?(?:great|perfect|awesome|wonderful|excellent|brilliant"
                     r"|lovely)|much appreciated|appreciate it|谢谢(?:你|您|啦|了)?|多谢|感谢|太好了|太感谢了|辛苦了)"
                     r"(?:\s+for\s+[\w' ]{1,30})?$|^(?:谢谢|多谢|感谢)(?:你|您)?的?帮助$", re.IGNORECASE)
_THANK_WORD = re.compile(r"\bthank|\bcheers\b|appreciate|谢|感谢|辛苦", re.IGNORECASE)
#: a negation of doing before a verb: "don't cancel", "never mind booking", 别取消, 不要退, 不用改
_NEG_DO_EN = re.compile(r"^(?:don'?t|do not|never|please don'?t)\s+"
                        r"(?!want\b|need\b|like\b|have\b|know\b|mind\b|think\b|care\b|see\b|worry\b|forget\b)([a-z]+)",
                        re.IGNORECASE)
_NEG_DO_ZH = re.compile(r"(?:先别|别|不要|不想|甭|勿|先不要|不(?=[\u4e00-\u9fff]{1,2}了$))(?:再)?(?:帮我|给我|替我)?"
                        r"([\u4e00-\u9fff]{1,2})")
#: "no" to the model's own question
_NO = re.compile(r"^(?:no|nope|nah|no thanks?|not really|不|不要|不用|不了|不是)$", re.IGNORECASE)


#: a word every stop, retraction, deferral, thanks, goodbye or negated-action clause above has one of
_CUES = re.compile(r"\b(?:wait|stop|hold|hang|moment|minute|sec|second|not|never|nevermind|forget|scrap|scratch|drop"
                   r"|ignore|leave|keep"
                   r"|let|no|nope|nah|thanks?|thank|cheers|appreciat\w*|bye|goodbye|see|take|have|talk|that'?s|that"
                   r"|nothing|all|i'?ll|i|don'?t|do|please|changed|great|perfect|awesome|wonderful|excellent"
                   r"|brilliant|lovely|much|many|big|ok|okay)\b"
                   r"|等|稍|停|先|慢|且|算|不|没|当我|改主意|撤|收回|取消|保持|别|谢|感谢|辛苦|太好|再见|拜拜|回见|见|再会"
                   r"|这样|这些|想|考虑|商量|问问|看看|确认|以后|回头|改天|晚点|再说|甭|勿|保留|留着", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in _CUT.split(text) if c and c.strip()]


def _negated_verb(clause: str) -> str | None:
    """The action word a clause negates with nothing else in it ("don't cancel it" -> cancel, 还是别取消了 -> 取消)."""
    body = _LEAD.sub("", clause).strip()
    m = _NEG_DO_EN.match(body)
    if m:
        return m.group(1).lower()
    from fcourse.teaching.reading.segmenter import pos_cut

    m = _NEG_DO_ZH.search(body)
    if m is None or not re.search(r"[\u4e00-\u9fff]", body):
        return None
    after = body[m.end(1) - len(m.group(1)):]
    words = [(w, tag) for w, tag in pos_cut(after) if w.strip()]
    if not words or not words[0][1].startswith("v") or words[0][0] in ("要", "用", "想", "是", "有"):
        return None
    if body[m.start():m.start() + 1] == "不" and body[m.start():m.start() + 2] not in ("不要", "不想"):
        from fcourse.teaching.reading.analysis import analyse

        # "不取消了" takes back a cancellation; "这单不洗了", "不用来了" call off the service itself: a cancellation
        if not {t.key[1:] for t in analyse(words[0][0]).terms} & _ACTIONS():
            return None
    return words[0][0]


def _kind_of(clause: str) -> tuple[str, str | None]:
    """What one clause does: filler, thanks, farewell, stop, retract, negated (with its verb), defer, or other."""
    clause = _once(clause)
    body = _LEAD.sub("", clause).strip() or clause.strip()
    low = body.lower().strip(" '\"")
    if _FILLER.match(clause.strip()):
        return "filler", None
    forms = (low, clause.strip().lower().strip(" '\""))
    if any(_STOP_WHOLE.match(f) for f in forms) or _STOP_ANY.search(clause):
        return "stop", None
    for kind, pattern in (("retract", _RETRACT), ("farewell", _FAREWELL), ("thanks", _THANKS), ("defer", _DEFER)):
        if any(pattern.search(f) if kind == "defer" else pattern.match(f) for f in forms):
            return kind, None
    verb = _negated_verb(clause)
    if verb is not None:
        from fcourse.teaching.reading.analysis import analyse

        # another action asked in the same clause ("don't cancel it but move it") is not a retraction
        rest = body.lower().replace(verb, " ", 1)
        if not any(t.key[1:] in _ACTIONS() for t in analyse(rest).terms):
            return "negated", verb
    return "other", None


def _ACTIONS() -> frozenset[str]:  # noqa: N802 - a constant read lazily (the lexicon is large)
    from fcourse.teaching.reading.lexicon import ACTION_CONCEPTS

    return ACTION_CONCEPTS - {"lookup", "search"}


def _asked_back(conversation: Conversation) -> bool:
    """Whether the message before the latest turn is the model's own question (a confirmation, a question back)."""
    i = conversation.latest_index
    if i is None or i == 0:
        return False
    before = conversation.messages[i - 1]
    return before.get("role") == "assistant" and bool(re.search(r"[?？]\s*$", text_of(before.get("content"))))


#: the model's own confirmation question ("Shall I book them?", "Do you want me to cancel it?", 确定要取消吗？)
_CONFIRM = re.compile(r"\b(?:shall i|should i|do you want (?:me )?to|would you like me to|want me to|can i go ahead"
                      r"|go ahead|is that (?:ok|okay|all right|fine)|ok to|proceed|continue)\b[^?]*\?\s*$"
                      r"|(?:确定|确认|是否|要不要|需要我|要(?:我)?(?:为|帮|给)?)[^，。？?]{0,40}(?:吗|么)?\s*[？?]\s*$",
                      re.IGNORECASE)
#: a question back for information is no confirmation ("Which order?", 请告诉我…，可以吗？)
_INFO_ASKED = re.compile(r"\b(?:which|what|how many|how much|when|where|who|tell me)\b|请告诉我|请问|哪|什么|几|多少",
                         re.IGNORECASE)
#: yes to it (closed class of assent)
_YES = re.compile(r"\b(?:yes|yeah|yep|yup|sure|ok|okay|alright|all right|fine|go ahead|go for it|do it|please do"
                  r"|confirm(?:ed)?|correct|right|absolutely|definitely|of course|sounds good|perfect|great|book it)\b"
                  r"|^\W*(?:好|可以|行|是|对|确定|确认|没问题|嗯|要|办吧|订吧|就这样办|同意)", re.IGNORECASE)
_NEGATIVE = re.compile(r"\b(?:no|nope|nah|not|don'?t|never|leave|keep)\b|不|别|没|算了", re.IGNORECASE)


def _confirming(conversation: Conversation) -> bool:
    """Whether the message before the latest turn is the model's confirmation question for an action."""
    i = conversation.latest_index
    if i is None or i == 0 or conversation.messages[i - 1].get("role") != "assistant":
        return False
    said = text_of(conversation.messages[i - 1].get("content")).strip()
    last = re.split(r"(?<=[.!。！])\s*", said)[-1]
    return bool(_CONFIRM.search(last)) and not _INFO_ASKED.search(last)


#: a clause that still asks for something after a "stop" or "scrap that": a request's cue, a correction, a value
_STILL_ASKS = re.compile(r"\b(?:please|can you|could you|would you|instead|rather|i meant|i mean)\b"
                         r"|帮我|请|给我|改成|换成|改到|我是说|而是|\d|(?-i:[A-Z]{2,})", re.IGNORECASE)


def _called_off(kinds: list[tuple[tuple[str, str | None], str]]) -> Halt | None:
    """A bare "wait, stop" or a formula that takes it back ("scrap that", 算了) after which the turn asks for nothing
    more - only halting clauses, or reasons ("那天我得加班") - calls off whatever came before it in the turn."""
    at = next((i for i, ((k, verb), c) in enumerate(kinds) if k in ("stop", "retract") and (
        _STOP_WHOLE.match(f := _bare(c)) or _RETRACT.match(f)) or k == "negated" and verb and any(
            verb in before for (_, _), before in kinds[:i])), None)  # "帮我退了吧……算了不退了": the same verb
    if at is None or at == 0 and all(k != "other" for (k, _), _ in kinds):
        return None  # nothing to call off before it, and nothing after it: the clause-by-clause reading decides
    after = kinds[at:]
    from fcourse.teaching.reading.analysis import analyse

    if any(k == "other" and (_STILL_ASKS.search(c) or {t.key[1:] for t in analyse(c).terms} & _ACTIONS()
                             or _short_day(c)) for (k, _), c in after):
        return None
    said = " / ".join(c for (k, _), c in after if k not in ("filler", "thanks", "other"))
    return Halt("stop" if kinds[at][0][0] == "stop" else "retract", said, kinds[at][0][1])


def _short_day(clause: str) -> bool:
    """A clause that is little more than a day or a time ("Wait, Friday instead."): a correction, not a reason."""
    from fcourse.teaching.reading.dates import time_spans

    spans = time_spans(clause)
    rest = "".join(ch for i, ch in enumerate(clause) if not any(a <= i < b for a, b in spans))
    return bool(spans) and (len(rest.split()) <= 1 if clause.isascii() else len(rest.strip(" 吧呢啊了")) <= 1)


def _once(clause: str) -> str:
    """A clause said twice and meant once (别了别了, 不用了不用了) as said once."""
    return re.sub(r"([\u4e00-\u9fff]{2,4})\1+", r"\1", clause)


def _bare(clause: str) -> str:
    """A clause without its leading fillers, said once, lower-case."""
    clause = _once(clause)
    return (_LEAD.sub("", clause).strip() or clause.strip()).lower().strip(" '\"")


def _asks_something(text: str) -> bool:
    """Whether a turn asks for something of its own: an action, or a value (an id, a number, a day)."""
    from fcourse.teaching.deciding.moves import move_asked
    from fcourse.teaching.reading.analysis import analyse
    from fcourse.teaching.reading.dates import time_spans

    a = analyse(text)
    return bool({t.key[1:] for t in a.terms} & _ACTIONS()) or bool(re.search(r"\d", text)) \
        or any(t.key in ("#date", "#time") for t in a.terms) or bool(time_spans(text)) or bool(move_asked(text))


def read_halt(conversation: Conversation) -> Halt | None:
    """A latest turn that asks for no tool - stop, a retraction, a goodbye - or None (see the module's docstring)."""
    latest = conversation.latest.strip()
    if not latest or len(latest) > 240:
        return None
    halting = bool(_CUES.search(latest)) or _confirming(conversation)
    refused = read_refusal(conversation) if halting or CUE.search(latest) else None
    if refused is not None or not halting:
        return refused  # no word any halting clause is made of: an everyday request costs two quick searches
    kinds = [(_kind_of(c), c) for c in _clauses(latest)]
    called_off = _called_off(kinds)
    if called_off:
        return called_off
    if kinds and any(k == "other" for (k, _), _ in kinds):
        # after the model's own "Shall I ...?", only a yes - or a request of the user's own - goes ahead
        if _confirming(conversation) and not _YES.search(latest) and not _asks_something(latest):
            return Halt("retract" if _NEGATIVE.search(latest) else "stop", latest)
        return None
    if not kinds:
        return None
    found = {k for (k, _), _ in kinds}
    verb = next((v for (k, v), _ in kinds if k == "negated"), None)
    said = " / ".join(c for (k, _), c in kinds if k not in ("filler", "thanks"))
    if found & {"retract", "negated"}:
        return Halt("retract", said, verb)
    if "stop" in found or "defer" in found and _confirming(conversation):  # "let me think first" to "Shall I?"
        return Halt("stop", said)
    if "farewell" in found:
        thanked = any(k in ("thanks", "farewell") and _THANK_WORD.search(c) for (k, _), c in kinds)
        return Halt("farewell", said, thanks=thanked)
    if found <= {"filler"} and _asked_back(conversation) and any(_NO.match(_LEAD.sub("", c).strip() or c) or
                                                                   _NO.match(c.strip().lower()) for _, c in kinds):
        return Halt("retract", latest)
    return None
