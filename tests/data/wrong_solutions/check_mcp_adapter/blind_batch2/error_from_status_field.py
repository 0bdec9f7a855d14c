"""MISTAKE: decides "is this an error?" from structuredContent["status"] == "ERROR" instead of result.isError, so a text-only error goes back as if it were a result.

It works for the shop (whose errors are structured) and fails for any server that reports a
failure as text with isError: true: the model tells the user it worked.
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
    structured = result.structured_content
    if isinstance(structured, dict) and structured.get("status") == "ERROR":
        return json.dumps({"error": structured}, ensure_ascii=False)
    if structured is not None:
        return json.dumps(structured, ensure_ascii=False)
    return _blocks(result)


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
