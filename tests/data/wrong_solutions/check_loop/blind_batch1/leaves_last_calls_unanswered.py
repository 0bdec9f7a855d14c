"""MISTAKE: At the round limit it returns right after the assistant message, leaving the last round's calls with no tool messages, so the conversation cannot be sent again.

Uses the notebook's run_call (defined in an earlier cell).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds."""
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        if round_number == max_rounds:
            return messages  # the limit: stop here
        for tool_call in message["tool_calls"]:
            content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
