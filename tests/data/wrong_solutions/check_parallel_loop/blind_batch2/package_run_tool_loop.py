"""SHORTCUT: delegates the loop to fcourse.run_tool_loop(..., session=...) and run_call to the reference solution.

Named in the notebook ("Alternatively: fcourse.run_tool_loop(..., session={"user_id": 1001})"); the
learner writes neither the executor nor the session override.
"""
from fcourse import run_tool_loop
from fcourse.lab.exercises import solutions

run_call = solutions.run_call


def tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None):
    result = run_tool_loop(client, model, messages, tools, handlers, max_rounds=max_rounds, session=session)
    return result.messages
