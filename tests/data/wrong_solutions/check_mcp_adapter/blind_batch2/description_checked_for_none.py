"""MISTAKE: falls back to the title only when the description is None; an empty "" (or whitespace) description goes to the model as is.

The exercise: a tool with no description goes with its title, because the model picks tools by
description; an empty string is no description.
"""
import copy
import json


def _description(tool):
    return tool.description if tool.description is not None else tool.title


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": _description(t),
                                              "parameters": copy.deepcopy(t.input_schema)}} for t in listed]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": _description(t),
             "parameters": copy.deepcopy(t.input_schema), "strict": False} for t in listed]


def _blocks(result):
    return "\n".join(b.text for b in result.content if b.type == "text")


def _text(result):
    if result.is_error:
        error = result.structured_content if result.structured_content is not None else _blocks(result)
        return json.dumps({"error": error}, ensure_ascii=False)
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return _blocks(result)


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
