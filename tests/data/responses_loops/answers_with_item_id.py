"""Wrong: answers each call with the item's id (fc_...) instead of its call_id (call_...)."""

import json


def loop(client, model, input, tools, handlers):
    for _ in range(5):
        response = client.responses.create(model=model, input=input, tools=tools)
        input += response.output
        calls = [item for item in response.output if item.type == "function_call"]
        if not calls:
            return response.output_text
        for call in calls:
            result = handlers[call.name](**json.loads(call.arguments))
            input.append({"type": "function_call_output", "call_id": call.id, "output": json.dumps(result)})
    return None
