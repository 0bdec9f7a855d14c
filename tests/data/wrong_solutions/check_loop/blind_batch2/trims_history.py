"""MISTAKE: to save tokens each request carries only the original messages and the latest round, not the whole history.

Step 5: the model is stateless, so every request carries the whole history. Results of earlier
rounds disappear from what the model sees from round 3 on (the returned list is still complete).
"""


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    original = list(messages)
    history, last_round = list(messages), []
    for round_number in range(1, max_rounds + 1):
        sent = original + last_round
        message = client.chat.completions.create(model=model, messages=sent, tools=tools).choices[0].message
        message = message.to_dict()
        history.append(message)
        if not message.get("tool_calls"):
            return history
        last_round = [message]
        for tool_call in message["tool_calls"]:
            if round_number == max_rounds:
                content = error_result("NOT_EXECUTED", f"the loop's limit of {max_rounds} rounds was reached")
            else:
                content = run_call(tool_call, tools, handlers)
            answer = {"role": "tool", "tool_call_id": tool_call["id"], "content": content}
            last_round.append(answer)
            history.append(answer)
    return history
