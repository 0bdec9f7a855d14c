"""MISTAKE: Sends the outputs but not the model's function_call items, as if the server remembered them.
"""


from fcourse.lab.exercises.solutions import error_result, run_call


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    """tool_loop on client.responses: output items go back as they are, each call answered by its call_id."""
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        calls = [item for item in output if item["type"] == "function_call"]
        if not calls:  # no function_call items (a message beside calls is not the answer)
            return items
        for item in calls:  # every call, answered by its call_id (not its item id, fc_...)
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:  # run_call reads the Chat Completions shape: the call's name and arguments moved up a level
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items

HINT = "send the response's output items"
