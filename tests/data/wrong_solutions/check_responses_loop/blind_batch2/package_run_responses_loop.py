"""SHORTCUT: wraps the package's tested loop, fcourse.run_responses_loop, and returns its .items.

Named in the notebook ("Alternatively: from fcourse import run_responses_loop ... its result's
.items is the conversation"); no loop of the learner's own.
"""
from fcourse import run_responses_loop


def responses_loop(client, model, input, tools, handlers, max_rounds=5):
    return run_responses_loop(client, model, input, tools, handlers, max_rounds=max_rounds).items
