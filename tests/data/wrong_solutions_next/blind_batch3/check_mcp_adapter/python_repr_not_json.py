"""MISTAKE: sends structuredContent with str() / an f-string, i.e. Python's repr ('single quotes', True, None), not JSON.

It looks like JSON in a quick print, and every field is there, but the text says "as JSON":
{'paid': True, 'note': None} is not parseable JSON, and the error form {"error": ...} is built the
same way.
"""
import copy


def _description(tool):
    a = tool.annotations
    return tool.description or tool.title or (a.title if a else None) or ""


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
        return str({"error": error})
    if result.structured_content is not None:
        return str(result.structured_content)
    return "\n".join(b.text for b in result.content if b.type == "text")


def tool_message(call, result):
    return {"role": "tool", "tool_call_id": call.id, "content": _text(result)}


def function_output(call, result):
    return {"type": "function_call_output", "call_id": call.call_id, "output": _text(result)}
