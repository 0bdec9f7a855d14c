"""MISTAKE: at the limit it returns with the last function_call items appended but unanswered, instead of answering them NOT_EXECUTED.

The text: at the limit answer the calls NOT_EXECUTED, so the conversation can be sent again; this
one is refused with "No tool output found for function call ..." when sent.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        items.extend(output)
        calls = [entry for entry in output if entry["type"] == "function_call"]
        if not calls or round_number == max_rounds:
            return items
        for item in calls:
            tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
            content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
