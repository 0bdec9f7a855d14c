"""fcourse.lab.exercises.compare and .generated: the learner's code out of the checker's reach, what it must never do,
and the comparison on generated inputs - seeded, shrunk, within a budget - over inputs that cover what they promise."""

from __future__ import annotations

import json
import math
import threading
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from fcourse.lab.exercises.compare import SEED, assert_lines, changed, first_difference, run_all, same_json, snapshot
from fcourse.lab.exercises.generated import json_texts, keys, replies, schema_and_arguments, tool_call_inputs


def test_the_learner_s_code_runs_in_a_thread_of_its_own_and_a_hung_call_is_reported() -> None:
    threads: list[str] = []

    def where(x: int) -> int:
        threads.append(threading.current_thread().name)
        if x == 2:
            time.sleep(5)
        return x

    started = time.perf_counter()
    outcomes = run_all(where, [((1,), {}), ((2,), {}), ((3,), {})], timeout=0.3)
    assert time.perf_counter() - started < 2
    assert [o.shown() for o in outcomes] == ["1", "did not return", "did not return"]
    assert threads[0] == "fcourse-learner-code" != threading.current_thread().name


def test_an_exception_is_an_outcome_not_a_crash() -> None:
    outcome = run_all(lambda: {}["x"], [((), {})])[0]
    assert not outcome.returned and outcome.shown() == "raised KeyError: 'x'"


def test_changed_names_the_place_and_same_json_keeps_types_apart() -> None:
    before = {"tools": [{"name": "a", "schema": {"minimum": 1}}]}
    after = snapshot(before)
    assert changed(before, after) is None
    after["tools"][0]["schema"]["minimum"] = 0
    assert changed(before, after) == "['tools'][0]['schema']['minimum']"
    assert changed([1, 2], [1, 2, 3]) == " (its length)"
    assert same_json({"a": 1, "b": [1, 2]}, {"b": [1, 2], "a": 1})
    assert not same_json(1, True) and not same_json(1, 1.0) and not same_json("3", 3) and not same_json([1, 2], [2, 1])
    assert same_json(math.nan, math.nan)


#: a notebook cell with checks written as asserts (compiled as IPython does: pytest rewrites the asserts of a test
#: module into plain raises, which python -O keeps)
_CELL = """
def checked(value):
    assert value is not None, "no value"
    return value


def uses_a_checked_helper(value):
    def inner():
        return checked(value)
    return inner()


def raises_itself(value):
    if value is None:
        raise AssertionError("no value")  # a raise stays under python -O: not an assert
    return value
"""


def test_assert_lines_finds_the_asserts_in_the_learner_s_code_and_its_own_helpers_only() -> None:
    cell: dict[str, object] = {"__name__": "__main__"}
    exec(compile(_CELL, "<cell>", "exec"), cell)  # noqa: S102 - the test's own code
    assert assert_lines(cell["checked"]) == [3]
    assert assert_lines(cell["uses_a_checked_helper"]) == [3]  # through a nested function and a helper of the cell
    assert assert_lines(cell["raises_itself"]) == []
    assert assert_lines(json.dumps) == []  # another module's code is not the learner's


def test_the_first_difference_is_shrunk_reproducible_and_within_the_budget() -> None:
    calls: list[list[int]] = []

    def compare(values: list[int]) -> tuple[str, str] | None:
        calls.append(values)
        return ("too big", "look at the sum") if sum(values) > 100 else None

    first, tried = first_difference(st.lists(st.integers(0, 1000), max_size=5), compare, examples=30, budget=60)
    again, _ = first_difference(st.lists(st.integers(0, 1000), max_size=5), compare, examples=30, budget=60)
    assert first is not None and first == again  # the same seed, the same input
    assert first.shown == "[101]" and first.problem == "too big" and first.hint == "look at the sum"
    assert tried <= 60 and len({repr(c) for c in calls}) <= 2 * 60


def test_no_difference_on_agreeing_code() -> None:
    difference, tried = first_difference(st.integers(), lambda value: None, examples=10)
    assert difference is None and tried == 10 and SEED == 39


@settings(max_examples=40)
@given(schema_and_arguments())
def test_generated_schemas_are_valid_and_forbid_extra_keys(value: tuple[dict, dict]) -> None:
    import jsonschema

    schema, arguments = value
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False and isinstance(arguments, dict)


def _draw(strategy: object, n: int = 120) -> list:
    """``n`` values of ``strategy``, the same on every run."""
    values: list = []

    @settings(max_examples=n, database=None, derandomize=True)
    @given(strategy)
    def collect(value: object) -> None:
        values.append(value)

    collect()
    return values


def test_generated_arguments_fall_on_both_sides_of_every_bound_with_floats_among_them() -> None:
    import jsonschema

    seen: set[str] = set()
    for schema, arguments in _draw(schema_and_arguments(), 200):
        seen |= {f"breaks {e.validator}" for e in jsonschema.Draft202012Validator(schema).iter_errors(arguments)}
        for name, spec in schema["properties"].items():
            value = arguments.get(name)
            if not isinstance(value, int | float) or isinstance(value, bool):
                continue
            seen |= {"at the minimum"} if value == spec.get("minimum") else set()
            seen |= {"at the maximum"} if value == spec.get("maximum") else set()
            seen |= {"a float"} if isinstance(value, float) else set()
    assert seen >= {"breaks minimum", "breaks maximum", "breaks exclusiveMinimum", "breaks enum", "breaks type",
                    "breaks pattern", "breaks required", "breaks additionalProperties", "at the minimum",
                    "at the maximum", "a float"}, seen


def test_generated_json_has_exponents_overflows_duplicates_and_keys_that_differ_in_case_or_length() -> None:
    texts = _draw(json_texts())
    assert any(e in t for t in texts for e in ("e3", "E+3", "e-3"))
    assert any(overflow in t for t in texts for overflow in ("1e999", "1E999", "-1e400", "10e308"))
    assert any('"City"' in t or '"city "' in t or '"cit"' in t for t in texts)
    assert any("NaN" in t.replace('"NaN"', "") for t in texts)
    counts = {"ok": 0, "refused": 0}
    for text in texts:
        try:
            json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse)
            counts["ok"] += 1
        except ValueError:
            counts["refused"] += 1
    assert counts["ok"] > 0.3 * len(texts) and counts["refused"] > 0.2 * len(texts), counts


def _no_duplicates(pairs: list) -> dict:
    if len({key for key, _ in pairs}) < len(pairs):
        raise ValueError("a key twice")
    return dict(pairs)


def _refuse(name: str) -> None:
    raise ValueError(name)


def test_generated_keys_replies_and_proposals() -> None:
    sequences = _draw(keys(), 60)
    assert any(len(set(s)) < len(s) for s in sequences)  # a key claimed twice
    assert any(a != b and a.lower() == b.lower() for s in sequences for a in s for b in s)
    assert any(a != b and (a.startswith(b) or b.startswith(a)) for s in sequences for a in s for b in s)
    assert any(r.count('"action"') >= 2 for r in _draw(replies(), 60))
    proposals = _draw(tool_call_inputs(), 60)
    assert any(name not in [t["function"]["name"] for t in tools] for tools, name, _, _ in proposals)
    assert any(not has_handler for *_, has_handler in proposals)
