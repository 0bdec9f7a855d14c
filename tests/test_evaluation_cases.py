"""Case files: the bundled sets load, and a broken file reports every problem at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fcourse.errors import CaseFileError
from fcourse.evaluation.cases import BUNDLED, CATEGORIES, FORMAT, load_cases, parse_cases, with_tools

TOOL = {
    "type": "function",
    "function": {
        "name": "refund_order",
        "description": "Refund a paid order.",
        "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    },
}


def good(**overrides: Any) -> dict[str, Any]:
    case = {"id": "c1", "lang": "en", "category": "single", "user": "Refund O-1",
            "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-1"}}]}}
    case.update(overrides)
    return {"format": FORMAT, "name": "t", "toolsets": {"s": [TOOL]}, "default_toolset": "s", "cases": [case]}


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_every_bundled_file_loads(name: str) -> None:
    cases = load_cases(name)
    assert len(cases) >= 4
    assert all(case.tools for case in cases)


def test_main_set_has_forty_cases_in_both_languages_and_every_category() -> None:
    cases = load_cases("selection")
    assert len(cases) >= 40
    assert {c.lang for c in cases} >= {"en", "zh"}
    assert {c.category for c in cases} == set(CATEGORIES)
    assert len(cases.where(lang="zh")) >= 15
    # the "don't call" cases the chapter names: arithmetic, greeting, birthday wish, general knowledge
    ids = {c.id for c in cases.where(category="dont_call")}
    assert {"en-dont-math", "en-dont-greeting", "en-dont-birthday", "en-dont-knowledge"} <= ids


def test_paraphrases_share_no_request_with_the_main_set() -> None:
    main = {c.user for c in load_cases("selection")}
    assert not main & {c.user for c in load_cases("paraphrases")}


def test_case_fields_and_messages() -> None:
    case = load_cases("reference")["paid-refund"]
    assert case.kind == "call" and case.expected_label == "refund_order"
    assert case.messages()[0] == {"role": "system", "content": case.context}
    assert case.messages()[-1] == {"role": "user", "content": case.user}
    tools = case.tool_list()
    tools[0]["function"]["description"] = "changed"
    assert case.tools[0]["function"]["description"] != "changed"  # a copy, never the case's own


def test_parse_builds_cases_and_keeps_extra_fields() -> None:
    data = good()
    data["distractors"] = [1, 2]
    cases = parse_cases(data)
    assert cases[0].calls[0].arguments == {"order_id": "O-1"}
    assert cases.extra == {"distractors": [1, 2]}


def test_every_problem_is_reported_with_its_place() -> None:
    data = good(lang="fr", category="maybe", expect={"kind": "call", "calls": [{"name": "nope", "arguments": {}}]})
    data["cases"].append({"id": "c1", "lang": "en", "category": "ask", "user": "", "expect": {"kind": "ask"}})
    with pytest.raises(CaseFileError) as info:
        parse_cases(data, "broken.json")
    problems = info.value.problems
    assert any("cases[0].lang" in p for p in problems)
    assert any("cases[0].category" in p for p in problems)
    assert any("cases[0].expect.calls[0].name 'nope'" in p for p in problems)
    assert any("cases[1].id 'c1' is used twice" in p for p in problems)
    assert any("cases[1].user" in p for p in problems)
    assert isinstance(info.value, ValueError) and "broken.json" in str(info.value)


@pytest.mark.parametrize(("overrides", "fragment"), [
    ({"expect": {"kind": "maybe"}}, "expect.kind must be one of"),
    ({"expect": {"kind": "ask", "calls": [{"name": "refund_order"}]}}, "only for kind 'call'"),
    ({"expect": {"kind": "call", "calls": []}}, "non-empty list"),
    ({"expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"amount": 1}}]}}, "does not take"),
    ({"tools": "elsewhere"}, "does not define"),
])
def test_bad_expectations_are_rejected(overrides: dict[str, Any], fragment: str) -> None:
    with pytest.raises(CaseFileError, match=fragment):
        parse_cases(good(**overrides))


def test_bad_file_level_fields() -> None:
    with pytest.raises(CaseFileError) as info:
        parse_cases({"format": "other", "toolsets": {"s": [{"type": "tool"}]}, "cases": []})
    text = "\n".join(info.value.problems)
    assert "format must be" in text and "toolsets.s[0]" in text and "cases must be a non-empty list" in text
    with pytest.raises(CaseFileError, match="JSON object"):
        parse_cases([1, 2])


def test_files_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(good()), encoding="utf-8")
    assert load_cases(path)[0].id == "c1"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CaseFileError, match="not valid JSON"):
        load_cases(path)
    with pytest.raises(CaseFileError, match="no such case file"):
        load_cases(tmp_path / "missing.json")


def test_with_tools_replaces_the_tools_only() -> None:
    cases = load_cases("reference")
    swapped = with_tools(cases, [TOOL])
    assert [c.id for c in swapped] == [c.id for c in cases]
    assert all(c.tools == (TOOL,) for c in swapped)
    assert cases[0].tools != (TOOL,)
