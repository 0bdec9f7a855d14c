"""Wrong: puts the handler's result (a dict) into output as it is, where the API wants a string."""

import json


def loop(client, model, input, tools, handlers):
    for _ in range(5):
        response = client.responses.create(model=model, input=input, tools=tools)
        input += response.output
        calls = [item for item in response.output if item.type == "function_call"]
        if not calls:
            return response.output_text
        for call in calls:
            try:
                result = {"result": handlers[call.name](**json.loads(call.arguments))}
            except Exception as error:  # noqa: BLE001
                result = {"error": type(error).__name__}
            input.append({"type": "function_call_output", "call_id": call.call_id, "output": result})
    return None
