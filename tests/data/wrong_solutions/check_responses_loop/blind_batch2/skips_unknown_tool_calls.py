"""MISTAKE: ignores function_call items that name a tool not in the menu (no output for them) instead of answering them through run_call's UNKNOWN_TOOL.

Every call must be answered under its call_id; an unanswered call is the API's 400 "No tool output
found for function call ...", and the model never learns its call was refused.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [entry.to_dict() for entry in response.output]
        items.extend(output)
        offered = {tool["name"] for tool in tools}
        calls = [entry for entry in output if entry["type"] == "function_call" and entry["name"] in offered]
        if not any(entry["type"] == "function_call" for entry in output):
            return items
        for item in calls:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
                content = run_call(tool_call, nested, handlers)
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items
