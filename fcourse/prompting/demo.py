"""Chapter 1's tools and questions: weather and last month's order total, with real handlers.

Introduced in chapter 1. The sweep (:mod:`fcourse.prompting.sweep`), the parse
panel (:mod:`fcourse.lab.parse_panel`) and the notebook's "Alternatively" cells
share these definitions, so every figure in the chapter is computed against the
same tools.

``get_weather`` reads a small table of demo weather (the source's 北京 example:
多云，25℃，东北风3级). ``get_last_month_total`` asks the shop's SQLite order
history (:mod:`fcourse.shop.order_history`) for the logged-in user's total: the
user comes from the session, never from the model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.shop.order_history import DEMO_TODAY, DEMO_USER, OrderHistory

__all__ = ["SWEEP_QUESTIONS", "TOOLS", "WEATHER", "Question", "get_weather", "handlers"]

#: demo weather, by city name as the user writes it
WEATHER: dict[str, str] = {
    "北京": "多云，25℃，东北风3级",
    "Beijing": "cloudy, 25°C, light north-east wind",
    "上海": "小雨，19℃，东风2级",
    "Shanghai": "light rain, 19°C, east wind",
    "广州": "晴，29℃，南风2级",
    "Guangzhou": "sunny, 29°C, south wind",
    "杭州": "阴，21℃，微风",
    "Hangzhou": "overcast, 21°C, calm",
}

#: the chapter's tools, OpenAI-style (the parsers check actions against them)
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "To get the current weather in a city",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string", "description": "the city, e.g. 北京 or Beijing"}},
                "required": ["city"],
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_last_month_total",
            "description": "To get the total of my orders last month",
            "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
        },
    },
]


def get_weather(city: str) -> str:
    """Demo weather for ``city`` (a sentence saying there is none for an unknown city)."""
    return WEATHER.get(city.strip(), f"no demo weather for {city}")


def handlers(history: OrderHistory | None = None, user_id: str = DEMO_USER) -> dict[str, Callable[..., Any]]:
    """The dispatch table: action name -> real function (order totals from ``history``, demo data by default)."""
    shop = history if history is not None else OrderHistory.demo()

    def get_last_month_total() -> str:
        total = shop.last_month_total(user_id, DEMO_TODAY)
        return f"{total.month}: {total.orders} order(s), total {total.yuan}"

    return {"get_weather": get_weather, "get_last_month_total": get_last_month_total}


@dataclass(frozen=True)
class Question:
    """A user question and the one action that answers it (the ground truth the sweep scores against)."""

    text: str
    action: str
    arguments: tuple[tuple[str, Any], ...] = ()

    @property
    def expected(self) -> dict[str, Any]:
        """``{"name", "arguments"}`` of the right call."""
        return {"name": self.action, "arguments": dict(self.arguments)}


#: the questions the sweep cycles through; seed i asks SWEEP_QUESTIONS[i % len(SWEEP_QUESTIONS)]
SWEEP_QUESTIONS: tuple[Question, ...] = (
    Question("北京今天天气怎么样？", "get_weather", (("city", "北京"),)),
    Question("What's the weather like in Shanghai right now?", "get_weather", (("city", "Shanghai"),)),
    Question("我上个月的订单总金额是多少？", "get_last_month_total"),
    Question("广州现在的天气如何？", "get_weather", (("city", "广州"),)),
    Question("How is the weather in Hangzhou today?", "get_weather", (("city", "Hangzhou"),)),
    Question("What was my order total last month?", "get_last_month_total"),
)
