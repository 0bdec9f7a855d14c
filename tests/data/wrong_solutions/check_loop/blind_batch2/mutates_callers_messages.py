"""MISTAKE: appends to the caller's `messages` list instead of a copy, so every call of tool_loop grows the list it was given.

The notebook reuses `messages` for the one-round and the never-ending runs: the second run starts
from the first one's whole conversation (and a failed request leaves the caller's list half-updated).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        for tool_call in message["tool_calls"]:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
