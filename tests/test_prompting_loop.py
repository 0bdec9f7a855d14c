"""The packaged prompt-hack loop: the program executes, the result goes back as text."""

from __future__ import annotations

from fcourse.client import connect
from fcourse.prompting.demo import SWEEP_QUESTIONS, TOOLS, handlers
from fcourse.prompting.loop import action_line, action_prompt, run_prompt_hack
from fcourse.protocol.scripted import ScriptedModel, text


def test_action_prompt_shows_one_flat_line_per_tool() -> None:
    prompt = action_prompt(TOOLS)
    assert '{"action": "get_weather", "city": "..."}' in prompt
    assert '{"action": "get_last_month_total"}' in prompt
    assert action_line({"name": "n", "parameters": {"properties": {"k": {"type": "integer"}}}}) == \
        '{"action": "n", "k": 0}'


def test_a_weather_question_runs_the_real_function() -> None:
    client, model = connect(backend="offline", quiet=True)
    calls = []

    def get_weather(city: str) -> str:
        calls.append(city)
        return "多云，25℃，东北风3级"

    run = run_prompt_hack(client, model, "北京今天天气怎么样？", TOOLS,
                          {**handlers(), "get_weather": get_weather})
    assert calls == ["北京"] and run.parsed.call == {"name": "get_weather", "arguments": {"city": "北京"}}
    assert run.result == "多云，25℃，东北风3级" and "多云，25℃" in run.final
    assert run.messages[2] == {"role": "assistant", "content": run.reply}
    assert run.messages[3]["role"] == "user" and "多云，25℃" in run.messages[3]["content"]
    assert run.worded_by == "model" and run.final == "北京：多云，25℃，东北风3级。"
    assert str(run).startswith("user: 北京") and "worded by the model" in run.trace[-1]


def test_the_order_total_comes_from_sqlite() -> None:
    client, model = connect(backend="offline", quiet=True)
    run = run_prompt_hack(client, model, "What was my order total last month?", TOOLS, handlers())
    assert run.result == "2026-03: 0 order(s), total ¥0.00"


def test_a_refused_reply_executes_nothing() -> None:
    client, model = connect(backend="offline", quiet=True)
    calls = []
    run = run_prompt_hack(client, model, "北京今天天气怎么样？", TOOLS, {"get_weather": calls.append},
                          temperature=1.0, seed=0, extra_body={"fcourse": {"failure_mode": "two_objects"}})
    assert not run.parsed.ok and run.parsed.code == "AMBIGUOUS" and calls == [] and run.final is None


def test_a_failing_handler_is_fed_back_not_raised() -> None:
    client, model = connect(backend="offline", quiet=True)

    def broken(city: str) -> str:
        raise RuntimeError("weather service down")

    run = run_prompt_hack(client, model, "北京今天天气怎么样？", TOOLS, {"get_weather": broken})
    assert run.result == "Error: RuntimeError: weather service down"
    assert "the handler failed" in run.trace[-1]


def test_a_missing_handler_executes_nothing() -> None:
    client, model = connect(backend="offline", quiet=True)
    run = run_prompt_hack(client, model, "北京今天天气怎么样？", TOOLS, {})
    assert run.result is None and "no handler" in run.trace[-1]


def test_a_plain_answer_is_passed_through_as_unchecked() -> None:
    client, model = connect(backend="offline", quiet=True)
    run = run_prompt_hack(client, model, "What is 2 + 3?", TOOLS, handlers())
    assert run.final == run.reply and run.worded_by == "model" and run.result is None


def test_the_model_words_every_executed_sampled_run() -> None:
    client, model = connect(backend="offline", quiet=True)
    executed = 0
    for seed in range(24):
        question = SWEEP_QUESTIONS[seed % len(SWEEP_QUESTIONS)].text
        run = run_prompt_hack(client, model, question, TOOLS, handlers(), temperature=1.0, seed=seed)
        if run.result is not None:
            executed += 1
            assert run.worded_by == "model" and "{" not in str(run.final), run
    assert executed >= 12


def test_json_again_is_not_shown_as_the_answer_the_program_words_it() -> None:
    action = '{"action": "get_weather", "city": "北京"}'
    scripted = ScriptedModel(lambda messages: text(action))
    run = run_prompt_hack(scripted.client(), scripted.name, "北京今天天气怎么样？", TOOLS, handlers())
    assert run.worded_by == "program" and run.final == "get_weather(city='北京') returned: 多云，25℃，东北风3级"
    assert "the program words the answer" in run.trace[-2]
    fed_back = scripted.requests[1]["messages"][-1]
    assert fed_back["role"] == "user" and "多云，25℃，东北风3级" in fed_back["content"]
