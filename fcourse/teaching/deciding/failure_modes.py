"""How a JSON reply from a plain text model can come out: the teaching model's failure modes.

Chapter 1 measures its parsers against these. Two layers read the list and
neither imports the other: the request checks (``fcourse.teaching.wire.validation``
accepts ``extra_body={"fcourse": {"failure_mode": ...}}`` only for a mode named
here) and the text model (``fcourse.teaching.wording.text`` renders a reply in one of
them, sampling by ``FAILURE_MODE_WEIGHTS`` above temperature 0). ``TOOL_FAILURE_MODES`` are the modes of a
model with tools (chapter 5): the request checks accept them too, and the policy reads them.
"""

from __future__ import annotations

__all__ = ["FAILURE_MODES", "FAILURE_MODE_WEIGHTS", "TOOL_FAILURE_MODES"]

#: how a JSON reply can come out (chapter 1's parsers are measured against these)
FAILURE_MODES: tuple[str, ...] = (
    "clean",           # exactly the JSON object
    "prose",           # a sentence around the JSON
    "fence",           # inside a ```json markdown fence
    "truncated",       # cut off mid-object at a seeded point, sometimes mid-value (finish_reason "length")
    "trailing_comma",  # {"a": 1,}
    "single_quotes",   # {'a': 'b'}
    "two_objects",     # two JSON objects, the second one different (another value, or another action)
    "forgot",          # the format forgotten: a plain prose answer
)

#: relative weights at temperature 1 (flatter above 1, sharper below)
FAILURE_MODE_WEIGHTS: dict[str, float] = {
    "clean": 0.50, "prose": 0.12, "fence": 0.12, "truncated": 0.05,
    "trailing_comma": 0.05, "single_quotes": 0.05, "two_objects": 0.05, "forgot": 0.06,
}

#: how a model with tools can misbehave on purpose (opt-in only, never sampled): ``obeys_tool_text`` follows an
#: instruction found in a tool result or a tool description (chapter 5; ``fcourse.teaching.deciding.tool_text``)
TOOL_FAILURE_MODES: tuple[str, ...] = ("obeys_tool_text",)
