"""MISTAKE: Puts the handler's result (a dict) into output as it is, where the API wants a string.
"""


import json

from fcourse.lab.exercises.solutions import error_result


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    """tool_loop on client.responses: output items go back as they are, each call answered by its call_id."""
    items = list(input)
    for round_number in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, tools=tools)
        output = [item.to_dict() for item in response.output]
        items.extend(output)  # the model's items as they are: its function_call items included
        calls = [item for item in output if item["type"] == "function_call"]
        if not calls:  # no function_call items (a message beside calls is not the answer)
            return items
        for item in calls:  # every call, answered by its call_id (not its item id, fc_...)
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = {"result": handlers[item["name"]](**json.loads(item["arguments"]))}
            items.append({"type": "function_call_output", "call_id": item["call_id"], "output": content})
    return items

HINT = 'output is a string: json.dumps the result'
