"""MISTAKE: Appends a rebuilt assistant message with only its role and content, dropping the tool_calls that the tool messages answer.

Uses the notebook's run_call and error_result (defined in earlier cells).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds."""
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        reply = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append({"role": "assistant", "content": reply.content or ""})
        if not reply.tool_calls:
            return messages
        for tool_call in reply.tool_calls:
            tool_call = tool_call.to_dict()
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
