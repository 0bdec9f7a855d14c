"""MISTAKE: appends item.model_dump() instead of item.to_dict(), so every unset field goes back as null.

Pydantic habit. model_dump() includes fields the server never sent (as None), so the items
are not "as they are": the returned conversation differs from the response, and a stricter
server refuses null where a field must be absent.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.model_dump() for item in response.output]
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
