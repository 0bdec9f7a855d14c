"""Filling a prompt's JSON format: only from the user's words that fit the key, never from JSON syntax."""

from __future__ import annotations

import pytest

from fcourse.teaching.wording.text_templates import fill_template, find_templates, time_expression

TEMPLATES = ('Tools, one JSON object per reply:\n{"action": "sum_invoices", "month": "..."}\n'
             '{"action": "list_returns", "period": "<period>"}\n{"action": "ship_status", "city": "..."}')


@pytest.mark.parametrize(("text", "expected"), [
    ("How much did I invoice last month?", "last month"),
    ("Returns over the past 2 weeks please", "past 2 weeks"),
    ("invoices for March 2026", "March 2026"),
    ("totals for 2026-03 only", "2026-03"),
    ("上个月我开了多少发票？", "上个月"),
    ("今年的退货有多少", "今年"),
    ("May I see my invoices?", None),
    ("show my invoices", None),
])
def test_time_expression(text: str, expected: str | None) -> None:
    assert time_expression(text) == expected


@pytest.mark.parametrize(("index", "user", "key", "expected"), [
    (0, "How much did I invoice last month?", "month", "last month"),
    (0, "上个月我开了多少发票？", "month", "上个月"),
    (1, "Which returns came in this week?", "period", "this week"),
    (1, "这周有哪些退货？", "period", "这周"),
    (1, "Which returns came in?", "period", None),
    (2, "Where is my parcel to Chengdu?", "city", "Chengdu"),
    (2, "Where is my parcel?", "city", None),
])
def test_placeholders_are_filled_from_the_users_words_or_null(index: int, user: str, key: str,
                                                             expected: str | None) -> None:
    templates = find_templates([{"role": "system", "content": TEMPLATES}])
    filled, provenance = fill_template(templates[index][0], user, TEMPLATES)
    assert filled[key] == expected
    assert all(p["source"] == "latest user turn" for p in provenance)
    assert not any(isinstance(v, str) and set(v) & set('{}[]"') for v in filled.values())


def test_a_fact_the_runtime_states_fills_a_value_but_the_format_lines_never_do() -> None:
    context = ('To refund: {"action": "refund_order", "order_id": "O-999"}\n'
               'To check a city: {"action": "ship_status", "city": "Chengdu"}\n'
               "Verified order: O-120, status: paid.")
    templates = find_templates([{"role": "system", "content": context}])
    filled, provenance = fill_template(templates[0][0], "I want my money back for this order", context)
    assert filled == {"action": "refund_order", "order_id": "O-120"}
    assert provenance[0]["source"] == "system/developer context"
    city, _ = fill_template(templates[1][0], "where is my parcel now", context)
    assert city == {"action": "ship_status", "city": None}  # "Chengdu" is only in a format line


def test_every_placeholder_of_a_template_is_wanted_so_free_text_is_read() -> None:
    from fcourse.teaching.wording.text_templates import fill_template

    template = {"action": "search_web", "query": "<query>"}
    obj, _ = fill_template(template, "Search the web for news about the Jupiter probe", "")
    assert obj == {"action": "search_web", "query": "Jupiter probe"}  # not null: the placeholder asks for it
