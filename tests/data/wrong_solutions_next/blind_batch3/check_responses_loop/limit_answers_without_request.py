"""MISTAKE: checks the limit before the request: at round max_rounds it answers the previous calls NOT_EXECUTED and stops.

Off by one round: the previous round's calls were already run and answered, so this adds a
second output for the same call_ids (or, on round 1, none), and only max_rounds - 1 requests
are made. The brief: at the limit, answer the last request's calls NOT_EXECUTED.
"""


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    items, calls = list(input), []
    for round_number in range(1, max_rounds + 1):
        if round_number == max_rounds:
            for item in calls:
                items.append({"type": "function_call_output", "call_id": item["call_id"],
                              "output": error_result("NOT_EXECUTED", f"the limit of {max_rounds} rounds was reached")})
            return items
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        items.extend(output)
        calls = [item for item in output if item["type"] == "function_call"]
        if not calls:
            return items
        for item in calls:
            tool_call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
            items.append({"type": "function_call_output", "call_id": item["call_id"],
                          "output": run_call(tool_call, nested, handlers)})
    return items
