"""Wrong: takes any text in the response for the answer, even when function calls come with it."""

import json


def loop(client, model, input, tools, handlers):
    for _ in range(5):
        response = client.responses.create(model=model, input=input, tools=tools)
        input += response.output
        if response.output_text:
            return response.output_text
        for call in [item for item in response.output if item.type == "function_call"]:
            try:
                result = {"result": handlers[call.name](**json.loads(call.arguments))}
            except Exception as error:  # noqa: BLE001
                result = {"error": type(error).__name__}
            input.append({"type": "function_call_output", "call_id": call.call_id, "output": json.dumps(result)})
    return None
