"""Wrong: answers only the first call of a response (the others stay unanswered)."""

import json


def loop(client, model, input, tools, handlers):
    for _ in range(5):
        response = client.responses.create(model=model, input=input, tools=tools)
        input += response.output
        calls = [item for item in response.output if item.type == "function_call"]
        if not calls:
            return response.output_text
        call = calls[0]
        try:
            result = handlers[call.name](**json.loads(call.arguments))
        except Exception:  # noqa: BLE001
            result = {"error": "failed"}
        input.append({"type": "function_call_output", "call_id": call.call_id, "output": json.dumps(result)})
    return None
