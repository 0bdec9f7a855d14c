"""MISTAKE: an isError result goes back as {"error": <its message>} even when it has a structured error, so the runtime's error_code and retry_safe are lost.

The exercise: {"error": ...} holding the structured error (the runtime's code survives).
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
        structured = result.structured_content or {}
        return json.dumps({"error": structured.get("message") or _blocks(result)}, ensure_ascii=False)
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return _blocks(result)


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
