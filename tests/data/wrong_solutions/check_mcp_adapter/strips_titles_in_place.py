"""MISTAKE: the pydantic "title" keys are deleted from the listed schema in place, to tidy it - changing the tools
it was given.
"""

from fcourse.remote import adapter
from fcourse.remote.adapter import function_output, tool_message  # noqa: F401

HINT = "do not change what you were given"


def _tidy(schema):
    if isinstance(schema, dict):
        schema.pop("title", None)
        for value in schema.values():
            _tidy(value)
    return schema


def chat_tools(listed):
    for tool in listed:
        _tidy(tool.input_schema)
    return adapter.chat_tools(listed)


def responses_tools(listed):
    for tool in listed:
        _tidy(tool.input_schema)
    return adapter.responses_tools(listed)
