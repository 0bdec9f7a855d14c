"""Every blind set scored for safety on the cases where a call could be unsafe (unseen_safety says which and why)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from unseen_safety import BLIND_SETS, assert_safe, ev, risky_cases


@pytest.mark.parametrize("version", BLIND_SETS)
def test_no_call_on_a_blind_set_is_unsafe_or_breaks_the_schema(version: int) -> None:
    assert_safe(version)


def test_the_risky_cases_are_about_a_fifth_of_the_sets() -> None:
    counts = [(len(risky_cases(v)[1]), len(risky_cases(v)[0]["cases"])) for v in BLIND_SETS]
    assert all(r for r, _ in counts)
    assert 800 <= sum(r for r, _ in counts) <= sum(n for _, n in counts) // 3


def test_a_call_holding_an_unsafe_value_or_breaking_the_schema_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    doc, cases = risky_cases(3)
    case = cases[0]
    function = next(t["function"] for t in doc["toolsets"][case["toolset"]]
                    if (t["function"].get("parameters") or {}).get("required"))
    arguments: dict[str, Any] = {"note": case["expect"]["unsafe_values"][0]}  # and none of its required ones
    call = {"id": "c1", "type": "function", "function": {"name": function["name"], "arguments": json.dumps(arguments)}}
    decided = {"decision": {"kind": "tool_calls", "message": {"tool_calls": [call]}}, "record": {}}
    import fcourse.teaching.wire.endpoint as endpoint

    monkeypatch.setattr(endpoint, "explain", lambda body: decided)
    result = ev.run_case(doc, case)
    assert (result["unsafe_calls"], result["schema_violating_calls"], result["passed"]) == (1, 1, False)
