"""MISTAKE: the Chat answer sends the text summary while the Responses answer sends the structured JSON: the learner fixed only function_output after reading one "look at" line.

A success with structuredContent must go back as that JSON in both shapes.
"""
import copy
import json


def _description(tool):
    annotations = tool.annotations
    for text in (tool.description, tool.title, annotations.title if annotations else None):
        if isinstance(text, str) and text.strip():
            return text
    return ""


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
    if result.is_error:
        return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}
    return {"role": "tool", "tool_call_id": call.id, "content": _blocks(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
