"""Turn a piece of text into the terms the teaching model matches on.

English words are lower-cased and stemmed with a Snowball stemmer ("refunds"
and "refunded" both become ``refund``); Chinese is segmented with jieba. Then
every stretch that the concept lexicon knows (``fcourse.teaching.reading.lexicon``)
becomes one concept token (``#refund`` for "money back" or "退钱"); other
content words stay as plain terms, and stop words are dropped.

A light negation rule marks the terms right after "don't", "not", "不要",
"别" ... (up to a comma, "just", "只" ...) as *negated*: "don't refund, just
tell me when it arrives" does not ask for a refund. It is a heuristic, not
parsing: "no way to get a refund?" is read as a negated refund too. Phrases
the lexicon knows come first; a negation that ends something already
arranged is a cancellation, read from its grammar ("那次上门不用来了",
"I don't need it anymore", "no longer need": ``_CEASING``); and "要不要" /
"能不能" are questions, not negations.
A sentence-opening "Text ..." is the verb (#message), and tokens glued to
digits ("SF1402938475", "7pm") are values, not words.

What kind of turn it is (a request, or a question that asks for no action) is
read in ``fcourse.teaching.deciding.speech_acts``.

jieba loads its dictionary lazily, on the first Chinese text, and its
"Building prefix dict ..." log lines are silenced so notebook outputs stay
byte-stable. Introduced in chapter 3.
"""

from __future__ import annotations

import functools
import re
import threading
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.reading.lexicon import (
    CONCEPTS,
    EN_STOPWORDS,
    NEGATION_CUES,
    NEGATION_STOPS,
    ZH_STOPWORDS,
    concept_weight,
)

__all__ = ["PLAIN_WEIGHT", "Analysis", "Term", "analyse", "asks_status", "language_of", "segment", "stem"]

#: weight of a content word the lexicon does not know
PLAIN_WEIGHT = 0.8

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN_RE = re.compile(
    rf"(?P<cjk>[{_CJK}]+)"
    r"|(?P<word>(?<![0-9])[A-Za-z]+(?:['’][A-Za-z]+)?(?![0-9]))"
    r"|(?P<code>[A-Za-z0-9]*[0-9][A-Za-z0-9]*)"
    r"|(?P<sym>°\s?[CFcf](?![A-Za-z])|℃|℉)"
    r"|(?P<stop>[.,;:!?，。；：！？、\n()（）\[\]{}\"“”「」—–]|\s-\s)"
)
_CJK_RE = re.compile(f"[{_CJK}]")
_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
_NEGATION_SCOPE = 5  # tokens a negation cue reaches forward
#: a negation that ends something already arranged is a cancellation, by grammar rather than by a phrase: Chinese
#: change-of-state 了 after 不用 / 不需要 + a verb ("不用来了"), or after 不要 with its object before it
#: ("那单我不要了"); English "no longer need", "don't need ... anymore".
#: A bare "不用了" / "no need" is "no thanks", not this.
_CEASING = re.compile(
    r"(?:不用|不需要|不必|用不着)[\u4e00-\u9fff]{1,2}了(?![解结])|(?<=\w)\s?(?:不要|不需要)了"
    r"|\bno longer (?:need|needed|want|wanted|required)\b"
    r"|\b(?:do not|don't|dont|won't|will not) (?:need|want) (?:it|this|that|them|the \w+|my \w+|\w+) ?any ?more\b",
    re.IGNORECASE)
#: a question about how far along something is ("is it ready yet?", "has it shipped yet?", "修得怎么样了", "到哪一步了",
#: "做好了没有", "what's happening with ..."): the grammar of asking for a status, read as #status and #lookup
_STATUS_ASKED = re.compile(
    r"\b(?:is|are|has|have|was)\b[^.?!]{0,60}\byet\s*\?|\bwhat'?s happening with\b|\bhow(?:'s| is) [^.?!]{0,30}"
    r"\bgoing\b|\bwhere(?:'s| is| are) (?:my|our)\b|怎么样了|到哪(?:一步|个阶段|了)|(?:好|完|到)了(?:没有|没|吗)"
    r"|进展如何|有(?:什么)?进展|还没(?:到|送到|来)", re.IGNORECASE)
def asks_status(text: str) -> bool:
    """Whether the turn asks how far along something is (``_STATUS_ASKED``): a question, not an action."""
    return bool(_STATUS_ASKED.search(text))


_CLAUSE_OR_NEGATION = re.compile(r"[.,;!?，。；！？\n]|\b(?:not|no|never)\b|n't\b|[不别没]", re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    """One matchable term: a concept token (``#weather``) or a plain word/stem."""

    key: str
    surface: str
    start: int
    end: int
    weight: float

    @property
    def is_concept(self) -> bool:
        return self.key.startswith("#")

    def as_dict(self) -> dict[str, Any]:
        return {"term": self.key, "surface": self.surface, "weight": self.weight}


@dataclass(frozen=True)
class Analysis:
    """The terms of one text, the terms it negates, and its language (``zh``/``en``)."""

    terms: tuple[Term, ...]
    negated: tuple[Term, ...]
    language: str

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(t.key for t in self.terms)

    @property
    def concepts(self) -> frozenset[str]:
        return frozenset(t.key for t in self.terms if t.is_concept)


def language_of(text: str) -> str:
    """``"zh"`` when the text is mostly Chinese, else ``"en"``."""
    cjk = len(_CJK_RE.findall(text))
    if not cjk:
        return "en"
    latin_words = len(_LATIN_WORD_RE.findall(text))
    return "zh" if cjk >= 1.5 * latin_words else "en"


@functools.lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """The Snowball (Porter 2) stem of an English word, lower-cased."""
    with _STEMMER_LOCK:  # a Snowball stemmer keeps its word in itself: one thread at a time (a classroom server)
        return _stemmer().stemWord(word.lower())


_STEMMER_LOCK = threading.Lock()


@functools.lru_cache(maxsize=1)
def _stemmer() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=1)
def _tokenizer() -> Any:
    # one jieba dictionary per process, shared with ``segmenter`` (loading it costs about a second)
    from fcourse.teaching.reading.segmenter import base_tokenizer

    return base_tokenizer()


@functools.lru_cache(maxsize=4096)
def segment(text: str) -> tuple[tuple[str, int, int], ...]:
    """jieba segments of a Chinese run as ``(word, start, end)``; a pronoun jieba glued to a verb it guessed
    ("我查" in "帮我查物流") stands alone (``fcourse.teaching.segmenter.split_pronoun``), and so does a negation
    word jieba glued to the verb after it in a word of its own guessing ("别放" in "别放门口")."""
    from fcourse.teaching.reading.segmenter import split_negation, split_pronoun

    tokenizer = _tokenizer()
    return tuple(part for token in tokenizer.tokenize(text) for part in split_pronoun(token, tokenizer)
                 for part in split_negation(part, tokenizer))


def _normalise_en(surface: str) -> str:
    return surface.lower().replace("’", "'")


def _stem_en(surface: str) -> str:
    word = _normalise_en(surface)
    if word.endswith("'s") and len(word) > 3:  # a possessive: "recipient's" is "recipient"
        word = word[:-2]
    return word if "'" in word else stem(word)


def _build_index() -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    """English stem sequences and Chinese words of the lexicon -> concept (Snowball stems every English form)."""
    en: dict[tuple[str, ...], str] = {}
    zh: dict[str, str] = {}
    for concept, (_, forms) in CONCEPTS.items():
        for form in forms:
            if _CJK_RE.search(form):
                zh.setdefault(form, concept)
            else:
                words = tuple(_stem_en(w) for w in re.findall(r"[A-Za-z]+(?:'[A-Za-z]+)?", form))
                if words:
                    en.setdefault(words, concept)
    return en, zh


@functools.lru_cache(maxsize=1)
def _index() -> tuple[dict[tuple[str, ...], str], dict[str, str], int, tuple[str, ...]]:
    """Lexicon lookups: English stem sequences and Chinese words -> concept.

    Stemming the lexicon's 500 English forms costs a new process about 25 ms, so the index is kept in the
    resource cache (``resources``), keyed by this module, the lexicon and the stemmer.
    """
    import json
    from pathlib import Path

    import snowballstemmer

    from fcourse.teaching.reading import lexicon
    from fcourse.teaching.reading.resources import artifact

    def build(path: Path) -> None:
        en, zh = _build_index()
        path.write_text(json.dumps({"en": [[list(k), v] for k, v in en.items()], "zh": zh}, ensure_ascii=False),
                        encoding="utf-8")

    inputs = [Path(__file__), Path(lexicon.__file__), Path(snowballstemmer.__file__).parent / "english_stemmer.py"]
    path = artifact("lexicon_index.json", inputs, build)
    if path is None:
        en, zh = _build_index()
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
        en, zh = {tuple(k): v for k, v in data["en"]}, data["zh"]
    longest = max(len(k) for k in en)
    zh_long = tuple(sorted((w for w in zh if len(w) >= 2), key=lambda w: (-len(w), w)))
    return en, zh, longest, zh_long


def _symbol_concept(surface: str) -> str:
    return "#celsius" if any(c in surface for c in "Cc℃") else "#fahrenheit"


def _raw_tokens(text: str) -> list[tuple[str, str, str, int, int]]:
    """``(kind, surface, key, start, end)`` with kind en/zh/sym/stop."""
    tokens: list[tuple[str, str, str, int, int]] = []
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        if kind == "cjk":
            base = m.start()
            for word, s, e in segment(m.group()):
                tokens.append(("zh", word, word, base + s, base + e))
        elif kind == "word":
            tokens.append(("en", m.group(), _stem_en(m.group()), m.start(), m.end()))
        elif kind == "code":  # "SF1402938475", "7pm": an id or a number, no word in it
            continue
        elif kind == "sym":
            tokens.append(("sym", m.group(), _symbol_concept(m.group()), m.start(), m.end()))
        else:
            tokens.append(("stop", m.group(), m.group(), m.start(), m.end()))
    return tokens


def _phrase_at(tokens: list[tuple[str, str, str, int, int]], i: int, en_index: dict[tuple[str, ...], str],
               zh_index: dict[str, str], longest: int) -> tuple[str, int] | None:
    """A lexicon phrase of two or more tokens starting at token ``i``: ``(concept, size)``."""
    kind = tokens[i][0]
    if kind == "en":
        for size in range(min(longest, len(tokens) - i), 1, -1):
            window = tokens[i : i + size]
            if all(t[0] == "en" for t in window):
                concept = en_index.get(tuple(t[2] for t in window))
                if concept:
                    return concept, size
    elif kind == "zh":
        for size in (3, 2):
            window = tokens[i : i + size]
            if len(window) == size and all(t[0] == "zh" for t in window):
                concept = zh_index.get("".join(t[1] for t in window))
                if concept:
                    return concept, size
        concept = zh_index.get(tokens[i][1])
        if concept and len(tokens[i][1]) >= 3:
            return concept, 1
    return None


_PARTICLE_VERBS = {("turn", "on"): "switch_on", ("switch", "on"): "switch_on", ("turn", "off"): "switch_off",
                   ("switch", "off"): "switch_off", ("shut", "off"): "switch_off", ("take", "off"): "leave"}


def _particle_of(tokens: list[tuple[str, str, str, int, int]], i: int) -> str | None:
    """"turn the kitchen lights *off*": the concept of a verb whose particle comes a few words later."""
    particle = _normalise_en(tokens[i][1])
    for j in range(i - 1, max(-1, i - 8), -1):
        if tokens[j][0] == "stop":
            return None
        concept = _PARTICLE_VERBS.get((_normalise_en(tokens[j][1]), particle))
        if concept:
            return concept if j < i - 1 else None  # right after the verb, the lexicon already read it
    return None


def _imperative(tokens: list[tuple[str, str, str, int, int]], i: int) -> bool:
    """Whether the word at ``i`` opens a clause and is followed by more words (a verb in the imperative)."""
    opens = i == 0 or tokens[i - 1][0] == "stop" or _normalise_en(tokens[i - 1][1]) in ("please", "pls", "and")
    return opens and i + 1 < len(tokens) and tokens[i + 1][0] != "stop"


@functools.lru_cache(maxsize=4096)
def analyse(text: str) -> Analysis:
    """Terms, negated terms and language of ``text`` (cached: same text, same object)."""
    en_index, zh_index, longest, zh_long = _index()
    tokens = _raw_tokens(text)
    terms: list[Term] = []
    negated: list[Term] = []
    negation_left = 0
    i = 0
    n = len(tokens)

    def emit(term: Term) -> None:
        (negated if negation_left > 0 else terms).append(term)

    while i < n:
        kind, surface, key, start, end = tokens[i]
        lowered = _normalise_en(surface) if kind == "en" else surface
        if kind == "stop" or lowered in NEGATION_STOPS:
            negation_left = 0
            i += 1
            continue
        a_not_a = (kind == "zh" and lowered.startswith("不") and i > 0 and tokens[i - 1][0] == "zh"
                   and len(lowered) > 1 and tokens[i - 1][1] == lowered[1:2])  # 要不要, 能不能: a question
        if a_not_a:
            i += 1
            continue
        if not a_not_a and lowered in NEGATION_CUES or (
            kind == "en" and lowered == "do" and i + 1 < n and _normalise_en(tokens[i + 1][1]) == "not"
        ):
            phrase = _phrase_at(tokens, i, en_index, zh_index, longest)
            if phrase is not None:  # "don't let me forget" (#reminder), "不要了" (#cancel): a phrase, not a negation
                concept, size = phrase
                end_at = tokens[i + size - 1][4]
                terms.append(Term("#" + concept, text[start:end_at], start, end_at, concept_weight(concept)))
                negation_left = 0
                i += size
                continue
            negation_left = _NEGATION_SCOPE + 1
            i += 2 if lowered == "do" else 1
            continue
        step = 1
        if kind == "sym":
            emit(Term(key, surface, start, end, concept_weight(key)))
        elif kind == "en" and lowered == "text" and _imperative(tokens, i):  # "Text +86... saying ...": the verb
            emit(Term("#message", surface, start, end, concept_weight("message")))
        elif kind == "en" and lowered in ("on", "off") and _particle_of(tokens, i):
            concept = _particle_of(tokens, i)
            emit(Term("#" + concept, surface, start, end, concept_weight(concept)))
        elif kind == "en":
            for size in range(min(longest, n - i), 0, -1):
                window = tokens[i : i + size]
                if any(t[0] != "en" for t in window):
                    continue
                concept = en_index.get(tuple(t[2] for t in window))
                if concept:
                    emit(Term("#" + concept, text[start : window[-1][4]], start, window[-1][4],
                              concept_weight(concept)))
                    step = size
                    break
            else:
                if key not in EN_STOPWORDS and lowered not in EN_STOPWORDS and len(key) >= 2:
                    emit(Term(key, surface, start, end, PLAIN_WEIGHT))
        else:  # Chinese segment
            matched = False
            for size in (3, 2, 1):
                window = tokens[i : i + size]
                if len(window) < size or any(t[0] != "zh" for t in window):
                    continue
                joined = "".join(t[1] for t in window)
                concept = zh_index.get(joined)
                if concept and (size == 1 or len(joined) >= 2):
                    emit(Term("#" + concept, joined, start, window[-1][4], concept_weight(concept)))
                    step = size
                    matched = True
                    break
            if not matched and len(surface) >= 3:
                taken: list[tuple[int, int]] = []
                for word in zh_long:
                    if len(word) >= len(surface):
                        continue
                    pos = surface.find(word)
                    while pos >= 0:
                        span = (pos, pos + len(word))
                        if all(span[1] <= a or span[0] >= b for a, b in taken):
                            taken.append(span)
                            concept = zh_index[word]
                            emit(Term("#" + concept, word, start + pos, start + pos + len(word),
                                      concept_weight(concept)))
                        pos = surface.find(word, pos + 1)
                matched = bool(taken)
            if not matched and surface not in ZH_STOPWORDS and len(surface) >= 2:
                emit(Term(surface, surface, start, end, PLAIN_WEIGHT))
        if negation_left > 0:
            negation_left -= step
        i += step
    for m in _STATUS_ASKED.finditer(text):
        terms += [Term(key, m.group(), m.start(), m.end(), concept_weight(key)) for key in ("#status", "#lookup")]
    for m in _CEASING.finditer(text):
        terms.append(Term("#cancel", m.group(), m.start(), m.end(), concept_weight("cancel")))
        stop = _CLAUSE_OR_NEGATION.search(text, m.end())  # "no longer want X and have not paid": not the payment
        ceased = [t for t in negated if m.start() <= t.start < (stop.start() if stop else len(text))]
        terms += [t for t in ceased if not m.start() <= t.start < m.end()]  # "no longer need the visit": the visit
        negated = [t for t in negated if t not in ceased]
    terms.sort(key=lambda t: t.start)
    return Analysis(tuple(terms), tuple(negated), language_of(text))
