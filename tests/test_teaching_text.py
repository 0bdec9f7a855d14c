"""The teaching model without tools: invented figures, JSON formats and their failure modes."""

from __future__ import annotations

import ast
import json
from typing import Any

import pytest

from fcourse.errors import FcourseError, InvalidRequestError
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.deciding.failure_modes import FAILURE_MODES
from fcourse.teaching.policy import decide
from fcourse.teaching.wording.text import chat_answer, find_templates, render

SYSTEM_EN = 'You can check the weather. Reply only with {"action": "get_weather", "city": "..."}'
SYSTEM_ZH = '想查天气就输出 {"tool": "get_weather", "city": "..."}，不要输出别的。'


def ask(user: str, system: str | None = None, **extra: Any) -> Decision:
    messages = [{"role": "system", "content": system}] if system else []
    messages.append({"role": "user", "content": user})
    return decide({"model": "fcourse-teaching", "messages": messages, **extra})


# ---------------------------------------------------------------- the chapter 1 hook

@pytest.mark.parametrize("question", ["What was my order total last month?", "我上个月订单总额是多少？"])
def test_invents_a_confident_figure_for_private_data(question: str) -> None:
    d = ask(question)
    assert d.kind == "text" and d.finish_reason == "stop"
    assert "¥" in d.content and any(c.isdigit() for c in d.content)
    assert d.record["behaviour"] == "invented"
    assert ask(question).content == d.content  # the same question, the same invention


def test_invented_figures_vary_with_the_seed() -> None:
    figures = {ask("What was my order total last month?", seed=s).content for s in range(10)}
    assert len(figures) > 3


def test_chat_answers_are_short_and_honest() -> None:
    assert ask("What is 2 + 3?").content == "5."
    assert ask("1+1 等于几").content == "2。"
    assert ask("你好").content.startswith("你好")
    assert "offline" in ask("What's the meaning of life?").content
    assert chat_answer("anything", "en", fallback="X") == "X"


# ---------------------------------------------------------------- following a JSON format

def test_follows_the_json_format_in_the_system_prompt() -> None:
    en = ask("What's the weather in Beijing?", SYSTEM_EN)
    assert json.loads(en.content) == {"action": "get_weather", "city": "Beijing"}
    zh = ask("北京今天天气怎么样？", SYSTEM_ZH)
    assert json.loads(zh.content) == {"tool": "get_weather", "city": "北京"}
    assert zh.record["failure_mode"] == "clean" and zh.record["behaviour"] == "json_format"


def test_picks_the_template_that_matches_the_request() -> None:
    system = ('To check the weather reply {"action": "get_weather", "city": "..."}\n'
              'To refund an order reply {"action": "refund_order", "order_id": "..."}')
    d = ask("Please refund order O-100", system)
    assert json.loads(d.content) == {"action": "refund_order", "order_id": "O-100"}
    assert len(find_templates([{"role": "system", "content": system}])) == 2


def _parse_shape(mode: str, content: str) -> None:
    """Each failure mode produces the shape its name promises."""
    if mode == "clean":
        assert json.loads(content)["city"] == "Beijing"
    elif mode == "prose":
        start, end = content.index("{"), content.rindex("}") + 1
        assert content[:start].strip() and json.loads(content[start:end])["city"] == "Beijing"
    elif mode == "fence":
        assert content.startswith("```json\n") and content.endswith("\n```")
        assert json.loads(content[8:-4])["city"] == "Beijing"
    elif mode == "truncated":
        assert content.startswith('{"action"') and not content.endswith("}")
        with pytest.raises(json.JSONDecodeError):
            json.loads(content)
    elif mode == "trailing_comma":
        assert content.endswith(",}")
        with pytest.raises(json.JSONDecodeError):
            json.loads(content)
        assert json.loads(content[:-2] + "}")["city"] == "Beijing"
    elif mode == "single_quotes":
        with pytest.raises(json.JSONDecodeError):
            json.loads(content)
        assert ast.literal_eval(content)["city"] == "Beijing"
    elif mode == "two_objects":
        first, second = content.split("\n")
        assert json.loads(first)["city"] == "Beijing" and json.loads(second) != json.loads(first)
        with pytest.raises(json.JSONDecodeError):
            json.loads(content)
    elif mode == "forgot":
        assert "{" not in content and "Beijing" in content
    else:  # pragma: no cover
        raise AssertionError(mode)


@pytest.mark.parametrize("mode", FAILURE_MODES)
def test_each_failure_mode_is_selectable_and_has_its_shape(mode: str) -> None:
    d = ask("What's the weather in Beijing?", SYSTEM_EN, fcourse={"failure_mode": mode})
    assert d.kind == "text" and d.record["failure_mode"] == mode
    assert d.finish_reason == ("length" if mode == "truncated" else "stop")
    _parse_shape(mode, d.content)


def test_unknown_failure_mode_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown failure_mode") as info:
        ask("weather in Beijing?", SYSTEM_EN, fcourse={"failure_mode": "sloppy"})
    assert isinstance(info.value, FcourseError)
    assert isinstance(info.value, InvalidRequestError) and info.value.param == "fcourse.failure_mode"


def test_temperature_zero_is_always_clean() -> None:
    modes = {ask("What's the weather in Beijing?", SYSTEM_EN, temperature=0, seed=s).record["failure_mode"]
             for s in range(30)}
    assert modes == {"clean"}


def test_sampled_modes_are_deterministic_per_seed_and_vary_across_seeds() -> None:
    def mode(seed: int) -> str:
        return ask("What's the weather in Beijing?", SYSTEM_EN, temperature=1.0, seed=seed).record["failure_mode"]

    first = [mode(s) for s in range(120)]
    assert first == [mode(s) for s in range(120)]
    assert len(set(first)) >= 5
    assert first.count("clean") == max(first.count(m) for m in FAILURE_MODES)
    assert "sampled" in ask("weather in Beijing?", SYSTEM_EN, temperature=1.0, seed=1).record["failure_mode_how"]


def test_render_rejects_an_unknown_mode() -> None:
    with pytest.raises(ValueError, match="unknown failure mode 'nope'") as info:
        render({"a": 1}, "nope")
    assert isinstance(info.value, InvalidRequestError) and info.value.code == "invalid_value"


def test_stream_flag_does_not_change_the_reply() -> None:
    a = ask("What's the weather in Beijing?", SYSTEM_EN, temperature=1.0, seed=7)
    b = ask("What's the weather in Beijing?", SYSTEM_EN, temperature=1.0, seed=7, stream=True)
    assert a == b


def test_prompt_that_allows_a_normal_answer_gets_one_when_no_format_fits() -> None:
    system = 'To check the weather reply {"action": "get_weather", "city": "..."}; otherwise answer normally.'
    assert json.loads(ask("Weather in Paris?", system).content)["city"] == "Paris"
    d = ask("Hello there", system)
    assert d.content == "Hello! How can I help you today?" and d.record["behaviour"] == "chat"


def test_max_tokens_truncates_the_text_reply() -> None:
    d = ask("What's the weather in Beijing?", SYSTEM_EN, fcourse={"failure_mode": "prose"}, max_tokens=4)
    assert d.finish_reason == "length" and d.content == "Sure! Here is"


def test_forgetting_the_format_on_an_action_claims_it_was_done() -> None:
    system = 'To refund an order reply {"action": "refund_order", "order_id": "..."}'
    d = ask("Please refund order O-100", system, fcourse={"failure_mode": "forgot"})
    assert d.content == "Done! I have taken care of it: refund order O-100."


def test_truncation_points_vary_with_the_seed_and_some_cut_a_value() -> None:
    def cut(seed: int) -> str:
        return ask("What's the weather in Shanghai?", SYSTEM_EN, temperature=1.0, seed=seed,
                   fcourse={"failure_mode": "truncated"}).content

    full = json.dumps({"action": "get_weather", "city": "Shanghai"})
    cuts = [cut(s) for s in range(40)]
    assert cuts == [cut(s) for s in range(40)]  # deterministic per seed
    assert all(full.startswith(c) and len('{"action"') <= len(c) < len(full) for c in cuts)
    assert len(set(cuts)) >= 6
    inside = full[: full.index('"Shanghai') + 2]  # ... "city": "S
    mid_value = [c for c in cuts if c.startswith(inside) and len(c) < len(full) - 2]  # "S .. "Shangha
    assert mid_value, "some truncations must end inside the city value, e.g. \"Shangh"


def test_two_objects_without_arguments_names_a_different_second_action() -> None:
    system = ('To get my order total reply {"action": "get_order_total"}\n'
              'To check the weather reply {"action": "get_weather", "city": "..."}')
    seconds = set()
    for seed in range(6):
        d = ask("What is my order total?", system, temperature=1.0, seed=seed, fcourse={"failure_mode": "two_objects"})
        first, second = (json.loads(line) for line in d.content.split("\n"))
        assert first == {"action": "get_order_total"} and second["action"] == "get_weather"
        assert isinstance(second["city"], str) and second["city"]
        seconds.add(second["city"])
    assert len(seconds) > 1


def test_two_objects_repeats_only_when_nothing_can_differ() -> None:
    system = 'To get my order total reply {"action": "get_order_total"}'
    d = ask("What is my order total?", system, fcourse={"failure_mode": "two_objects"})
    assert d.content == '{"action": "get_order_total"}\n{"action": "get_order_total"}'
