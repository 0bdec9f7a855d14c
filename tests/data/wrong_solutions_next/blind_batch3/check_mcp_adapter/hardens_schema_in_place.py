"""MISTAKE: "hardens" each input schema by setting additionalProperties: false on the server's own dict, changing the schema and mutating the listed tool.

Two errors in one line: the text says the input schema goes over whole (as the server sent it),
and setdefault on tool.input_schema edits the MCP tool object itself - which the guard later
fingerprints, so the host's own adapter makes an approved tool look rug-pulled.
"""
import json


def _description(tool):
    a = tool.annotations
    return tool.description or tool.title or (a.title if a else None) or ""


def _parameters(tool):
    schema = tool.input_schema
    schema.setdefault("additionalProperties", False)    # the model must not invent fields
    return schema


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": _description(t),
                                              "parameters": _parameters(t)}} for t in listed]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": _description(t),
             "parameters": _parameters(t), "strict": False} for t in listed]


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
