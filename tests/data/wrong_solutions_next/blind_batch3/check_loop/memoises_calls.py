"""MISTAKE: caches results by (name, arguments) across rounds, so a repeated call is answered without running.

"Don't ask the weather service twice." But the brief says run every call: a model that asks
again (after a change, or for a refund it meant twice) gets a stale or duplicated answer,
and a handler counted once per call is not.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages, seen = list(messages), {}
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        for tool_call in message["tool_calls"]:
            key = (tool_call["function"]["name"], tool_call["function"]["arguments"])
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the limit of {max_rounds} rounds was reached")
            elif key in seen:
                content = seen[key]
            else:
                content = seen[key] = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
