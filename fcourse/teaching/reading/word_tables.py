"""Word tables opened from the resource cache instead of parsed: a read-only mapping over a trie file.

Introduced in chapter 0 (the first reply a learner waits for). jieba keeps its
dictionary as a Python ``dict`` of half a million word prefixes, and its tagger
another of 350,000 part-of-speech tags; building either costs about half a
second per process. ``TrieTable`` answers the same questions - ``word in
table``, ``table[word]``, ``table.get(word)`` - from a ``marisa-trie`` file that
is memory-mapped, so opening it costs nothing and each look-up about a
microsecond. Writes (jieba's ``add_word``, ``del_word``) go to a small overlay
dictionary in front of the trie, never to the shared file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["TrieTable", "build_bytes_table", "build_int_table", "open_bytes_table", "open_int_table"]

_MISSING = object()


class TrieTable:
    """A mapping from words to ints or strings, read from a trie with a writable overlay in front of it.

    Each word looked up is remembered (up to ``MEMO`` words), so the words a text repeats cost one dictionary
    look-up after the first (jieba asks for the same characters and prefixes again and again).
    """

    __slots__ = ("_ints", "_memo", "_overlay", "_trie")

    MEMO = 200_000

    def __init__(self, trie: Any, ints: bool, overlay: dict[str, Any] | None = None) -> None:
        self._trie = trie
        self._ints = ints
        self._overlay: dict[str, Any] = overlay if overlay is not None else {}
        self._memo: dict[str, Any] = {}

    def _lookup(self, key: str) -> Any:
        """The trie's value for ``key``, or None, remembered."""
        value = self._memo.get(key, _MISSING)
        if value is _MISSING:
            hit = self._trie.get(key) if isinstance(key, str) else None
            value = None if hit is None else hit[0][0] if self._ints else hit[0].decode("utf-8")
            if len(self._memo) < self.MEMO:
                self._memo[key] = value
        return value

    def get(self, key: str, default: Any = None) -> Any:
        overlay = self._overlay
        if overlay and key in overlay:
            return overlay[key]
        value = self._lookup(key)
        return default if value is None else value

    def __contains__(self, key: object) -> bool:
        return key in self._overlay or self._lookup(key) is not None  # type: ignore[arg-type]

    def __getitem__(self, key: str) -> Any:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: Any) -> None:
        self._overlay[key] = value

    def update(self, other: dict[str, Any]) -> None:
        """Add entries to the overlay (jieba's tagger adds a user dictionary's tags this way)."""
        self._overlay.update(other)

    def copy(self) -> TrieTable:
        """A table over the same trie with its own copy of the overlay (and its own memory of look-ups)."""
        return TrieTable(self._trie, self._ints, dict(self._overlay))


def build_int_table(path: Path, items: Iterable[tuple[str, int]]) -> None:
    """Write ``word -> int`` (64-bit) as a trie file."""
    import marisa_trie

    marisa_trie.RecordTrie("<q", ((word, (value,)) for word, value in items)).save(str(path))


def build_bytes_table(path: Path, items: Iterable[tuple[str, str]]) -> None:
    """Write ``word -> text`` as a trie file (one value per word)."""
    import marisa_trie

    marisa_trie.BytesTrie((word, value.encode("utf-8")) for word, value in items).save(str(path))


def open_int_table(path: Path) -> TrieTable:
    """The ``word -> int`` table in ``path``, memory-mapped."""
    import marisa_trie

    trie = marisa_trie.RecordTrie("<q")
    trie.mmap(str(path))
    return TrieTable(trie, ints=True)


def open_bytes_table(path: Path) -> TrieTable:
    """The ``word -> text`` table in ``path``, memory-mapped."""
    import marisa_trie

    trie = marisa_trie.BytesTrie()
    trie.mmap(str(path))
    return TrieTable(trie, ints=False)
