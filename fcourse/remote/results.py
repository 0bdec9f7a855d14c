"""What the runtime answered, as an MCP ``tools/call`` result: structured content, or ``isError`` with the code.

Introduced in chapter 5. A ``ToolResponse`` (chapter 4) becomes a ``CallToolResult``:

- ``SUCCESS``: ``structuredContent`` is the handler's result (an object; anything else is wrapped as
  ``{"result": ...}``), and one text block carries the same JSON, as the specification asks of a
  tool that returns structured content;
- anything else - refused before the handler, refused by it, failed, or ``PENDING`` (the outcome is
  not known yet, so it is no success a client may report) - is ``isError: true`` with the part of the
  response the model may see (``status``, ``error_code``, ``message``, ``data``, ``retry_safe``) as
  structured content and as text. The same codes as chapter 4; never the exception's text or a
  traceback (those stay in the response's ``notes``, for the audit log), never a secret.
"""

from __future__ import annotations

import json
from typing import Any

import mcp.types as types

from fcourse.runtime.responses import ToolResponse

__all__ = ["call_result"]


def call_result(response: ToolResponse) -> types.CallToolResult:
    """The MCP result of one runtime response (see the module docstring)."""
    if response.ok:
        data = response.data if isinstance(response.data, dict) else {"result": response.data}
        return types.CallToolResult(content=[_text(data)], structured_content=data, is_error=False)
    error = response.to_dict()
    return types.CallToolResult(content=[_text(error)], structured_content=error, is_error=True)


def _text(value: Any) -> types.TextContent:
    return types.TextContent(type="text", text=json.dumps(value, sort_keys=True, ensure_ascii=False, default=str))
