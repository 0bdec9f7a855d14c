"""MISTAKE: a result goes back the same way whether or not isError is set, so a refusal reads like a result."""

import json

from fcourse.remote.adapter import chat_tools, responses_tools  # noqa: F401

HINT = "must go back marked as an error"


def _text(result):
    if result.structured_content is not None:
        return json.dumps(result.structured_content)
    return "\n".join(block.text for block in result.content)


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
