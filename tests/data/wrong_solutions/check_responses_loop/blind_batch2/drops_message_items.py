"""MISTAKE: appends only the function_call items of a response and drops a message item written beside the calls.

The text: append the response's output items as they are. The API accepts the shorter history, so
what the model said beside its calls silently disappears from the conversation.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        calls = [entry for entry in output if entry["type"] == "function_call"]
        if not calls:
            items.extend(output)
            return items
        items.extend(calls)  # the calls are what we answer; the chatter beside them is not needed
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
