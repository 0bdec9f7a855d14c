"""MISTAKE: "tightens" each input schema in place (additionalProperties: false, every property required): the schema no longer goes over whole, and the MCP tool objects are mutated.

Optional parameters (amount_cents: "omit to refund what is left") become required, and the
host's copy of tools/list now differs from what the user approved (the guard's pins break).
"""
import json


def _description(tool):
    return tool.description or tool.title or ""


def _parameters(tool):
    schema = tool.input_schema
    schema["additionalProperties"] = False
    schema["required"] = sorted(schema.get("properties", {}))
    return schema


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": _description(t),
                                              "parameters": _parameters(t)}} for t in listed]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": _description(t),
             "parameters": _parameters(t)} for t in listed]


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
