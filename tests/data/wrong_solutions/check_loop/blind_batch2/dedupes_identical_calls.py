"""MISTAKE: runs identical calls (same name and arguments) in one reply only once and copies the result to the others.

Step 3: your code checks and executes *each* call. Two identical calls are two requests (two
refunds, two notes sent); folding them silently changes what ran.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        done = {}
        for tool_call in message["tool_calls"]:
            key = (tool_call["function"]["name"], tool_call["function"]["arguments"])
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            elif key in done:
                content = done[key]
            else:
                content = done[key] = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
