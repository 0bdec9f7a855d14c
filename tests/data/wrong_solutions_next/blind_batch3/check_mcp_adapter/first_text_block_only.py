"""MISTAKE: a result without structuredContent goes back as its first text block only; later blocks are dropped.

The starter's content[0].text survived the fix. The text says "else its text" - all of it: a
server that answers in several text blocks (a header, then the rows) loses everything after the
first.
"""
import copy
import json


def _description(tool):
    a = tool.annotations
    return tool.description or tool.title or (a.title if a else None) or ""


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": _description(t),
                                              "parameters": copy.deepcopy(t.input_schema)}} for t in listed]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": _description(t),
             "parameters": copy.deepcopy(t.input_schema), "strict": False} for t in listed]


def _first_text(result):
    return next((b.text for b in result.content if b.type == "text"), "")


def _text(result):
    if result.is_error:
        error = result.structured_content if result.structured_content is not None else _first_text(result)
        return json.dumps({"error": error}, ensure_ascii=False)
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return _first_text(result)


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
