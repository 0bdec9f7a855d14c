"""MISTAKE: sends each call back as a hand-built {"type", "call_id", "name", "arguments"} item, not the output item as it is.

The API accepts it, but the item's own id (fc_...) and status are gone, and so is anything
else the response carried (reasoning items are dropped entirely). The brief: append the
response's output items as they are (item.to_dict()).
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        calls = [{"type": "function_call", "call_id": i.call_id, "name": i.name, "arguments": i.arguments}
                 for i in response.output if i.type == "function_call"]
        output = calls or [item.to_dict() for item in response.output]
        items.extend(output)
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
