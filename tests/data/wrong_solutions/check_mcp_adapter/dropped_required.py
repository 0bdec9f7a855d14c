"""MISTAKE: the menu's parameters are rebuilt from the properties alone, so `required` (and the rest) is dropped."""

from fcourse.remote.adapter import function_output, tool_message  # noqa: F401

HINT = "parameters must be the tool's inputSchema whole"


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": t.description or t.title or "",
                                              "parameters": {"type": "object",
                                                             "properties": t.input_schema.get("properties", {})}}}
            for t in listed]


def responses_tools(listed):
    return [{"type": "function", **entry["function"]} for entry in chat_tools(listed)]
