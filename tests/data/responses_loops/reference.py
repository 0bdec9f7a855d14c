"""A right loop: output items sent back as they are, every call answered by its call_id, a round limit."""

import json

from fcourse.schema import validate


def loop(client, model, input, tools, handlers):
    schemas = {tool["name"]: tool["parameters"] for tool in tools}
    for _ in range(5):
        response = client.responses.create(model=model, input=input, tools=tools)
        input += response.output  # the model's items, function_call items included
        calls = [item for item in response.output if item.type == "function_call"]
        if not calls:
            return response.output_text
        for call in calls:
            try:
                if call.name not in schemas or call.name not in handlers:
                    raise LookupError(f"there is no tool named {call.name}")
                arguments = json.loads(call.arguments)
                if not isinstance(arguments, dict) or validate(arguments, schemas[call.name]):
                    raise TypeError("the arguments do not fit the tool's schema")
                result = {"ok": True, "result": handlers[call.name](**arguments)}
            except (LookupError, ValueError, TypeError) as error:
                result = {"ok": False, "error": f"refused: {type(error).__name__}"}
            except Exception as error:  # noqa: BLE001 - a failing tool is a result, not the end of the loop
                result = {"ok": False, "error": f"{call.name} failed ({type(error).__name__})"}
            input.append({"type": "function_call_output", "call_id": call.call_id, "output": json.dumps(result)})
    return None
