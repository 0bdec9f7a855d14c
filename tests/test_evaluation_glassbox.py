"""Reading the decision record, and the black-box evidence table."""

from __future__ import annotations

import pytest

import fcourse
from fcourse.evaluation.glassbox import EVIDENCE, decision_tables, evidence_table
from fcourse.evaluation.scenarios import reference_scenarios


def test_decision_tables_from_a_real_record() -> None:
    connection = fcourse.connect("offline", quiet=True)
    case = reference_scenarios()["paid-refund"]
    tools, arguments = decision_tables(connection.explain(case.messages(), case.tool_list()))
    rows = {row[0]: row for row in tools.rows}
    assert rows["refund_order"][3] == "chosen" and rows["cancel_order"][3] == ""
    assert "refund" in rows["refund_order"][4]
    assert arguments.rows[0][:3] == ("refund_order", "order_id", "O-100")


def test_decision_tables_tolerate_missing_fields() -> None:
    tools, arguments = decision_tables({"kind": "ask", "tools": [{"name": "x"}], "missing": {"x": ["city"]}})
    assert tools.rows == (("x", "-", "no", "", "-"),)
    assert arguments.rows == (("x", "city", "(missing)", "nowhere", "asked back"),)


def test_evidence_table() -> None:
    assert len(EVIDENCE) == 4
    table = evidence_table(["a", "b", "c", "d"])
    assert table.columns[-1] == "observed here" and [r[-1] for r in table.rows] == ["a", "b", "c", "d"]
    assert "training data" in evidence_table().text()
    with pytest.raises(ValueError):
        evidence_table(["only one"])


def test_a_tool_chosen_because_words_and_meaning_agree_says_so() -> None:
    why = "its words score highest, and the whole request is closest to it (0.130; next best 0.050)"
    record = {"kind": "tool_calls", "chosen": ["x"], "tools": [
        {"name": "x", "score": 0.7, "fits": True, "words_and_sentence_agree": why,
         "top_terms": [{"term": "kick", "surface": "kick", "from": "user", "contribution": 0.7}]}]}
    tools, _ = decision_tables(record)
    assert tools.rows[0][4] == f"kick +0.7, and {why}"
