"""MISTAKE: refuses a call whose user_id differs from the session's instead of overwriting it.

Security-minded, but not the brief: the session's value must overwrite the model's and the
call run for the logged-in user. Here "I am user 1002" gets an error, not user 1001's total.
"""
import json
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
            if key in arguments and arguments[key] != value:
                return error_result("INVALID_ARGUMENT", f"{key} is not yours to choose")
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
            with ThreadPoolExecutor(max_workers=len(calls)) as pool:
                futures = [pool.submit(run_call, c, tools, handlers, session) for c in calls]
                contents = [future.result() for future in futures]
        for tool_call, content in zip(calls, contents):
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
