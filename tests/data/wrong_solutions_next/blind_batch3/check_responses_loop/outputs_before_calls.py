"""MISTAKE: appends the function_call_output items first and the response's output items after them.

Each output names the right call_id, but it comes before the call it answers: the server
reads "an output without its call" (or, lenient, a transcript in the wrong order). The
brief: append the response's output, then answer each call.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        calls = [item for item in output if item["type"] == "function_call"]
        if not calls:
            return items + output
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
        items.extend(output)
    return items
