"""The reference solutions of chapters 0-2's exercises: what each notebook's "Show a solution" holds.

Introduced in chapter 0. Each function passes its checker (``tests/test_lab_exercises_*.py`` prove it, next
to the committed wrong solutions each checker must reject). A notebook shows the same source in its
revealable solution, and runs on the learner's own function once that passes its checker; until then it
runs on the one here, and says so (:func:`yours_or_reference`).

They validate with jsonschema directly, as a learner would (the package itself goes through its one
seam, ``fcourse.schema``). Chapter 2's third exercise redefines ``run_call`` and ``tool_loop`` in the
notebook; here they are ``run_call_in_session`` and ``parallel_tool_loop``, so both versions can live in
one module. ``responses_loop`` is chapter 2's fourth exercise: the loop of exercise 2 on
``client.responses``, reusing ``run_call`` for every call.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fcourse.schema import jsonschema  # the package, without the IRI grammars it would build (about 0.9 s)

__all__ = [
    "error_result",
    "extract_action",
    "parallel_tool_loop",
    "responses_loop",
    "run_call",
    "run_call_in_session",
    "run_tool_call",
    "strict_loads",
    "tool_loop",
    "validate_action",
    "yours_or_reference",
]


def yours_or_reference(name: str, yours: Callable[..., Any], report: Any, reference: Callable[..., Any]) -> Any:
    """``yours`` when its checker's ``report`` passed, else ``reference``; says aloud, in one line, which one the
    chapter runs on (a fallback starts with a warning sign, so it cannot be read past)."""
    if report.passed:
        print(f"{name}: yours passes its checker, so the rest of this chapter runs on it")
        return yours
    failed = len(report.failures())
    print(f"⚠ USING THE REFERENCE, NOT YOURS: your {name} fails {failed} of {len(report.cases)} cases, so the rest of "
          f"this chapter runs on fcourse.lab.exercises.solutions.{reference.__name__} until yours passes its check")
    return reference


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking it; every refusal is a dict with an "error" key."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}", "available": sorted(schemas)}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        for key in keys:
            if keys.count(key) > 1:
                raise ValueError(f"the key {key!r} appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)


decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    """The one action object in the reply, or None when there is none, or more than one, or a broken one."""
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(reply, start)  # where the object ends (braces in strings are text)
            obj = strict_loads(reply[start:end])  # and no key twice, no NaN
        except ValueError:
            if LOOKS_LIKE_AN_ACTION.match(reply, start):
                return None  # an action we cannot read: refuse rather than run another one
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    """Check one proposed call like any outside input, then run it; returns the tool message's content."""
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    if not isinstance(arguments, dict):
        return error_result("INVALID_ARGUMENT", "arguments must be a JSON object")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:  # a failing tool is a result; its text stays in the log
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds requests."""
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        response = client.chat.completions.create(model=model, messages=messages, tools=tools)
        message = response.choices[0].message.to_dict()  # the assistant message, as it is
        messages.append(message)
        if not message.get("tool_calls"):  # no calls: this is the answer
            return messages
        for tool_call in message["tool_calls"]:  # every call, each answered by its own id
            if round_number == max_rounds:  # at the limit: answer the call, don't run it
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages


def run_call_in_session(tool_call, tools, handlers, session=None):
    """run_call of exercise 1, plus: session values overwrite the model's, for the keys the tool's schema has."""
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    if not isinstance(arguments, dict):
        return error_result("INVALID_ARGUMENT", "arguments must be a JSON object")
    for key, value in (session or {}).items():
        if key in schemas[name].get("properties", {}):
            arguments[key] = value  # the session's, whatever the model wrote
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


def parallel_tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None):
    """The loop of exercise 2, with a reply's calls run concurrently and the session's values enforced."""
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        calls = message.get("tool_calls") or []
        if not calls:
            return messages
        if round_number == max_rounds:
            contents = [error_result("NOT_EXECUTED", "the round limit was reached") for _ in calls]
        else:
            with ThreadPoolExecutor(max_workers=len(calls)) as pool:  # every call at once
                futures = [pool.submit(run_call_in_session, c, tools, handlers, session) for c in calls]
                contents = [future.result() for future in futures]  # in the order of the calls
        for tool_call, content in zip(calls, contents):
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    """tool_loop on client.responses: output items go back as they are, each call answered by its call_id."""
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        items.extend(output)  # the model's items as they are: its function_call items included
        calls = [item for item in output if item["type"] == "function_call"]
        if not calls:  # no function_call items (a message beside calls is not the answer)
            return items
        for item in calls:  # every call, answered by its call_id (not its item id, fc_...)
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:  # run_call reads the Chat Completions shape: the call's name and arguments moved up a level
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
