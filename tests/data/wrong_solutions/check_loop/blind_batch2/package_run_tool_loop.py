"""SHORTCUT: wraps the package's tested loop, fcourse.run_tool_loop, and returns its messages.

Section 6 names it as "the same loop, tested"; the learner writes no loop of their own.
"""
from fcourse import run_tool_loop


def tool_loop(client, model, messages, tools, handlers, max_rounds=5):
    return run_tool_loop(client, model, messages, tools, handlers, max_rounds=max_rounds).messages
