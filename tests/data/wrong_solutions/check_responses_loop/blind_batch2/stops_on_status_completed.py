"""MISTAKE: decides by response.status (the Assistants API habit: tools are due only when status is "requires_action"), so a response asking for tools, whose status is "completed", is taken as the answer.

The notebook's table shows it: a Responses reply asking for tools has status 'completed'; the
text says stop when there is no function_call item. The calls are returned unanswered.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        items.extend(output)
        calls = [entry for entry in output if entry["type"] == "function_call"]
        if response.status != "requires_action":  # the model is done unless it needs us to act
            return items
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
