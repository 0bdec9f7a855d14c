"""MISTAKE: a result without structuredContent goes back as content[0].text only; later text blocks are dropped, and a first block that is not text (an image) crashes.

The exercise: a success without structuredContent goes back as its text blocks, joined.
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


def _text(result):
    if result.is_error:
        error = result.structured_content if result.structured_content is not None else result.content[0].text
        return json.dumps({"error": error}, ensure_ascii=False)
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return result.content[0].text


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
