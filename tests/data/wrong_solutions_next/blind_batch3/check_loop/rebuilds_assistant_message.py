"""MISTAKE: rebuilds the assistant message from role, content and each call's id/name/arguments.

Looks equivalent, but it is not the message "as it is": fields the provider sent (the
call's type, refusal, audio, reasoning or provider extras) are dropped, and the content of a
reply with only calls becomes "" instead of None. The brief says feed back the assistant
message as it is.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        reply = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        calls = [{"id": c.id, "type": "function", "function": {"name": c.function.name, "arguments": c.function.arguments}}
                 for c in reply.tool_calls or []]
        message = {"role": "assistant", "content": reply.content or ""}
        if calls:
            message["tool_calls"] = calls
        messages.append(message)
        if not calls:
            return messages
        for tool_call in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
