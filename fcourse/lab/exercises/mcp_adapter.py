"""Chapter 5's first exercise: the adapter from MCP's ``tools/list`` and ``tools/call`` to both OpenAI shapes.

Introduced in chapter 5. The learner writes four functions (the contract is
``fcourse.remote.adapter``'s docstring, which is also the reference)::

    chat_tools(listed)             -> the Chat Completions tools list
    responses_tools(listed)        -> the Responses API tools list
    tool_message(call, result)     -> the role "tool" message answering a Chat tool call
    function_output(call, result)  -> the function_call_output item answering a Responses function_call

``check_mcp_adapter(chat_tools, responses_tools, tool_message, function_output)`` feeds them real
``mcp.types`` tools and results and real openai SDK call objects, built when the check runs (not
importable: the ids are drawn from a seed), and judges what comes back by behaviour:

- the menus: one entry per tool, in order, in the API's shape (Chat nests ``function``, Responses is
  flat) with only the fields the API has (annotations have none: they stay with the host); the name
  and the whole input schema (``required`` too); a description that is the tool's, or its title when
  it has none, never null; and the teaching model's own request checks accept the menu;
- the results: a success carries every field of its structured content (the text block is only a
  summary; an empty ``{}`` is structured content too), a text-only success its text; an error is
  marked ``{"error": ...}`` and keeps the runtime's code; each answer carries its own call's id
  (Chat's ``id``; Responses' ``call_id``, not the item's ``id``), and the teaching model's checks
  accept the conversation it completes;
- nothing the functions were given is changed.

Each learner function runs before the answer it is judged against is computed; a failing case's
hint names the mistake.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import mcp.types as types
from openai.types.chat import ChatCompletionMessageFunctionToolCall
from openai.types.chat.chat_completion_message_function_tool_call import Function
from openai.types.responses import ResponseFunctionToolCall

from fcourse.lab.exercises.integrity import borrowed, finish, keep, restore
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.remote import adapter as _reference

__all__ = ["HINTS", "check_mcp_adapter"]

HINTS: dict[str, str] = {
    "shape_chat": 'Chat Completions nests each tool: {"type": "function", "function": {"name", "description", '
                  '"parameters"}}, one entry per listed tool, in order',
    "shape_responses": 'the Responses API wants flat function tools: {"type": "function", "name", '
                       '"description", "parameters"} side by side, one per listed tool, in order',
    "extra_fields": "send only the fields the API has (name, description, parameters, strict): annotations and "
                    "outputSchema have no field there, so they stay with the host, which reads them from tools/list",
    "schema": "parameters must be the tool's inputSchema whole - required, patterns, nested objects - or the "
              "model may leave out what the tool needs",
    "description": "a tool's description is how the model picks it: send it as it is, the title when there is "
                   "no description, and never null",
    "accepted": "the model API refused the menu: an MCP inputSchema is not a strict-mode schema (optional "
                "parameters), so do not send strict: true",
    "structured": "a success with structuredContent goes back as that JSON, every field: the text block may be "
                  "only a summary",
    "structured_empty": "an empty structuredContent ({}) is still the structured result: test it with `is not "
                        "None`, not by truthiness, or the model reads the summary text instead",
    "text_only": "a success without structuredContent goes back as its text blocks, joined",
    "error": 'an isError result must go back marked as an error - {"error": ...} - or the model reads a refusal '
             "as a result and tells the user it worked",
    "error_code": "keep the structured error inside {\"error\": ...}: the runtime's error_code is what the "
                  "model (and your program) branch on",
    "call_id": "answer each call with its own id: a Chat call's id, a Responses function_call's call_id (not "
               "its item id, fc_...)",
    "message_shape": 'a Chat answer is {"role": "tool", "tool_call_id", "content": a string}; a Responses '
                     'answer is {"type": "function_call_output", "call_id", "output": a string}',
    "mutated": "do not change what you were given: copy the schema and read the result, never edit them",
    "raised": "the function raised instead of answering: read the fields that may be missing (description, "
              "title, structuredContent) with care",
}


# ------------------------------------------------------------------------------------------------ the cases


def _listing() -> list[types.Tool]:
    """The tools a server lists (built per check: nothing here is an importable constant)."""
    return [
        types.Tool(
            name="get_order",
            description="Look up one of the user's orders: amount, currency, payment and refund status.",
            input_schema={"type": "object", "properties": {
                "order_id": {"type": "string", "pattern": "^O-[0-9]+$", "description": "The order id, e.g. O-100."}},
                "required": ["order_id"], "additionalProperties": False},
            output_schema={"type": "object", "properties": {"order_id": {"type": "string"}}},
            annotations=types.ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                              open_world_hint=False),
        ),
        types.Tool(
            name="book_table",
            description="Book a table at the restaurant for a party on a given evening.",
            input_schema={"type": "object", "title": "book_tableArguments", "properties": {
                "party": {"type": "object", "title": "Party", "properties": {
                    "adults": {"type": "integer", "minimum": 1, "title": "Adults"},
                    "children": {"type": "integer", "minimum": 0, "default": 0, "title": "Children"}},
                    "required": ["adults"]},
                "date": {"type": "string", "format": "date", "title": "Date"},
                "seating": {"enum": ["inside", "terrace"], "title": "Seating"},
                "notes": {"type": "array", "items": {"type": "string"}, "title": "Notes"}},
                "required": ["party", "date"]},
            annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True),
        ),
        types.Tool(name="weather_now", title="Current weather for a city",
                   input_schema={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}),
        types.Tool(name="ping", input_schema={"type": "object", "properties": {}}),
    ]


def _ids(rng: random.Random) -> tuple[str, str, str]:
    """A Chat call id, a Responses item id and its call id (drawn per check)."""
    def pick(prefix: str) -> str:
        return prefix + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(12))

    return pick("call_"), pick("fc_"), pick("call_")


def _results() -> list[tuple[str, types.CallToolResult, str]]:
    """(case, result, kind) for each tools/call result (built per check)."""
    order = {"order_id": "O-100", "amount_cents": 12900, "currency": "CNY", "status": "paid", "refunded_cents": 0,
             "items": [{"sku": "P-7", "name": "电水壶", "qty": 1}]}
    refused = {"status": "ERROR", "error_code": "CONFIRMATION_REQUIRED",
               "message": "refund_order needs the user's confirmation", "data": {"token_problem": "NO_TOKEN"},
               "retry_safe": True}
    text = types.TextContent
    return [
        ("structured result, summary text", types.CallToolResult(
            content=[text(type="text", text="Order O-100: 129.00 CNY, paid.")], structured_content=order),
         "structured"),
        ("structured result with no fields", types.CallToolResult(
            content=[text(type="text", text="No open orders.")], structured_content={}), "structured_empty"),
        ("text-only result", types.CallToolResult(
            content=[text(type="text", text="Sunny, 21 °C."), text(type="text", text="Wind 3 m/s.")]), "text_only"),
        ("refused: structured error", types.CallToolResult(
            content=[text(type="text", text="The refund needs your confirmation first.")],
            structured_content=refused, is_error=True), "error_code"),
        ("failed: text-only error", types.CallToolResult(
            content=[text(type="text", text="Order O-999 was not found.")], is_error=True), "error"),
    ]


# ------------------------------------------------------------------------------------------------ judging


def _call(function: Callable[..., Any], *args: Any) -> tuple[Any, str | None]:
    try:
        return function(*args), None
    except Exception as error:  # noqa: BLE001 - the learner's code is what is being checked
        return None, f"raised {type(error).__name__}: {str(error)[:80]}"


def _short(value: Any, width: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str) if not isinstance(value, str) else value
    return text if len(text) <= width else text[: width - 1] + "…"


def _menu_problem(api: str, menu: Any, listed: list[types.Tool], schemas: list[Any], given: list[Any]) -> tuple[str,
                                                                                                              str]:
    """(hint key, what was wrong) for a menu, or ("", "") when it is right."""
    if [t.model_dump() for t in listed] != given:
        return "mutated", "a listed tool was changed"
    if not isinstance(menu, list) or len(menu) != len(listed):
        return f"shape_{api}", f"not a list of {len(listed)} entries"
    for entry, tool, schema in zip(menu, listed, schemas):
        if not isinstance(entry, dict) or entry.get("type") != "function":
            return f"shape_{api}", f"{_short(entry, 40)} is no function tool"
        fields = entry.get("function") if api == "chat" else entry
        if api == "chat" and set(entry) != {"type", "function"}:
            return ("extra_fields" if isinstance(fields, dict) else f"shape_{api}"), f"top-level keys {sorted(entry)}"
        if not isinstance(fields, dict) or fields.get("name") != tool.name:
            return f"shape_{api}", f"no {'function.' if api == 'chat' else ''}name {tool.name!r}"
        allowed = {"name", "description", "parameters", "strict"} | ({"type"} if api == "responses" else set())
        if set(fields) - allowed:
            return "extra_fields", f"{tool.name}: {sorted(set(fields) - allowed)}"
        if fields.get("parameters") != schema:
            return "schema", f"{tool.name}: parameters {_short(fields.get('parameters'), 40)}"
        want = tool.description or tool.title or ""
        description = fields.get("description", "")
        if not isinstance(description, str) or (want and description != want):
            return "description", f"{tool.name}: description {description!r}"
    return "", ""


def _accepted(api: str, menu: Any) -> str | None:
    """Why the teaching model's request checks refuse a request with this menu (None: accepted)."""
    from fcourse.errors import InvalidRequestError
    from fcourse.teaching.wire.responses_validation import validate_responses_request
    from fcourse.teaching.wire.validation import MODEL_NAME, validate_chat_request

    try:
        if api == "chat":
            validate_chat_request({"model": MODEL_NAME, "messages": [{"role": "user", "content": "hi"}],
                                   "tools": menu})
        else:
            validate_responses_request({"model": MODEL_NAME, "input": "hi", "tools": menu})
    except InvalidRequestError as error:
        return str(error)[:90]
    return None


def _menus(chat_tools: Callable[..., Any], responses_tools: Callable[..., Any]) -> list[CheckCase]:
    return [_menu_case("chat", chat_tools), _menu_case("responses", responses_tools)]


def _menu_case(api: str, function: Callable[..., Any]) -> CheckCase:
    """One menu, judged (a function of its own: no earlier case's answer is left in a frame the learner reaches)."""
    listed = _listing()
    given = [t.model_dump() for t in listed]
    menu, error = _call(function, listed)
    schemas = [copy.deepcopy(t.input_schema) for t in _listing()]  # the expected schemas, made after the call
    name = f"{'Chat Completions' if api == 'chat' else 'Responses'} tools from tools/list (4 tools)"
    expected = "the API's shape; name, whole schema, description or title"
    if error:
        return CheckCase(name, expected, error, False, HINTS["raised"])
    key, what = _menu_problem(api, menu, listed, schemas, given)
    if not key:
        refused = _accepted(api, menu)
        key, what = ("accepted", f"400: {refused}") if refused else ("", "")
    return CheckCase(name, expected, what or "as expected", not key, HINTS.get(key, ""))


def _judge_text(kind: str, text: Any, result: types.CallToolResult) -> str:
    """The hint key of what is wrong with the text a result became ("" when right)."""
    if not isinstance(text, str):
        return "message_shape"
    try:
        decoded = json.loads(text)
    except ValueError:
        decoded = None
    if kind in ("structured", "structured_empty"):
        return "" if decoded == result.structured_content else kind
    if kind == "text_only":
        blocks = [b.text for b in result.content]
        return "" if all(b in text for b in blocks) and not (isinstance(decoded, dict) and "error" in decoded) \
            else "text_only"
    if not isinstance(decoded, dict) or "error" not in decoded:
        return "error"
    if kind == "error_code":
        inner = decoded["error"]
        code = result.structured_content["error_code"] if result.structured_content else None
        return "" if isinstance(inner, dict) and inner.get("error_code") == code else "error_code"
    return "" if result.content[0].text in json.dumps(decoded, ensure_ascii=False) else "error"


def _answers(tool_message: Callable[..., Any], function_output: Callable[..., Any]) -> list[CheckCase]:
    rng = random.Random(0x5EED)
    return [_answer_case(case, result, kind, api, function, rng)
            for case, result, kind in _results()
            for api, function in (("chat", tool_message), ("responses", function_output))]


def _answer_case(case: str, result: types.CallToolResult, kind: str, api: str, function: Callable[..., Any],
                 rng: random.Random) -> CheckCase:
    """One result answered in one API, judged."""
    chat_id, item_id, call_id = _ids(rng)
    arguments = '{"order_id": "O-100"}'
    if api == "chat":
        call: Any = ChatCompletionMessageFunctionToolCall(id=chat_id, type="function",
                                                          function=Function(name="get_order", arguments=arguments))
    else:
        call = ResponseFunctionToolCall(id=item_id, call_id=call_id, name="get_order", arguments=arguments,
                                        type="function_call", status="completed")
    before = result.model_dump()
    answer, error = _call(function, call, result)
    name = f"{case} -> {'role: tool' if api == 'chat' else 'function_call_output'}"
    expected = {"structured": "every structured field", "structured_empty": "{}", "text_only": "the text",
                "error_code": '{"error": {... error_code}}', "error": '{"error": ...}'}[kind]
    if error:
        return CheckCase(name, expected, error, False, HINTS["raised"])
    key = "mutated" if result.model_dump() != before else ""
    if not key:
        key = _answer_shape(api, answer, chat_id if api == "chat" else call_id)
    if not key:
        key = _judge_text(kind, answer["content" if api == "chat" else "output"], result)
    if not key:
        key = _conversation_refused(api, call, answer)
    return CheckCase(name, expected, "as expected" if not key else _short(answer), not key, HINTS.get(key, ""))


def _answer_shape(api: str, answer: Any, want_id: str) -> str:
    if not isinstance(answer, dict):
        return "message_shape"
    if api == "chat":
        if answer.get("role") != "tool" or not isinstance(answer.get("content"), str):
            return "message_shape"
        return "" if answer.get("tool_call_id") == want_id else "call_id"
    if answer.get("type") != "function_call_output" or not isinstance(answer.get("output"), str):
        return "message_shape"
    return "" if answer.get("call_id") == want_id else "call_id"


def _conversation_refused(api: str, call: Any, answer: dict[str, Any]) -> str:
    """The teaching model's checks on the conversation the answer completes ("" when accepted)."""
    from fcourse.errors import InvalidRequestError
    from fcourse.teaching.wire.responses_validation import validate_responses_request
    from fcourse.teaching.wire.validation import MODEL_NAME, validate_chat_request

    try:
        if api == "chat":
            validate_chat_request({"model": MODEL_NAME, "messages": [
                {"role": "user", "content": "O-100?"},
                {"role": "assistant", "content": None, "tool_calls": [call.to_dict()]}, answer]})
        else:
            validate_responses_request({"model": MODEL_NAME, "input": [
                {"role": "user", "content": "O-100?"}, call.to_dict(), answer]})
    except InvalidRequestError:
        return "message_shape"
    return ""


def check_mcp_adapter(
    chat_tools: Callable[..., Any],
    responses_tools: Callable[..., Any],
    tool_message: Callable[..., Any],
    function_output: Callable[..., Any],
) -> CheckReport:
    """Check the learner's four adapter functions (see the module docstring); returns the report."""
    replaced = restore()
    learner = next((f for f in (chat_tools, responses_tools, tool_message, function_output)
                    if borrowed(f, _REFERENCES)), chat_tools)  # the one that is the reference, if any is
    # no early return for the reference: the cases run anyway, so a learner who borrows one function and
    # writes the others still sees what is wrong with the ones they wrote
    cases = _menus(chat_tools, responses_tools) + _answers(tool_message, function_output)
    return finish(cases, [], _VERDICT, learner=learner, references=_REFERENCES, replaced=replaced)


#: the last words of a report whose every case passed
_VERDICT = "tools/list and tools/call travel whole in both APIs"
#: the reference (fcourse.remote.adapter): a learner's function that is (or calls) one of these is not theirs
_REFERENCES = {f"fcourse.remote.adapter.{name}": getattr(_reference, name)
               for name in ("chat_tools", "responses_tools", "tool_message", "function_output", "result_text")}

keep(__name__)
