"""What kind of turn the user wrote: a request, or a question or remark that asks for no action.

Introduced in chapter 3. ``speech_act`` reads cue words - "why ...?", "what does
X mean?", "should I ...?", "你觉得 ...？", "谢谢" - and says which kind of turn
it is; routing then allows only the tools that kind of turn may use (a
question may be answered by a tool that looks things up, never by one that
changes something). A heuristic on cue words, not understanding: the decision
record shows which act was read.
"""

from __future__ import annotations

import re

from fcourse.teaching.reading.analysis import analyse, asks_status
from fcourse.teaching.reading.lexicon import ACTION_CONCEPTS

__all__ = ["speech_act"]


_EXPLAIN_RE = re.compile(r"^\W*(?:why\b|how come\b)|为什么|为啥|怎么会|咋会|怎么回事", re.IGNORECASE)
_MEANING_RE = re.compile(
    r"\bwhat(?:'s| is| does| do)\b.{0,60}\bmean\b|\bmeaning of\b|\bdifference between\b"
    r"|\bwhat(?:'s| is) the difference\b"
    r"|\bdefinition of\b|^\W*tell me (?:about|more about)\b|\bhow (?:does|do) .{1,40} work\b|^\W*explain\b"
    r"|什么意思|啥意思|什么区别|有什么区别|有什么不同|区别是什么|是什么概念|原理|怎么工作|是怎么回事|介绍一下|解释一下|^\W*(?:请)?(?:解释|说说|讲讲)?\W*什么是",
    re.IGNORECASE,
)
_ADVICE_RE = re.compile(
    r"^\W*(?:should (?:i|we)\b|is it (?:better|worth|wise|cheaper|smarter|a good idea)\b|would it be better\b"
    r"|which is better\b|what(?:'s| is) the best\b|how far in advance\b|how early should\b|do you recommend\b)"
    r"|应不应该|该不该|值不值得|划不划算|哪个更好|哪个好|有必要吗"
    r"|^\W*你(?:觉得|认为|看)|怎么(?:样)?(?:才能|比较|才)|如何(?:才能)?.*[？?]\s*$|一般.*(?:吗|[？?])\s*$",
    re.IGNORECASE,
)
#: "how do I ...?": a how-to question, asking for advice - unless it names an action a tool takes ("how do I cancel
#: my booking?" asks for the cancellation)
_HOW_TO_RE = re.compile(r"^\W*how (?:do|can|should|would) (?:i|we|one)\b.*\?\s*$", re.IGNORECASE)
_INFO_RE = re.compile(
    r"^\W*(?:(?:at|in|on|for|from|to|by|with|of)\s+)?"
    r"(?:what(?:'s|s| is| are| was)?|who(?:'s| is)?|where(?:'s| is)?|when(?:'s| is| will| does| did)?|which"
    r"|how (?:much|many|long|far|old)|is|are|was|were|has|have|did|does)\b.*\?\s*$"
    r"|(?:什么|谁|哪里|哪儿|哪个|哪一[个条位家天种年]|几点|几天|几个|几号|多少|多久|多远|是多少).*(?:？|\?|吗|呢)?\s*$"
    r"|(?P<ab>算|赔|够|是|有|对|行|好|贵|高|多)不(?P=ab)|吗\s*[？?]?\s*$",
    re.IGNORECASE,
)
_CAPABILITY_RE = re.compile(
    r"^\W*(?:can|could|do|does|will|are|is it possible (?:for you )?to|are you able to)\b(?: you\b)?.*\?\s*$"
    r"|^\W*你(?:能|可以|会)(?:不能|不会)?.*(?:吗|？|\?)\s*$|^\W*(?:能不能|可不可以|会不会).*(?:吗|？|\?)\s*$",
    re.IGNORECASE,
)
_SPECIFIC_RE = re.compile(
    r"\d|@|[\"“”'‘’「」]|(?<![A-Za-z])(?:me|my|mine|i|our|us|the|this|that|it|these|those)(?![A-Za-z])|我|帮|这|那",
    re.IGNORECASE,
)


#: a question about the assistant itself - what it can do, what it is (issue 26): "you" with a verb of ability or
#: identity, or "your" with a word for what one can do; 你 with 能/可以/会 and 什么/哪些, or 你是谁
_META_RE = re.compile(
    r"\b(?:what|which|how)\b[^.?!]{0,40}\b(?:can|could|do|will)\s+(?:you|u)\s+(?:do|help|offer|handle|assist)\b"
    r"|\bwhat\b[^.?!]{0,20}\b(?:are|r)\s+you\s+(?:able|capable|good|for|here)\b|\bhow (?:can|could) you help\b"
    r"|\byour\s+(?:capabilities|abilities|skills|functions|features|tools|limits|limitations)\b"
    r"|^\W*(?:who|what) are you\W*$|^\W*help\W*$"
    r"|你(?:都)?(?:能|可以|会)(?:帮(?:我)?)?(?:做|干|处理|办)?(?:些)?(?:什么|哪些|啥)|你(?:都)?有(?:哪些|什么|啥)(?:功能|能力|本事|用)"
    r"|你是谁|你是什么|能帮我(?:做|干)?(?:些)?(?:什么|啥)",
    re.IGNORECASE)
#: a request for something made up - a joke, a poem, a story, a song (issue 26): no tool makes one
_CREATIVE_RE = re.compile(
    r"\b(?:tell|write|make up|compose|give|share|sing|recite|invent|create)\b[^.?!]{0,40}"
    r"\b(?:jokes?|poems?|poetry|story|stories|songs?|haikus?|limericks?|riddles?|puns?|raps?|lyrics|sonnets?)\b"
    r"|(?:讲|说|写|来|作|编|唱|念)[^。？！?!]{0,8}(?:笑话|诗|故事|歌|段子|谜语|对联|顺口溜)",
    re.IGNORECASE)
_SOCIAL_RE = re.compile(
    r"^\W*(?:thanks?\b|thank you|cheers\b|great\b|perfect\b|awesome\b|hi\b|hello\b|hey\b"
    r"|good (?:morning|afternoon|evening|night)\b|bye\b"
    r"|谢谢|多谢|感谢|好的|你好|您好|再见|辛苦|(?:早上|上午|中午|下午|晚上)好|早安|午安|晚安|嗨|哈喽)", re.IGNORECASE)
#: thanks that opens the turn's first clause ("just wanted to say thanks - the fitter was great")
_THANKS_FIRST_RE = re.compile(r"^[^.!?。！？—–;；]{0,30}?(?:\bthanks?\b|\bthank you\b|谢谢|多谢|感谢)", re.IGNORECASE)
#: thanks that closes the turn ("the tickets came, thanks!", "…，谢谢师傅！")
_THANKS_LAST_RE = re.compile(r"(?:\bthanks?\b|\bthank you\b|谢谢|多谢|感谢)[^。.!！?？]{0,8}[。.!！~～]*\s*$",
                             re.IGNORECASE)
#: a Chinese request put as a question: "我想…，可以吗？", "能改到6月16号吗？" (I want; is that all right; can it)
_POLITE_ZH = re.compile(r"^\W*我(?:想|要)|(?:可以|行|好|能)吗\s*[？?]?\s*$"
                        r"|^\W*(?:\S{0,8}，)?能(?!不能).{1,20}吗\s*[？?]?\s*$")
ACTION_KEYS = frozenset("#" + c for c in ACTION_CONCEPTS)
_ASKS_RE = re.compile(r"帮我|给我|请|麻烦|\bplease\b|\bcan you\b|\bcould you\b|\bpls\b|[A-Z]{1,4}-?\d{2,}",
                      re.IGNORECASE)


#: a few words that announce the turn before a colon ("Small question:", "One more thing -", 问一下：)
_PREAMBLE = re.compile(r"^\W*(?:(?:a |one )?(?:quick|small|silly|random|last|another|general)?\s*"
                       r"(?:question|query|thing|one more thing)|by the way|btw|just curious"
                       r"|问一下|问个问题|顺便问一下|请问一下)\s*[:：,，\-–—]\s*",
                       re.IGNORECASE)


def _dated_or_counted(text: str) -> bool:
    """Whether the turn names a day or a count ("tomorrow morning", "two suits"): a request about something
    specific, not a question about what a tool can do."""
    from fcourse.teaching.reading.dates import time_spans
    from fcourse.teaching.reading.numbers import numbers_in

    return bool(time_spans(text) or numbers_in(text))


def speech_act(text: str) -> str:
    """What the turn does: ``request`` (the default), or a question that asks for no action.

    - ``explain``: "why ...?", "为什么 ...": an explanation, not the action ("why was I
      charged twice?" does not refund);
    - ``meaning``: "what does X mean?", "X 和 Y 有什么区别": a definition;
    - ``advice``: "should I ...?", "is it better to ...?": an opinion;
    - ``info``: "what's Priya's phone number?", "北京现在几点？", "修得怎么样了？": asks for a fact - a
      tool that looks things up may answer it, one that changes things may not;
    - ``social``: "thanks, all sorted!", "谢谢，问题解决了", "it came today, thanks!": thanks or a greeting that
      asks for nothing (thanks at the end of a turn that names no day or count);
    - ``capability``: "can you send SMS abroad?" - a question *about* a tool, with no
      specific object (no value, no "my", "the", "this", no quotes);
    - ``meta``: a question about the assistant itself ("what can you do?", 你能做什么): answered with what its
      tools do, never with a tool call;
    - ``creative``: a joke, a poem, a story ("tell me a joke", 讲个笑话): nothing a tool makes.

    A heuristic on cue words, not understanding; the record shows which act was read.
    """
    text = _PREAMBLE.sub("", text)  # "Small question: why ...?" is the question after the colon
    if _META_RE.search(text) and not _dated_or_counted(text):
        return "meta"
    if _CREATIVE_RE.search(text):
        return "creative"
    closing = bool(_THANKS_LAST_RE.search(text) or _THANKS_FIRST_RE.search(text) and "?" not in text) \
        and not _dated_or_counted(text)  # "two tickets for May 3, thanks"
    if (_SOCIAL_RE.search(text) or closing) and not _ASKS_RE.search(text) and not analyse(text).keys & ACTION_KEYS:
        return "social"
    if _EXPLAIN_RE.search(text):
        return "explain"
    if _MEANING_RE.search(text):
        return "meaning"
    if _ADVICE_RE.search(text) or _HOW_TO_RE.search(text.strip()) and not analyse(text).keys & ACTION_KEYS:
        return "advice"
    if (_INFO_RE.search(text.strip()) or asks_status(text)) and not re.search(
            r"帮我|给我|(?<![申邀])请|please|\bcan you\b|\bcould you\b", text, re.IGNORECASE) \
            and not _POLITE_ZH.search(text):
        return "info"
    if _CAPABILITY_RE.search(text.strip()) and not _SPECIFIC_RE.search(re.sub(r"^\W*\w+\s+you\b", "", text.strip(),
                                                                              flags=re.IGNORECASE)) \
            and not _dated_or_counted(text):
        return "capability"
    return "request"
