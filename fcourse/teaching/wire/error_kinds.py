"""Which mistake an error reply shows, read from the error body the endpoint returned (the live view's table).

Introduced for the classroom (the README's "Running a classroom"). The instructor's live view
counts each learner's API errors by *kind*: a ``tool_call_id`` that is not among the
previous message's calls, a tool message with no call before it, arguments sent as an
object instead of a JSON string. A kind is read from what the endpoint already returns
(status, ``error.code``, ``error.param``, ``error.message``) by the rows of ``KINDS``:
the first row whose every given field matches names the kind. A new error (the Responses
API's "No tool output found for function call ...", say) is one more row; no code changes.

Only the kind, its label and ``error.param`` (a field path such as
``messages.[3].tool_call_id``) leave this module: never the message itself, which can
quote a learner's values.
"""

from __future__ import annotations

import json
import re
from collections.abc import Container, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["KINDS", "ErrorKind", "Seen", "classify", "read_error"]


@dataclass(frozen=True)
class ErrorKind:
    """One row: the fields an error body must show to be of this kind (``None``: any value).

    ``status`` is one status or a container of them (``range(500, 600)``); ``code`` must equal
    ``error.code``; ``param`` and ``message`` are regular expressions searched in ``error.param``
    and ``error.message``.
    """

    kind: str
    label: str
    status: int | Container[int] | None = None
    code: str | None = None
    param: str | None = None
    message: str | None = None

    def matches(self, status: int, error: Mapping[str, Any]) -> bool:
        """True when every field this row gives matches the reply's status and ``error`` object."""
        if self.status is not None:
            if isinstance(self.status, int) and status != self.status:
                return False
            if not isinstance(self.status, int) and status not in self.status:
                return False
        if self.code is not None and error.get("code") != self.code:
            return False
        for pattern, field in ((self.param, "param"), (self.message, "message")):
            if pattern is not None:
                value = error.get(field)
                if not isinstance(value, str) or re.search(pattern, value) is None:
                    return False
        return True


#: First match wins: the specific mistakes of the tools protocol first, the broad ones last.
KINDS: tuple[ErrorKind, ...] = (
    # chapter 2: the pairing of tool calls and tool results (Chat Completions)
    ErrorKind(
        "tool_call_id_not_found",
        "tool_call_id not found in the previous tool_calls",
        status=400,
        param=r"tool_call_id$",
        message=r"'tool_call_id' of .* not found in 'tool_calls'",
    ),
    ErrorKind(
        "tool_without_call",
        "tool message with no tool call before it",
        status=400,
        param=r"\.role$",
        message=r"role 'tool' must be a response to a preceeding message with 'tool_calls'",
    ),
    ErrorKind(
        "missing_tool_results",
        "tool calls left without tool results",
        status=400,
        message=r"must be followed by tool messages responding to each 'tool_call_id'",
    ),
    # the same two mistakes in the Responses API (each invalid_request_error, param "input")
    ErrorKind(
        "missing_function_call_output",
        "function call left without its output (Responses API)",
        status=400,
        message=r"^No tool output found for function call",
    ),
    ErrorKind(
        "function_call_output_without_call",
        "function call output with no call before it (Responses API)",
        status=400,
        message=r"^No tool call found for function call output",
    ),
    # the arguments: a JSON *string*, not an object
    ErrorKind(
        "arguments_not_a_string",
        "arguments sent as an object, not a JSON string",
        status=400,
        code="invalid_type",
        param=r"arguments$",
    ),
    ErrorKind(
        "arguments_not_json",
        "arguments that are not JSON",
        status=400,
        param=r"arguments$",
        message=r"not valid JSON|could not parse",
    ),
    ErrorKind(
        "function_role",
        "the June 2023 role 'function' (use role 'tool')",
        status=400,
        param=r"\.role$",
        message=r"does not support 'function'",
    ),
    ErrorKind(
        "tool_choice_without_tools",
        "tool_choice or parallel_tool_calls without tools",
        status=400,
        message=r"only allowed when 'tools' are specified",
    ),
    ErrorKind(
        "tool_choice_unknown",
        "tool_choice names a function not in tools",
        status=400,
        param=r"^tool_choice",
    ),
    ErrorKind(
        "bad_tool_schema",
        "tool parameters that are not a valid schema",
        status=400,
        code="invalid_function_parameters",
    ),
    ErrorKind(
        "bad_tool_name",
        "tool name not allowed (or used twice)",
        status=400,
        param=r"function\.name$",
    ),
    ErrorKind(
        "context_length_exceeded", "conversation longer than the context window", code="context_length_exceeded"
    ),
    ErrorKind("model_not_found", "a model the server does not serve", code="model_not_found"),
    ErrorKind("body_not_json", "a request body that is not JSON", status=400, message=r"could not parse the JSON body"),
    ErrorKind(
        "unknown_argument", "a request field the API does not know", status=400, message=r"^Unrecognized .*argument"
    ),
    ErrorKind("missing_parameter", "a required field left out", status=400, code="missing_required_parameter"),
    ErrorKind("wrong_type", "a field of the wrong type", status=400, code="invalid_type"),
    # the HTTP shell's own refusals
    ErrorKind("request_too_large", "request body too large", status=413),
    ErrorKind("request_timeout", "request body too slow to arrive", status=408),
    ErrorKind("not_found", "a URL the API does not have", status=404, message=r"^Invalid URL"),
    ErrorKind("method_not_allowed", "the wrong HTTP method", status=405),
    ErrorKind("server_error", "the teaching model failed (a bug: tell the instructor)", status=range(500, 600)),
)


@dataclass(frozen=True)
class Seen:
    """What the room keeps of one error reply: its kind, the kind's label and the field it names."""

    kind: str
    label: str
    param: str | None


def read_error(body: bytes) -> dict[str, Any]:
    """The ``error`` object of an error reply's body (``{}`` when the body has none)."""
    try:
        parsed = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return {}
    error = parsed.get("error") if isinstance(parsed, dict) else None
    return error if isinstance(error, dict) else {}


def classify(status: int, body: bytes, kinds: tuple[ErrorKind, ...] = KINDS) -> Seen | None:
    """The kind of an error reply (``None`` for a success); a reply no row matches is "other <status>"."""
    if status < 400:
        return None
    error = read_error(body)
    param = error.get("param") if isinstance(error.get("param"), str) else None
    for row in kinds:
        if row.matches(status, error):
            return Seen(row.kind, row.label, param)
    code = error.get("code") if isinstance(error.get("code"), str) else None
    label = f"other error ({status}{', ' + code if code else ''})"
    return Seen(f"other_{status}" + (f"_{code}" if code else ""), label, param)
