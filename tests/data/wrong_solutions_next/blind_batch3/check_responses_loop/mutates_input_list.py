"""MISTAKE: works on the caller's input list itself (items = input), so the caller's conversation grows.

The returned items are right, but the list the caller passed in now also holds every call
and output: asking a second question with the same list resends the first conversation.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = input  # the conversation so far
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        items.extend(output)
        calls = [item for item in output if item["type"] == "function_call"]
        if not calls:
            return items
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
