"""The sweep: counts add up, are reproducible, and score right / loud / wrong / invented against the question."""

from __future__ import annotations

import pytest

from fcourse.client import Connection, connect
from fcourse.prompting.demo import SWEEP_QUESTIONS, Question
from fcourse.prompting.parse import ParsedReply
from fcourse.prompting.sweep import OUTCOMES, classify, run_sweep


@pytest.fixture(scope="module")
def conn() -> Connection:
    return connect(backend="offline", quiet=True)


def test_counts_are_reproducible_and_add_up(conn) -> None:
    client, model = conn
    first = run_sweep(client, model, 60)
    again = run_sweep(*connect(backend="offline", quiet=True), 60)
    assert first.counts() == again.counts()
    assert [r.reply for r in first.replies] == [r.reply for r in again.replies]
    for strategy, counts in first.counts().items():
        assert set(counts) == set(OUTCOMES) and sum(counts.values()) == 60, strategy


def test_seeds_and_questions_cycle(conn) -> None:
    result = run_sweep(*conn, 14)
    assert [r.seed for r in result.replies] == list(range(14))
    assert [r.question for r in result.replies] == [SWEEP_QUESTIONS[i % len(SWEEP_QUESTIONS)] for i in range(14)]


def test_sampling_produces_failures_and_the_strategies_rank_as_measured(conn) -> None:
    counts = run_sweep(*conn, 120).counts()
    # naive trusts the format most: it fails loudly most often; repair rescues most, and only repair goes wrong
    assert counts["naive"]["loud"] > counts["defensive"]["loud"] > counts["repair"]["loud"]
    assert counts["naive"]["wrong"] == counts["defensive"]["wrong"] == 0
    assert counts["repair"]["wrong"] > 0


def test_progress_is_called_once_per_reply(conn) -> None:
    seen = []
    run_sweep(*conn, 5, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 5) for i in range(1, 6)]


def test_reparsed_without_tools_turns_some_loud_failures_into_wrong_calls(conn) -> None:
    result = run_sweep(*conn, 120)
    bare = result.reparsed(None)
    assert not bare.checked_against_tools and bare.replies == result.replies
    assert bare.counts()["repair"]["wrong"] > result.counts()["repair"]["wrong"]


def test_examples_return_the_replies_behind_a_count(conn) -> None:
    result = run_sweep(*conn, 60)
    wrong = result.examples("repair", "wrong")
    assert len(wrong) == result.counts()["repair"]["wrong"]
    assert all(parsed.ok and parsed.call != reply.question.expected for reply, parsed in wrong)


def test_classify() -> None:
    q = Question("?", "get_weather", (("city", "北京"),))
    assert classify(ParsedReply(True, "naive", "get_weather", {"city": "北京"}), q.expected) == "right"
    assert classify(ParsedReply(True, "naive", "get_weather", {"city": "西安"}), q.expected) == "wrong"
    assert classify(ParsedReply(True, "naive", "get_last_month_total", {}), q.expected) == "wrong"
    assert classify(ParsedReply(False, "naive", code="NOT_JSON", error="x"), q.expected) == "loud"
    refused = ParsedReply(False, "naive", code="NOT_JSON", error="x")
    assert classify(refused, q.expected, '{"action": "get_weather",') == "loud"
    assert classify(refused, q.expected, "北京今天阴，气温 11℃ 左右。") == "invented"  # the loop shows it as the answer


def test_a_forgotten_format_is_an_invented_answer_for_every_strategy(conn) -> None:
    result = run_sweep(*conn, 120)
    counts = result.counts()
    invented = {strategy: row["invented"] for strategy, row in counts.items()}
    assert len(set(invented.values())) == 1 and invented["naive"] > 0  # no parser can catch it
    for reply, _ in result.examples("defensive", "invented"):
        assert "{" not in reply.reply


def test_with_strategy_adds_the_learners_parser_as_a_column(conn) -> None:
    from fcourse.prompting.parse import parse_prompt_reply
    from fcourse.prompting.sweep import learner_parser

    result = run_sweep(*conn, 60)

    def extract(reply: str) -> dict | None:
        parsed = parse_prompt_reply(reply, "defensive")
        return {"action": parsed.name, **parsed.arguments} if parsed.ok else None

    def validate(action: dict, tools: list) -> list[str]:
        import json

        parsed = parse_prompt_reply(json.dumps(action), "naive", tools=tools)
        return [] if parsed.ok else [str(parsed.error)]

    mine = result.with_strategy("yours", learner_parser(extract, validate))
    assert mine.strategies == (*result.strategies, "yours")
    assert mine.counts()["yours"] == result.counts()["defensive"]

    def broken(reply: str) -> dict:
        raise KeyError("action")

    assert result.with_strategy("yours", learner_parser(broken)).counts()["yours"]["right"] == 0


def test_bad_arguments_raise(conn) -> None:
    with pytest.raises(ValueError, match="temperature"):
        run_sweep(*conn, 3, temperature=0)
    with pytest.raises(ValueError, match="at least 1"):
        run_sweep(*conn, 0)
