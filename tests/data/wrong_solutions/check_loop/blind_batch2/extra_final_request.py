"""MISTAKE: after max_rounds rounds of running calls it sends one more request with tool_choice="none" to get a final answer: max_rounds + 1 requests.

The text: at most max_rounds requests, and the last round's calls are answered NOT_EXECUTED instead
of run. Here every round's calls run, including the fifth.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for _ in range(max_rounds):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        for tool_call in message["tool_calls"]:
            content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    final = client.chat.completions.create(model=model, messages=messages, tools=tools, tool_choice="none")
    messages.append(final.choices[0].message.to_dict())
    return messages
