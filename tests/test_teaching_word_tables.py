"""Word tables over a trie file answer as the dictionaries they replace, and writes stay in their own overlay."""

from __future__ import annotations

from pathlib import Path

import pytest

from fcourse.teaching.reading.word_tables import (
    build_bytes_table,
    build_int_table,
    open_bytes_table,
    open_int_table,
)


def test_an_int_table_answers_like_a_dict(tmp_path: Path) -> None:
    entries = {"北京": 5, "北": 0, "北京人": 12, "a b": 2**40}
    build_int_table(tmp_path / "t.marisa", entries.items())
    table = open_int_table(tmp_path / "t.marisa")
    for word, value in entries.items():
        assert word in table and table[word] == value and table.get(word) == value
    assert "南京" not in table and table.get("南京") is None and table.get("南京", 7) == 7
    assert 3 not in table  # not a word: no error, just absent
    with pytest.raises(KeyError):
        table["南京"]


def test_writes_go_to_an_overlay_that_copies_do_not_share(tmp_path: Path) -> None:
    build_int_table(tmp_path / "t.marisa", {"别碰": 9, "别": 100}.items())
    base = open_int_table(tmp_path / "t.marisa")
    private = base.copy()
    private["别碰"] = 0  # jieba's del_word
    private["别碰了"] = 0
    assert private["别碰"] == 0 and "别碰了" in private
    assert base["别碰"] == 9 and "别碰了" not in base
    again = private.copy()
    again["别"] = 1
    assert private["别"] == 100 and again["别"] == 1 and again["别碰"] == 0


def test_a_bytes_table_returns_text(tmp_path: Path) -> None:
    build_bytes_table(tmp_path / "b.marisa", {"北京": "ns", "今天": "t", "x": "多\x1f个"}.items())
    table = open_bytes_table(tmp_path / "b.marisa")
    assert table.get("北京") == "ns" and table["x"] == "多\x1f个" and table.get("明天", "x") == "x"
    table.update({"明天": "t"})
    assert table["明天"] == "t"
