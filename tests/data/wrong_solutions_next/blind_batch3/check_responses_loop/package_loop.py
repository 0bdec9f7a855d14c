"""SHORTCUT: wraps fcourse.run_responses_loop (the package's tested loop) and returns its .items.

The notebook imports it and says its result's .items is the conversation.
"""
from fcourse import run_responses_loop


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    return run_responses_loop(client, model, input, tools, handlers, max_rounds=max_rounds).items
