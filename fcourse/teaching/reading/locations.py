"""Where a request says a place is: known places, street addresses, and the words after "from" and "to".

Part of the teaching model's argument filling (chapter 2). A parameter that asks
for a place (a city, an address, a pick-up point) takes, in turn:

- a place the gazetteer knows (``fcourse.teaching.reading.places``): 北京, Paris;
- a street address, read by its shape: a house number and a street word in
  English ("14 Mill Lane, Flat 3"), or a road and a 号 in Chinese ("愚园路50号");
  street words (Road, Lane, 路, 街 ...) are a closed class, not a list of places;
- the words right after a direction word - "from" / "to", 从 / 到 / 去 - up to
  the next direction word, a verb, or the end of the clause ("from the Grand Hyatt to
  Terminal 2", "从五道口打车去南锣鼓巷" -> 五道口, 南锣鼓巷). Chinese is
  cut into words and parts of speech by jieba, and the place is the run of nouns
  after the direction word; English takes a run that starts with a capital
  letter, a digit or "the".

Each place is returned as written, with where it is, so ``arguments`` can tell a
place said with "from" from one said with "to". A longer place wins over a
shorter one inside it (杭州东站, not 杭州).
"""

from __future__ import annotations

import functools
import re

from fcourse.teaching.reading.places import find_places

__all__ = ["find_locations", "street_addresses"]

_STREET = (r"Road|Rd|Street|St|Lane|Ln|Avenue|Ave|Close|Way|Drive|Dr|Court|Ct|Place|Pl|Square|Sq|Terrace|Crescent"
           r"|Boulevard|Blvd|View|Row|Hill|Gardens|Grove|Walk|Parade|Quay|Wharf|Mews")
_EN_ADDRESS = re.compile(
    rf"\b\d{{1,5}}[A-Za-z]?\s+(?:[A-Z][\w'’-]*\s+){{0,3}}(?:{_STREET})\b\.?"
    r"(?:,?\s+(?:Flat|Apt\.?|Apartment|Unit|Floor|Suite|Room)\s*\w+)?(?:,\s*[A-Z][a-z]+(?=\s*(?:$|[,.;!?])))?")
_ZH_ADDRESS = re.compile(
    r"[\u4e00-\u9fff]{0,8}?(?:[\u4e00-\u9fff]{1,6}(?:省|市|区|县))?[\u4e00-\u9fff]{1,8}(?:路|街|道|大道|巷|胡同|弄)"
    r"\d{1,5}(?:号|號)(?:\d+(?:单元|室|楼|层|号楼|栋|座))*")
_ZH_ADDRESS_LEAD = re.compile(r"^(?:.*?(?:地址是|地址为|地址：|地址:|送到|寄到|到|在|去|往|从))")
_LABELLED = re.compile(r"(?:地址|address)\s*(?:是|为|[:：]|is)\s*([^，。,;；!！?？]+?)\s*(?=[，。,;；!！?？]|$)",
                       re.IGNORECASE)
_EN_FROM = re.compile(r"\b(?:from|pick (?:me|us) up (?:at|from)|pickup (?:at|from))\s+", re.IGNORECASE)
_EN_TO = re.compile(r"\b(?:to|drop (?:me|us) (?:off )?at)\s+", re.IGNORECASE)
_CALENDAR = (r"(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August"
             r"|September|October|November|December|Today|Tomorrow|Tonight)")
_EN_PLACE = re.compile(
    rf"(?:the\s+)?(?:[A-Z0-9][\w'’&-]*(?:\.(?=\w))?[\w'’&-]*)(?:\s+(?:on|of|de|at)\s+{_CALENDAR}[A-Z0-9][\w'’.-]*"
    rf"|\s+{_CALENDAR}[A-Z0-9][\w'’&.-]*)*"
    r"|the\s+[a-z]+(?:\s+[a-z]+)?(?=\s*(?:$|[,.;!?]|\s+(?:and|then|at|by|for|asap|now|please|tomorrow|tonight)\b))")
_NOT_A_PLACE = re.compile(rf"[\d\s.,:%-]+(?:\s*(?:am|pm|{_CALENDAR[3:-1]})\b.*)?", re.IGNORECASE)  # "6 July", "9"
_CORRECTED = re.compile(r"[\s.,;:…—-]*(?:I mean|sorry|no wait|actually|make that|不对|不是|哦不|说错了)", re.IGNORECASE)
_ZH_FROM = frozenset({"从", "由", "自"})
_ZH_TO = frozenset({"到", "去", "至", "往", "前往", "送到", "寄到", "开到", "送往"})
_NOUNISH = ("n", "s", "f", "j", "m", "eng", "q", "i", "l")  # i, l: set phrases jieba does not split


def _zh_runs(text: str) -> list[tuple[str, int, int, str]]:
    from fcourse.teaching.reading.segmenter import pos_cut

    words = pos_cut(text)
    out: list[tuple[str, int, int, str]] = []
    pos = 0
    spans = []
    for word, flag in words:
        spans.append((word, flag, pos, pos + len(word)))
        pos += len(word)
    for i, (word, _flag, _start, _end) in enumerate(spans):
        low = word.lower()
        way = "from" if word in _ZH_FROM or low == "from" else "to" if word in _ZH_TO or low == "to" else None
        if way is None:
            continue
        j = i + 1
        while j < len(spans) and not spans[j][0].strip():
            j += 1
        k = j
        while k < len(spans):
            w, f, _, _ = spans[k]
            if not w.strip():
                if k + 1 < len(spans) and spans[k + 1][1] == "eng" and spans[k + 1][0][:1].isupper():
                    k += 1
                    continue
                break
            if f == "eng" and not (w[:1].isupper() or any(ch.isdigit() for ch in w)):
                break
            if w in _ZH_TO or w in _ZH_FROM or not f.startswith(_NOUNISH) or f == "m" and k == j:
                break
            k += 1
        if k > j:
            start, stop = spans[j][2], spans[k - 1][3]
            known = find_places(text[start:stop])
            if len(known) > 1:  # "上海飞东京": two known places are two places, whatever jieba tags between them
                stop = start + known[0][2]
            out.append((text[start:stop], start, stop, f"the place after {word!r}"))
    return out


def _en_runs(text: str) -> list[tuple[str, int, int, str]]:
    out = []
    for regex in (_EN_FROM, _EN_TO):
        for cue in regex.finditer(text):
            m = _EN_PLACE.match(text, cue.end())
            if not m:
                continue
            value = re.sub(r"^the\s+", "", m.group(), flags=re.IGNORECASE).rstrip(".")
            if value and len(value.split()) <= 6 and not _NOT_A_PLACE.fullmatch(value):
                start = m.start() + m.group().index(value)
                out.append((value, start, start + len(value), f"the place after {cue.group().strip()!r}"))
    return out


def street_addresses(text: str) -> list[tuple[str, int, int]]:
    """Street addresses in ``text`` by their shape ("14 Mill Lane, Flat 3", "静安区愚园路50号"), as written."""
    found = [(m.group().strip(" ,"), m.start(), m.start() + len(m.group().strip(" ,")))
             for m in _EN_ADDRESS.finditer(text)]
    for m in _ZH_ADDRESS.finditer(text):
        lead = _ZH_ADDRESS_LEAD.match(m.group())
        start = m.start() + (lead.end() if lead else 0)
        if m.end() > start:
            found.append((text[start:m.end()], start, m.end()))
    return [(v.rstrip("."), s, e - (len(v) - len(v.rstrip(".")))) for v, s, e in found if v.rstrip(".")]


@functools.lru_cache(maxsize=2048)
def find_locations(text: str) -> tuple[tuple[str, int, int, str], ...]:
    """Places in ``text`` as ``(value as written, start, end, how found)``, in order; longer ones win."""
    found = [(n, s, e, "gazetteer (known place)") for n, s, e in find_places(text)]
    found += [(v, s, e, "a street address") for v, s, e in street_addresses(text)]
    found += [(m.group(1).strip(), m.start(1), m.start(1) + len(m.group(1).strip()), "labelled as the address")
              for m in _LABELLED.finditer(text)]
    found += _zh_runs(text) if re.search(r"[\u4e00-\u9fff]", text) else _en_runs(text)
    found = [(v.rstrip("."), s, e - (len(v) - len(v.rstrip("."))), how) for v, s, e, how in found if v.rstrip(".")]
    found = [f for f in found if not _CORRECTED.match(text, f[2])]  # "to Lyon... I mean Paris": Lyon is taken back
    kept: dict[tuple[int, int], tuple[str, int, int, str]] = {}
    for f in found:  # one reading per span (the first: known place, address, label, then direction word)
        if not any(o[1] <= f[1] and f[2] <= o[2] and (o[2] - o[1]) > (f[2] - f[1]) for o in found):
            kept.setdefault((f[1], f[2]), f)
    return tuple(sorted(kept.values(), key=lambda f: (f[1], -f[2])))
