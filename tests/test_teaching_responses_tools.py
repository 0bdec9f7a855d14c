"""Tools, tool_choice and text of a Responses request (issue 29): flat function tools, hosted tools refused."""

from __future__ import annotations

import pytest

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.responses_tools import (
    HOSTED_TOOL_TYPES,
    check_response_tool_choice,
    check_response_tools,
    check_text,
)

FLAT = {"type": "function", "name": "get_weather", "description": "Weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def test_a_flat_tool_is_echoed_flat_and_nested_for_the_policy() -> None:
    flat, chat = check_response_tools({"tools": [FLAT]}, "m")
    assert flat == [{**FLAT, "strict": None}]
    assert chat == [{"type": "function", "function": {"name": "get_weather", "description": "Weather for a city.",
                                                      "parameters": FLAT["parameters"]}}]


@pytest.mark.parametrize("kind", HOSTED_TOOL_TYPES)
def test_every_hosted_tool_is_refused_by_name(kind: str) -> None:
    with pytest.raises(InvalidRequestError, match=f"Hosted tool '{kind}' is not supported with m.") as caught:
        check_response_tools({"tools": [FLAT, {"type": kind}]}, "m")
    assert caught.value.param == "tools" and caught.value.status == 400


def test_an_unknown_tool_type_lists_the_known_ones() -> None:
    with pytest.raises(InvalidRequestError, match="Invalid value: 'retrieval'. Supported values are: 'function',"):
        check_response_tools({"tools": [{"type": "retrieval"}]}, "m")


def test_duplicate_names_and_unknown_members_are_refused() -> None:
    with pytest.raises(InvalidRequestError, match="duplicate function name 'get_weather'") as caught:
        check_response_tools({"tools": [FLAT, FLAT]}, "m")
    assert caught.value.param == "tools[1].name"
    with pytest.raises(InvalidRequestError, match="Unknown parameter: 'tools\\[0\\].function'."):
        check_response_tools({"tools": [{**FLAT, "function": {}}]}, "m")


def test_tool_choice_shapes() -> None:
    flat, _ = check_response_tools({"tools": [FLAT]}, "m")
    assert check_response_tool_choice({}, flat) == ("auto", "auto", None)
    assert check_response_tool_choice({}, []) == ("auto", "none", None)
    assert check_response_tool_choice({"tool_choice": "required"}, flat) == ("required", "required", None)
    named = check_response_tool_choice({"tool_choice": {"type": "function", "name": "get_weather"}}, flat)
    assert named[1] == {"type": "function", "function": {"name": "get_weather"}}
    with pytest.raises(InvalidRequestError, match="only allowed when 'tools' are specified"):
        check_response_tool_choice({"tool_choice": "required"}, [])
    with pytest.raises(InvalidRequestError, match="Tool choice 'web_search' not found in 'tools' parameter."):
        check_response_tool_choice({"tool_choice": {"type": "web_search"}}, flat)
    allowed = check_response_tool_choice({"tool_choice": {"type": "allowed_tools", "mode": "auto", "tools": [
        {"type": "function", "name": "get_weather"}]}}, flat)
    assert allowed[1:] == ("auto", ["get_weather"])


def test_text_format_becomes_response_format() -> None:
    assert check_text({}) == ({"format": {"type": "text"}, "verbosity": "medium"}, None)
    echo, chat = check_text({"text": {"format": {"type": "json_schema", "name": "order", "strict": True,
                                                 "schema": {"type": "object"}}}})
    assert chat == {"type": "json_schema",
                    "json_schema": {"name": "order", "schema": {"type": "object"}, "strict": True}}
    assert echo["format"]["name"] == "order"
    with pytest.raises(InvalidRequestError, match="Unknown parameter: 'text.zzz'."):
        check_text({"text": {"zzz": 1}})
