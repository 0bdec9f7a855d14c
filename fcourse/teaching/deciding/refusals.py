"""Turns a tool must not serve, whatever tool would fit: an emergency, a false record, someone else's account
(issue 36).

Introduced in chapter 4 (what the runtime and the model may not do). Read before any tool is scored
(``halts.read_halt`` asks here first):

- **emergency**: a danger to life happening now - someone not breathing, collapsed, unconscious, drowning,
  choking, bleeding heavily; a fire, a gas leak (not breathing, 没有呼吸, 溺水, 着火, 火警). The answer is to call
  the emergency services now; a message through a tool (a front desk, a maintenance report) is too slow and
  may never be read. Words from first aid and fire safety, in both languages; a bare "smoke" or "urgent" is not
  one (a smoking laser cutter is a fault report).
- **false record**: a request to record something the user says did not happen - a verb of recording ("log
  me as", "mark as", 改成, 记成, 写成) beside the user's own word that it is not so ("I missed", "I didn't",
  其实还没, 没去) - or any request with a word of falsifying ("backdate", "fake", 伪造, 造假).
- **someone else's account**: acting with another person's credentials or on their record with only the
  user's word for their consent - another person named as the owner (my neighbour's, 同学的, her, 他的) beside
  a claim of consent or a shared secret ("she said it's fine", "he gave me his password", 他把密码告诉我了).
  Acting *for* family or friends ("book a table for my mum", 帮我妈约) is not refused: only their consent or
  secret, claimed by the user, is.

The lists are closed classes (emergency words of first aid and fire safety, verbs of recording, words of
denial, kinship and social nouns, words of consent and credentials), not phrases of any request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from fcourse.teaching.deciding.conversation import Conversation

__all__ = ["CUE", "Halt", "read_refusal"]


@dataclass(frozen=True)
class Halt:
    """A turn that must get an answer and no tool call: its ``kind``, the words that made it one (``said``), and
    the action word the user negated, if any (``verb``: "cancel", 取消)."""

    kind: Literal["stop", "retract", "farewell", "emergency", "false_record", "someone_else"]
    said: str
    verb: str | None = None
    thanks: bool = False
    fire: bool = False

    def record(self) -> dict[str, str | bool | None]:
        return {"kind": self.kind, "said": self.said, "verb": self.verb}

_PERSON = (r"(?:someone|somebody|a (?:man|woman|person|child|kid|guy|lady|boy|girl|baby|customer|member|guest|patient"
           r"|swimmer|runner)|he|she|they|my (?:\w+)|the (?:man|woman|person|child|kid|guy|lady|boy|girl|baby)"
           r"|(?:an? )?(?:old|elderly) (?:man|woman|person))")
_MEDICAL_EN = re.compile(
    r"\b(?:not breathing|isn'?t breathing|aren'?t breathing|stopped breathing|can'?t breathe|cannot breathe"
    r"|struggling to breathe|unconscious|unresponsive|heart attack|cardiac arrest|having a stroke|having a seizure"
    r"|overdos(?:e|ed|ing)|anaphyla\w+|severe allergic reaction|bleeding (?:heavily|badly|a lot|profusely|everywhere)"
    r"|won'?t stop bleeding|drowning|nearly drowned|electrocuted|choking|call (?:an? )?ambulance"
    r"|(?:won'?t|can'?t|cannot|isn'?t|not) (?:wake (?:up|him|her|them)|waking up)|too many (?:pills|tablets)"
    r"|kill (?:myself|himself|herself)|suicid\w*|chest pains?|(?:crushing |sharp |bad )?(?:pain|pressure|tightness) in "
    r"(?:his|her|my|their|the) chest|face (?:is |looks |looking )?droop(?:ing|y)|droopy face|slurr(?:ed|ing)"
    r"|one side of (?:his|her|my|their) (?:face|body)"
    r"|(?:is(?:n'?t| not)|not|won'?t|stopped) respond(?:ing)?(?!\s+to\b))\b"
    rf"|\b{_PERSON}\s+(?:just\s+|has\s+|have\s+|suddenly\s+)?(?:collapsed|passed out|fainted|fell unconscious"
    r"|blacked out|stopped moving)\b", re.IGNORECASE)
_FIRE_EN = re.compile(r"\b(?:on fire|caught fire|catching fire|fire alarm (?:is |'s )?(?:going off|ringing|sounding)"
                      r"|there'?s a fire|a fire (?:in|on|at|next door|upstairs|downstairs)|flames|gas leak"
                      r"|smell(?:s|ing)? (?:of )?gas|carbon monoxide|explosion|exploded|burning smell"
                      r"|smell(?:s|ing)? (?:like|of) burning|smoke (?:is )?(?:coming|pouring|billowing|filling))\b",
                      re.IGNORECASE)
_MEDICAL_ZH = re.compile(r"叫不醒|醒不过来|吃了(?:很多|一大把|整瓶)(?:的)?药|没(?:有)?(?:了)?呼吸|不呼吸|停止呼吸"
                         r"|喘不(?:上|过)气|呼吸困难|昏迷|晕倒|昏倒|晕过去|昏过去|不省人事"
                         r"|心脏病(?:发作|犯了)|心梗|心脏骤停|中风了|抽搐|癫痫发作|大出血|血流不止|流了很多血|溺水"
                         r"|淹着了|胸口(?:疼|痛|闷|发紧)|胸痛|胸闷|(?:人|他|她|孩子|老人|同事|朋友|客人|会员|爸|妈)[^，。！？]{0,8}倒(?:下|地)"
                         r"|(?:叫|喊|拍|摇)(?:他|她|人)?(?:也|都)?没(?:有)?(?:了)?反应|叫(?:他|她)?(?:也)?不应|口齿不清|嘴歪"
                         r"|窒息|噎住了|触电|过敏性休克|服药过量|叫救护车|打120|自杀|轻生")
_FIRE_ZH = re.compile(r"着火|起火|失火|火灾|烧起来了|火警(?:响|铃)|煤气泄漏|燃气泄漏|天然气泄漏|煤气中毒|一氧化碳"
                      r"|爆炸了|打119|燃气味|煤气味|天然气味|闻到(?:燃气|煤气|天然气|糊味)|冒(?:黑)?烟|浓烟|烧焦(?:的)?味")
#: "not an emergency", "if someone faints, what should I do?": said about, not happening
_NOT_NOW = re.compile(r"\bnot an emergency\b|\bif (?:someone|a \w+|he|she|they)\b|\bwhat (?:should|do) (?:i"
                      r"|you) do if\b"
                      r"|\bhow (?:do|should) (?:i|you)\b|不是紧急|如果有人|万一|怎么办才|应该怎么", re.IGNORECASE)

#: verbs of recording something as so ("log me as attended", "mark it as paid", 改成已经打过, 记成出勤)
_RECORD = re.compile(r"\b(?:log|mark|record|register|enter|put|list|show|change|update|set|note|tick|sign|switch)\b"
                     r"[^.?!]{0,40}\b(?:as|to say|to show|that (?:i|he|she|they|we)|to)\b"
                     r"|\b(?:say|show|pretend) (?:that )?(?:i|he|she|they|we)\b"
                     r"|(?:改成|改为|写成|写上|记成|记为|记录为|记录成|登记为|登记成|标记为|标成|填成|填上|改一下.{0,6}成)",
                     re.IGNORECASE)
#: what a record would then say was done (attended, paid, 已经打过, 出勤)
_DONE = re.compile(r"\b(?:attended|present|done|completed?|paid|delivered|received|returned|taken|given|vaccinated"
                   r"|checked in|on time|passed|finished|submitted|collected|picked up|visited|in attendance"
                   r"|showed up|turned up)\b|已经|已|过|完成|出勤|到场|到校|到课|出席|在场|签到|参加了|交了|付了|打了"
                   r"|做了|合格|通过|正常|达标|normal|healthy|negative|clear", re.IGNORECASE)
#: the user's own word that it is not so (a closed set of denials of having done something)
_DENIAL = re.compile(r"\b(?:i|he|she|they|we|my \w+|our \w+) (?:missed|skipped|didn'?t|did not|haven'?t|hasn'?t"
                     r"|have not"
                     r"|has not|wasn'?t|was not|weren'?t|never|couldn'?t|could not|bunked|cut)\b"
                     r"|\b(?:didn'?t|did not|never) (?:actually |really )?(?:go|attend|come|turn up|show up|happen|take"
                     r"|get|have|do)\b|\bnot actually\b|\beven though (?:i|he|she|they|we)\b"
                     r"|\balthough (?:i|he|she|they|we) (?:didn'?t|wasn'?t)\b"
                     r"|\b(?:i'?m|i am|i'?ll|i will|i'?m going to) (?:taking|take|sitting|sit|doing|do|having)"
                     r" (?:it|them"
                     r"|the \w+)(?: \w+)? (?:next|later|tomorrow|on|in)\b|\bnot (?:yet|taken|done) (?:it|them)?\b"
                     r"|偏高|偏低|超标|不正常|异常|不合格|没达标|没(?:有)?通过"
                     r"|其实(?:还)?没|其实并没|还没(?:有)?(?:打|去|做|交|到|来|上|参加|完成|接种)|并没有|根本没|没(?:有)?去"
                     r"|没(?:有)?参加|没(?:有)?来|没(?:有)?上(?:课|学)?|逃课|逃学|旷课|实际上没|虽然没", re.IGNORECASE)
#: words of falsifying a record
_FALSIFY = re.compile(r"\b(?:backdate|back-date|falsif\w+|fake|forge|forged|doctor the|fudge|make it look like)\b"
                      r"|伪造|造假|作假|做假|假的记录|倒签|编一个|弄个假", re.IGNORECASE)

#: another person as the owner: "my neighbour's", "her", 同学的, 他的 (kinship and social nouns: a closed class)
_OTHER_EN = re.compile(r"\b(?:my|our) (?:neighbou?r|friend|mate|colleague|co-worker|coworker|classmate|roommate"
                       r"|flatmate|housemate|boss|partner|wife|husband|girlfriend|boyfriend|mother|mum|mom|father|dad"
                       r"|brother|sister|son|daughter|cousin|aunt|uncle|grandmother|grandfather|grandma|grandpa|niece"
                       r"|nephew|client|tenant|landlord|student|teacher|employee)'?s\b|\b(?:his|her|their|someone "
                       r"else'?s|somebody else'?s)\b", re.IGNORECASE)
_OTHER_ZH = re.compile(r"(?:邻居|朋友|同学|同事|室友|舍友|老板|老婆|老公|妻子|丈夫|女朋友|男朋友|妈妈|妈|爸爸|爸|哥哥"
                       r"|姐姐|弟弟"
                       r"|妹妹|儿子|女儿|表哥|表姐|叔叔|阿姨|爷爷|奶奶|外公|外婆|客户|学生|老师|别人|他|她|他们"
                       r"|她们)的")
#: the user's claim of the other person's consent, or a secret of theirs the user holds
_CONSENT = re.compile(r"\b(?:s?he|they) (?:said|says) (?:it'?s|it is|that'?s) (?:fine|ok|okay|alright|all right)"
                      r"|\b(?:s?he|they) (?:doesn'?t|don'?t) mind\b|\b(?:s?he|they) (?:gave|told|sent) me (?:his|her"
                      r"|their)"
                      r" (?:password|pin|login|code|card|details)|\bwith (?:his|her|their) (?:password|pin|login)\b"
                      r"|\blog (?:in|on) as\b|\bpretend(?:ing)? to be\b|\bon (?:his|her|their) behalf\b"
                      r"|\b(?:s?he|they) (?:agreed|approved|okayed|authori[sz]ed) (?:it|this)\b"
                      r"|(?:他|她|他们|她们)(?:说|都说)(?:了)?(?:没关系|可以|没问题|行|同意)|(?:他|她)同意(?:了)?"
                      r"|(?:把|将)(?:密码|账号|验证码|PIN)(?:告诉|发给|给)(?:了)?我|(?:密码|验证码)(?:他|她)(?:告诉"
                      r"|给)(?:了)?我"
                      r"|冒充|以(?:他|她)的名义|代替(?:他|她)登录", re.IGNORECASE)


#: a word every emergency, denial, falsification and claim of consent above has one of: read first, so an everyday
#: request costs one quick search
CUE = re.compile(r"missed|skipped|didn|did not|never|haven|hasn|have not|has not|wasn|was not|weren|couldn"
                 r"|could not|bunked|cut|not actually|even though|although|fake|forge|falsif|backdate|back-date|fudge"
                 r"|doctor|look like|said|says|mind|gave|told|sent|password|pin|login|log in|log on|pretend|behalf"
                 r"|agreed|approved|okayed|cardiac|arrest"
                 r"|chest|droop|slurr|side of|respond|smoke|burning|胸|倒|反应|不应|口齿|嘴歪|味|烟|焦"
                 r"|authori|hers|his|theirs|for him|for her|for them|behalf|asked me|wants me|told me|让我|叫我|托我"
                 r"|请我|帮他|帮她|替他|替她|代他|代她|taking|take|sitting|doing|having|not yet|偏|超标|异常|合格|达标"
                 r"|breath|conscious|responsive|collaps|faint|passed out|blacked|heart|stroke|seizure|overdos"
                 r"|anaphyla|allergic|bleed|drown|electrocut|chok|ambulance|kill|suicid|fire|flame|gas|carbon|explo"
                 r"|wak|pills|tablets|moving|其实|还没|并没|根本没|没|逃|旷|虽然|伪造|造假|作假|做假|假|倒签|编|弄个"
                 r"|说|同意|密码|账号|验证码|PIN|冒充|名义|代替|呼吸|喘|昏|晕|倒|心|中风|抽搐|癫痫|血|溺水|淹|窒息|噎"
                 r"|触电|休克|药|救|自杀|轻生|火|烧|煤气|燃气|天然气|一氧化碳|爆炸|醒|不省|120|119|110", re.IGNORECASE)
def _emergency(text: str) -> Halt | None:
    if _NOT_NOW.search(text):
        return None
    fire = _FIRE_EN.search(text) or _FIRE_ZH.search(text)
    medical = _MEDICAL_EN.search(text) or _MEDICAL_ZH.search(text)
    found = fire or medical
    return Halt("emergency", found.group(), fire=bool(fire)) if found else None


def _false_record(text: str) -> Halt | None:
    falsify = _FALSIFY.search(text)
    if falsify:
        return Halt("false_record", falsify.group())
    denial = _DENIAL.search(text)
    for record in _RECORD.finditer(text) if denial else ():
        done = _DONE.match(text, record.end() + len(text[record.end():]) - len(text[record.end():].lstrip()))
        if done:  # recorded as done, while the user says it was not
            return Halt("false_record", f"{record.group()} {done.group()} / {denial.group()}")
    return None


#: changing or ending another person's own booking for them ("move his for him", 替他把周三的课退了): a verb of
#: changing something that exists, with the other person as its owner; making a new booking for them is not this
_FOR_THEM = re.compile(r"\b(?:cancel|change|move|reschedule|refund|delete|remove|drop|withdraw|transfer|swap)\b"
                       r"(?:(?!\b(?:and|my|then|also|not)\b)[^.?!,;—–]){0,40}"
                       r"\b(?:hers|his|theirs|(?:for|on behalf of) (?:him|her"
                       r"|them))\b"
                       r"|\b(?:s?he|they) (?:asked|wants|told) me to (?:cancel|change|move|reschedule|refund|delete)\b"
                       r"|(?:他|她|他们|她们)(?:让|叫|托|请)我|(?:帮|替|代)(?:他|她|他们|她们)(?:把|取消|改|退|删)",
                       re.IGNORECASE)


def _someone_else(text: str) -> Halt | None:
    acting = _FOR_THEM.search(text)
    if acting:
        return Halt("someone_else", acting.group())
    consent = _CONSENT.search(text)
    other = consent and (_OTHER_EN.search(text) or _OTHER_ZH.search(text))
    if other and consent:
        return Halt("someone_else", f"{other.group()} / {consent.group()}")
    return None


def read_refusal(conversation: Conversation) -> Halt | None:
    """An emergency, a false record or someone else's account in the latest turn (see the module's docstring)."""
    latest = conversation.latest
    if not CUE.search(latest):
        return None
    return _emergency(latest) or _false_record(latest) or _someone_else(latest)
