"""Chapter 2's loop checkers, side by side with the reference on generated scripted conversations.

Introduced in chapter 2 (used by :mod:`fcourse.lab.exercises.loop`, ``.parallel`` and ``.responses_loop``).
:func:`conversations` draws a script for the scripted model: up to three rounds of tool calls (several in one
reply, the same tool twice, a tool that was not offered, broken JSON, a wrong type, a key given twice, a handler
that fails), then an answer, and a round limit from 1 to the default 5; for the parallel loop also a session
(the logged-in user) and calls that claim another user. :func:`compare_loops` runs the learner's loop and the
reference loop on the same script, each against its own scripted model and its own recording handlers, and
reports the first thing that differs: an error, a request the reference did not send (or the other way round),
a handler run, the conversation returned, or the caller's list or session edited. Call ids are compared by the
order they appear in (the scripted model derives them from the conversation), the results of a reply's calls as
a set, and a tool result by its kind (its error code, or its value), never by its wording.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises.compare import changed, run_all, short, snapshot
from fcourse.protocol.scripted import Reply, ScriptedModel, text

__all__ = ["TIMES", "compare_loops", "conversations", "function_tool", "normalize", "show_script"]

#: the local time in each city the time cases ask about
TIMES = {"Tokyo": "09:00", "Paris": "02:00", "Lima": "19:00"}


def function_tool(name: str, description: str, **properties: str) -> dict[str, Any]:
    """A tool with string/integer properties, all required, nothing else allowed."""
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()},
                       "required": list(properties), "additionalProperties": False}}}

_CALLS = (
    ("get_time", {"city": "Tokyo"}), ("get_time", {"city": "Lima"}), ("get_time", {"city": "Atlantis"}),
    ("get_time", {"city": 5}), ("get_time", '{"city": "Tok'), ("get_time", {"city": "Lima", "unit": "h"}),
    ("get_time", '{"city": "Lima", "city": "Paris"}'), ("get_stock", {"sku": "A-1"}), ("get_stock", {}),
    ("drop_tables", {}),
)
_SESSION_CALLS = (("order_total", {"month": 4}), ("order_total", {"user_id": 1002, "month": 4}),
                  ("order_total", {"user_id": 1002, "month": 13}))


def conversations(session: bool = False) -> Any:
    """``(rounds, max_rounds, session)``: each reply's text (sometimes some beside the calls) and calls (1-3,
    up to 3 rounds), the round limit (None: the loop's default) and the session (None, or the user the program
    knows)."""
    from hypothesis import strategies as st

    pool = _CALLS + (_SESSION_CALLS * 2 if session else ())
    reply = st.tuples(st.sampled_from([None, None, "Checking."]), st.lists(st.sampled_from(pool), min_size=1,
                                                                           max_size=3).map(tuple))
    rounds = st.lists(reply, min_size=0, max_size=3)
    limits = st.sampled_from([None, None, 1, 2, 3])
    users = st.sampled_from([{"user_id": 1001}, {"user_id": 2002}]) if session else st.none()
    return st.tuples(rounds.map(tuple), limits, users)


def show_script(value: Any) -> str:
    """A script as one line: ``get_time({"city": "Lima"}) + drop_tables({}) | answer; max_rounds=2``."""
    rounds, limit, session = value
    shown = [(f"{said!r} + " if said else "") +
             " + ".join(f"{name}({args if isinstance(args, str) else json.dumps(args)})" for name, args in calls)
             for said, calls in rounds]
    return " | ".join([*shown, "answer"]) + (f"; max_rounds={limit}" if limit else "") + \
        (f"; session={session}" if session else "")


def _tools(session: bool) -> list[dict[str, Any]]:
    tools = [function_tool("get_time", "Current local time in a city.", city="string"),
             function_tool("get_stock", "How many of an item are left.", sku="string")]
    if session:
        tools.append(function_tool("order_total", "A user's order total in a month.", user_id="integer",
                                   month="integer"))
    return tools


def _handlers(ran: list[tuple[str, dict[str, Any]]]) -> dict[str, Callable[..., Any]]:
    def recorded(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def handler(**kwargs: Any) -> Any:
            ran.append((name, kwargs))
            return function(**kwargs)
        return handler

    return {"get_time": recorded("get_time", lambda city: TIMES[city]),  # Atlantis: a KeyError, EXECUTION_ERROR
            "get_stock": recorded("get_stock", lambda sku: {"sku": sku, "left": 3}),
            "order_total": recorded("order_total", lambda user_id, month: {"user": user_id, "total": 12.5}),
            "drop_tables": recorded("drop_tables", lambda: "all tables dropped")}


def _kind(content: Any) -> str:
    """A tool result by its kind: ``ERROR <code>`` or its value as canonical JSON."""
    try:
        value = json.loads(content) if isinstance(content, str) else content
    except ValueError:
        return str(content)
    if isinstance(value, dict) and value.get("error_code"):
        return f"ERROR {value['error_code']}"
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def normalize(items: Any, responses: bool = False) -> list[Any] | str:
    """A conversation (messages, or Responses items) as comparable rows; ids by order of appearance, the results
    of one reply as a set. A value that is not a list of messages comes back as its type name."""
    if not isinstance(items, list):
        return f"a {type(items).__name__}, not a list"
    ids: dict[str, str] = {}
    rows: list[Any] = []
    results: list[Any] = []

    def flush() -> None:
        rows.extend(sorted(results))
        results.clear()

    for item in items:
        if not isinstance(item, dict):
            flush()
            rows.append(("not a plain dict", type(item).__name__))
            continue
        kind = item.get("type") or item.get("role")
        if kind in ("tool", "function_call_output"):
            key = item.get("tool_call_id") if kind == "tool" else item.get("call_id")
            results.append(("result", ids.setdefault(str(key), f"call{len(ids) + 1}"),
                            _kind(item.get("content") if kind == "tool" else item.get("output"))))
            continue
        flush()
        if kind == "function_call":
            rows.append(("call", ids.setdefault(str(item.get("call_id")), f"call{len(ids) + 1}"), item.get("name"),
                         item.get("arguments")))
        elif kind == "assistant" or (kind == "message" and item.get("role") == "assistant"):
            content = item.get("content")
            if isinstance(content, list):
                content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
            calls = tuple(("call", ids.setdefault(str(c.get("id")), f"call{len(ids) + 1}"),
                           c.get("function", {}).get("name"), c.get("function", {}).get("arguments"))
                          for c in item.get("tool_calls") or [])
            rows.append(("assistant", content or "", calls))
        else:
            content = item.get("content")
            rows.append((item.get("role", kind), content if isinstance(content, str) else json.dumps(content)))
    flush()
    return rows


def _run(loop: Callable[..., Any], value: Any, responses: bool) -> dict[str, Any]:
    """One run of ``loop`` on a fresh scripted model: what it sent, ran, returned and edited."""
    rounds, limit, session = value
    served = [0]

    def script(conversation: list[dict[str, Any]]) -> Reply:
        k = served[0]
        served[0] += 1
        return Reply(content=rounds[k][0], calls=rounds[k][1]) if k < len(rounds) else text("All done.")

    if responses:
        from fcourse.protocol.responses_loop import flat_tools
        from fcourse.protocol.scripted_responses import ScriptedResponsesModel

        model: Any = ScriptedResponsesModel(script, max_requests=12)
        tools = flat_tools(_tools(False))
    else:
        model = ScriptedModel(script, max_requests=12)
        tools = _tools(session is not None)
    ran: list[tuple[str, dict[str, Any]]] = []
    messages = [{"role": "user", "content": "What time is it in Tokyo, and how many A-1 are left?"}]
    options: dict[str, Any] = {} if limit is None else {"max_rounds": limit}
    if session is not None:
        options["session"] = session
    before = (snapshot(messages), snapshot(session))
    outcome = run_all(loop, [((model.client(), model.name, messages, tools, _handlers(ran)), options)], timeout=20)[0]
    menus = [sorted(t.get("name") or t.get("function", {}).get("name", "?") for t in r.get("tools") or [])
             for r in model.requests]
    sent = [normalize(list(c), True) for c in model.conversations] if responses else \
        [normalize(r["messages"]) for r in model.requests]
    sent = [[("tools", tuple(menu)), *rows] for menu, rows in zip(menus, sent)]
    return {"error": None if outcome.returned else outcome.shown(90), "sent": sent,
            "ran": sorted(json.dumps(r, sort_keys=True, default=str) for r in ran),
            "returned": normalize(outcome.value, responses) if outcome.returned else None,
            "edited": "messages" if changed(before[0], messages) else
            "session" if changed(before[1], session) else None}


def compare_loops(loop: Callable[..., Any], reference: Callable[..., Any], responses: bool = False,
                  error_hint: Callable[[str], str] | None = None) -> Callable[[Any], tuple[str, str] | None]:
    """The comparison :func:`fcourse.lab.exercises.compare.first_difference` runs on each generated script."""
    def compare(value: Any) -> tuple[str, str] | None:
        mine, theirs = _run(loop, value, responses), _run(reference, value, responses)
        if mine["error"]:
            if "Error code: 4" in mine["error"] and error_hint is not None:
                hint = error_hint(mine["error"].split("'message': '", 1)[-1])
            elif "Error code: 4" in mine["error"]:
                hint = "the request broke the protocol: append the assistant message as it is, then one tool " \
                    "message per call, under that call's id"
            elif "RunawayLoopError" in mine["error"]:
                hint = "the loop needs a round limit: at most max_rounds requests"
            else:
                hint = "the loop must not raise: every failure of a call is a tool result (run_call)"
            return f"yours {mine['error']}", hint
        if mine["edited"]:
            return (f"yours changed the caller's {mine['edited']}",
                    "work on a copy (messages = list(messages)) and read the session, never edit it: the caller "
                    "reuses them")
        for number, (sent, wanted) in enumerate(zip(mine["sent"], theirs["sent"]), start=1):
            if sent != wanted:
                return (f"request {number} differs: yours sent {short(_first_change(sent, wanted), 120, text=True)}",
                        _request_hint(sent, wanted, value))
        if len(mine["sent"]) != len(theirs["sent"]):
            return (f"yours made {len(mine['sent'])} requests, the reference {len(theirs['sent'])}",
                    "ask again after every round of results; stop at the first reply without tool calls, or after "
                    "max_rounds requests, answering the last round's calls NOT_EXECUTED")
        if mine["ran"] != theirs["ran"]:
            extra = sorted(set(mine["ran"]) - set(theirs["ran"])) or sorted(set(theirs["ran"]) - set(mine["ran"]))
            return (f"the handlers ran {len(mine['ran'])} times, the reference's {len(theirs['ran'])} "
                    f"(first difference: {short(extra[0] if extra else '', 80, text=True)})", _run_hint(mine, theirs))
        if mine["returned"] != theirs["returned"]:
            if any(row[0] == "not a plain dict" for row in mine["returned"] or []):
                return ("the conversation returned holds SDK objects, not plain dicts",
                        "append item.to_dict() (message.to_dict()), so the conversation is plain data the caller can "
                        "read, store and send again")
            return ("the conversation returned differs: " +
                    short(_first_change(mine["returned"], theirs["returned"]), 120, text=True),
                    "return the whole conversation: the caller's messages, every assistant message as it came and "
                    "every tool result, the answer last")
        return None

    return compare


def _first_change(mine: Any, theirs: Any) -> Any:
    if not isinstance(mine, list) or not isinstance(theirs, list):
        return mine
    for a, b in zip(mine, theirs):
        if a != b:
            return a
    return mine[len(theirs):] or f"{len(theirs) - len(mine)} item(s) fewer"


def _request_hint(sent: Any, wanted: Any, value: Any) -> str:
    mine, theirs = next(((a, b) for a, b in zip(sent, wanted) if a != b), (None, None))
    if mine and theirs and mine[0] == theirs[0] == "assistant":
        if [c[:3] for c in mine[2]] == [c[:3] for c in theirs[2]] and mine[2] != theirs[2]:
            return "send the model's tool calls back as it wrote them, their arguments unchanged: parse into a new " \
                "dict (the session's values go into what the handler gets, never into the call)"
        if mine[2] == theirs[2]:
            return "append the assistant message as it is (message.to_dict()): the text it wrote beside its calls " \
                "too"
    text_sent = json.dumps(sent, default=str)
    if "ERROR NOT_EXECUTED" in json.dumps(wanted) and "ERROR NOT_EXECUTED" not in text_sent:
        return "at the limit, answer each call of the last round with error_result(\"NOT_EXECUTED\", ...) instead " \
            "of running it"
    if "ERROR UNKNOWN_TOOL" in json.dumps(wanted) or "ERROR INVALID_ARGUMENT" in json.dumps(wanted):
        return "send every call through your run_call: a tool that was not offered, broken JSON, a wrong type and a " \
            "key given twice are refused as results"
    if "ERROR EXECUTION_ERROR" in json.dumps(wanted):
        return "a handler that raises is a result too (EXECUTION_ERROR), and the loop carries on"
    return "send back every call of a reply, each answered under its own id, in the conversation as it grew"


def _run_hint(mine: dict[str, Any], theirs: dict[str, Any]) -> str:
    if len(mine["ran"]) > len(theirs["ran"]):
        if any('"user_id": 1002' in r for r in mine["ran"]):
            return "the session's values overwrite the model's, for every tool whose schema has the key"
        return "run only what run_call accepts, and at the limit answer the last round NOT_EXECUTED instead of " \
            "running it"
    if any('"user_id"' in r for r in theirs["ran"]):
        return "set arguments[key] = session[key] after parsing, for every session key the tool's schema has, then " \
            "validate"
    return "run every call of a reply, not only the first, and each one even when two calls are the same"
