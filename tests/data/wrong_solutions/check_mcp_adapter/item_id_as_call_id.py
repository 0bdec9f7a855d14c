"""MISTAKE: the Responses answer carries the function_call item's id (fc_...) instead of its call_id."""

from fcourse.remote.adapter import chat_tools, responses_tools, result_text, tool_message  # noqa: F401

HINT = "answer each call with its own id"


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.id, "output": result_text(result)}
