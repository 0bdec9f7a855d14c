"""The three vendors' shapes table (issue 29): its field names are the vendors' own. The OpenAI examples are
read by the installed openai SDK's types; every example uses the field names its own row states."""

from __future__ import annotations

import json

from openai.types.chat import ChatCompletionMessageToolCall, ChatCompletionToolMessageParam
from openai.types.responses import FunctionTool, ResponseFunctionToolCall
from openai.types.responses.response_input_item_param import FunctionCallOutput

from fcourse.protocol.shapes import tool_shapes


def test_the_table_has_three_vendors_and_every_aspect() -> None:
    table = tool_shapes()
    assert [v["name"] for v in table.vendors] == ["OpenAI Chat Completions", "OpenAI Responses", "Anthropic Messages"]
    for vendor in table.vendors:
        assert {key for key, _ in table.aspects} <= set(vendor), vendor["name"]
    assert table.row("result_names_call") == {"OpenAI Chat Completions": "tool_call_id", "OpenAI Responses": "call_id",
                                              "Anthropic Messages": "tool_use_id"}


def test_each_result_names_its_call_by_the_field_its_row_states() -> None:
    table = tool_shapes()
    for vendor in table.vendors:
        example, field = vendor["example"], vendor["result_names_call"]
        id_field = vendor["call_id"].split()[0]
        assert example["result"][field] == example["call"][id_field], vendor["name"]


def test_the_openai_examples_are_what_the_sdk_reads() -> None:
    table = tool_shapes()
    chat = table.example("OpenAI Chat Completions")
    call = ChatCompletionMessageToolCall.model_validate(chat["call"])
    assert json.loads(call.function.arguments) == {"city": "Paris"}  # arguments: a JSON string
    assert set(chat["result"]) == set(ChatCompletionToolMessageParam.__annotations__)
    responses = table.example("OpenAI Responses")
    item = ResponseFunctionToolCall.model_validate(responses["call"])
    assert item.call_id != item.id and item.type == "function_call"
    assert set(responses["result"]) <= set(FunctionCallOutput.__annotations__)
    tool = FunctionTool.model_validate(responses["tool"])
    assert tool.name == "get_weather" and "function" not in responses["tool"]  # flat


def test_the_anthropic_example_has_an_object_input_and_an_input_schema() -> None:
    anthropic = tool_shapes().example("Anthropic Messages")
    assert isinstance(anthropic["call"]["input"], dict)  # an object, where OpenAI sends a JSON string
    assert anthropic["call"]["type"] == "tool_use" and anthropic["result"]["type"] == "tool_result"
    assert set(anthropic["tool"]) == {"name", "description", "input_schema"}


def test_the_table_displays() -> None:
    bundle = tool_shapes()._repr_mimebundle_()
    assert bundle["text/html"].count("<tr>") == len(tool_shapes().aspects) + 1
    assert "tool_use_id" in bundle["text/plain"]
