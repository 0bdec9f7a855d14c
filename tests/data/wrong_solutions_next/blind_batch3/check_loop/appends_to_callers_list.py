"""MISTAKE: appends to the caller's messages list instead of a copy.

The returned conversation is right, but the caller's list grows too: calling tool_loop
twice with the same `messages` (as the notebook does for one_round and never_ending) sends
the first conversation's calls again in the second.
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
                content = error_result("NOT_EXECUTED", f"the limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
