"""MISTAKE: At the round limit it still runs the last round's calls instead of answering them NOT_EXECUTED.

Uses the notebook's run_call (defined in an earlier cell).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds."""
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
    return messages
