"""fcourse.evaluation.injection: rank tools by their descriptions, offer the top k, measure against offering all."""

from __future__ import annotations

import copy

import fcourse
from fcourse.evaluation.injection import injection_curve, retrieve_tools


def _catalogue() -> list[dict]:
    data = fcourse.load_cases("distractors")
    return data[0].tool_list() + copy.deepcopy(list(data.extra["distractors"]))


def test_retrieval_keeps_k_tools_in_catalogue_order_and_finds_the_refund() -> None:
    catalogue = _catalogue()
    top = retrieve_tools("I paid for order O-100 and I want a full refund.", catalogue, 3)
    names = [t["function"]["name"] for t in top]
    assert len(top) == 3 and "refund_order" in names
    order = [t["function"]["name"] for t in catalogue]
    assert names == sorted(names, key=order.index)


def test_retrieval_reads_descriptions_not_names() -> None:
    catalogue = _catalogue()
    renamed = copy.deepcopy(catalogue)
    for i, tool in enumerate(renamed):
        tool["function"]["name"] = f"tool_{i}"
    request = "Please cancel order O-200; I haven't paid."
    picked = [catalogue.index(t) for t in (next(c for c in catalogue if c["function"]["name"] == x["function"]["name"])
                                           for x in retrieve_tools(request, catalogue, 4))]
    picked_renamed = [int(t["function"]["name"].split("_")[1]) for t in retrieve_tools(request, renamed, 4)]
    assert picked == picked_renamed


def test_k_at_least_the_catalogue_offers_everything() -> None:
    catalogue = _catalogue()[:2]
    assert retrieve_tools("anything", catalogue, 3) == catalogue


def test_the_curve_compares_all_tools_with_the_top_k_and_counts_recall_and_tokens() -> None:
    connection = fcourse.connect("offline", quiet=True)
    curve = injection_curve(connection.client, connection.model, k=3, sizes=(2, 8))
    assert curve.sizes == (2, 8) and len(curve.everything) == len(curve.injected) == 2
    (n2, all2, top2, recall2, tokens_all2, tokens_top2), (n8, _, _, _, tokens_all8, tokens_top8) = curve.rows()
    assert all2 == top2 and recall2 == "100%" and tokens_all2 == tokens_top2  # 2 tools: nothing to cut
    assert tokens_top8 < tokens_all8  # fewer descriptions, fewer prompt tokens
    assert 0.0 <= min(curve.recall) <= max(curve.recall) <= 1.0


def test_the_curve_grades_with_the_judge_it_is_given() -> None:
    connection = fcourse.connect("offline", quiet=True)
    graded: list[str] = []

    def judge(case, kind, calls):
        graded.append(case.id)
        return "wrong_tool"  # a judge that passes nothing

    curve = injection_curve(connection.client, connection.model, k=3, sizes=(2,), grade=judge)
    assert curve.everything[0].passed == curve.injected[0].passed == 0
    assert len(graded) == len(curve.everything[0]) + len(curve.injected[0])
