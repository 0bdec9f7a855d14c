"""MISTAKE: the limit counts executed calls instead of requests, so a reply with three calls uses up three of the five rounds.

The text: a limit of 5 rounds, at most max_rounds requests; three parallel calls are one round.
Here the calls over the budget are answered NOT_EXECUTED in the middle of a normal conversation.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    executed = 0
    while True:
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        for tool_call in message["tool_calls"]:
            executed += 1
            if executed >= max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} calls was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
        if executed >= max_rounds:
            return messages
