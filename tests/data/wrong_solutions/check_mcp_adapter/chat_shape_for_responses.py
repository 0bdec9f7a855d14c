"""MISTAKE: the Responses menu reuses the Chat Completions shape (the function nested under "function")."""

from fcourse.remote.adapter import chat_tools, function_output, tool_message  # noqa: F401

HINT = "the Responses API wants flat function tools"


def responses_tools(listed):
    return chat_tools(listed)
