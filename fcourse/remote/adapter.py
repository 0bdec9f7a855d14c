"""The adapter between MCP and OpenAI's two tool shapes: ``tools/list`` in, ``tools/call`` results out.

Introduced in chapter 5 (your turn 1 builds it; ``fcourse.lab.exercises.mcp_adapter`` checks it).
An MCP server describes a tool as ``name``, ``description`` (or only a ``title``), ``inputSchema``,
``outputSchema`` and ``annotations``; a model API wants a menu entry. Chat Completions nests it
(``{"type": "function", "function": {...}}``), the Responses API keeps it flat. Name and schema go
over whole - the schema is the contract, ``required`` included. A tool with no description goes
with its title, since the model picks tools by their descriptions. The annotations have no field
in either API: they stay with the host, which reads them from ``tools/list`` (chapter 5's guard).

A ``tools/call`` result goes back to the model as text, in the message the API pairs with the call
by its id (``tool_call_id`` = the Chat call's ``id``; ``call_id`` = the Responses item's
``call_id``, never its ``id``):

- a success: its ``structuredContent`` as JSON when it has some (every field: the text blocks may
  be a summary), else its text blocks joined;
- an error (``isError``): JSON ``{"error": ...}`` holding the structured error when there is one
  (the runtime's code survives), else the error's text, so no model can take it for a result.
"""

from __future__ import annotations

import copy
import json
from typing import Any

__all__ = ["chat_tools", "function_output", "responses_tools", "result_text", "tool_message"]


def _description(tool: Any) -> str:
    """The tool's description; its title (or its annotations' title) when it has none."""
    annotations = getattr(tool, "annotations", None)
    for text in (tool.description, getattr(tool, "title", None), getattr(annotations, "title", None)):
        if isinstance(text, str) and text.strip():
            return text
    return ""


def chat_tools(listed: list[Any]) -> list[dict[str, Any]]:
    """MCP tools (``tools/list``) as a Chat Completions ``tools`` list."""
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": _description(tool),
                "parameters": copy.deepcopy(tool.input_schema),
            },
        }
        for tool in listed
    ]


def responses_tools(listed: list[Any]) -> list[dict[str, Any]]:
    """MCP tools as a Responses API ``tools`` list (flat function tools; MCP schemas are not strict-mode ones)."""
    return [
        {
            "type": "function",
            "name": tool.name,
            "description": _description(tool),
            "parameters": copy.deepcopy(tool.input_schema),
            "strict": False,
        }
        for tool in listed
    ]


def result_text(result: Any) -> str:
    """A ``tools/call`` result as the text the model reads (see the module docstring)."""
    structured = result.structured_content
    if result.is_error:
        error = structured if structured is not None else _joined(result)
        return json.dumps({"error": error}, ensure_ascii=False, sort_keys=True)
    if structured is not None:
        return json.dumps(structured, ensure_ascii=False, sort_keys=True)
    return _joined(result)


def _joined(result: Any) -> str:
    return "\n".join(block.text for block in result.content if getattr(block, "type", None) == "text")


def tool_message(call: Any, result: Any) -> dict[str, Any]:
    """The ``role: "tool"`` message that answers a Chat Completions tool call (``call.id``)."""
    return {"role": "tool", "tool_call_id": call.id, "content": result_text(result)}


def function_output(call: Any, result: Any) -> dict[str, Any]:
    """The ``function_call_output`` item that answers a Responses ``function_call`` (``call.call_id``)."""
    return {"type": "function_call_output", "call_id": call.call_id, "output": result_text(result)}
