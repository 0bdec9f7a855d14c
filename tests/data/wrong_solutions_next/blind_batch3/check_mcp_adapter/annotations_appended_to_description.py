"""MISTAKE: appends the annotations to the description ("[read-only, idempotent]") so the model "knows" them.

The text: annotations have no field in either API, so they stay with the host. Putting a
server's self-description of safety into the text the model reads lets a lying server
("readOnlyHint: true" on a refund) talk to the model in the host's voice, and the description
is no longer the tool's own.
"""
import copy
import json


def _description(tool):
    a = tool.annotations
    text = tool.description or tool.title or (a.title if a else None) or ""
    if a is not None:
        hints = [label for label, on in (("read-only", a.read_only_hint), ("destructive", a.destructive_hint),
                                         ("idempotent", a.idempotent_hint)) if on]
        if hints:
            text += f" [{', '.join(hints)}]"
    return text


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": _description(t),
                                              "parameters": copy.deepcopy(t.input_schema)}} for t in listed]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": _description(t),
             "parameters": copy.deepcopy(t.input_schema), "strict": False} for t in listed]


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
