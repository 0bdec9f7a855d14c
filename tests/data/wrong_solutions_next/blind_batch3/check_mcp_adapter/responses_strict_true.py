"""MISTAKE: marks every Responses function tool "strict": true (chapter 2 praised strict schemas), though MCP input schemas are not strict ones.

Strict mode requires every property listed in required and additionalProperties: false at every
level; the shop's refund_order has an optional amount_cents. A provider refuses the request (or
forces the model to send every optional field), so the schema that "goes over whole" cannot be
used as is.
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
             "parameters": copy.deepcopy(t.input_schema), "strict": True} for t in listed]


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
