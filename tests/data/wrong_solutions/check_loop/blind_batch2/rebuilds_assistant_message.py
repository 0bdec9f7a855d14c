"""MISTAKE: appends a rebuilt assistant message holding only role and tool_calls, dropping the text the model wrote beside its calls.

Step 4 says: feed back the assistant message *as it is*. The API accepts the rebuilt one, so the
model's own words vanish from the history silently.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        if not message.tool_calls:
            messages.append({"role": "assistant", "content": message.content})
            return messages
        calls = [{"id": c.id, "type": "function",
                  "function": {"name": c.function.name, "arguments": c.function.arguments}} for c in message.tool_calls]
        messages.append({"role": "assistant", "tool_calls": calls})
        for tool_call in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
