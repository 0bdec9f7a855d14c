"""MISTAKE: The chapter's Chat Completions loop, not adapted: messages, chat.completions, tool_call_id.
"""


from fcourse.lab.exercises.solutions import tool_loop as responses_loop

__all__ = ["responses_loop"]

HINT = 'call client.responses.create, not chat.completions'
