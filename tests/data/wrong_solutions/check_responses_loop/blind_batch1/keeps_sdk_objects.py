"""MISTAKE: Appends the SDK's output objects themselves instead of item.to_dict(), so the conversation it returns is not a list of plain item dicts.

Uses the notebook's run_call and error_result (defined in earlier cells).
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    """tool_loop on client.responses: items in, items out, each output under its call's call_id."""
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = list(response.output)
        items.extend(output)
        calls = [item for item in output if item.type == "function_call"]
        if not calls:
            return items
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item.call_id, "function": {"name": item.name, "arguments": item.arguments}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item.call_id, "output": content})
    return items
