"""The command line: ``python -m fcourse cache`` builds (or finds) every cached resource and says where; ``mcp``
hands its options to the MCP server's own command line."""

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


def test_mcp_passes_its_own_options_to_the_mcp_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["mcp", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--confirm-above-cents" in out and "--db" in out
    assert main(["mcp", "--confirm-above-cents", "-5"]) == 2
