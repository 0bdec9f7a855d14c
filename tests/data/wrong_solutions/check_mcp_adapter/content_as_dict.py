"""MISTAKE: the structured content is handed back as a dict, not as text: the API wants content and output as
strings.
"""

from fcourse.remote.adapter import chat_tools, responses_tools, result_text  # noqa: F401

HINT = "a Chat answer is"


def _value(result):
    if result.structured_content is not None and not result.is_error:
        return dict(result.structured_content)
    return result_text(result)


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _value(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _value(result)}
