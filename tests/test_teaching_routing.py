"""Stage 2, routing (deciding/routing): what the latest turn negates is never called (issue 36)."""

from __future__ import annotations

import pytest

from fcourse.teaching.policy import decide

CANCEL = {"type": "function", "function": {
    "name": "cancel_lesson", "description": "Cancel a booked driving lesson.",
    "parameters": {"type": "object", "properties": {
        "lesson_id": {"type": "string", "pattern": "^DL-\\d{3}$", "description": "Lesson id, e.g. DL-123"}},
        "required": ["lesson_id"]}}}
ASKED = [{"role": "user", "content": "Cancel my lesson DL-204."},
         {"role": "assistant", "content": "Lesson DL-204 costs a £10 fee to cancel. Go ahead?"}]


@pytest.mark.parametrize("text", [
    "Actually don't cancel it, I'd rather keep it.",
    "No wait, don't cancel that one, what does it cost?",
    "不要取消了，我还是留着吧",
])
def test_an_action_the_latest_turn_negates_is_not_called_though_the_turn_it_answers_asked_for_it(text: str) -> None:
    # the latest turn is read with the one it answers (a follow-up), but its own negation wins over that turn's verb
    reply = decide({"model": "fcourse-teacher", "tools": [CANCEL],
                    "messages": [*ASKED, {"role": "user", "content": text}]})
    assert not reply.tool_calls and reply.kind == "answer"
