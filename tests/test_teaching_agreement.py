"""fcourse.teaching.deciding.agreement: a request no tool fits on its own, when words and sentence meaning agree."""

from __future__ import annotations

import pytest
from test_teaching_policy import ask, calls, tool

from fcourse.teaching.reading import sentences


def test_weak_words_and_the_closest_sentence_must_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    from fcourse.teaching.reading import sentences

    tools = [tool("restart_printer", "Power-cycle a network printer that stopped responding.", {}, []),
             tool("list_jobs", "List the print jobs waiting on a network printer, with their owners and sizes.",
                  {}, [])]
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.0, 0.0))
    plain = ask("kick the printer please", tools)
    assert plain.kind == "answer" and not plain.record["tools"][0]["fits"]  # one everyday word is not enough
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.12, 0.05))
    agreed = ask("kick the printer please", tools)
    assert calls(agreed) == [("restart_printer", {})]
    assert "closest to it (0.120; next best 0.050)" in agreed.record["tools"][0]["words_and_sentence_agree"]
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.05, 0.12))
    assert ask("kick the printer please", tools).kind == "answer"  # the sentence points elsewhere: no call


def test_with_no_shared_word_the_sentence_alone_needs_a_clear_lead_and_a_value(monkeypatch: pytest.MonkeyPatch) -> None:
    service = {"service": {"type": "string", "description": "Service name.", "pattern": "^[a-z]+-[0-9]+$"}}
    tools = [tool("scale_service", "Change how many copies of a service run.", service, ["service"]),
             tool("read_logs", "Fetch the recent log lines of a server.", service, ["service"])]
    request = "给 cart-7 加机器"  # shares no word with either English description, and names a service
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.13, 0.05))
    d = ask(request, tools)
    assert calls(d) == [("scale_service", {"service": "cart-7"})]
    assert "no tool shares a word" in d.record["tools"][0]["words_and_sentence_agree"]
    assert ask("给结账模块加机器", tools).kind == "answer"  # no value the tool takes: closeness alone is not enough
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.13, 0.11))
    assert ask(request, tools).kind == "answer"  # 0.02 ahead is no clear lead
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.13, 0.05))
    assert ask("cart-7 要加机器吗？", tools).kind == "answer"  # a question asks for no action


def test_a_question_that_gives_a_day_may_reach_a_look_up_tool_and_no_other(monkeypatch: pytest.MonkeyPatch) -> None:
    day = {"day": {"type": "string", "format": "date", "description": "Day, YYYY-MM-DD."}}
    tools = [tool("list_slots", "Show which printer slots are free on a day.", day, ["day"]),
             tool("book_slot", "Book a printer slot for a day.", day, ["day"])]
    today = "Today is 2031-06-03 (Tuesday)."
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.12, 0.05))
    assert calls(ask("Is there printer time tomorrow?", tools, today)) == [("list_slots", {"day": "2031-06-04"})]
    assert ask("Is the printer any good?", tools, today).kind == "answer"  # no day, no value: a question answered
    monkeypatch.setattr(sentences, "sentence_similarities", lambda request, docs: (0.05, 0.12))
    assert ask("Is there printer time tomorrow?", tools, today).kind == "answer"  # closest to the booking: blocked
