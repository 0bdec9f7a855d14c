"""parse_prompt_reply: each strategy on each teaching-model failure mode and on hand-written replies."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fcourse.client import connect
from fcourse.prompting.demo import TOOLS
from fcourse.prompting.loop import action_prompt
from fcourse.prompting.parse import ERROR_CODES, STRATEGIES, ParsedReply, parse_prompt_reply, tool_schemas
from fcourse.teaching.deciding.failure_modes import FAILURE_MODES

RIGHT = {"name": "get_weather", "arguments": {"city": "北京"}}


def _reply(mode: str, question: str = "北京今天天气怎么样？", seed: int = 0) -> str:
    client, model = connect(backend="offline", quiet=True)
    messages = [{"role": "system", "content": action_prompt(TOOLS)}, {"role": "user", "content": question}]
    response = client.chat.completions.create(
        model=model, messages=messages, temperature=1.0, seed=seed, extra_body={"fcourse": {"failure_mode": mode}}
    )
    return response.choices[0].message.content or ""


# What each strategy must make of each failure mode (question: 北京今天天气怎么样？, tools given):
# "right" = the call the user asked for, a code = refused with that code, "wrong" = some other call.
EXPECTED = {
    "clean": {"naive": "right", "defensive": "right", "repair": "right"},
    "prose": {"naive": "NOT_JSON", "defensive": "right", "repair": "right"},
    "fence": {"naive": "NOT_JSON", "defensive": "right", "repair": "right"},
    "truncated": {"naive": "NOT_JSON", "defensive": "TRUNCATED", "repair": "BAD_ACTION"},  # seed 0 cuts after "action":
    "trailing_comma": {"naive": "NOT_JSON", "defensive": "NOT_JSON", "repair": "right"},
    "single_quotes": {"naive": "NOT_JSON", "defensive": "NOT_JSON", "repair": "right"},
    "two_objects": {"naive": "NOT_JSON", "defensive": "AMBIGUOUS", "repair": "wrong"},
    "forgot": {"naive": "NOT_JSON", "defensive": "NOT_JSON", "repair": "NOT_JSON"},
}


def _outcome(parsed: ParsedReply, right: dict = RIGHT) -> str:
    if not parsed.ok:
        return str(parsed.code)
    return "right" if parsed.call == right else "wrong"


def test_the_table_covers_every_failure_mode() -> None:
    assert set(EXPECTED) == set(FAILURE_MODES)


@pytest.mark.parametrize("mode", FAILURE_MODES)
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_each_strategy_on_each_failure_mode(mode: str, strategy: str) -> None:
    parsed = parse_prompt_reply(_reply(mode), strategy, tools=TOOLS)
    assert _outcome(parsed) == EXPECTED[mode][strategy], parsed
    assert parsed.strategy == strategy
    if not parsed.ok:
        assert parsed.name is None and parsed.arguments == {} and parsed.error


def test_repair_takes_the_second_of_two_objects_valid_but_wrong() -> None:
    reply = _reply("two_objects")
    parsed = parse_prompt_reply(reply, "repair", tools=TOOLS)
    second = json.loads(reply.splitlines()[1])
    assert parsed.ok and parsed.repaired
    assert parsed.arguments == {"city": second["city"]} != RIGHT["arguments"]


def test_repair_marks_only_changed_text_as_repaired() -> None:
    assert not parse_prompt_reply('{"action": "get_weather", "city": "北京"}', "repair").repaired
    assert parse_prompt_reply('{"action": "get_weather", "city": "北京",}', "repair").repaired


def test_without_tools_a_truncated_reply_repairs_into_a_call_with_missing_arguments() -> None:
    parsed = parse_prompt_reply('{"action": "get_weather", "cit', "repair")
    assert parsed.ok and parsed.call == {"name": "get_weather", "arguments": {}}
    assert parse_prompt_reply('{"action": "get_weather", "cit', "repair", tools=TOOLS).code == "INVALID_ARGUMENTS"


# ------------------------------------------------------------- hand-written replies beyond the eight


HAND_WRITTEN = [
    # (label, reply, {strategy: outcome}) with the right call get_weather {"city": "北京"}
    ("Chinese prose around the JSON",
     '好的，我帮你查一下：{"action": "get_weather", "city": "北京"}。请稍等！',
     {"naive": "NOT_JSON", "defensive": "right", "repair": "right"}),
    ("braces inside prose",
     'Templates use {placeholders} like {city}. Mine: {"action": "get_weather", "city": "北京"}',
     {"naive": "NOT_JSON", "defensive": "right"}),
    ("braces inside a string value", '{"action": "get_weather", "city": "北京", "note": "a {b} c"}',
     {"naive": "INVALID_ARGUMENTS", "defensive": "INVALID_ARGUMENTS", "repair": "INVALID_ARGUMENTS"}),
    ("an unknown action", '{"action": "get_wether", "city": "北京"}',
     {"naive": "UNKNOWN_ACTION", "defensive": "UNKNOWN_ACTION", "repair": "UNKNOWN_ACTION"}),
    ("wrong argument type", '{"action": "get_weather", "city": 110000}',
     {"naive": "INVALID_ARGUMENTS", "defensive": "INVALID_ARGUMENTS", "repair": "INVALID_ARGUMENTS"}),
    ("an extra key", '{"action": "get_weather", "city": "北京", "unit": "celsius"}',
     {"naive": "INVALID_ARGUMENTS", "defensive": "INVALID_ARGUMENTS", "repair": "INVALID_ARGUMENTS"}),
    ("an array of one action", '[{"action": "get_weather", "city": "北京"}]',
     {"naive": "NOT_AN_OBJECT", "defensive": "NOT_AN_OBJECT", "repair": "NOT_AN_OBJECT"}),
    ("an array in prose", 'Here: [{"action": "get_weather", "city": "北京"}]',
     {"naive": "NOT_JSON", "defensive": "NOT_AN_OBJECT"}),
    ("a double-encoded string", json.dumps(json.dumps({"action": "get_weather", "city": "北京"}, ensure_ascii=False)),
     {"naive": "DOUBLE_ENCODED", "defensive": "DOUBLE_ENCODED", "repair": "DOUBLE_ENCODED"}),
    ("double-encoded inside prose", 'Result: "{\\"action\\": \\"get_weather\\", \\"city\\": \\"北京\\"}"',
     {"naive": "NOT_JSON", "defensive": "DOUBLE_ENCODED"}),
    ("truncated mid-value", '{"action": "get_weather", "city": "北',
     {"naive": "NOT_JSON", "defensive": "TRUNCATED", "repair": "wrong"}),
    ("a key given twice", '{"action": "get_weather", "city": "北京", "city": "上海"}',
     {"naive": "AMBIGUOUS", "defensive": "AMBIGUOUS", "repair": "wrong"}),
    ("two identical actions",
     '{"action": "get_weather", "city": "北京"}\n{"action": "get_weather", "city": "北京"}',
     {"naive": "NOT_JSON", "defensive": "AMBIGUOUS", "repair": "right"}),
    ("one action plus a cut-off second", '{"action": "get_weather", "city": "北京"} {"action": "get_w',
     {"naive": "NOT_JSON", "defensive": "TRUNCATED"}),
    ("a second object wrapping another action",
     '{"action": "get_weather", "city": "北京"} {"next": {"action": "get_weather", "city": "上海"}}',
     {"naive": "NOT_JSON", "defensive": "AMBIGUOUS"}),
    ("a JSON object without an action", '{"tool": "get_weather", "city": "北京"}',
     {"naive": "NO_ACTION", "defensive": "NO_ACTION", "repair": "NO_ACTION"}),
    ("the action is not a string", '{"action": ["get_weather"], "city": "北京"}',
     {"naive": "BAD_ACTION", "defensive": "BAD_ACTION", "repair": "BAD_ACTION"}),
    ("a number", "42", {"naive": "NOT_AN_OBJECT", "defensive": "NOT_AN_OBJECT", "repair": "NOT_AN_OBJECT"}),
    ("NaN is not JSON", '{"action": "get_weather", "city": NaN}', {"naive": "NOT_JSON", "defensive": "NOT_JSON"}),
    ("only whitespace", "  \n ", {"naive": "EMPTY", "defensive": "EMPTY", "repair": "EMPTY"}),
]


@pytest.mark.parametrize(("label", "reply", "expected"), HAND_WRITTEN, ids=[c[0] for c in HAND_WRITTEN])
def test_hand_written_replies(label: str, reply: str, expected: dict[str, str]) -> None:
    for strategy, outcome in expected.items():
        parsed = parse_prompt_reply(reply, strategy, tools=TOOLS)
        assert _outcome(parsed) == outcome, (strategy, parsed)


def test_nested_arguments_and_a_non_action_object_are_fine_for_defensive() -> None:
    reply = 'ok {"action": "search", "filter": {"month": "2026-03"}} and {"confidence": 0.9}'
    parsed = parse_prompt_reply(reply, "defensive")
    assert parsed.call == {"name": "search", "arguments": {"filter": {"month": "2026-03"}}}


def test_without_tools_any_named_action_passes_with_tools_only_known_ones() -> None:
    reply = '{"action": "delete_everything"}'
    assert parse_prompt_reply(reply, "naive").ok
    assert parse_prompt_reply(reply, "naive", tools=TOOLS).code == "UNKNOWN_ACTION"


def test_schema_issues_are_data() -> None:
    parsed = parse_prompt_reply('{"action": "get_weather"}', "naive", tools=TOOLS)
    assert parsed.code == "INVALID_ARGUMENTS"
    assert [issue.validator for issue in parsed.issues] == ["required"]
    assert parsed.to_dict()["issues"][0]["validator"] == "required"


def test_bad_strategy_bad_input_and_bad_tools_are_results_not_exceptions() -> None:
    assert parse_prompt_reply("{}", "regex").code == "UNKNOWN_STRATEGY"
    assert parse_prompt_reply(b"{}", "naive").code == "BAD_INPUT"  # type: ignore[arg-type]
    assert parse_prompt_reply('{"action": "a"}', "naive", tools={"a": 1}).code == "BAD_TOOLS"
    assert parse_prompt_reply('{"action": "a"}', "naive", tools=[{"type": "function"}]).code == "BAD_TOOLS"
    broken_schema = [{"name": "a", "parameters": {"type": "no-such-type"}}]
    assert parse_prompt_reply('{"action": "a"}', "naive", tools=broken_schema).code == "BAD_TOOLS"


def test_tool_schemas_accepts_both_shapes() -> None:
    table = tool_schemas([TOOLS[0], {"name": "ping"}])
    assert table == {"get_weather": TOOLS[0]["function"]["parameters"],
                     "ping": {"type": "object", "properties": {}}}


def test_every_code_is_documented() -> None:
    codes = set()
    for _, reply, expected in HAND_WRITTEN:
        for strategy in expected:
            parsed = parse_prompt_reply(reply, strategy, tools=TOOLS)
            if not parsed.ok:
                codes.add(parsed.code)
    assert codes <= set(ERROR_CODES)


# ------------------------------------------------------------- no strategy ever raises

_json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)
_fragments = st.sampled_from(['{', '}', '[', ']', '"', "'", ',', ':', '\\', '```json\n', '```', '"action"',
                              'get_weather', ' ', '\n', '北京', 'NaN', 'null'])
_replies = (
    st.text(max_size=60)
    | st.lists(_fragments, max_size=25).map("".join)
    | _json_like.map(lambda v: json.dumps(v, ensure_ascii=False))
    | st.tuples(st.text(max_size=10), _json_like, st.integers(0, 30)).map(
        lambda t: (t[0] + json.dumps({"action": "get_weather", "x": t[1]}, ensure_ascii=False))[: len(t[0]) + t[2]])
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reply=_replies, strategy=st.sampled_from(STRATEGIES), with_tools=st.booleans())
def test_no_input_makes_a_strategy_raise(reply: str, strategy: str, with_tools: bool) -> None:
    parsed = parse_prompt_reply(reply, strategy, tools=TOOLS if with_tools else None)
    assert isinstance(parsed, ParsedReply)
    assert parsed.ok == (parsed.error is None) == (parsed.code is None)
    if parsed.ok:
        assert isinstance(parsed.name, str) and "action" not in parsed.arguments


@settings(max_examples=100, deadline=None)
@given(reply=_replies, with_tools=st.booleans())
def test_naive_and_defensive_only_return_what_the_reply_unambiguously_holds(reply: str, with_tools: bool) -> None:
    tools = TOOLS if with_tools else None
    for strategy in ("naive", "defensive"):
        parsed = parse_prompt_reply(reply, strategy, tools=tools)
        if parsed.ok:
            # the action object is written out, as strict JSON, somewhere in the reply
            decoder = json.JSONDecoder()
            written = []
            for index, char in enumerate(reply):
                if char == "{":
                    try:
                        written.append(decoder.raw_decode(reply, index)[0])
                    except ValueError:
                        pass
            assert {"action": parsed.name, **parsed.arguments} in written, (strategy, reply)


def test_deep_nesting_does_not_raise() -> None:
    deep = "[" * 5000 + "]" * 5000
    for strategy in STRATEGIES:
        assert not parse_prompt_reply(deep, strategy).ok
        assert not parse_prompt_reply("{" * 3000, strategy).ok
