"""Messages as the dicts that go over the wire, from dicts or SDK objects."""

from __future__ import annotations

import pytest
from openai.types.chat import ChatCompletionMessage

from fcourse.protocol.messages import as_dict, call_parts, tool_calls_of


def test_sdk_messages_become_the_json_the_server_sent() -> None:
    message = ChatCompletionMessage.model_validate({
        "role": "assistant", "content": None,
        "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]})
    as_json = as_dict(message)
    assert as_json["tool_calls"][0]["id"] == "call_1" and as_json["content"] is None
    assert [call_parts(c) for c in tool_calls_of(as_json)] == [("call_1", "f", "{}")]


def test_dicts_are_copied_and_other_things_refused() -> None:
    original = {"role": "user", "content": "hi"}
    copy = as_dict(original)
    copy["content"] = "changed"
    assert original["content"] == "hi"
    assert tool_calls_of(original) == [] and call_parts({}) == (None, None, None)
    with pytest.raises(TypeError, match="dict or an openai SDK message"):
        as_dict("user: hi")
