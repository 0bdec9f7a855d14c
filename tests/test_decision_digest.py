"""tools/decision_digest.py: every committed case fingerprinted, and a changed decision named and failing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import decision_digest as dd  # noqa: E402  (maintainer tooling lives outside the installed package)


def test_every_committed_set_and_probe_is_a_request() -> None:
    keys = [key for key, _ in dd.requests()]
    assert len(keys) == len(set(keys)) > 4000
    sets = {key.split("/")[0] for key in keys}
    assert {"teaching_unseen_v1", "teaching_unseen_v29", "conversation_probes"} <= sets
    assert not [s for s in sets if s.endswith(("_results", "_baseline"))]


def test_compare_names_a_changed_decision_and_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    parameters = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    function = {"name": "get_weather", "description": "Get the weather for a city.", "parameters": parameters}
    tools = [{"type": "function", "function": function}]
    bodies = [("s/paris", {"model": dd.MODEL, "messages": [{"role": "user", "content": "Weather in Paris?"}],
                           "tools": tools}),
              ("s/bad", {"model": dd.MODEL, "messages": [], "tools": tools})]
    monkeypatch.setattr(dd, "requests", lambda: iter(bodies))
    stored = tmp_path / "before.json"
    assert dd.main(["--write", str(stored)]) == 0
    assert dd.main(["--compare", str(stored)]) == 0
    assert "0 decisions changed" in capsys.readouterr().out
    before = json.loads(stored.read_text())
    assert before["s/bad"]["record"] == ""  # a rejected request is fingerprinted by its error
    before["s/paris"]["decision"] = "0" * 16
    stored.write_text(json.dumps(before))
    assert dd.main(["--compare", str(stored)]) == 1
    assert "decision changed: s/paris" in capsys.readouterr().out
