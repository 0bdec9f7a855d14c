"""The teaching model's policy: routing by description, argument filling, tool_choice, results."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from fcourse.teaching.deciding.decision import Decision, ProposedCall
from fcourse.teaching.policy import THRESHOLD, decide, decision_record

ORDER_ID = {"type": "string", "description": "订单号，如 O-100"}
REFUND_ZH = "退款：仅用于已支付的订单，把钱退还给用户。"
CANCEL_ZH = "取消订单：仅用于尚未支付的订单，取消后不会扣款。"
REFUND_EN = "Refund a paid order: give the customer their money back. Only for orders that were paid."
CANCEL_EN = "Cancel an unpaid order so it is never charged. Only for orders that have not been paid."


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


def order_tools(refund: str = REFUND_ZH, cancel: str = CANCEL_ZH) -> list[dict[str, Any]]:
    return [
        tool("refund_order", refund, {"order_id": ORDER_ID}, ["order_id"]),
        tool("cancel_order", cancel, {"order_id": ORDER_ID}, ["order_id"]),
    ]


WEATHER = tool(
    "get_weather", "查询指定城市的天气演示数据", {"city": {"type": "string", "description": "城市名，如北京"}}, ["city"]
)


def ask(content: Any, tools: list[dict[str, Any]] | None = None, system: str | None = None, **extra: Any) -> Decision:
    messages = content if isinstance(content, list) else [{"role": "user", "content": content}]
    if system:
        messages = [{"role": "system", "content": system}, *messages]
    request: dict[str, Any] = {"model": "fcourse-teaching", "messages": messages, **extra}
    if tools is not None:
        request["tools"] = tools
    return decide(request)


def calls(decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    return [(c.name, c.arguments) for c in decision.tool_calls]


# ---------------------------------------------------------------- the four reference scenarios

SCENARIOS = [
    # (user, system, expected kind, expected calls)
    ("已支付订单 O-100，我要退款", None, "tool_calls", [("refund_order", {"order_id": "O-100"})]),
    ("订单 O-200 还没付款，帮我取消", None, "tool_calls", [("cancel_order", {"order_id": "O-200"})]),
    ("我要退款", None, "ask", []),
    ("订单 O-100 什么时候到货？", None, "answer", []),
    ("I paid for order O-100 and I want a refund.", None, "tool_calls", [("refund_order", {"order_id": "O-100"})]),
    (
        "Please cancel order O-200, I have not paid for it.",
        None,
        "tool_calls",
        [("cancel_order", {"order_id": "O-200"})],
    ),
    ("I want a refund.", None, "ask", []),
    ("When will order O-100 arrive?", None, "answer", []),
    # the runtime injects the verified order: the id comes from the context
    ("我要退款", "Verified order: O-100, status: paid", "tool_calls", [("refund_order", {"order_id": "O-100"})]),
    (
        "Please cancel it.",
        "Verified order: O-200, status: unpaid",
        "tool_calls",
        [("cancel_order", {"order_id": "O-200"})],
    ),
]


@pytest.mark.parametrize("descriptions", [(REFUND_ZH, CANCEL_ZH), (REFUND_EN, CANCEL_EN)], ids=["zh-desc", "en-desc"])
@pytest.mark.parametrize(("user", "system", "kind", "expected"), SCENARIOS)
def test_reference_scenarios(
    descriptions: tuple[str, str], user: str, system: str | None, kind: str, expected: list[Any]
) -> None:
    d = ask(user, order_tools(*descriptions), system)
    assert d.kind == kind, d.record
    assert calls(d) == expected
    if kind == "tool_calls":
        assert d.content is None and d.finish_reason == "tool_calls"
    else:
        assert d.content and not d.tool_calls and d.finish_reason == "stop"


def test_ask_back_names_the_missing_argument_in_the_users_language() -> None:
    zh = ask("我要退款", order_tools())
    en = ask("I want my money back", order_tools())
    assert zh.kind == en.kind == "ask"
    # worded from the parameter's description (issue 26), never its name
    assert "订单" in zh.content and "请" in zh.content and "order_id" not in zh.content
    assert "order" in en.content and "?" in en.content and "order_id" not in en.content
    assert zh.record["missing"] == {"refund_order": ["order_id"]}


def test_description_swap_flips_routing_and_keeps_ids_and_restoring_passes() -> None:
    paid, unpaid = "已支付订单 O-100，我要退款", "订单 O-200 还没付款，帮我取消"
    swapped = order_tools(refund=CANCEL_ZH, cancel=REFUND_ZH)
    assert calls(ask(paid, swapped)) == [("cancel_order", {"order_id": "O-100"})]
    assert calls(ask(unpaid, swapped)) == [("refund_order", {"order_id": "O-200"})]
    swapped_en = order_tools(refund=CANCEL_EN, cancel=REFUND_EN)
    assert calls(ask("I paid for O-100, refund it please", swapped_en)) == [("cancel_order", {"order_id": "O-100"})]
    restored = order_tools()
    assert calls(ask(paid, restored)) == [("refund_order", {"order_id": "O-100"})]
    assert calls(ask(unpaid, restored)) == [("cancel_order", {"order_id": "O-200"})]


def test_routing_ignores_tool_names() -> None:
    misleading = [
        tool("cancel_everything", REFUND_EN, {"order_id": ORDER_ID}, ["order_id"]),
        tool("refund_now", CANCEL_EN, {"order_id": ORDER_ID}, ["order_id"]),
    ]
    assert calls(ask("refund O-100", misleading)) == [("cancel_everything", {"order_id": "O-100"})]


def test_negation_does_not_trigger_the_negated_tool() -> None:
    for text in (
        "Don't refund it, just tell me the delivery time for O-100",
        "我不想退款，只想知道 O-100 的快递什么时候到",
    ):
        d = ask(text, order_tools())
        assert d.kind == "answer", d.record
        assert any(t["term"] == "#refund" for t in d.record["query"]["negated"])


# ---------------------------------------------------------------- unseen tools

FX = tool(
    "fx_convert",
    "Convert an amount of money from one currency to another at today's exchange rate.",
    {
        "amount": {"type": "number", "description": "How much money to convert"},
        "from_currency": {"type": "string", "description": "ISO code of the source currency, e.g. USD"},
        "to_currency": {"type": "string", "description": "ISO code of the target currency, e.g. EUR"},
    },
    ["amount", "from_currency", "to_currency"],
)
QUOTE = tool(
    "q",
    "Get the latest trading price of a listed company's stock by its ticker symbol.",
    {"symbol": {"type": "string", "description": "Ticker symbol, e.g. AAPL"}},
    ["symbol"],
)
MAIL = tool(
    "m1",
    "Send an email to someone.",
    {
        "to": {"type": "string", "description": "Recipient email address"},
        "subject": {"type": "string", "description": "Subject line"},
        "body": {"type": "string", "description": "The message body"},
    },
    ["to", "body"],
)
ROOM = tool(
    "r1",
    "Reserve a meeting room for a time slot.",
    {
        "room": {"type": "string", "description": "Room code, such as R-301"},
        "start": {"type": "string", "description": "Start time"},
        "duration_minutes": {"type": "integer", "description": "Length of the meeting in minutes"},
    },
    ["room", "start"],
)
TRANSLATE = tool(
    "t1",
    "Translate a piece of text into another language.",
    {
        "text": {"type": "string", "description": "The text to translate"},
        "target_language": {"type": "string", "description": "Target language code, e.g. fr"},
    },
    ["text", "target_language"],
)
REMIND = tool(
    "z9",
    "Set a reminder that notifies the user at a given time.",
    {
        "what": {"type": "string", "description": "What to remind the user about"},
        "when": {"type": "string", "description": "When to send the reminder"},
    },
    ["what", "when"],
)
SEARCH = tool(
    "s1",
    "Search the web for pages about a topic.",
    {"query": {"type": "string", "description": "What to search for"}},
    ["query"],
)
WX = tool(
    "w1",
    "Current weather conditions for a location.",
    {
        "location": {"type": "string", "description": "City name"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"},
    },
    ["location"],
)
UNSEEN = [FX, QUOTE, MAIL, ROOM, TRANSLATE, REMIND, SEARCH, WX]

UNSEEN_CASES = [
    ("How much is 100 USD in euros?", "fx_convert", {"amount": 100, "from_currency": "USD", "to_currency": "EUR"}),
    ("把100美元换成人民币", "fx_convert", {"amount": 100, "from_currency": "USD", "to_currency": "CNY"}),
    ("What's TSLA trading at?", "q", {"symbol": "TSLA"}),
    ("AAPL 的股价是多少？", "q", {"symbol": "AAPL"}),
    (
        "Email bob@example.com saying the meeting moved to 3pm",
        "m1",
        {"to": "bob@example.com", "body": "the meeting moved to 3pm"},
    ),
    ("给 alice@example.com 发邮件，内容是明天不开会", "m1", {"to": "alice@example.com", "body": "明天不开会"}),
    (
        "Book room R-301 tomorrow at 3pm for 30 minutes",
        "r1",
        {"room": "R-301", "start": "tomorrow at 3pm", "duration_minutes": 30},
    ),
    (
        "帮我预订会议室 R-201，明天下午3点，60分钟",
        "r1",
        {"room": "R-201", "start": "明天下午3点", "duration_minutes": 60},
    ),
    ('Translate "good morning" into French', "t1", {"text": "good morning", "target_language": "fr"}),
    ("把“早上好”翻译成英文", "t1", {"text": "早上好", "target_language": "en"}),
    ("Remind me to call mom at 6pm", "z9", {"what": "call mom", "when": "6pm"}),
    ("明天早上8点提醒我交报告", "z9", {"what": "交报告", "when": "明天早上8点"}),
    ("Search the web for cheap flights to Tokyo", "s1", {"query": "cheap flights to Tokyo"}),
    ("帮我在网上搜一下北京烤鸭", "s1", {"query": "北京烤鸭"}),
    ("Is it going to rain in Paris? Give it in fahrenheit", "w1", {"location": "Paris", "unit": "fahrenheit"}),
    ("伦敦现在多少度？用摄氏度", "w1", {"location": "伦敦", "unit": "celsius"}),
]


@pytest.mark.parametrize(("user", "name", "arguments"), UNSEEN_CASES)
def test_unseen_tools_route_and_fill(user: str, name: str, arguments: dict[str, Any]) -> None:
    d = ask(user, UNSEEN)
    assert d.kind == "tool_calls", d.record
    assert calls(d) == [(name, arguments)]


def test_unseen_tool_with_schema_pattern_and_context_value() -> None:
    lookup = tool(
        "acct",
        "Look up the loyalty points balance of a customer account.",
        {
            "user_id": {"type": "string", "description": "The customer's account id"},
            "card": {"type": "string", "pattern": r"^C\d{4}$", "description": "Loyalty card"},
        },
        ["user_id", "card"],
    )
    d = ask("How many points are left on card C1234?", [lookup, WEATHER], system="current user id: u_42")
    assert calls(d) == [("acct", {"user_id": "u_42", "card": "C1234"})]
    sources = {a["param"]: a["source"] for a in d.record["arguments"]}
    assert sources == {"card": "latest user turn", "user_id": "system/developer context"}


def test_no_tool_fits_a_question_outside_every_description() -> None:
    d = ask("Tell me a joke about cats", UNSEEN)
    assert d.kind == "answer" and not d.tool_calls
    assert all(not t["fits"] for t in d.record["tools"])


def test_optional_argument_absent_is_omitted_and_default_used() -> None:
    t = tool(
        "w",
        "Weather forecast for a city.",
        {
            "city": {"type": "string", "description": "City"},
            "days": {"type": "integer", "description": "Days ahead"},
            "unit": {"type": "string", "enum": ["c", "f"], "default": "c"},
        },
        ["city"],
    )
    assert calls(ask("weather in Tokyo", [t])) == [("w", {"city": "Tokyo", "unit": "c"})]


# ---------------------------------------------------------------- parallel calls


@pytest.mark.parametrize("user", ["北京和上海今天天气怎么样？", "What's the weather in Beijing and Shanghai?"])
def test_parallel_two_cities(user: str) -> None:
    on = ask(user, [WEATHER, *order_tools()])
    off = ask(user, [WEATHER, *order_tools()], parallel_tool_calls=False)
    cities = [c.arguments["city"] for c in on.tool_calls]
    assert len(cities) == 2 and {c.name for c in on.tool_calls} == {"get_weather"}
    assert cities in (["北京", "上海"], ["Beijing", "Shanghai"])
    assert calls(off) == [("get_weather", {"city": cities[0]})]
    assert "dropped" in off.record["reason"]


def test_two_different_intents_give_two_tools_when_parallel() -> None:
    user = "What's the weather in Paris, and convert 100 USD to EUR"
    names = [c.name for c in ask(user, [WX, FX]).tool_calls]
    assert names == ["w1", "fx_convert"]  # in the order the user asked
    assert len(ask(user, [WX, FX], parallel_tool_calls=False).tool_calls) == 1


# ---------------------------------------------------------------- tool_choice


def test_tool_choice_none_never_calls() -> None:
    d = ask("已支付订单 O-100，我要退款", order_tools(), tool_choice="none")
    assert d.kind == "answer" and not d.tool_calls and "none" in d.content


def test_tool_choice_required_forces_the_best_tool_and_records_missing() -> None:
    d = ask("Tell me a joke", order_tools(), tool_choice="required")
    assert d.kind == "tool_calls" and len(d.tool_calls) == 1
    assert d.tool_calls[0].arguments == {}  # nothing invented
    assert d.record["forced"] is True and d.record["missing"] == {d.tool_calls[0].name: ["order_id"]}


def test_tool_choice_named_calls_that_tool() -> None:
    d = ask("我要退款 O-100", order_tools(), tool_choice={"type": "function", "function": {"name": "cancel_order"}})
    assert calls(d) == [("cancel_order", {"order_id": "O-100"})]
    assert d.record["forced"] is True


# ---------------------------------------------------------------- follow-ups and tool results


def test_follow_up_supplies_the_missing_id() -> None:
    first = ask("I want a refund.", order_tools())
    assert first.kind == "ask"
    d = ask(
        [
            {"role": "user", "content": "I want a refund."},
            {"role": "assistant", "content": first.content},
            {"role": "user", "content": "O-100"},
        ],
        order_tools(),
    )
    assert calls(d) == [("refund_order", {"order_id": "O-100"})]


def _round(user: str, results: list[str], cities: list[str]) -> list[dict[str, Any]]:
    tool_calls = [
        {
            "id": f"call_{i}",
            "type": "function",
            "function": {"name": "get_weather", "arguments": json.dumps({"city": c}, ensure_ascii=False)},
        }
        for i, c in enumerate(cities)
    ]
    return [
        {"role": "user", "content": user},
        {"role": "assistant", "content": None, "tool_calls": tool_calls},
        *({"role": "tool", "tool_call_id": f"call_{i}", "content": r} for i, r in enumerate(results)),
    ]


def test_answer_after_tool_result_uses_the_tools_facts() -> None:
    d = ask(_round("北京今天天气怎么样？", ["多云，25℃，东北风3级"], ["北京"]), [WEATHER])
    assert d.kind == "answer" and d.finish_reason == "stop"
    assert d.content == "北京：多云，25℃，东北风3级。"
    en = ask(
        _round("Weather in Beijing and Shanghai?", ["多云，25℃，东北风3级", "小雨，22℃"], ["Beijing", "Shanghai"]),
        [WEATHER],
    )
    assert "25℃" in en.content and "22℃" in en.content and "Beijing" in en.content


@pytest.mark.parametrize(
    "result",
    [
        '{"error": "timeout"}',
        '{"status": "ERROR", "error_code": "EXECUTION_ERROR"}',
        "Error: city not found",
        '{"ok": false, "message": "service down"}',
    ],
)
def test_tool_error_is_reported_honestly(result: str) -> None:
    d = ask(_round("What's the weather in Beijing?", [result], ["Beijing"]), [WEATHER])
    assert d.kind == "answer"
    assert d.content.startswith("Sorry, I couldn't") and "EXECUTION_ERROR" not in d.content
    assert "get_weather" not in d.content
    zh = ask(_round("北京天气怎么样？", [result], ["北京"]), [WEATHER])
    assert ("没有完成" in zh.content or "没有找到" in zh.content) and "get_weather" not in zh.content
    assert not re.search(r"[A-Za-z]", re.sub(r"「[^」]*」", "", zh.content))  # issue 36: Chinese, English only quoted
    assert d.record["results"][0]["failed"] is True


def test_required_keeps_calling_after_tool_results() -> None:
    d = ask(_round("北京天气？", ["晴"], ["北京"]), [WEATHER], tool_choice="required")
    assert d.kind == "tool_calls"


# ---------------------------------------------------------------- glass box and determinism


def test_record_explains_scores_terms_and_sources() -> None:
    request = {
        "model": "m",
        "messages": [{"role": "user", "content": "已支付订单 O-100，我要退款"}],
        "tools": order_tools(),
    }
    record = decision_record(request)
    json.dumps(record, ensure_ascii=False)
    assert record["threshold"] == THRESHOLD
    refund = next(t for t in record["tools"] if t["name"] == "refund_order")
    words = [t["term"] for t in refund["top_terms"] if t["term"] != "~sentence"]  # the request as a whole aside
    assert refund["fits"] and words[0] == "#refund"
    assert record["arguments"][0]["how"].startswith("shape of the description's example")
    assert record["kind"] == "tool_calls" and record["chosen"] == ["refund_order"]


def test_decision_is_deterministic_and_does_not_mutate_the_request() -> None:
    request = {
        "model": "m",
        "messages": [{"role": "user", "content": "北京和上海天气"}],
        "tools": [WEATHER],
        "temperature": 0.7,
        "seed": 3,
    }
    before = copy.deepcopy(request)
    first = decide(request)
    again = decide(copy.deepcopy(request))
    assert first == again
    assert json.dumps(first.record, sort_keys=True) == json.dumps(again.record, sort_keys=True)
    assert request == before
    assert all(isinstance(c, ProposedCall) for c in first.tool_calls)


def test_every_decision_kind_has_a_json_serialisable_record() -> None:
    for d in (
        ask("退款 O-100", order_tools()),
        ask("我要退款", order_tools()),
        ask("hi", order_tools()),
        ask("What was my order total last month?"),
        ask(_round("x", ["晴"], ["北京"]), [WEATHER]),
    ):
        assert json.loads(json.dumps(d.record, ensure_ascii=False))["kind"] == d.kind


def test_max_tokens_cuts_a_text_answer() -> None:
    d = ask("When will order O-100 arrive?", order_tools(), max_tokens=3)
    assert d.finish_reason == "length" and len(d.content) < 30


QUERY_ORDER = tool(
    "query_order",
    "查询某个用户在指定月份的订单总金额。当用户询问自己的订单、消费、账单金额时使用。",
    {
        "user_id": {"type": "integer", "description": "用户的唯一 ID"},
        "month": {"type": "integer", "description": "月份,1-12 的整数"},
    },
    ["user_id", "month"],
)


def test_sensitive_id_comes_from_the_session_and_relative_month_is_asked() -> None:
    asked = ask("我上个月的订单金额是多少？", [QUERY_ORDER])
    assert asked.kind == "ask" and "ID" in asked.content and "月份" in asked.content
    assert "user_id" not in asked.content and "month" not in asked.content
    d = ask("我3月的订单金额是多少？", [QUERY_ORDER], system="当前登录用户 ID: 42")
    assert calls(d) == [("query_order", {"user_id": 42, "month": 3})]
    en = ask("How much did I spend in March?", [QUERY_ORDER], system="current user id: 42")
    assert calls(en) == [("query_order", {"user_id": 42, "month": 3})]
    sources = {a["param"]: a["source"] for a in en.record["arguments"]}
    assert sources == {"user_id": "system/developer context", "month": "latest user turn"}


FLIGHTS = tool(
    "f1",
    "Search for flights between two cities on a given date.",
    {
        "origin": {"type": "string", "description": "Departure city"},
        "destination": {"type": "string", "description": "Arrival city"},
        "date": {"type": "string", "description": "Travel date, YYYY-MM-DD"},
    },
    ["origin", "destination", "date"],
)
CLOCK = tool(
    "tz", "Tell the current local time in a city.", {"city": {"type": "string", "description": "City name"}}, ["city"]
)
CALC = tool(
    "c1",
    "Evaluate an arithmetic expression and return the result.",
    {"expression": {"type": "string", "description": "The math expression, e.g. 2*(3+4)"}},
    ["expression"],
)
TRACK = tool(
    "tr",
    "Track a parcel and tell where it is and when it will be delivered.",
    {"tracking_number": {"type": "string", "description": "Courier tracking number, like SF1234567"}},
    ["tracking_number"],
)
MORE_UNSEEN = [FLIGHTS, CLOCK, CALC, TRACK, *UNSEEN]


@pytest.mark.parametrize(
    ("user", "name", "arguments"),
    [
        (
            "Find flights from Beijing to Paris on 2026-12-01",
            "f1",
            {"origin": "Beijing", "destination": "Paris", "date": "2026-12-01"},
        ),
        ("帮我查一下12月1日从上海飞东京的航班", "f1", {"origin": "上海", "destination": "东京", "date": "12月1日"}),
        ("What time is it in New York?", "tz", {"city": "New York"}),
        ("纽约现在几点？", "tz", {"city": "纽约"}),
        ("What is 17 * 23? use the calculator", "c1", {"expression": "17 * 23"}),
        ("Where is my package SF7654321?", "tr", {"tracking_number": "SF7654321"}),
        ("我的快递 SF1234567 到哪了？", "tr", {"tracking_number": "SF1234567"}),
        ("Convert 50 pounds to yen", "fx_convert", {"amount": 50, "from_currency": "GBP", "to_currency": "JPY"}),
    ],
)
def test_more_unseen_tools_among_many(user: str, name: str, arguments: dict[str, Any]) -> None:
    assert calls(ask(user, MORE_UNSEEN)) == [(name, arguments)]


@pytest.mark.parametrize("user", ["Tell me about the history of Rome", "I need to reset my password", "你好呀"])
def test_many_tools_and_nothing_fits(user: str) -> None:
    assert ask(user, MORE_UNSEEN).kind == "answer"


def test_missing_city_is_asked_not_invented() -> None:
    for user, word in (("What's the weather like?", "city"), ("天气怎么样", "地点")):  # the blind glossary's word
        d = ask(user, MORE_UNSEEN)  # the parameter is "location", described as a city
        assert d.kind == "ask" and word in d.content and "location" not in d.content


def test_tool_results_are_answered_even_when_the_follow_up_sends_no_tools() -> None:
    d = ask(_round("北京今天天气怎么样？", ["多云，25℃，东北风3级"], ["北京"]))
    assert d.kind == "answer" and d.content == "北京：多云，25℃，东北风3级。"


@pytest.mark.parametrize(
    ("user", "expected"),
    [
        (
            "Refund O-100 and cancel O-200",
            [("refund_order", {"order_id": "O-100"}), ("cancel_order", {"order_id": "O-200"})],
        ),
        (
            "Cancel O-200 and refund O-100",
            [("cancel_order", {"order_id": "O-200"}), ("refund_order", {"order_id": "O-100"})],
        ),
        (
            "退款 O-100，另外取消 O-200",
            [("refund_order", {"order_id": "O-100"}), ("cancel_order", {"order_id": "O-200"})],
        ),
    ],
)
def test_two_intents_two_tools_each_with_its_own_id(user: str, expected: list[Any]) -> None:
    tools = order_tools(REFUND_EN, CANCEL_EN) if user.isascii() else order_tools()
    assert calls(ask(user, tools)) == expected
    assert calls(ask(user, tools, parallel_tool_calls=False)) == expected[:1]


def test_two_ids_for_one_tool_fan_out() -> None:
    assert calls(ask("Refund O-100 and O-101", order_tools(REFUND_EN, CANCEL_EN))) == [
        ("refund_order", {"order_id": "O-100"}),
        ("refund_order", {"order_id": "O-101"}),
    ]


REFUND_ROUND = [
    {"role": "user", "content": "Refund order O-100"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_9",
                "type": "function",
                "function": {"name": "refund_order", "arguments": '{"order_id": "O-100"}'},
            }
        ],
    },
]


@pytest.mark.parametrize(
    ("envelope", "expected"),
    [
        (
            {
                "status": "SUCCESS",
                "error_code": None,
                "message": "refunded",
                "data": {"refund_id": "R-1"},
                "retry_safe": True,
            },
            ("Refunded.", "R-1"),
        ),
        (
            {
                "status": "ERROR",
                "error_code": "EXECUTION_ERROR",
                "message": "timeout",
                "data": None,
                "retry_safe": False,
            },
            # issue 36: the tool's description is never the verb; a timeout is said in the reply's words
            ("Sorry, I couldn't confirm whether the request for O-100 went through", "don't try again"),
        ),
        (
            {
                "status": "PENDING",
                "error_code": None,
                "message": "waiting for reconciliation",
                "data": None,
                "retry_safe": False,
            },
            ("isn't confirmed yet: it is still pending", "O-100", "twice"),
        ),
    ],
)
def test_runtime_envelopes_are_read_honestly(envelope: dict[str, Any], expected: tuple[str, ...]) -> None:
    messages = [*REFUND_ROUND, {"role": "tool", "tool_call_id": "call_9", "content": json.dumps(envelope)}]
    d = ask(messages, order_tools(REFUND_EN, CANCEL_EN))
    assert d.kind == "answer" and all(part in d.content for part in expected), d.content
    assert "refund_order" not in d.content and "EXECUTION_ERROR" not in d.content and "refund_id" not in d.content
    if envelope["status"] != "SUCCESS":
        assert "Refunded" not in d.content and "has been refunded" not in d.content


# ---------------------------------------------------------------- questions, implicit intents, follow-ups


@pytest.mark.parametrize(
    "user",
    [
        "Why was I charged twice for O-100?",
        "为什么 O-100 还没退款？",
        "Can you refund orders from other shops?",
        "What does a refund cost me?",
    ],
)
def test_a_question_about_an_action_does_not_do_it(user: str) -> None:
    d = ask(user, order_tools(REFUND_EN, CANCEL_EN) if user.isascii() else order_tools())
    assert d.kind == "answer" and not d.tool_calls, d.record
    assert d.record["query"]["speech_act"] != "request"


def test_a_polite_question_with_a_value_is_still_a_request() -> None:
    assert calls(ask("Could you refund my order O-100 please?", order_tools(REFUND_EN, CANCEL_EN))) == [
        ("refund_order", {"order_id": "O-100"})
    ]


#: issue 13 removed conversational phrases from the concept lexicon ("不要了", "anymore"); these cases passed only
#: thanks to them, and the general resources (word embeddings, CC-CEDICT glosses) do not read "I don't want it"
#: as cancel
_PHRASE_GONE = pytest.mark.xfail(
    strict=True,
    reason="passed only thanks to the lexicon phrases '不要了' / 'anymore', "
    "removed in issue 13; an implied cancellation is not read by the general resources",
)


@pytest.mark.parametrize(
    "user",
    [
        "O-200 这个订单我不要了",
        "I don't want order O-200 anymore",
    ],
)
def test_implicit_cancel(user: str) -> None:
    tools = order_tools(REFUND_EN, CANCEL_EN) if user.isascii() else order_tools()
    assert calls(ask(user, tools)) == [("cancel_order", {"order_id": "O-200"})]


def test_the_main_verb_of_a_description_decides_between_near_neighbours() -> None:
    book = tool("b", "Reserve a table at a restaurant.", {"when": {"type": "string", "description": "When"}}, ["when"])
    undo = tool(
        "u", "Cancel an existing restaurant reservation.", {"when": {"type": "string", "description": "When"}}, ["when"]
    )
    assert calls(ask("Reserve a restaurant table tonight at 7pm", [undo, book])) == [("b", {"when": "tonight at 7pm"})]
    assert calls(ask("Cancel my restaurant reservation tonight at 7pm", [book, undo])) == [
        ("u", {"when": "tonight at 7pm"})
    ]


def test_a_follow_up_value_goes_to_the_argument_that_was_asked_for() -> None:
    first = ask("Convert 100 USD please", [FX])
    assert first.kind == "ask" and first.record["missing"] == {"fx_convert": ["to_currency"]}
    d = ask(
        [
            {"role": "user", "content": "Convert 100 USD please"},
            {"role": "assistant", "content": first.content},
            {"role": "user", "content": "Japanese yen"},
        ],
        [FX],
    )
    assert calls(d) == [("fx_convert", {"amount": 100, "from_currency": "USD", "to_currency": "JPY"})]


def test_a_required_enum_takes_the_default_its_description_names() -> None:
    ship = tool(
        "ship",
        "Ship a parcel to an address.",
        {
            "city": {"type": "string", "description": "Destination city"},
            "speed": {
                "type": "string",
                "enum": ["standard", "express"],
                "description": "Delivery speed; use standard unless the user asks for faster",
            },
        },
        ["city", "speed"],
    )
    assert calls(ask("Ship this parcel to Lyon... I mean Paris", [ship])) == [
        ("ship", {"city": "Paris", "speed": "standard"})
    ]
    assert calls(ask("寄到上海，要加急 express", [ship])) == [("ship", {"city": "上海", "speed": "express"})]


def test_a_value_only_one_lookup_tool_can_take_is_enough_to_look_it_up_but_not_to_act() -> None:
    assert calls(ask("and GOOG?", [QUOTE, FX])) == [("q", {"symbol": "GOOG"})]
    refund_only = [tool("refund_order", REFUND_EN, {"order_id": ORDER_ID}, ["order_id"])]
    assert ask("When will order O-100 arrive?", refund_only).kind == "answer"


def test_relative_date_is_resolved_only_when_the_format_and_today_are_known() -> None:
    d = ask("Find flights from Beijing to Paris tomorrow", [FLIGHTS], system="Today is 2026-12-30.")
    assert calls(d) == [("f1", {"origin": "Beijing", "destination": "Paris", "date": "2026-12-31"})]
    assert calls(ask("Find flights from Beijing to Paris tomorrow", [FLIGHTS])) == [
        ("f1", {"origin": "Beijing", "destination": "Paris", "date": "tomorrow"})
    ]


def test_a_negated_main_action_rules_its_tool_out() -> None:
    restart = tool(
        "rs",
        "Restart a deployed service.",
        {"service": {"type": "string", "description": "Service, e.g. web-api"}},
        ["service"],
    )
    logs = tool(
        "lg",
        "Fetch recent log lines for a service.",
        {"service": {"type": "string", "description": "Service"}},
        ["service"],
    )
    d = ask("don't restart it, just get me the logs of web-api", [restart, logs])
    assert calls(d) == [("lg", {"service": "web-api"})]
    assert any(t.get("main_action_negated") == "restart" for t in d.record["tools"])


def test_value_shapes_from_descriptions() -> None:
    card = tool("bal", "查询银行卡余额。", {"last4": {"type": "string", "description": "银行卡后四位"}}, ["last4"])
    alarm = tool(
        "al", "Set an alarm clock.", {"time": {"type": "string", "description": "Alarm time, HH:MM"}}, ["time"]
    )
    assert calls(ask("尾号 6617 的卡还剩多少钱？", [card, alarm])) == [("bal", {"last4": "6617"})]
    assert calls(ask("set an alarm for 7pm", [card, alarm])) == [("al", {"time": "19:00"})]
    assert calls(ask("明天下午3点半的闹钟", [card, alarm])) == [("al", {"time": "15:30"})]


# A permissive key pattern fits ordinary words too; only a value the user gave may fill it.
_KEYED_REFUND = {
    "type": "function",
    "function": {
        "name": "refund_order",
        "description": "Refund a paid order.",
        "parameters": {
            "type": "object",
            "properties": {
                "order_id": {"type": "string", "pattern": "^O-[0-9]+$", "description": "The order, e.g. O-100."},
                "idempotency_key": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_.:-]{8,64}$",
                    "description": "A unique key for this refund request.",
                },
            },
            "required": ["order_id", "idempotency_key"],
        },
    },
}


def _keyed(*messages: dict) -> Decision:
    return decide({"model": "fcourse-teacher", "messages": list(messages), "tools": [_KEYED_REFUND]})


def test_permissive_pattern_takes_the_key_the_user_gave_without_its_full_stop() -> None:
    decision = _keyed({"role": "user", "content": "Refund order O-100. Use idempotency key refund-O-100-a1."})
    assert [(c.name, c.arguments) for c in decision.tool_calls] == [
        ("refund_order", {"order_id": "O-100", "idempotency_key": "refund-O-100-a1"})
    ]


def test_permissive_pattern_does_not_take_ordinary_words_from_the_system_prompt() -> None:
    decision = _keyed(
        {"role": "system", "content": "You are a customer-support assistant for an online shop."},
        {"role": "user", "content": "Please refund my order O-100, it arrived broken."},
    )
    assert decision.kind == "ask"
    assert "a unique key for this refund request" in decision.content and "idempotency_key" not in decision.content


def test_permissive_pattern_accepts_a_wordy_key_the_user_introduces() -> None:
    decision = _keyed({"role": "user", "content": "Refund O-100, idempotency key: broken-parcel-refund"})
    assert decision.tool_calls[0].arguments["idempotency_key"] == "broken-parcel-refund"


def test_a_clock_time_fills_an_hh_mm_parameter_and_is_not_counted_as_people() -> None:
    court = tool("book_court", "Book a tennis court.", {
        "day": {"type": "string", "format": "date", "description": "Day, YYYY-MM-DD."},
        "start": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "description": "Start time, HH:MM."},
        "players": {"type": "integer", "minimum": 1, "maximum": 4, "description": "Number of players."},
    }, ["day", "start", "players"])
    d = ask("Book a tennis court on Thursday at 6:45pm for two players", [court], "Today is 2026-05-05 (Tuesday).")
    assert calls(d) == [("book_court", {"day": "2026-05-07", "start": "18:45", "players": 2})]


def test_an_optional_enum_is_filled_only_when_the_users_words_mean_one_value() -> None:
    pizza = tool("order_pizza", "Order a pizza for delivery.", {
        "topping": {"type": "string", "description": "Main topping."},
        "size": {"type": "string", "enum": ["small", "medium", "large"], "description": "Pizza size."},
    }, ["topping"])
    d = ask("Order a huge pizza, topping: mushrooms", [pizza])
    assert calls(d) == [("order_pizza", {"topping": "mushrooms", "size": "large"})]
    assert any("sentence encoder" in c["why"] for c in d.record["checks"])
    assert calls(ask("Order a pizza, topping: mushrooms", [pizza])) == [("order_pizza", {"topping": "mushrooms"})]


def test_a_chinese_label_in_the_context_names_an_english_parameter() -> None:
    grades = tool("get_marks", "Show a learner's marks for a module.", {
        "learner_id": {"type": "string", "description": "Student number, e.g. S1234567.", "pattern": "^S[0-9]{7}$"},
        "module": {"type": "string", "description": "Module code, e.g. CS101.", "pattern": "^[A-Z]{2,4}[0-9]{3}$"},
    }, ["learner_id", "module"])
    d = ask("查一下CS205的分数", [grades], "当前登录学生：S7654321。")
    assert calls(d) == [("get_marks", {"learner_id": "S7654321", "module": "CS205"})]
    # a label that names something else does not fill it
    assert ask("查一下CS205的分数", [grades], "客服工号：S7654321。").kind == "ask"


def test_of_several_numbers_the_one_that_counts_is_taken() -> None:
    seats = tool("buy_seats", "Buy train seats.", {
        "train": {"type": "string", "description": "Train number, e.g. K8.", "pattern": "^[GDKZT][0-9]{1,4}$"},
        "seats": {"type": "integer", "minimum": 1, "maximum": 9, "description": "How many seats."},
    }, ["train", "seats"])
    assert calls(ask("买三张K8的一等座", [seats])) == [("buy_seats", {"train": "K8", "seats": 3})]  # 一等 labels
    assert calls(ask("K8再加两张，一共五张", [seats])) == [("buy_seats", {"train": "K8", "seats": 5})]  # a total
    assert ask("K8，三个大人两个小孩", [seats]).kind == "ask"  # two counts, no total: ask, do not add up


def test_a_length_of_time_is_converted_to_the_unit_the_parameter_counts_in() -> None:
    soup = tool("find_soups", "Find soup recipes.", {
        "ingredient": {"type": "string", "description": "Main ingredient."},
        "max_minutes": {"type": "integer", "minimum": 5, "maximum": 240, "description": "Longest cooking time."},
    }, ["ingredient"])
    d = ask("a soup ready in half an hour, ingredient: leek", [soup])
    assert calls(d) == [("find_soups", {"ingredient": "leek", "max_minutes": 30})]
    d = ask("两个小时以内能做好的汤，ingredient: 番茄", [soup])
    assert calls(d) == [("find_soups", {"ingredient": "番茄", "max_minutes": 120})]


def test_an_enum_value_written_as_it_is_beats_one_read_through_a_gloss() -> None:
    balance = tool("balance", "Show an account's balance.", {
        "account": {"type": "string", "enum": ["checking", "savings"], "description": "Which account."},
    }, ["account"])
    assert calls(ask("你查一下 savings 还剩多少", [balance])) == [("balance", {"account": "savings"})]


def test_several_calls_each_take_their_own_number_and_place() -> None:
    gauge = tool("log_gauge", "Record a gauge reading.", {
        "gauge": {"type": "string", "enum": ["pressure", "flow"], "description": "Which gauge."},
        "value": {"type": "integer", "minimum": 0, "description": "The reading shown."},
    }, ["gauge", "value"])
    d = ask("log the gauges: pressure shows 88 and flow shows 412", [gauge])
    assert calls(d) == [("log_gauge", {"gauge": "pressure", "value": 88}),
                        ("log_gauge", {"gauge": "flow", "value": 412})]
    gift = tool("send_gift", "Send a gift box.", {
        "box": {"type": "string", "enum": ["chocolate", "tea"], "description": "Which box."},
        "address": {"type": "string", "description": "Street address."},
        "count": {"type": "integer", "minimum": 1, "maximum": 9, "description": "How many boxes."},
    }, ["box", "address"])
    d = ask("send chocolate to 4 Mill Lane and tea to 7 Kings Road", [gift])
    assert calls(d) == [("send_gift", {"box": "chocolate", "address": "4 Mill Lane"}),
                        ("send_gift", {"box": "tea", "address": "7 Kings Road"})]  # no count read from 7 Kings Road


def test_an_id_in_the_context_is_chosen_by_what_the_user_says_about_it() -> None:
    renew = tool("renew_locker", "Renew a locker rental for another term.", {
        "locker_id": {"type": "string", "description": "Locker id, e.g. LK-100.", "pattern": "^LK-[0-9]{3}$"},
    }, ["locker_id"])
    facts = "Verified: member's lockers: LK-301 (gym), LK-377 (pool)."
    assert calls(ask("renew my pool locker", [renew], facts)) == [("renew_locker", {"locker_id": "LK-377"})]
    assert calls(ask("renew both lockers", [renew], facts)) == [("renew_locker", {"locker_id": "LK-301"}),
                                                              ("renew_locker", {"locker_id": "LK-377"})]
    assert ask("renew my locker", [renew], facts).kind == "ask"  # nothing says which: ask


def test_an_enum_value_turned_down_or_only_in_the_context_gives_way_to_the_users_words() -> None:
    extra = tool("add_extra", "Add an extra to a booking.", {
        "extra": {"type": "string", "enum": ["towel", "locker", "parking"], "description": "Which extra."},
    }, ["extra"])
    assert calls(ask("no towel - just add parking", [extra])) == [("add_extra", {"extra": "parking"})]
    site = tool("register_visitor", "Register a visitor at a site.", {
        "site": {"type": "string", "enum": ["riverside", "old_town", "science_park"], "description": "Which site."},
    }, ["site"])
    d = ask("明天有访客来科学园区找我，帮忙登记", [site], "会员常驻地点：riverside。")
    assert calls(d) == [("register_visitor", {"site": "science_park"})]


def test_a_new_day_is_the_one_said_after_to_and_months_come_from_a_length_of_time() -> None:
    move = tool("move_class", "Move a class booking to another day.", {
        "booking_id": {"type": "string", "description": "Booking, e.g. CL-1001.", "pattern": "^CL-[0-9]{4}$"},
        "new_date": {"type": "string", "format": "date", "description": "The new day, YYYY-MM-DD."},
    }, ["booking_id", "new_date"])
    d = ask("CL-1002 周四那节改到下周一", [move], "今天是2031年6月3日，星期二。")
    assert calls(d) == [("move_class", {"booking_id": "CL-1002", "new_date": "2031-06-09"})]
    renew = tool("renew_pass", "Renew a season pass.", {
        "pass_id": {"type": "string", "description": "Pass, e.g. SP-101.", "pattern": "^SP-[0-9]{3}$"},
        "months": {"type": "integer", "enum": [1, 3, 12], "description": "Months to add: 1, 3 or 12."},
    }, ["pass_id", "months"])
    assert calls(ask("renew SP-131 for another year", [renew])) == [("renew_pass", {"pass_id": "SP-131", "months": 12})]
    assert calls(ask("SP-131续一个月", [renew])) == [("renew_pass", {"pass_id": "SP-131", "months": 1})]


def test_an_option_is_switched_on_only_by_its_own_words() -> None:
    room = tool("book_room", "Book a meeting room.", {
        "room": {"type": "string", "description": "Room name."},
        "projector": {"type": "boolean", "description": "Whether the meeting needs a projector."},
    }, ["room"])
    assert calls(ask("book the meeting room, room: Oak", [room])) == [("book_room", {"room": "Oak"})]
    assert calls(ask("book room Oak, with a projector please", [room]))[0][1].get("projector") is True
    # the tool's description naming the option does not silence the option's own name ("ribbon" in add_ribbon)
    edit = tool("edit_gift", "Edit a gift order: its delivery day, or whether a ribbon goes on it.", {
        "gift_id": {"type": "string", "description": "Gift order, e.g. GF-1001."},
        "add_ribbon": {"type": "boolean", "description": "If true, tie a silk ribbon round the box."},
    }, ["gift_id"])
    assert calls(ask("GF-1001: could you put a ribbon on it?", [edit])) == [
        ("edit_gift", {"gift_id": "GF-1001", "add_ribbon": True})]
    assert calls(ask("GF-1001: deliver it a day later", [edit]))[0][1].get("add_ribbon") is None


def test_an_option_is_named_by_a_short_word_of_its_name_a_hyphenated_word_or_a_gloss_of_its_description() -> None:
    dry = tool("book_drying", "Book a boat into the drying shed.", {
        "boat_id": {"type": "string", "description": "Boat, e.g. BT-1001.", "pattern": "^BT-[0-9]{4}$"},
        "with_oars": {"type": "boolean", "description": "True if the oars are stored too."},
        "topup_requested": {"type": "boolean", "description": "true = the owner wants a top-up of fuel."},
        "winter_pack": {"type": "boolean", "description": "true = also put antifreeze in the engine."},
    }, ["boat_id"])
    assert calls(ask("BT-1001 please, with both oars", [dry]))[0][1].get("with_oars") is True  # "oars": 3 letters
    assert calls(ask("BT-1001 in the shed, and a top-up would be good", [dry]))[0][1].get("topup_requested") is True
    assert calls(ask("BT-1001 in the shed, no top-up needed", [dry]))[0][1].get("topup_requested") is False
    assert calls(ask("BT-1001 进棚，加点防冻剂", [dry]))[0][1].get("winter_pack") is True  # 防冻剂: "antifreeze"
    assert calls(ask("BT-1001 进棚", [dry]))[0][1] == {"boat_id": "BT-1001"}


def test_the_one_that_is_not_the_named_id_is_the_other_in_the_context() -> None:
    cancel = tool("cancel_hold", "Cancel a book hold.", {
        "hold_id": {"type": "string", "description": "Hold, e.g. HD-1001.", "pattern": "^HD-[0-9]{4}$"},
    }, ["hold_id"])
    facts = "Verified: the user has two holds: HD-2001 and HD-2002."
    for request in ("不是HD-2002那个，另一个取消掉", "Cancel my hold, not the one that is HD-2002"):
        assert calls(ask(request, [cancel], facts)) == [("cancel_hold", {"hold_id": "HD-2001"})], request


def test_people_counted_without_a_number_and_a_day_is_not_a_calendar_synonym() -> None:
    ferry = tool("buy_ferry_pass", "Buy a ferry pass.", {
        "pass_type": {"type": "string", "enum": ["day", "week"], "description": "Which pass."},
        "start_date": {"type": "string", "format": "date", "description": "First day, YYYY-MM-DD."},
        "travellers": {"type": "integer", "minimum": 1, "maximum": 6, "description": "How many people travel."},
    }, ["pass_type", "start_date", "travellers"])
    today = "Today is 2031-06-03 (Tuesday)."
    assert calls(ask("a week pass from tomorrow, just me", [ferry], today)) == [
        ("buy_ferry_pass", {"pass_type": "week", "start_date": "2031-06-04", "travellers": 1})]
    assert calls(ask("我和我朋友要周票，明天开始", [ferry], "今天是2031年6月3日，星期二。"))[0][1]["travellers"] == 2
    assert ask("a week pass from tomorrow", [ferry], today).kind == "ask"  # nobody counted: ask


def test_when_no_tool_fits_on_its_words_the_one_that_gets_every_value_from_the_turn_is_called() -> None:
    tracking = {"type": "string", "pattern": "^PX[0-9]{6}$", "description": "Tracking number, e.g. PX123456"}
    tools = [tool("check_parcel", "Track where a parcel is.", {"tracking": tracking}, ["tracking"]),
             tool("redirect_parcel", "Send a parcel that is on its way to another address instead.", {
                 "tracking": tracking, "address": {"type": "string", "description": "New delivery address"}},
                  ["tracking", "address"])]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "PX123456 改送到建国路88号"}], "tools": tools})
    assert [(c.name, c.arguments) for c in d.tool_calls] == [
        ("redirect_parcel", {"tracking": "PX123456", "address": "建国路88号"})]
    assert "the one tool that gets every required value" in d.record["reason"]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "改送到建国路88号"}], "tools": tools})
    assert not d.tool_calls  # no tracking number: no tool gets every value, nothing is called


def test_a_question_about_what_there_is_may_be_answered_by_a_search_tool_never_by_one_that_acts() -> None:
    search = tool("find_in_catalogue", "Search the library catalogue for books, films and audiobooks by topic.",
                  {"query": {"type": "string", "description": "What to look for"}}, ["query"])
    cancel = tool("cancel_loan", "Cancel a loan.", {"loan_id": {"type": "string", "description": "Loan id"}},
                  ["loan_id"])
    d = decide({"model": "m", "messages": [{"role": "user", "content": "Do you have audiobooks on volcanoes?"}],
                "tools": [search, cancel]})
    assert [c.name for c in d.tool_calls] == ["find_in_catalogue"]
    d = decide({"model": "m", "messages": [{"role": "user", "content": "Can you cancel loans?"}], "tools": [cancel]})
    assert d.kind == "answer" and not d.tool_calls


def test_a_question_about_how_far_along_an_order_is_reaches_its_status_tool() -> None:
    order = {"job": {"type": "string", "pattern": "^JB-[0-9]{3}$", "description": "Job number, e.g. JB-123."}}
    tools = [tool("job_status", "Check the status of a cleaning job.", order, ["job"]),
             tool("new_job", "Order a new cleaning job for a sofa.", {}, []),
             tool("drop_job", "Call off a cleaning job.", order, ["job"])]
    for text in ("is JB-101 ready yet?", "JB-101洗得怎么样了？"):
        assert calls(ask(text, tools)) == [("job_status", {"job": "JB-101"})], text


def test_a_number_changed_from_one_to_another_fills_the_new_value_with_the_second() -> None:
    change = tool("change_table", "Change an existing table booking.", {
        "booking_id": {"type": "string", "description": "Booking, e.g. TB-10001.", "pattern": "^TB-[0-9]{5}$"},
        "new_guests": {"type": "integer", "minimum": 1, "maximum": 20, "description": "New number of guests."},
    }, ["booking_id"])
    for request in ("TB-10001 原来四位，现在改成七位", "TB-10001 原来是四个，现在变成七个"):
        assert calls(ask(request, [change])) == [("change_table", {"booking_id": "TB-10001", "new_guests": 7})], request
