"""MISTAKE: counts executed tool calls against max_rounds instead of requests.

"5 rounds" read as "5 tool runs". A reply with three calls uses up three, so a two-round
task with several calls per reply is cut off early with NOT_EXECUTED, and a model asking one
call at a time still gets its 5 requests: the limit means something different per reply.
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    messages, executed = list(messages), 0
    while True:
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        out_of_budget = False
        for tool_call in message["tool_calls"]:
            if executed >= max_rounds - 1:
                out_of_budget = True
                content = error_result("NOT_EXECUTED", f"the limit of {max_rounds} calls was reached")
            else:
                executed += 1
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
        if out_of_budget:
            return messages
