"""Wrong: tells the model the exception's own text (a connection string with a password in it)."""

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
                output = json.dumps(handlers[call.name](**json.loads(call.arguments)))
            except Exception as error:  # noqa: BLE001
                output = f"error: {error}"
            input.append({"type": "function_call_output", "call_id": call.call_id, "output": output})
    return None
