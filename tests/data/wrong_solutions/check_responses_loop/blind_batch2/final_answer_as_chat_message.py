"""MISTAKE: appends the final answer Chat-style, {"role": "assistant", "content": output_text}, instead of the response's message item as it is.

The text: append the response's output items as they are (item.to_dict()); the conversation
returned is a list of items, and this one loses the message item's id, status and content parts.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        calls = [entry for entry in output if entry["type"] == "function_call"]
        if not calls:
            items.append({"role": "assistant", "content": response.output_text})
            return items
        items.extend(output)
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
