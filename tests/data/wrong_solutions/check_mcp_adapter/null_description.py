"""MISTAKE: the description is copied as it is, so a tool that has only a title goes out with description null."""

import copy

from fcourse.remote.adapter import function_output, tool_message  # noqa: F401

HINT = "never null"


def chat_tools(listed):
    return [{"type": "function", "function": {"name": t.name, "description": t.description,
                                              "parameters": copy.deepcopy(t.input_schema)}} for t in listed]


def responses_tools(listed):
    return [{"type": "function", "name": t.name, "description": t.description,
             "parameters": copy.deepcopy(t.input_schema)} for t in listed]
