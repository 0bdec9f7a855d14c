"""The command line: ``python -m fcourse cache`` builds (or finds) every cached resource and says where."""

from __future__ import annotations

import pytest

from fcourse.__main__ import main


def test_cache_reports_each_resource_and_the_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cache"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "jieba's dictionary tables", "CC-CEDICT's glosses", "CC-CEDICT's English vocabulary", "the sentence encoder",
        "resource cache",
    ]
    assert all("ready in" in line for line in lines[:-1])
