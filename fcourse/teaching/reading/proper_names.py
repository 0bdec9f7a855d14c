"""Proper names as argument values: "Book my daughter Lily Zhang in ..." gives ``patient_name`` "Lily Zhang".

Part of the teaching model's argument filling (chapter 2). A parameter that asks
for a *name* (its name or description says "name", 姓名 or 名字) is filled with
the name the user wrote, not with the words around it. Where the name is:

- after a naming cue: "named Biscuit", "his name is Tom Baker", "name 赵云", "叫王小明";
- written as a name: in English a run of capitalised words (a sentence's first
  word counts only when it is not an ordinary English word, read from the
  CC-CEDICT glosses' English vocabulary); in Chinese a word jieba's
  part-of-speech tagger marks as a person's name (``nr``).

Only one such name in the text is used; two or more, and the free-text filler's
choice stands (it cannot tell which one was meant). No list of names is kept.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from fcourse.teaching.reading.params import name_words

__all__ = ["asks_for_a_name", "not_a_name", "ordinary_word", "proper_name"]

_NAME_CUE_EN = re.compile(r"\b(?i:named|called|(?:his|her|their|my|the)? ?name(?: is|:)?)\s+(?P<v>[^\s,.;!?，。；！？]+"
                          r"(?:\s+[A-Z0-9][^\s,.;!?，。；！？]*)*)")
#: a self-introduction with a full name ("I'm Tomasz Wierzbicki", "this is Ana Ruiz"): two capitalised words at least
_SELF_CUE_EN = re.compile(r"\b(?:I'm|I’m|I am|[Tt]his is|[Ii]t's|[Ii]t’s|[Mm]y name's)\s+"
                          r"(?P<v>[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?:\s+[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?)+)")
_NAME_CUE_ZH = re.compile(r"(?:名字是|名字叫|名叫|姓名是|(?:姓名|名字)[:：]?|叫做|叫)\s*"
                          r"(?P<v>[\u4e00-\u9fff]{2,4}|[A-Za-z]+)")
_WORD = r"[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?"
_RUN = re.compile(rf"(?<![A-Za-z]){_WORD}(?:\s+{_WORD})*(?![A-Za-z0-9])")
_SENTENCE_START = re.compile(r"(?:^|[.!?。！？]\s*|[\"“]\s*)$")
# English function words that may open a sentence capitalised (a closed class, as in ``meaning``)
_OPENERS = frozenset("""a an the and or but if so to of for in on at by with from i my our your his her their its
this that these those there here what which who when where why how can could would should will please hi hey
dear thanks thank yes no ok okay book put add send get make set let tell find give show it it's don't doesn't
didn't can't won't isn't""".split())


def asks_for_a_name(name: str, schema: dict[str, Any]) -> bool:
    """Whether a string parameter asks for someone's or something's proper name."""
    if schema.get("enum") or schema.get("pattern") or schema.get("format"):
        return False
    words = set(re.findall(r"[a-z]+", f"{name_words(name)} {schema.get('description', '')}".lower()))
    text = str(schema.get("description", ""))
    return bool(words & {"name", "names"}) or "姓名" in text or "名字" in text


def _read_vocabulary() -> tuple[frozenset[str], frozenset[str]]:
    """(English words CC-CEDICT's glosses write in lower case, their Snowball stems)."""
    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.glosses import _read_table

    words: set[str] = set()
    for senses in _read_table().values():
        for sense in senses:
            words.update(w for w in re.findall(r"\b[a-z]{3,}\b", sense))  # names are capitalised there: left out
    return frozenset(words), frozenset(stem(w) for w in words)


@functools.lru_cache(maxsize=1)
def _vocabulary_and_stems() -> tuple[Any, Any]:
    """(CC-CEDICT's lower-case English words, their stems) as two sets to test words against: tries opened from
    the resource cache, or frozensets built in memory when no cache can be written."""
    from pathlib import Path

    import marisa_trie

    from fcourse.teaching.reading import analysis, glosses
    from fcourse.teaching.reading.resources import artifact

    def build(path: Path) -> None:
        path.mkdir()
        for name, entries in zip(("words", "stems"), _read_vocabulary()):
            marisa_trie.Trie(entries).save(str(path / f"{name}.marisa"))

    inputs = [glosses._dictionary(), Path(__file__), Path(analysis.__file__)]
    folder = artifact("cedict_vocabulary", inputs, build)
    if folder is None:
        return _read_vocabulary()
    tries = []
    for name in ("words", "stems"):
        trie = marisa_trie.Trie()
        trie.mmap(str(folder / f"{name}.marisa"))
        tries.append(trie)
    return tries[0], tries[1]


def ordinary_word(word: str) -> bool:
    """Whether a capitalised word is an ordinary English word, in any spelling ("Enrol" as "enroll" is)."""
    from fcourse.teaching.reading.analysis import stem

    words, stems = _vocabulary_and_stems()
    return word.lower() in words or stem(word) in stems


def _english_names(text: str) -> list[str]:
    out = []
    for m in _RUN.finditer(text):
        words = m.group().split()
        if _SENTENCE_START.search(text[: m.start()]):  # a sentence's first word is capitalised anyway
            while words and words[0].lower() in _OPENERS:
                words.pop(0)
            if words and (words[0].lower() in _vocabulary_and_stems()[0]  # "Register Olga Petrova": ordinary first
                          or len(words) == 1 and ordinary_word(words[0])):  # "Enrol my son": another spelling
                words.pop(0)
        while words and _CALENDAR.fullmatch(words[-1]):  # "Nonna's this Friday": a day's name names no one
            words.pop()
        while words and _CALENDAR.fullmatch(words[0]):
            words.pop(0)
        if words:
            out.append(" ".join(words))
    return list(dict.fromkeys(out))


# the calendar's capitalised words (a closed class): weekdays and months
_CALENDAR = re.compile(r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July"
                       r"|August|September|October|November|December")


def _tagged(text: str) -> list[tuple[str, str]]:
    """(word, part-of-speech tag) for each word of ``text``, by jieba's tagger."""
    from fcourse.teaching.reading.segmenter import pos_cut

    return pos_cut(text)


def chinese_names(text: str) -> list[str]:
    """People's names in a Chinese text, by jieba's tagger ("nr"; "nrfg" for a name its dictionary holds whole,
    such as 李强), in order, each once; not a doubled character (谢谢 "thanks", which the tagger calls a name)."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return []
    return list(dict.fromkeys(word for word, tag in _tagged(text) if tag in ("nr", "nrfg") and len(word) >= 2
                              and not (len(word) == 2 and word[0] == word[1])
                              and (word[0] in _SURNAMES or word[:2] in _DOUBLE_SURNAMES)))


#: the common Chinese family names (a closed class): the tagger also calls loanwords names (巧克力 "chocolate")
_SURNAMES = frozenset("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁"
                      "任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴"
                      "莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪"
                      "梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简"
                      "车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师仇栾隋商刁沙荣巫寇桑郎甄丛"
                      "仲虞敖巩明佘池查麻苑迟邝")
_DOUBLE_SURNAMES = frozenset("欧阳 诸葛 司马 上官 东方 皇甫 慕容 令狐 司徒 公孙 夏侯 尉迟 长孙 宇文".split())


#: kinship and social nouns: "张伟的妈妈" names the mother, not 张伟 (a closed class)
_KIN_ZH = re.compile(r"妈|爸|母|父|儿|女|哥|姐|弟|妹|爷|奶|外公|外婆|叔|阿姨|舅|姑|老婆|老公|妻|夫|朋友|同学|同事|孩子")


def proper_name(text: str, picked: str | None) -> tuple[str, str] | None:
    """The name in ``text`` for a name parameter, and how it was found; None to keep the free-text ``picked``."""
    owner = re.fullmatch(r"([\u4e00-\u9fff]{1,4})的([\u4e00-\u9fff]+)", picked or "")
    if owner and not _KIN_ZH.match(owner.group(2)):  # "球球的驱虫(药)": 球球 is the name, the rest is its thing
        return owner.group(1), "the name before 的 (what follows is its thing)"
    for cue in (_NAME_CUE_ZH, _NAME_CUE_EN, _SELF_CUE_EN):
        m = cue.search(text)
        if m and m.group("v").strip():
            value = m.group("v").strip()
            if cue is _NAME_CUE_ZH or not value.islower() or value == picked:
                return value, "the name after a naming cue"
    chinese = chinese_names(text)  # jieba's tagger is read once per text
    names = _english_names(text) + chinese
    if len(names) != 1:
        return None
    name = names[0]
    # the free text's pick stands when it could be a name and is the name, or a short run of the text the name is not
    # in - unless the name is a person's by jieba's tagger and the pick holds none ("报名人陈刚": 陈刚, not "全马")
    if picked is not None and not not_a_name(picked) and (
            picked == name or name not in picked and picked in text and len(picked) <= len(name)
            and not (name in chinese and not chinese_names(picked))):
        return None
    return name, "written as a name (capitalised words, or a person's name by jieba's tagger)"


#: jieba's part-of-speech tags of words that name nothing: verbs, adjectives, adverbs, times, prepositions,
#: conjunctions, particles, numerals, measure words, pronouns ("入住", "有空", "明天")
_NO_NAME_TAGS = ("v", "a", "d", "t", "p", "c", "u", "m", "q", "r", "f")


def not_a_name(value: str) -> bool:
    """Whether words are plainly no one's name: a day or a time ("August 20"), Chinese words that are all verbs,
    adjectives, times and the like by jieba's tagger ("入住", "有空"), or English words all ordinary and lower-case."""
    from fcourse.teaching.reading.dates import time_spans
    from fcourse.teaching.reading.day_resolver import dates_in

    if dates_in(value) or time_spans(value) or re.search(r"\d", value):  # a name has no digits ("RX-2210")
        return True
    if re.search(r"[\u4e00-\u9fff]", value):
        tags = [tag for word, tag in _tagged(value) if word.strip()]
        # a run longer than a name that ends on a measure word or numeral ("给猫咪球球订个") is words cut from a request
        cut = len(value) > 4 and tags[-1].startswith(("q", "m"))
        return bool(tags) and (cut or all(t.startswith(_NO_NAME_TAGS) for t in tags))
    words = re.findall(r"[A-Za-z]+", value)
    return bool(words) and all(w.islower() and ordinary_word(w) for w in words)


def _holder_words(name: str, schema: dict[str, Any]) -> set[str]:
    """The words a parameter's name and description use for whose value it is ("紧急联系人", "recipient"), besides
    the words for a name or a phone."""
    text = f"{name_words(name)} {schema.get('description', '')}"
    english = {w for w in re.findall(r"[a-z]{4,}", text.lower()) if not ordinary_word(w) or w in _HOLDERS}
    chinese = {run[i:i + 3] for run in re.findall(r"[\u4e00-\u9fff]{3,}", text) for i in range(len(run) - 2)}
    return english - {"name", "names", "full", "phone", "number", "mobile", "email"} | chinese


#: English words for someone a value belongs to (a closed class; rarer ones pass as words outside the vocabulary)
_HOLDERS = frozenset("contact recipient guest runner rider student patient owner driver passenger member "
                     "buyer sender caller".split())


#: the user asks on someone else's behalf ("帮我朋友下个单", "给我妹妹家租", "for my sister"): closed classes of
#: kin and relations
_FOR_OTHER = re.compile(r"(?:帮|给|替|为)我?的?(?P<zh>朋友|妹妹|姐姐|弟弟|哥哥|妈妈|爸爸|母亲|父亲|同事|女儿|儿子"
                        r"|爷爷|奶奶|外婆|外公|邻居|室友|同学|家人|亲戚)"
                        r"|\bfor my (?P<en>friend|sister|brother|mum|mom|mother|dad|father|son|daughter|colleague"
                        r"|neighbou?r|roommate|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin)\b",
                        re.IGNORECASE)
#: words of a parameter for how to reach someone or where they are (closed class)
_CONTACT = re.compile(r"phone|mobile|address|e-?mail|手机|电话|地址|住址|邮箱", re.IGNORECASE)


def someone_else(name: str, props: dict[str, Any], said: dict[str, Any], context: str, user: str) -> str | None:
    """Why a context value is not parameter ``name``'s: another parameter of the call takes a person's name the
    user gives in this turn (``said``: the values from the latest turn), the two parameters are about the same
    holder ("紧急联系人姓名" / "紧急联系人的手机号"), and the context never names that person - so the context's phone
    is someone else's ("改成我女儿赵敏" with the care station's phone in the context); or the user asks on behalf
    of someone else ("帮我朋友下个单") and the parameter is a phone, address or e-mail - the caller's."""
    schema = props.get(name) if isinstance(props.get(name), dict) else {}
    mine = _holder_words(name, schema)
    for other, person in said.items():
        sub = props.get(other)
        if not (isinstance(sub, dict) and asks_for_a_name(other, sub) and _a_persons_name(other, sub)):
            continue
        shared = mine & _holder_words(other, sub)  # a person both are about: 联系人, 收件人, "recipient"
        if str(person) not in context and any(w in _HOLDERS or re.search(r"[人者员]", w) for w in shared):
            return f"the user names {person} for {other}; the context's value is not said to be theirs"
    other = _FOR_OTHER.search(user)  # "帮我朋友下个单": the context's phone and address are the caller's
    if other and _CONTACT.search(f"{name_words(name)} {schema.get('description', '')}"):
        return f"the user asks for their {other.group('zh') or other.group('en')}; the context's {name} is the " \
               f"caller's own"
    return None


def _a_persons_name(name: str, schema: dict[str, Any]) -> bool:
    """Whether a name parameter is for a person's name ("紧急联系人姓名", "Full name of the runner", recipient_name),
    not a thing's ("Crop and variety as the member names it")."""
    about, words = str(schema.get("description", "")).lower(), name_words(name).split()
    return "姓名" in about or "full name" in about or "person" in about and "name" in about or (
        "name" in words and any(w in _HOLDERS for w in words))

