"""MISTAKE: sorts the tools by name (for a "stable" menu), so the list is no longer in tools/list order.

The learner wanted deterministic output across servers. The report's rule is one entry per listed
tool, in order: the server's order is part of what it offers (and the host pairs menus with
listings by position).
"""
import copy
import json


def _description(tool):
    a = tool.annotations
    return tool.description or tool.title or (a.title if a else None) or ""


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": _description(t),
                                              "parameters": copy.deepcopy(t.input_schema)}}
            for t in sorted(listed, key=lambda t: t.name)]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": _description(t),
             "parameters": copy.deepcopy(t.input_schema), "strict": False}
            for t in sorted(listed, key=lambda t: t.name)]


def _text(result):
    if result.is_error:
        error = result.structured_content
        if error is None:
            error = "\n".join(b.text for b in result.content if b.type == "text")
        return json.dumps({"error": error}, ensure_ascii=False)
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return "\n".join(b.text for b in result.content if b.type == "text")


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
