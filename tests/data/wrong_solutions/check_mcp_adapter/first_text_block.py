"""MISTAKE: the answer is the first text block, so a structured result is flattened to its summary and fields are
lost.
"""

import json

from fcourse.remote.adapter import chat_tools, responses_tools  # noqa: F401

HINT = "every field: the text block may be only a summary"


def _text(result):
    text = result.content[0].text
    return json.dumps({"error": text}) if result.is_error else text


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
