"""MISTAKE: Loops until the model answers: a model that never stops asking never stops the loop.
"""


from fcourse.protocol.execute import execute_call


def run_call(tool_call, tools, handlers):
    return execute_call(tool_call, handlers, tools).content



def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds requests."""
    messages = list(messages)
    round_number = 0
    while True:
        round_number += 1
        response = client.chat.completions.create(model=model, messages=messages, tools=tools)
        message = response.choices[0].message.to_dict()  # the assistant message, as it is
        messages.append(message)
        if not message.get("tool_calls"):  # no calls: this is the answer
            return messages
        for tool_call in message["tool_calls"]:  # every call, each answered by its own id
            content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": tool_call["id"], "content": content})

HINT = 'the loop needs a round limit'
