"""MISTAKE: at the limit it removes the last assistant message instead of answering its calls NOT_EXECUTED.

The conversation can be sent again (no unanswered calls), which is what the learner
remembered. But the brief says answer the last round's calls with NOT_EXECUTED: dropping the
message hides that the model asked, and the next request does not tell it why nothing ran.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        if not message.get("tool_calls"):
            messages.append(message)
            return messages
        if round_number == max_rounds:
            return messages  # limit reached: leave the unanswerable calls out
        messages.append(message)
        for tool_call in message["tool_calls"]:
            content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
