"""MISTAKE: after the limit, makes one more request with tool_choice="none" to get a text answer: max_rounds + 1 requests.

A friendly ending: the user gets a sentence instead of a conversation that stops on tool
messages. But the brief caps the loop at max_rounds requests; a model (or provider) that
ignores tool_choice, or a slow one, costs a sixth request the limit was there to prevent.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
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
    final = client.chat.completions.create(model=model, messages=messages, tools=tools, tool_choice="none")
    messages.append(final.choices[0].message.to_dict())
    return messages
