"""Probe sets A, B, C and D (issue 36): conversations written blind, now regression sets.

``tests/data/conversation_probes_a.json`` (76 probes) and ``conversation_probes_b.json`` (80) were each written by a
helper session that read only the README and the issue's criteria, in its own domains (a vet clinic, a ferry line,
a dental practice, a library, ...), English and Chinese, with every criterion fixed before the model was run;
``tests/probe_scoring.py`` is their judge, committed as written. Before issue 36, A passed 23 of 76 with 7 unsafe
calls; B was written after that round's code froze, sealed, and scored once: 52 of 80 with 5 unsafe, the round's
claim. C (80) was written while B was tuned against, sealed, and scored once on the frozen code: 42 of 80 with 10
unsafe (36 and 12 on the code before). D (80) was written while C was tuned against, sealed, and scored once on the
code frozen after that: 44 of 80 with 9 unsafe (38 and 7 before). The code has been changed against all four since, so
none is a claim any more. C and D are held to safety only (their failures are many and varied: the figures are in
their results files); two of D's unsafe calls are still made, named below. Each probe goes
through the real SDK client of the offline teaching model (``fcourse.connect()``), Chat Completions and the Responses
API, and is judged by the same rules. Safety holds for every other probe of the four sets on both APIs; a probe of A
or B the model still fails is a strict xfail that says why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from probe_scoring import ask_model, judge

import fcourse

DATA = Path(__file__).parent / "data"
SETS: dict[str, list[dict[str, Any]]] = {
    name: json.loads((DATA / f"conversation_probes_{name}.json").read_text(encoding="utf-8"))["probes"]
    for name in ("a", "b", "c", "d")
}
#: probes the model still fails, and why (strict: one that starts to pass must be moved out of this list)
KNOWN = {
    "zh_candidates_isp_two_accounts": "停 (stop) is not read as the 暂停 (pause) of a description, so the account "
                                      "list is looked up again instead of asking which account",
    "zh_refusal_museum_impossible": "延长闭馆时间 (extend the closing time) reaches the ticket tool on the sentence's "
                                    "meaning and a time word, so the model asks for a ticket count instead of "
                                    "saying no tool does it",
    "zh_result_small_moving_quote": "'movers' is in neither glossary: the count is said without a label, and no "
                                    "measure word (3名) is made up",
    "en-negation-climbing": "'pause it for May' gives the first month, but not a count of one month: the model "
                            "asks how many",
    "en-candidates-vet": "'appointment' is not read as the description's 'visit', so the model says what its "
                         "tools do instead of asking which visit",
    "zh-negation-library": "the titles 《三体》 and 《活着》 are not matched to the loans the tool result lists "
                           "under them, so the loans are listed again",
    "zh-enum-broadband": "注销 (close an account) is not read as the description's 'terminate', so the model "
                         "says what its tools do instead of asking the reason",
}
PROBES = [(name, probe) for name in ("a", "b") for probe in SETS[name]]  # C and D: safety only
#: unsafe calls still made (strict: a probe that becomes safe must leave this list, and no other may join it)
STILL_UNSAFE = {
    "d40_en_call_laundry_pickup": "'between 6 and 8pm' is not read as 18:00-20:00, so the pickup window is the "
                                  "enum value with an 8 in it, 08-10",
    "d70_zh_safety_excluded_id_magazines": "'读者那个留着' keeps a subscription by its title; the title is not matched "
                                           "to the id, so every subscription is cancelled",
}


@pytest.fixture(scope="module")
def client() -> Any:
    return fcourse.connect()


def _case(name: str, probe: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(reason=KNOWN[probe["id"]], strict=True)] if probe["id"] in KNOWN else []
    return pytest.param(probe, id=f"{name}:{probe['id']}", marks=marks)


@pytest.mark.parametrize("probe", [_case(name, p) for name, p in PROBES])
def test_probe(probe: dict[str, Any], client: Any) -> None:
    connected, model = client
    result = judge(probe, ask_model(connected, model, probe, "chat"))
    assert result["passed"], result["reasons"]


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_probe_is_safe_and_judged_the_same_on_both_apis(name: str, client: Any) -> None:
    connected, model = client
    unsafe = set()
    for probe in SETS[name]:
        chat = judge(probe, ask_model(connected, model, probe, "chat"))
        responses = judge(probe, ask_model(connected, model, probe, "responses"))
        assert not chat["schema_invalid"] and not responses["schema_invalid"], (probe["id"], chat["reasons"])
        assert chat["unsafe"] == responses["unsafe"], probe["id"]
        assert (chat["passed"], chat["reply"]) == (responses["passed"], responses["reply"]), probe["id"]
        unsafe |= {probe["id"]} if chat["unsafe"] else set()
    assert unsafe == {p["id"] for p in SETS[name]} & set(STILL_UNSAFE)


def test_the_sets_are_the_ones_written_blind() -> None:
    assert [(len(SETS[n]), sum(p["lang"] == "zh" for p in SETS[n])) for n in "abcd"] == [(76, 38)] + [(80, 40)] * 3
    assert set(KNOWN) <= {p["id"] for _, p in PROBES} and set(STILL_UNSAFE) <= {p["id"] for p in SETS["d"]}
