"""MISTAKE: decides "answer or calls" by finish_reason != "tool_calls" instead of by the message's tool_calls.

OpenAI answers a call forced with a named tool_choice with finish_reason "stop", and some
providers and proxies say "stop" beside calls too: the loop then returns a conversation
whose last assistant message has unanswered calls (the next request is an HTTP 400).
The brief: stop only when a reply has no tool_calls.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        choice = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0]
        message = choice.message.to_dict()
        messages.append(message)
        if choice.finish_reason != "tool_calls":
            return messages
        for tool_call in message["tool_calls"]:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
