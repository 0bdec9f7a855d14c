"""MISTAKE: one threading.Thread per call, each appending its result to a shared list, then zipped with the calls.

Concurrency is real, but the list fills in finishing order, so when a later call finishes
first its result goes back under an earlier call's id: Beijing's weather answered as
Shanghai's. Results must be collected in the order of the calls.
"""
import json
import threading
from concurrent.futures import ThreadPoolExecutor

import jsonschema
from fcourse.prompting.scan import strict_loads


def run_call(tool_call, tools, handlers, session=None):
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
            arguments[key] = value
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


def tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None):
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
            contents = []
            threads = [threading.Thread(target=lambda c=c: contents.append(run_call(c, tools, handlers, session)))
                       for c in calls]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        for tool_call, content in zip(calls, contents):
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
