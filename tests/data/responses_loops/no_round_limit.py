"""Wrong: loops until the model stops asking - which a model may never do."""

import json


def loop(client, model, input, tools, handlers):
    while True:
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
            input.append({"type": "function_call_output", "call_id": call.call_id, "output": json.dumps(result)})
