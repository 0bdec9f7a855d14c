"""Wrong: runs every call, then pairs the results with the call_ids sorted (position, not identity)."""

import json


def loop(client, model, input, tools, handlers):
    for _ in range(5):
        response = client.responses.create(model=model, input=input, tools=tools)
        input += response.output
        calls = [item for item in response.output if item.type == "function_call"]
        if not calls:
            return response.output_text
        results = []
        for call in calls:
            try:
                results.append(json.dumps(handlers[call.name](**json.loads(call.arguments))))
            except Exception:  # noqa: BLE001
                results.append('{"error": "failed"}')
        for call_id, result in zip(sorted(c.call_id for c in calls), results):
            input.append({"type": "function_call_output", "call_id": call_id, "output": result})
    return None
