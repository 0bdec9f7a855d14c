"""Chinese word segmentation that keeps negation words apart (jieba with a derived user dictionary).

Introduced in chapter 3. jieba joins characters into words, and sometimes joins a
negation into the verb it negates: "先别订" (don't book yet) comes out as one
word, "别碰" (don't touch) is in its dictionary as one word. A model that then
looks for "订" or for a negation word finds neither. This segmenter derives a
user dictionary from jieba's own: every dictionary word made of a negation word
followed by a verb (by jieba's part-of-speech tags) is removed from a private
tokenizer, and a word jieba invents for an unknown run (its HMM) that starts
with a negation word is split after it. No word is added by hand.

jieba is MIT-licensed; its dictionary opens on the first Chinese text, from tables derived from it once
(``resources``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = [
    "NEGATIONS",
    "base_tokenizer",
    "function_word",
    "is_negation",
    "pos_cut",
    "segment",
    "split_negation",
    "split_pronoun",
]

#: negation words, longest first (a closed class of the language, not phrases from any test)
NEGATIONS = ("先别", "不要", "不想", "不用", "不必", "别", "不", "没", "勿", "甭", "莫", "未")


def is_negation(word: str) -> bool:
    """True for a negation word (不, 别, 不要, ...)."""
    return word in NEGATIONS


_PRONOUNS = frozenset("我你他她您它")


def split_pronoun(token: tuple[str, int, int], tokenizer: Any) -> list[tuple[str, int, int]]:
    """A two-character word jieba guessed (not in its dictionary) that starts with a personal pronoun, split in
    two: "帮我查物流" is 帮 / 我 / 查 / 物流, so the verb 查 is read."""
    word, start, end = token
    if len(word) == 2 and word[0] in _PRONOUNS and not tokenizer.FREQ.get(word):
        return [(word[0], start, start + 1), (word[1], start + 1, end)]
    return [token]


def split_negation(token: tuple[str, int, int], tokenizer: Any) -> list[tuple[str, int, int]]:
    """A word jieba guessed (not in its dictionary) that starts with a negation word, split after it: "别放门口"
    is 别 / 放 / 门口, so what is negated is read."""
    word, start, end = token
    p = _prefix(word)
    if p and not tokenizer.FREQ.get(word):
        return [(p, start, start + len(p)), (word[len(p):], start + len(p), end)]
    return [token]


def _prefix(word: str) -> str:
    return next((n for n in NEGATIONS if word.startswith(n) and len(word) > len(n)), "")


def _import_jieba() -> Any:
    """jieba, imported without ``pkg_resources`` when nothing has imported that yet.

    jieba reads its own package files through ``pkg_resources`` if it can import
    it (half a second, and deprecated) and otherwise opens the same files by
    path; hiding it for the length of the import picks the second way.
    """
    import sys

    if "jieba" not in sys.modules and "pkg_resources" not in sys.modules:
        sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # import fails: jieba falls back
        try:
            import jieba
        finally:
            if "pkg_resources" in sys.modules and sys.modules["pkg_resources"] is None:
                del sys.modules["pkg_resources"]
    import jieba

    return jieba


def _dictionary() -> Path:
    """jieba's own dictionary file (``word frequency tag`` lines, about 5 MB)."""
    return Path(_import_jieba().__file__).parent / "dict.txt"


def _tables_from_text(text: str) -> dict[str, Any]:
    """What the segmenter derives from the dictionary's text: jieba's prefix frequencies and their total (as its
    own loader computes them), each word's part-of-speech tag, the negated verbs and the function words."""
    import io

    freq, total = _import_jieba().Tokenizer.gen_pfdict(io.BytesIO(text.encode("utf-8")))
    tags = {}
    for line in text.splitlines():  # as jieba's tagger reads it (``POSTokenizer.load_word_tag``): the last one wins
        if line.strip():
            word, _, tag = line.strip().split(" ")
            tags[word] = tag
    functions = re.findall(rf"^(\S+) \S+ (?:{'|'.join(_FUNCTION_TAGS)})\S*$", text, re.M)
    return {"freq": freq, "total": total, "tags": tags, "negated_verbs": _negated_verbs(text),
            "function_words": functions}


def _build(folder: Path) -> None:
    """Write the derived tables as cache files into ``folder`` (a fresh, empty folder)."""
    import json

    from fcourse.teaching.reading.word_tables import build_bytes_table, build_int_table

    tables = _tables_from_text(_dictionary().read_text(encoding="utf-8"))
    build_int_table(folder / "freq.marisa", tables.pop("freq").items())
    build_bytes_table(folder / "tags.marisa", tables.pop("tags").items())
    (folder / "words.json").write_text(json.dumps(tables, ensure_ascii=False), encoding="utf-8")


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    """The derived tables, opened from the resource cache (built there the first time), or built in memory
    when no cache can be written."""
    import json

    from fcourse.teaching.reading.resources import artifact
    from fcourse.teaching.reading.word_tables import open_bytes_table, open_int_table

    def build(path: Path) -> None:  # one entry in the cache: a folder of three files, renamed into place whole
        path.mkdir()
        _build(path)

    folder = artifact("jieba", [_dictionary(), Path(__file__)], build)
    if folder is None:
        return _tables_from_text(_dictionary().read_text(encoding="utf-8"))
    words = json.loads((folder / "words.json").read_text(encoding="utf-8"))
    return {**words, "freq": open_int_table(folder / "freq.marisa"), "tags": open_bytes_table(folder / "tags.marisa")}


@lru_cache(maxsize=1)
def base_tokenizer() -> Any:
    """jieba's tokenizer with its own dictionary, loaded once per process (``analysis`` segments with it).

    It is jieba's default tokenizer (``jieba.dt``, the one its part-of-speech tagger cuts with), its tables
    opened from the resource cache rather than read from jieba's own cache, which would build a Python
    dictionary of half a million entries (``resources``).
    """
    import logging

    jieba = _import_jieba()
    jieba.setLogLevel(logging.WARNING)
    logging.getLogger("jieba").setLevel(logging.WARNING)
    tokenizer = jieba.dt
    if not tokenizer.initialized:
        tables = _tables()
        tokenizer.FREQ, tokenizer.total, tokenizer.initialized = tables["freq"], tables["total"], True
    return tokenizer


@lru_cache(maxsize=1)
def _tagger() -> Any:
    """jieba's part-of-speech tagger over ``base_tokenizer``, with the tag table from the resource cache.

    Importing ``jieba.posseg`` builds its default tagger, which reads every line of the dictionary for the
    tags (a third of a second); it is handed an empty file for the length of the import, and the cached
    table afterwards.
    """
    import io
    import sys

    tokenizer = base_tokenizer()
    _tokenizer()  # as before the cache: the negation-safe words are set apart before the first tagging
    if "jieba.posseg" in sys.modules:  # imported by someone else: it read the tags itself
        return sys.modules["jieba.posseg"].dt
    tokenizer.get_dict_file = lambda: io.BytesIO()
    try:
        import jieba.posseg
    finally:
        del tokenizer.get_dict_file
    jieba.posseg.dt.word_tag_tab = _tables()["tags"]
    return jieba.posseg.dt


def pos_cut(text: str) -> list[tuple[str, str]]:
    """``(word, part-of-speech tag)`` for each word of ``text``, by jieba's tagger."""
    return [(w.word, w.flag) for w in _tagger().cut(text)]


def _negated_verbs(dict_text: str) -> list[str]:
    """Dictionary words that are a negation word followed by a verb (by jieba's tags), in dictionary order.

    Read with two regular expressions over the whole file rather than by splitting
    its 349,000 lines: every line is ``word frequency tag``.
    """
    verbs = set(re.findall(r"^(\S+) \S+ v\S*$", dict_text, re.M))
    firsts = "".join(sorted({n[0] for n in NEGATIONS}))
    out = []
    for word in re.findall(rf"^([{firsts}]\S*) ", dict_text, re.M):
        p = _prefix(word)
        if p and word not in NEGATIONS and word[len(p):] in verbs:
            out.append(word)
    return out


#: jieba's tags of word classes that name no thing: pronouns, numbers, measure words, adverbs, prepositions,
#: conjunctions, particles, interjections, onomatopoeia
_FUNCTION_TAGS = "r m q d p c u y e o".split()


@lru_cache(maxsize=1)
def _function_words() -> frozenset[str]:
    return frozenset(_tables()["function_words"])


def function_word(word: str) -> bool:
    """Whether jieba's dictionary tags ``word`` as a word that names no thing (有人 "someone", 已经 "already")."""
    return word in _function_words()


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    base = base_tokenizer()
    jieba = _import_jieba()
    tokenizer = jieba.Tokenizer()
    # the same dictionary as ``base_tokenizer``, shared rather than loaded a second time; the words removed
    # below go to this tokenizer's own overlay
    tokenizer.FREQ, tokenizer.total, tokenizer.initialized = base.FREQ.copy(), base.total, True
    for word in _tables()["negated_verbs"]:
        tokenizer.del_word(word)
    return tokenizer


def segment(text: str) -> list[tuple[str, int, int]]:
    """jieba words of ``text`` as ``(word, start, end)``, with negation words standing alone."""
    tokenizer = _tokenizer()
    out: list[tuple[str, int, int]] = []
    for word, start, end in tokenizer.tokenize(text):
        if _prefix(word) and not tokenizer.FREQ.get(word):  # a word jieba guessed: "先别" + "订"
            out += split_negation((word, start, end), tokenizer)
        elif len(word) == 2 and word[0] in _PRONOUNS and not tokenizer.FREQ.get(word):
            out += split_pronoun((word, start, end), tokenizer)
        else:
            out.append((word, start, end))
    return out
