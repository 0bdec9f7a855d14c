"""MISTAKE: the Responses tools are sent with strict: true, which an MCP schema with optional parameters does not
meet.
"""

from fcourse.remote import adapter
from fcourse.remote.adapter import chat_tools, function_output, tool_message  # noqa: F401

HINT = "do not send strict: true"


def responses_tools(listed):
    return [{**entry, "strict": True} for entry in adapter.responses_tools(listed)]
