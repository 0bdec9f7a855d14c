"""The text model answers from a result fed back as text (chapter 1's last step), decided from structure."""

from __future__ import annotations

import json
from typing import Any

from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.policy import decide
from fcourse.teaching.wording.text_results import result_turn

SYSTEM = ('Tools you may use - answer with one JSON object only:\n'
          '{"action": "lookup_forecast", "city": "..."}\n{"action": "count_refunds", "period": "..."}')


def run(*turns: tuple[str, str], **extra: Any) -> Decision:
    messages = [{"role": "system", "content": SYSTEM}] + [{"role": r, "content": c} for r, c in turns]
    return decide({"model": "fcourse-teaching", "messages": messages, **extra})


def test_a_result_naming_the_action_is_answered_in_the_users_language() -> None:
    d = run(("user", "广州明天会下雨吗？"), ("assistant", '{"action": "lookup_forecast", "city": "广州"}'),
            ("user", "lookup_forecast output => 雷阵雨，31℃"))
    assert d.kind == "text" and d.content == "广州：雷阵雨，31℃。"
    assert d.record["behaviour"] == "answer_from_result" and d.record["action"] == "lookup_forecast"
    assert d.record["language"] == "zh" and d.record["result_turns"] == [3]


def test_a_json_result_gives_its_facts_not_the_format_again() -> None:
    d = run(("user", "Will it rain in Oslo tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": "Oslo"}'),
            ("user", json.dumps({"city": "Oslo", "rain_mm": 4, "sky": "showers"})))
    # the city said once, as the subject; one sentence per fact (issue 36)
    assert d.content == "In Oslo, the rain is 4 mm. The sky is showers."


def test_a_result_in_an_assistant_turn_is_read_too() -> None:
    d = run(("user", "How many refunds this week?"),
            ("assistant", '{"action": "count_refunds", "period": "this week"}'),
            ("assistant", "The refund ledger shows 3 refunds, 2 pending"))
    assert d.content == "This week: The refund ledger shows 3 refunds, 2 pending."


def test_a_failed_result_is_said_to_have_failed() -> None:
    d = run(("user", "Will it rain in Oslo tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": "Oslo"}'),
            ("user", "lookup_forecast: Error: TimeoutError: upstream did not answer"))
    # said plainly: no tool name, no exception name; with no tool description to tell a look-up, a timeout
    # is an outcome not known yet, so the reply does not invite a retry
    assert d.content.startswith("Sorry, I couldn't confirm whether it went through: the service took too long to "
                                "answer.")
    assert "lookup_forecast" not in d.content and "TimeoutError" not in d.content and "don't try again" in d.content
    assert d.record["results"][0]["failed"] is True


def test_a_new_question_after_an_action_is_not_a_result() -> None:
    d = run(("user", "Will it rain in Oslo tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": "Oslo"}'),
            ("user", "And in Chengdu?"))
    assert d.record["behaviour"] == "json_format"
    assert json.loads(d.content) == {"action": "lookup_forecast", "city": "Chengdu"}


def test_nothing_is_filled_from_the_models_earlier_json() -> None:
    d = run(("user", "Will it rain in Oslo tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": "Oslo"}'),
            ("user", "and what about the weekend then?"))
    filled = json.loads(d.content)
    assert filled["action"] == "lookup_forecast" and filled["city"] is None


def test_a_plain_chat_turn_after_an_action_is_not_a_result() -> None:
    d = run(("user", "Will it rain in Oslo tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": "Oslo"}'),
            ("user", "thanks"))
    assert d.record["behaviour"] != "answer_from_result"


def test_the_same_request_gets_the_same_answer() -> None:
    turns = (("user", "广州明天会下雨吗？"), ("assistant", '{"action": "lookup_forecast", "city": "广州"}'),
             ("user", "lookup_forecast: 雷阵雨"))
    assert run(*turns, temperature=1.0, seed=3) == run(*turns, temperature=1.0, seed=3)


def test_result_turn_needs_one_pending_action() -> None:
    two = '{"action": "a", "x": 1}\n{"action": "b", "x": 2}'
    assert result_turn([{"role": "user", "content": "q?"}, {"role": "assistant", "content": two},
                        {"role": "user", "content": "a: 5"}]) is None
    assert result_turn([{"role": "user", "content": "q?"}, {"role": "assistant", "content": "sure"},
                        {"role": "user", "content": "a: 5"}]) is None
    found = result_turn([{"role": "user", "content": "q?"}, {"role": "assistant", "content": '{"action": "a"}'},
                         {"role": "user", "content": "a: 5\nplease be brief"}])
    assert found is not None and (found.action, found.result, found.question) == ("a", "5", "q?")


def test_a_value_supplied_after_an_incomplete_action_is_not_a_result() -> None:
    d = run(("user", "Will it rain tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": null}'),
            ("user", "Chengdu, 2 adults"))
    assert d.record["behaviour"] == "json_format"
    assert json.loads(d.content) == {"action": "lookup_forecast", "city": "Chengdu"}


def test_a_bare_statement_after_a_complete_action_is_its_result() -> None:
    d = run(("user", "Will it rain in Oslo tomorrow?"), ("assistant", '{"action": "lookup_forecast", "city": "Oslo"}'),
            ("user", "rain 4 mm, wind 6 m/s"))
    assert d.record["behaviour"] == "answer_from_result" and d.content == "Oslo: rain 4 mm, wind 6 m/s."
