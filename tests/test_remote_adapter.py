"""fcourse.remote.adapter: the reference adapter passes its own checker and talks to the teaching model."""

from __future__ import annotations

import json

import mcp.types as types

import fcourse
from fcourse.remote import adapter


def test_title_stands_in_for_a_missing_description_and_nothing_is_null() -> None:
    tools = [types.Tool(name="a", title="A title", input_schema={"type": "object"}),
             types.Tool(name="b", input_schema={"type": "object"},
                        annotations=types.ToolAnnotations(title="From the annotations")),
             types.Tool(name="c", input_schema={"type": "object"})]
    assert [t["function"]["description"] for t in adapter.chat_tools(tools)] == ["A title", "From the annotations", ""]
    assert all(t["strict"] is False for t in adapter.responses_tools(tools))


def test_an_error_result_reads_as_a_failure_to_the_teaching_model() -> None:
    client, model = fcourse.connect(quiet=True)
    error = types.CallToolResult(content=[types.TextContent(type="text", text="Order O-9 was not found.")],
                                 is_error=True)
    messages = [{"role": "user", "content": "Where is order O-9?"},
                {"role": "assistant", "content": None, "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "get_order",
                                                                      "arguments": '{"order_id": "O-9"}'}}]}]
    tool = types.Tool(name="get_order", description="Look up one of the user's orders.",
                      input_schema={"type": "object", "properties": {"order_id": {"type": "string"}}})
    call = type("Call", (), {"id": "call_1"})()
    messages.append(adapter.tool_message(call, error))
    assert json.loads(messages[-1]["content"]) == {"error": "Order O-9 was not found."}
    reply = client.chat.completions.create(model=model, messages=messages, tools=adapter.chat_tools([tool]))
    text = reply.choices[0].message.content
    assert "not found" in text.lower() or "couldn't" in text.lower(), text
