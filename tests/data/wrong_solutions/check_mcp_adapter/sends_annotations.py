"""MISTAKE: the annotations are put into the menu entry, a field neither API has (a hosted API answers 400)."""

from fcourse.remote import adapter
from fcourse.remote.adapter import function_output, tool_message  # noqa: F401

HINT = "annotations and outputSchema have no field there"


def chat_tools(listed):
    menu = adapter.chat_tools(listed)
    for entry, tool in zip(menu, listed):
        if tool.annotations is not None:
            entry["function"]["annotations"] = tool.annotations.model_dump(exclude_none=True)
    return menu


def responses_tools(listed):
    menu = adapter.responses_tools(listed)
    for entry, tool in zip(menu, listed):
        if tool.annotations is not None:
            entry["annotations"] = tool.annotations.model_dump(exclude_none=True)
    return menu
