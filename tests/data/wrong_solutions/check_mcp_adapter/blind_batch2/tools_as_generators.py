"""MISTAKE: chat_tools and responses_tools return generators (map objects), not lists: the first consumer uses them up, a second request's tools list is empty, and json/the SDK cannot serialise them.
"""
import copy
import json


def _description(tool):
    annotations = tool.annotations
    for text in (tool.description, tool.title, annotations.title if annotations else None):
        if isinstance(text, str) and text.strip():
            return text
    return ""


def _chat(tool):
    return {"type": "function", "function": {"name": tool.name, "description": _description(tool),
                                             "parameters": copy.deepcopy(tool.input_schema)}}


def _responses(tool):
    return {"type": "function", "name": tool.name, "description": _description(tool),
            "parameters": copy.deepcopy(tool.input_schema), "strict": False}


def chat_tools(listed):
    return map(_chat, listed)


def responses_tools(listed):
    return map(_responses, listed)


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
