"""MISTAKE: Runs every proposed call concurrently straight from the dispatch table, with no checks at all: a tool that
was never offered runs.

From the issue: check_parallel_loop passed it.
"""

import json
from concurrent.futures import ThreadPoolExecutor


def _run(call, tools, handlers, session):
    name = call["function"]["name"]
    try:
        arguments = json.loads(call["function"]["arguments"] or "{}")
    except ValueError:
        return json.dumps({"status": "ERROR", "error_code": "INVALID_ARGUMENT", "message": "not JSON"})
    schema = next((t["function"]["parameters"] for t in tools if t["function"]["name"] == name), {})
    arguments.update({key: value for key, value in (session or {}).items() if key in schema.get("properties", {})})
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return json.dumps({"status": "ERROR", "error_code": "EXECUTION_ERROR", "message": type(error).__name__})
    return result if isinstance(result, str) else json.dumps(result)


def tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None):
    messages = list(messages)
    for _ in range(max_rounds):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        calls = message.get("tool_calls") or []
        if not calls:
            return messages
        with ThreadPoolExecutor(max_workers=len(calls)) as pool:
            contents = list(pool.map(lambda c: _run(c, tools, handlers, session), calls))
        for call, content in zip(calls, contents):
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": content})
    return messages


HINT = "run every call through run_call inside the pool"
