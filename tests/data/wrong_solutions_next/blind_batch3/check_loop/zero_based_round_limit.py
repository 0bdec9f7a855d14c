"""MISTAKE: counts rounds from 0 but compares with max_rounds, so the NOT_EXECUTED branch never fires.

range(max_rounds) gives 0..4; `round_number == max_rounds` is never true, so the last
round's calls run (five executions, not four) and the returned conversation ends on tool
results nobody asked the model about, instead of the last round being answered NOT_EXECUTED.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages = list(messages)
    for round_number in range(max_rounds):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        for tool_call in message["tool_calls"]:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
    return messages
