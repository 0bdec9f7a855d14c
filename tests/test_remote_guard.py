"""fcourse.remote.guard: the reference guard passes its own checker; the fingerprint is canonical."""

from __future__ import annotations

import json

import mcp.types as types

from fcourse.remote.guard import DATA_NOTE, Guard, tool_fingerprint


def test_the_fingerprint_reads_description_and_schema_only() -> None:
    tool = types.Tool(name="t", description="d", input_schema={"type": "object", "properties": {"a": {}, "b": {}}})
    same = types.Tool(name="t", description="d", input_schema={"properties": {"b": {}, "a": {}}, "type": "object"},
                      annotations=types.ToolAnnotations(read_only_hint=True))
    assert tool_fingerprint(tool) == tool_fingerprint(same)
    assert tool_fingerprint(tool) != tool_fingerprint(tool.model_copy(update={"description": "d2"}))


def test_results_are_quoted_with_the_source_and_a_note() -> None:
    marked = json.loads(Guard().as_data("reviews", 'x"}'))
    assert marked == {"source": "reviews", "data": 'x"}', "note": DATA_NOTE}
