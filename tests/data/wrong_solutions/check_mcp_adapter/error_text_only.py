"""MISTAKE: an error is marked, but as its text block only, so the runtime's structured error_code is lost."""

import json

from fcourse.remote.adapter import chat_tools, responses_tools  # noqa: F401

HINT = "keep the structured error inside"


def _text(result):
    joined = "\n".join(block.text for block in result.content)
    if result.is_error:
        return json.dumps({"error": joined})
    return json.dumps(result.structured_content) if result.structured_content is not None else joined


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
