"""fcourse.runtime.tools: tool definitions checked at registration, schemas derived from typed functions."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

import pytest
from registry_support import Calls, refund_registry

from fcourse.errors import RegistrationError
from fcourse.runtime.identity import Session
from fcourse.runtime.registry import ToolRegistry, schema_from_function


class Unit(enum.Enum):
    C = "celsius"
    F = "fahrenheit"


def test_decorator_bare_derives_schema_and_description_from_signature_and_docstring() -> None:
    registry = ToolRegistry()

    @registry.tool
    def get_weather(
        city: str,
        unit: Unit = Unit.C,
        days: int = 1,
        detail: Literal["short", "long"] = "short",
        tags: list[str] | None = None,
        lang: Annotated[str, "An IETF language tag."] = "en",
    ) -> dict[str, Any]:
        """Current weather for a city.

        Args:
            city: City name, e.g. 北京 or Paris.
            days (int): How many days
                of forecast.
        """
        return {"city": city}

    assert get_weather(city="Paris") == {"city": "Paris"}  # still a plain function
    (definition,) = registry.openai_tools()
    function = definition["function"]
    assert definition["type"] == "function"
    assert function["name"] == "get_weather"
    assert function["description"] == "Current weather for a city."
    params = function["parameters"]
    assert params["required"] == ["city"]
    assert params["additionalProperties"] is False
    assert params["properties"]["city"] == {"type": "string", "description": "City name, e.g. 北京 or Paris."}
    assert params["properties"]["unit"] == {"enum": ["celsius", "fahrenheit"], "type": "string"}
    assert params["properties"]["days"]["description"] == "How many days of forecast."
    assert params["properties"]["detail"] == {"enum": ["short", "long"], "type": "string"}
    assert params["properties"]["tags"] == {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}
    assert params["properties"]["lang"] == {"type": "string", "description": "An IETF language tag."}


def test_decorator_with_options() -> None:
    registry = ToolRegistry()

    @registry.tool(side_effects=True, roles={"support"}, name="cancel", strict=True)
    def cancel_order(order_id: str, user_id: str) -> dict[str, str]:
        """Cancel an unpaid order."""
        return {"cancelled": order_id}

    tool = registry.get("cancel")
    assert tool is not None and tool.side_effects and tool.roles == frozenset({"support"})
    assert registry.openai_tools()[0]["function"]["strict"] is True
    response = registry.execute("cancel", {"order_id": "O-1", "user_id": "U"}, Session("U", roles={"support"}))
    assert response.ok and response.data == {"cancelled": "O-1"}


@pytest.mark.parametrize(
    ("name", "kwargs", "match"),
    [
        ("bad name!", {"description": "x", "parameters": {"type": "object"}}, "must match"),
        ("t", {"description": " ", "parameters": {"type": "object"}}, "description"),
        ("t", {"description": "x", "parameters": {"type": "nope"}}, "invalid JSON Schema"),
        ("t", {"description": "x", "parameters": {"type": "string"}}, "type object"),
        (
            "t",
            {"description": "x", "parameters": {"type": "object"}, "session_args": {"user_id": "user_id"}},
            "not in the schema",
        ),
        (
            "t",
            {"description": "x", "parameters": {"type": "object"}, "status_lookup": lambda s, k, a: None},
            "idempotency_key_arg",
        ),
    ],
)
def test_invalid_registrations_fail_loudly(name: str, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(RegistrationError, match=match):
        ToolRegistry().register(name, lambda **_: None, **kwargs)


def test_untyped_parameters_cannot_be_described() -> None:
    def untyped(x) -> None:  # type: ignore[no-untyped-def]  # noqa: ANN001
        """Untyped."""

    def star(*args: int) -> None:
        """Star."""

    with pytest.raises(RegistrationError, match="type hint"):
        schema_from_function(untyped)
    with pytest.raises(RegistrationError, match=r"\*args"):
        schema_from_function(star)


def test_openai_tools_hide_session_fields() -> None:
    registry = refund_registry(Calls())
    params = registry.openai_tools()[0]["function"]["parameters"]
    assert "user_id" not in params["properties"]
    assert params["required"] == ["order_id", "idempotency_key"]
    assert "user_id" in registry.get("refund_order").parameters["properties"]  # type: ignore[union-attr]


def test_a_session_argument_must_name_a_session_field() -> None:
    # nearby hole: a misspelt attribute failed on every call (AttributeError in the checks), not at registration
    schema = {"type": "object", "properties": {"user_id": {"type": "string"}}}
    with pytest.raises(RegistrationError, match="Session"):
        ToolRegistry().register(
            "whoami", Calls(), description="Who am I.", parameters=schema, session_args={"user_id": "user"}
        )
