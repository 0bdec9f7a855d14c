"""MISTAKE: runs the calls in one loop and writes the outputs in a second loop that reads `item` left over from the first, so every output names the last call's call_id.

Each call must be answered under *its own* call_id; with two or more calls the API says the
others have no output (a classic leftover-loop-variable bug).
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        items.extend(output)
        calls = [entry for entry in output if entry["type"] == "function_call"]
        if not calls:
            return items
        contents = []
        for item in calls:
            if round_number == max_rounds:
                contents.append(error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached"))
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                contents.append(run_call(tool_call, nested, handlers))
        for content in contents:
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
