"""SHORTCUT: wraps fcourse.run_tool_loop (the package's tested loop) and returns its messages.

The notebook imports run_tool_loop and shows that `.messages` is the transcript.
"""
from fcourse import run_tool_loop


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    return run_tool_loop(client, model, messages, tools, handlers, max_rounds=max_rounds).messages
