"""MISTAKE: falls back from the description to tool.title only; a tool whose title sits in its annotations (annotations.title) goes with description None.

MCP has two places for a display title: Tool.title and ToolAnnotations.title. The learner used
the first; a server that sets only the annotations' title gets `"description": null`, and the
text says a tool without a description goes with its title, never with null.
"""
import copy
import json


def _description(tool):
    return tool.description or tool.title


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
