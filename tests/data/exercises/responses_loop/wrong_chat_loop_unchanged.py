"""The chapter's Chat Completions loop, not adapted: messages, chat.completions, tool_call_id."""

from fcourse.lab.exercises.solutions import tool_loop as responses_loop

MISTAKE = "call client.responses.create, not chat.completions"

__all__ = ["responses_loop"]
