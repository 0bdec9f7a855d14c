"""MISTAKE: decides "answer or calls" by the first output item alone (output[0]), the choices[0] habit.

When the model writes a message item before its calls, output[0] is the message, so the loop
returns with the calls unanswered (the conversation cannot be sent again). The brief: stop
only when there is no function_call item at all.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        items.extend(output)
        calls = [item for item in output if item["type"] == "function_call"]
        if not output or output[0]["type"] != "function_call":
            return items
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
