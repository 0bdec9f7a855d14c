"""MISTAKE: Answers every call of a reply under the first call's tool_call_id.

Uses the notebook's run_call and error_result (defined in earlier cells).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds."""
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        calls = message.get("tool_calls")
        if not calls:
            return messages
        call_id = calls[0]["id"]
        for tool_call in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": call_id, "content": content})
    return messages
