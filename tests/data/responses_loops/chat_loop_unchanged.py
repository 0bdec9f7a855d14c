"""Wrong: the chapter's Chat Completions loop, not adapted (messages, chat.completions)."""

import json


def loop(client, model, input, tools, handlers):
    messages = list(input)
    for _ in range(5):
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        messages.append(message)
        if not message.tool_calls:
            return message.content
        for tool_call in message.tool_calls:
            result = handlers[tool_call.function.name](**json.loads(tool_call.function.arguments))
            messages.append({"role": "tool", "tool_call_id": tool_call.id, "content": json.dumps(result)})
    return None
