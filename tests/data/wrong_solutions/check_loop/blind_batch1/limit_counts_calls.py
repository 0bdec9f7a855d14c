"""MISTAKE: Counts tool calls instead of rounds against max_rounds, so a reply with several calls uses up the limit early.

Uses the notebook's run_call and error_result (defined in earlier cells).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds."""
    messages = list(messages)
    calls_run = 0
    while True:
        message = client.chat.completions.create(model=model, messages=messages, tools=tools).choices[0].message
        message = message.to_dict()
        messages.append(message)
        if not message.get("tool_calls"):
            return messages
        limit_reached = False
        for tool_call in message["tool_calls"]:
            if calls_run >= max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} calls was reached")
                limit_reached = True
            else:
                content = run_call(tool_call, tools, handlers)
                calls_run += 1
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})
        if limit_reached:
            return messages
