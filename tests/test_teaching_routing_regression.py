"""Routing regression set of the teaching model: 66 cases of tools, phrasings and languages.

A regression set, not a held-out evaluation. The cases were first written as a
held-out set, but the policy was then tuned against them (the lexicon grew
exactly their vocabulary), so passing them says the behaviour did not change,
not that the model generalises. Measuring generalisation needs cases nobody
tuned against, written after the fact.

The tools are defined only here (no notebook or other test uses them), grouped
in realistic tool sets with near-neighbour distractors, and described the way
developers write descriptions (some terse, some long, some with "use this when
/ do not use for"). The user turns are varied: indirect, polite, colloquial,
English, Chinese and mixed. Each case states the one outcome a careful
assistant would give:

- ``call``: exactly these tool calls, with exactly these arguments;
- ``ask``: no call; a question back for exactly these missing arguments;
- ``answer``: no call at all (chit-chat, a question *about* an action, a
  negated request, or nothing fits).

Requests go through the real ``openai`` SDK and the in-process endpoint; the
decision kind (ask vs answer) is read from the glass-box record of the same
request.
"""

from __future__ import annotations

from typing import Any

import pytest

import fcourse
from fcourse.teaching.policy import decide


def fn(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


def s(description: str, **more: Any) -> dict[str, Any]:
    return {"type": "string", "description": description, **more}


# ---------------------------------------------------------------- tool sets

SEND_EMAIL = fn(
    "send_email",
    "Sends an email on the user's behalf. Use for anything that should land in someone's inbox.",
    {
        "to": s("Recipient's email address"),
        "subject": s("Subject line (optional)"),
        "body": s("Plain-text body of the email"),
    },
    ["to", "body"],
)
SEND_SMS = fn(
    "send_sms",
    "Send a text message (SMS) to a mobile phone number.",
    {
        "phone_number": s("Destination number in E.164 format, e.g. +8613800138000"),
        "message": s("Text of the SMS, max 160 characters"),
    },
    ["phone_number", "message"],
)
POST_TO_SLACK = fn(
    "post_to_slack",
    "Post a message to a Slack channel.",
    {
        "channel": s("Channel name, e.g. #general"),
        "text": s("What to post"),
    },
    ["channel", "text"],
)
LOOKUP_CONTACT = fn(
    "lookup_contact",
    "Look up a colleague in the company directory and return their email address and phone number.",
    {"name": s("Full or partial name of the person")},
    ["name"],
)
COMMS = [SEND_EMAIL, SEND_SMS, POST_TO_SLACK, LOOKUP_CONTACT]

BOOK_FLIGHT = fn(
    "book_flight",
    "Book a one-way flight ticket for the user.",
    {
        "origin": s("City the trip starts from"),
        "destination": s("City where the flight lands"),
        "date": s("Departure date (YYYY-MM-DD)"),
        "cabin": s(
            "Cabin class. Use economy unless the user asks for something else.",
            enum=["economy", "premium_economy", "business", "first"],
        ),
    },
    ["origin", "destination", "date", "cabin"],
)
BOOK_HOTEL = fn(
    "book_hotel",
    "Reserves a hotel room. Needs the city plus check-in and check-out dates.",
    {
        "city": s("City of the hotel"),
        "check_in": s("Check-in date"),
        "check_out": s("Check-out date"),
        "guests": {"type": "integer", "description": "Number of guests", "minimum": 1},
    },
    ["city", "check_in", "check_out"],
)
BOOK_TRAIN = fn(
    "book_train",
    "购买中国境内的高铁/火车票。",
    {
        "from_station": s("出发城市"),
        "to_station": s("到达城市"),
        "date": s("乘车日期"),
        "seat_type": s("座位类型，一般选二等座（second_class）", enum=["second_class", "first_class", "business"]),
    },
    ["from_station", "to_station", "date", "seat_type"],
)
CANCEL_BOOKING = fn(
    "cancel_booking",
    "Cancel an existing flight, hotel or train reservation. The confirmation code looks like BK-20931.",
    {"confirmation_code": s("Booking confirmation code")},
    ["confirmation_code"],
)
TRAVEL = [BOOK_FLIGHT, BOOK_HOTEL, BOOK_TRAIN, CANCEL_BOOKING]

CREATE_EVENT = fn(
    "create_calendar_event",
    "Create an event on the user's Google Calendar. Use for meetings, "
    "appointments and anything with a start time that other people might attend.",
    {
        "title": s("Short title of the event"),
        "start_time": s("When the event starts (ISO 8601 or natural language)"),
        "duration_minutes": {"type": "integer", "description": "Length in minutes", "default": 30},
        "attendees": {
            "type": "array",
            "items": {"type": "string", "format": "email"},
            "description": "Email addresses of the people to invite",
        },
    },
    ["title", "start_time"],
)
SET_REMINDER = fn(
    "set_reminder",
    "Schedules a push notification that reminds the user of something at a specific time.",
    {
        "text": s("What the reminder should say"),
        "remind_at": s("When to fire the reminder"),
    },
    ["text", "remind_at"],
)
CREATE_TODO = fn(
    "create_todo",
    "Add an item to the user's to-do list (no due time).",
    {
        "task": s("The task, in a few words"),
        "priority": s("Priority of the task", enum=["low", "normal", "high"], default="normal"),
    },
    ["task"],
)
PLANNING = [CREATE_EVENT, SET_REMINDER, CREATE_TODO]

STOCK_QUOTE = fn(
    "get_stock_quote", "Real-time quote for a US-listed equity.", {"symbol": s("Ticker, e.g. NVDA")}, ["symbol"]
)
CONVERT_CURRENCY = fn(
    "convert_currency",
    "Converts an amount between two currencies using the latest mid-market rate.",
    {
        "amount": {"type": "number", "description": "Amount to convert"},
        "from": s("ISO 4217 code of the currency to convert from"),
        "to": s("ISO 4217 code of the currency to convert into"),
    },
    ["amount", "from", "to"],
)
RATE_HISTORY = fn(
    "get_exchange_rate_history",
    "Returns the daily exchange rate between two currencies over a "
    "past period. Use it for trends and charts, not for converting a specific amount.",
    {
        "base": s("Base currency, ISO 4217"),
        "quote": s("Quote currency, ISO 4217"),
        "start_date": s("First day, YYYY-MM-DD"),
        "end_date": s("Last day, YYYY-MM-DD; defaults to today"),
    },
    ["base", "quote", "start_date"],
)
FINANCE = [STOCK_QUOTE, CONVERT_CURRENCY, RATE_HISTORY]

SEARCH_DOCS = fn(
    "search_docs",
    "Full-text search over our internal engineering wiki and API documentation. "
    "Prefer this for questions about our own services.",
    {"query": s("Search terms")},
    ["query"],
)
SEARCH_WEB = fn(
    "search_web",
    "Search the public internet (Bing). Returns titles, URLs and snippets.",
    {
        "query": s("The search query"),
        "num_results": {"type": "integer", "description": "How many results to return", "default": 5},
    },
    ["query"],
)
TRANSLATE_TEXT = fn(
    "translate_text",
    "Translate text into another language. The source language is detected automatically.",
    {
        "text": s("Text to translate"),
        "target_lang": s("Language to translate into, as a two-letter code such as 'de'"),
    },
    ["text", "target_lang"],
)
DETECT_LANGUAGE = fn(
    "detect_language",
    "Identify which language a snippet of text is written in.",
    {"text": s("The snippet to identify")},
    ["text"],
)
KNOWLEDGE = [SEARCH_DOCS, SEARCH_WEB, TRANSLATE_TEXT, DETECT_LANGUAGE]

CONVERT_UNITS = fn(
    "convert_units",
    "Unit conversion (length, weight, volume, temperature).",
    {
        "value": {"type": "number", "description": "The quantity to convert"},
        "from_unit": s("Unit to convert from, e.g. 'mi', 'lb', 'F'"),
        "to_unit": s("Unit to convert to, e.g. 'km', 'kg', 'C'"),
    },
    ["value", "from_unit", "to_unit"],
)
AIR_QUALITY = fn(
    "get_air_quality",
    "Get the current AQI (air quality index) and PM2.5 reading for a city.",
    {"city": s("City name")},
    ["city"],
)
PLAY_MUSIC = fn(
    "play_music",
    "Start playback on the user's Spotify. Can play a song, an artist, an album or a playlist.",
    {
        "query": s("What to play"),
        "shuffle": {"type": "boolean", "description": "Shuffle the tracks"},
    },
    ["query"],
)
TRACK_PACKAGE = fn(
    "lookup_package_tracking",
    "Look up a shipment by its carrier tracking number and return the "
    "latest scan events and the estimated delivery date.",
    {
        "tracking_number": s("Tracking number, e.g. 1Z999AA10123456784"),
        "carrier": s(
            "Carrier; leave it as auto to detect the carrier from the number",
            enum=["auto", "ups", "fedex", "dhl", "sf_express"],
        ),
    },
    ["tracking_number", "carrier"],
)
RESET_PASSWORD = fn(
    "reset_password",
    "Send a password-reset link to the user's registered email. Only call "
    "this when the user explicitly asks to reset their password.",
    {"username": s("Login name or email of the account")},
    ["username"],
)
GITHUB_ISSUE = fn(
    "create_github_issue",
    "Open a new issue in a GitHub repository.",
    {
        "repo": s("Repository in owner/name form, e.g. octocat/hello-world"),
        "title": s("Issue title"),
        "body": s("Longer description (markdown)"),
    },
    ["repo", "title"],
)
THERMOSTAT = fn(
    "set_thermostat",
    "Set the target temperature of the living-room smart thermostat.",
    {
        "temperature": {"type": "number", "description": "Target temperature"},
        "unit": s("Temperature unit", enum=["C", "F"]),
    },
    ["temperature"],
)
ASSISTANT = [CONVERT_UNITS, AIR_QUALITY, PLAY_MUSIC, TRACK_PACKAGE, RESET_PASSWORD, GITHUB_ISSUE, THERMOSTAT]

TODAY = "Today is 2026-03-10 (Tuesday). The user is in Shanghai."


def u(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


def a(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


def call(*pairs: tuple[str, dict[str, Any]]) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    return "call", list(pairs)


def ask(tool: str, *params: str) -> tuple[str, dict[str, list[str]]]:
    return "ask", {tool: list(params)}


ANSWER = ("answer", None)

# (id, tools, messages or a single user text, expected)
CASES: list[tuple[str, list[dict[str, Any]], Any, tuple[str, Any]]] = [
    # ---------------------------------------------------------------- communication
    (
        "sms-text-saying",
        COMMS,
        "Text +8613912345678 saying I'll be 10 minutes late",
        call(("send_sms", {"phone_number": "+8613912345678", "message": "I'll be 10 minutes late"})),
    ),
    (
        "email-let-her-know",
        COMMS,
        "Could you shoot an email to dana@acme.io and let her know the invoice is attached?",
        call(("send_email", {"to": "dana@acme.io", "body": "the invoice is attached"})),
    ),
    (
        "sms-zh",
        COMMS,
        "给13912345678发个短信，告诉他我已经到楼下了",
        call(("send_sms", {"phone_number": "13912345678", "message": "我已经到楼下了"})),
    ),
    (
        "slack-quoted",
        COMMS,
        "Post 'deploy finished' in #releases please",
        call(("post_to_slack", {"channel": "#releases", "text": "deploy finished"})),
    ),
    (
        "slack-let-team-know",
        COMMS,
        "Let the team know in #general that lunch is on me",
        call(("post_to_slack", {"channel": "#general", "text": "lunch is on me"})),
    ),
    (
        "email-zh-subject",
        COMMS,
        "帮我给 wang@example.cn 写封邮件，主题是周报，内容是本周进度正常",
        call(("send_email", {"to": "wang@example.cn", "subject": "周报", "body": "本周进度正常"})),
    ),
    (
        "email-missing-address",
        COMMS,
        "Send an email to my landlord saying the heater is broken",
        ask("send_email", "to"),
    ),
    (
        "email-follow-up",
        COMMS,
        [
            u("Send an email to my landlord saying the heater is broken"),
            a("To do that I need to (recipient's email address). Could you tell me?"),
            u("landlord@rentals.com"),
        ],
        call(("send_email", {"to": "landlord@rentals.com", "body": "the heater is broken"})),
    ),
    ("contact-lookup", COMMS, "What's Priya Patel's phone number?", call(("lookup_contact", {"name": "Priya Patel"}))),
    ("negated-email", COMMS, "Don't email him yet, just tell me how you'd word an apology for the delay", ANSWER),
    ("question-about-sms", COMMS, "Can you send SMS to international numbers?", ANSWER),
    ("why-text-not-arrive", COMMS, "Why did my text to 13800138000 never arrive?", ANSWER),
    (
        "parallel-sms-email",
        COMMS,
        "Text 13800138000 'on my way' and email li@corp.cn saying I'll miss standup",
        call(
            ("send_sms", {"phone_number": "13800138000", "message": "on my way"}),
            ("send_email", {"to": "li@corp.cn", "body": "I'll miss standup"}),
        ),
    ),
    # ---------------------------------------------------------------- travel
    (
        "flight-default-cabin",
        TRAVEL,
        "I need to fly from Shanghai to Tokyo on 2026-03-14",
        call(("book_flight", {"origin": "Shanghai", "destination": "Tokyo", "date": "2026-03-14", "cabin": "economy"})),
    ),
    (
        "flight-business",
        TRAVEL,
        "Business class please, Shenzhen to Seoul on 2026-09-10",
        call(
            ("book_flight", {"origin": "Shenzhen", "destination": "Seoul", "date": "2026-09-10", "cabin": "business"})
        ),
    ),
    (
        "train-zh-first-class",
        TRAVEL,
        "订一张3月5日北京到上海的高铁，一等座",
        call(
            ("book_train", {"from_station": "北京", "to_station": "上海", "date": "3月5日", "seat_type": "first_class"})
        ),
    ),
    (
        "train-default-seat",
        TRAVEL,
        "帮我买张票，明天从南京去杭州的动车",
        call(
            ("book_train", {"from_station": "南京", "to_station": "杭州", "date": "明天", "seat_type": "second_class"})
        ),
    ),
    (
        "hotel-two-dates",
        TRAVEL,
        "Find me a hotel in Chengdu, checking in 2026-05-01 and out 2026-05-04",
        call(("book_hotel", {"city": "Chengdu", "check_in": "2026-05-01", "check_out": "2026-05-04"})),
    ),
    (
        "hotel-ask-checkout",
        TRAVEL,
        "Can you get me a hotel room in Hangzhou from 2026-04-02?",
        ask("book_hotel", "check_out"),
    ),
    (
        "hotel-follow-up",
        TRAVEL,
        [
            u("Can you get me a hotel room in Hangzhou from 2026-04-02?"),
            a("To do that I need check_out (check-out date). Could you tell me?"),
            u("until 2026-04-05"),
        ],
        call(("book_hotel", {"city": "Hangzhou", "check_in": "2026-04-02", "check_out": "2026-04-05"})),
    ),
    ("cancel-code", TRAVEL, "取消我的预订 BK-20931", call(("cancel_booking", {"confirmation_code": "BK-20931"}))),
    (
        "cancel-implicit-zh",
        TRAVEL,
        "BK-55102 这个酒店我不要了",
        call(("cancel_booking", {"confirmation_code": "BK-55102"})),
    ),
    (
        "cancel-implicit-en",
        TRAVEL,
        "I won't need the hotel after all, BK-77120",
        call(("cancel_booking", {"confirmation_code": "BK-77120"})),
    ),
    (
        "question-how-far-ahead",
        TRAVEL,
        "How far in advance should I book train tickets around Chinese New Year?",
        ANSWER,
    ),
    ("no-fit-travel-tips", TRAVEL, "What's the best season to visit Kyoto?", ANSWER),
    (
        "parallel-flight-hotel",
        TRAVEL,
        (
            "Book a flight from Beijing to Singapore on 2026-07-01 and a hotel in "
            "Singapore from 2026-07-01 to 2026-07-05"
        ),
        call(
            (
                "book_flight",
                {"origin": "Beijing", "destination": "Singapore", "date": "2026-07-01", "cabin": "economy"},
            ),
            ("book_hotel", {"city": "Singapore", "check_in": "2026-07-01", "check_out": "2026-07-05"}),
        ),
    ),
    (
        "relative-date-resolved",
        TRAVEL,
        [{"role": "system", "content": TODAY}, u("Fly me from Shanghai to Beijing tomorrow")],
        call(
            ("book_flight", {"origin": "Shanghai", "destination": "Beijing", "date": "2026-03-11", "cabin": "economy"})
        ),
    ),
    # ---------------------------------------------------------------- planning
    (
        "event-with-attendee",
        PLANNING,
        ("Put a meeting with jane@corp.com on my calendar for Friday at 2pm, call it Budget review"),
        call(
            (
                "create_calendar_event",
                {
                    "title": "Budget review",
                    "start_time": "Friday at 2pm",
                    "duration_minutes": 30,
                    "attendees": ["jane@corp.com"],
                },
            )
        ),
    ),
    (
        "reminder-zh",
        PLANNING,
        "下周一上午10点提醒我给房东打电话",
        call(("set_reminder", {"text": "给房东打电话", "remind_at": "下周一上午10点"})),
    ),
    (
        "reminder-dont-let-me-forget",
        PLANNING,
        "Don't let me forget to water the plants at 7pm",
        call(("set_reminder", {"text": "water the plants", "remind_at": "7pm"})),
    ),
    (
        "todo-urgent",
        PLANNING,
        "add 'renew passport' to my todo list, it's urgent",
        call(("create_todo", {"task": "renew passport", "priority": "high"})),
    ),
    (
        "todo-zh-default",
        PLANNING,
        "待办里加一条：交水电费",
        call(("create_todo", {"task": "交水电费", "priority": "normal"})),
    ),
    ("reminder-ask-time", PLANNING, "Remind me to call the dentist", ask("set_reminder", "remind_at")),
    (
        "reminder-follow-up",
        PLANNING,
        [
            u("Remind me to call the dentist"),
            a("To do that I need remind_at (when to fire the reminder). Could you tell me?"),
            u("tomorrow at 9am"),
        ],
        call(("set_reminder", {"text": "call the dentist", "remind_at": "tomorrow at 9am"})),
    ),
    (
        "question-reminder-vs-todo",
        PLANNING,
        "What's the difference between a reminder and a to-do in this app?",
        ANSWER,
    ),
    (
        "parallel-todo-reminder",
        PLANNING,
        "Add 'book flights' to my to-do list and remind me to pack at 6pm",
        call(
            ("create_todo", {"task": "book flights", "priority": "normal"}),
            ("set_reminder", {"text": "pack", "remind_at": "6pm"}),
        ),
    ),
    # ---------------------------------------------------------------- finance
    (
        "quote-colloquial",
        FINANCE,
        "How's Nvidia doing today? NVDA price please",
        call(("get_stock_quote", {"symbol": "NVDA"})),
    ),
    ("quote-ignores-US", FINANCE, "Before the US open, what's MSFT at?", call(("get_stock_quote", {"symbol": "MSFT"}))),
    (
        "convert-zh-kuai",
        FINANCE,
        "1500块人民币能换多少日元？",
        call(("convert_currency", {"amount": 1500, "from": "CNY", "to": "JPY"})),
    ),
    (
        "history-since",
        FINANCE,
        "How has the euro moved against the dollar since 2026-01-01?",
        call(("get_exchange_rate_history", {"base": "EUR", "quote": "USD", "start_date": "2026-01-01"})),
    ),
    ("convert-ask-target", FINANCE, "convert 200 dollars please", ask("convert_currency", "to")),
    (
        "convert-follow-up",
        FINANCE,
        [
            u("convert 200 dollars please"),
            a("To do that I need to (ISO 4217 code of the currency to convert into). Could you tell me?"),
            u("British pounds"),
        ],
        call(("convert_currency", {"amount": 200, "from": "USD", "to": "GBP"})),
    ),
    ("advice-not-quote", FINANCE, "Should I put my savings in index funds or in individual stocks?", ANSWER),
    ("meaning-question", FINANCE, "What does mid-market rate actually mean?", ANSWER),
    # ---------------------------------------------------------------- knowledge
    (
        "detect-quoted",
        KNOWLEDGE,
        "what language is 'Dziękuję bardzo'?",
        call(("detect_language", {"text": "Dziękuję bardzo"})),
    ),
    (
        "translate-zh-how-say",
        KNOWLEDGE,
        "这句话用日语怎么说：今天辛苦了",
        call(("translate_text", {"text": "今天辛苦了", "target_lang": "ja"})),
    ),
    (
        "negated-translate-detect",
        KNOWLEDGE,
        ("Don't translate it, just tell me what language this is: 'obrigado pela ajuda'"),
        call(("detect_language", {"text": "obrigado pela ajuda"})),
    ),
    (
        "docs-quoted",
        KNOWLEDGE,
        "Look up 'rate limit headers' in our API docs",
        call(("search_docs", {"query": "rate limit headers"})),
    ),
    ("docs-zh", KNOWLEDGE, "在内部文档里搜一下 OAuth 回调地址", call(("search_docs", {"query": "OAuth 回调地址"}))),
    (
        "web-google",
        KNOWLEDGE,
        "Google the release date of Python 3.14",
        call(("search_web", {"query": "release date of Python 3.14", "num_results": 5})),
    ),
    ("translate-ask-language", KNOWLEDGE, 'Can you translate "see you soon"?', ask("translate_text", "target_lang")),
    # ---------------------------------------------------------------- a many-tool assistant
    (
        "units-miles",
        ASSISTANT,
        "How many kilometres is 26.2 miles?",
        call(("convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"})),
    ),
    ("air-zh", ASSISTANT, "北京今天空气怎么样？要不要戴口罩", call(("get_air_quality", {"city": "北京"}))),
    ("air-en-smog", ASSISTANT, "Is the smog bad in Delhi right now?", call(("get_air_quality", {"city": "Delhi"}))),
    ("music-put-on", ASSISTANT, "Put on some Taylor Swift", call(("play_music", {"query": "Taylor Swift"}))),
    (
        "music-zh-shuffle",
        ASSISTANT,
        "放点周杰伦的歌，随机播放",
        call(("play_music", {"query": "周杰伦", "shuffle": True})),
    ),
    (
        "tracking-en",
        ASSISTANT,
        "Where's my parcel? Tracking 1Z999AA10123456784",
        call(("lookup_package_tracking", {"tracking_number": "1Z999AA10123456784", "carrier": "auto"})),
    ),
    (
        "tracking-mixed",
        ASSISTANT,
        "帮我 track 一下 SF1402938475 这个快递",
        call(("lookup_package_tracking", {"tracking_number": "SF1402938475", "carrier": "auto"})),
    ),
    (
        "reset-indirect",
        ASSISTANT,
        "I forgot my password, my username is mchen",
        call(("reset_password", {"username": "mchen"})),
    ),
    ("reset-question", ASSISTANT, "Can you reset passwords for other people too?", ANSWER),
    (
        "github-issue",
        ASSISTANT,
        "File a bug in acme/web-app: login button does nothing on Safari",
        call(("create_github_issue", {"repo": "acme/web-app", "title": "login button does nothing on Safari"})),
    ),
    ("thermostat-zh", ASSISTANT, "把客厅温度调到22度", call(("set_thermostat", {"temperature": 22}))),
    ("chit-chat-thanks", ASSISTANT, "thanks, that's all for now!", ANSWER),
    ("chit-chat-hot", ASSISTANT, "ugh, it's so hot today", ANSWER),
    ("no-fit-pizza", ASSISTANT, "Order me a large pepperoni pizza", ANSWER),
    (
        "parallel-air-music",
        ASSISTANT,
        "Check the air quality in Shanghai and play some jazz",
        call(("get_air_quality", {"city": "Shanghai"}), ("play_music", {"query": "jazz"})),
    ),
]


@pytest.fixture(scope="module")
def client() -> Any:
    c, model = fcourse.connect(quiet=True)
    return c, model


def _messages(conversation: Any) -> list[dict[str, Any]]:
    return [u(conversation)] if isinstance(conversation, str) else list(conversation)


_GONE = "passed only thanks to a lexicon phrase taken from this case, removed in issue 13: "

#: cases the teaching model still gets wrong, each with the honest reason (strict: a fix must remove the mark)
XFAIL = {
    # issue 13 removed the lexicon phrases taken from these cases; the general resources do not read them
    "reminder-dont-let-me-forget": _GONE + "'don't let me forget' (now read as a negation)",
    "web-google": _GONE + "'google' as a verb; its embedding is not alike enough to 'search' (0.32)",
    "air-en-smog": _GONE + "'smog'; its embedding is not alike enough to 'air' or 'pollution'",
    "music-put-on": _GONE + "'put on some'",
}


def _param(case: tuple[str, Any, Any, Any]) -> Any:
    marks = [pytest.mark.xfail(reason=XFAIL[case[0]], strict=True)] if case[0] in XFAIL else []
    return pytest.param(*case[1:], id=case[0], marks=marks)


@pytest.mark.parametrize(("tools", "conversation", "expected"), [_param(c) for c in CASES])
def test_routing_regression_case(
    client: Any, tools: list[dict[str, Any]], conversation: Any, expected: tuple[str, Any]
) -> None:
    import json

    sdk, model = client
    messages = _messages(conversation)
    reply = sdk.chat.completions.create(model=model, messages=messages, tools=tools)
    message = reply.choices[0].message
    got = [(c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []]
    record = decide({"model": model, "messages": messages, "tools": tools}).record
    kind, detail = expected
    if kind == "call":
        assert got == detail, record
        assert reply.choices[0].finish_reason == "tool_calls"
    elif kind == "ask":
        assert not got, record
        assert record["kind"] == "ask" and record["missing"] == detail, record
        assert message.content
    else:
        assert not got, record
        assert record["kind"] == "answer", record
        assert message.content
