"""MISTAKE: Numbers the results call_1, call_2 instead of using the model's ids.
"""


from fcourse.protocol.execute import error_content as error_result
from fcourse.protocol.execute import execute_call


def run_call(tool_call, tools, handlers):
    return execute_call(tool_call, handlers, tools).content



def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds requests."""
    messages = list(messages)
    for round_number in range(1, max_rounds + 1):
        response = client.chat.completions.create(model=model, messages=messages, tools=tools)
        message = response.choices[0].message.to_dict()  # the assistant message, as it is
        messages.append(message)
        if not message.get("tool_calls"):  # no calls: this is the answer
            return messages
        for number, tool_call in enumerate(message["tool_calls"], 1):
            if round_number == max_rounds:  # at the limit: answer the call, don't run it
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            messages.append({"role": "tool", "tool_call_id": f"call_{number}", "content": content})
    return messages

HINT = "with that call's own id"
