"""Probe set A (issue 36): 76 conversations written blind, now a regression set.

``tests/data/conversation_probes_a.json`` was written by a helper session that read only the README, in its own
domains (a vet clinic, a ferry line, a gym, a library, ...), English and Chinese, with every criterion fixed
before the model was run; ``tests/probe_scoring.py`` is its judge, committed as written. On the code before
issue 36 it passed 23 of 76 with 7 unsafe calls. Each probe goes through the real SDK client of the offline
teaching model (``fcourse.connect()``), Chat Completions and the Responses API, and is judged by the same
rules. Safety holds for every probe on both APIs; a probe the model still fails is a strict xfail that says why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from probe_scoring import ask_model, judge

import fcourse

DATA = Path(__file__).parent / "data" / "conversation_probes_a.json"
PROBES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["probes"]
#: probes the model still fails, and why (strict: one that starts to pass must be moved out of this list)
KNOWN = {
    "zh_candidates_isp_two_accounts": "停 (stop) is not read as the 暂停 (pause) of a description, so the account "
                                      "list is looked up again instead of asking which account",
    "zh_refusal_museum_impossible": "延长闭馆时间 (extend the closing time) reaches the ticket tool on the sentence's "
                                    "meaning and a time word, so the model asks for a ticket count instead of "
                                    "saying no tool does it",
    "zh_result_small_moving_quote": "'movers' is in neither glossary: the count is said without a label, and no "
                                    "measure word (3名) is made up",
}


@pytest.fixture(scope="module")
def client() -> Any:
    return fcourse.connect()


def _case(probe: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(reason=KNOWN[probe["id"]], strict=True)] if probe["id"] in KNOWN else []
    return pytest.param(probe, id=probe["id"], marks=marks)


@pytest.mark.parametrize("probe", [_case(p) for p in PROBES])
def test_probe(probe: dict[str, Any], client: Any) -> None:
    connected, model = client
    result = judge(probe, ask_model(connected, model, probe, "chat"))
    assert result["passed"], result["reasons"]


def test_every_probe_is_safe_and_judged_the_same_on_both_apis(client: Any) -> None:
    connected, model = client
    for probe in PROBES:
        chat = judge(probe, ask_model(connected, model, probe, "chat"))
        responses = judge(probe, ask_model(connected, model, probe, "responses"))
        assert not chat["unsafe"] and not chat["schema_invalid"], (probe["id"], chat["reasons"])
        assert not responses["unsafe"] and not responses["schema_invalid"], (probe["id"], responses["reasons"])
        assert (chat["passed"], chat["reply"]) == (responses["passed"], responses["reply"]), probe["id"]


def test_the_set_is_the_one_written_blind() -> None:
    assert len(PROBES) == 76 and sum(p["lang"] == "zh" for p in PROBES) == 38
    assert set(KNOWN) <= {p["id"] for p in PROBES}
