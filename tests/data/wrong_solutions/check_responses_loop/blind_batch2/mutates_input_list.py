"""MISTAKE: uses the caller's `input` list as the conversation (items = input), so the caller's list grows with every item of the run.

The notebook reuses `two_cities` for the learner's loop and then run_responses_loop: the second run
starts from the first run's whole conversation.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = input
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        items.extend(output)
        calls = [entry for entry in output if entry["type"] == "function_call"]
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
