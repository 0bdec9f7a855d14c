"""MISTAKE: at the limit it removes the last assistant message (so no call is left unanswered) instead of answering its calls NOT_EXECUTED.

The text: answer the last round's calls with error_result("NOT_EXECUTED", ...). Dropping the
proposal rewrites the history: nobody can see what the model asked for when the loop stopped.
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
            return messages  # the unanswered proposal is left out, so the list can be sent again
        messages.append(message)
        for tool_call in message["tool_calls"]:
            content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
