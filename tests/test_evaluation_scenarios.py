"""The description swap: only descriptions change, routing flips, ids stay, restoring passes."""

from __future__ import annotations

import pytest

import fcourse
from fcourse.evaluation.scenarios import (
    changed_fields,
    reference_tools,
    run_scenarios,
    swap_descriptions,
    swap_experiment,
)


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_swap_changes_only_the_two_descriptions() -> None:
    tools = reference_tools()
    swapped = swap_descriptions(tools)
    assert changed_fields(tools, swapped) == ["tools[0].function.description", "tools[1].function.description"]
    assert swapped[0]["function"]["description"] == tools[1]["function"]["description"]
    assert swapped[1]["function"]["description"] == tools[0]["function"]["description"]
    assert swap_descriptions(swapped) == tools  # swapping twice restores
    assert tools == reference_tools()  # the input is not modified


def test_swap_of_an_unknown_tool_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="no tool named 'nope'"):
        swap_descriptions(reference_tools(), "nope")


def test_changed_fields_finds_added_and_changed_keys() -> None:
    assert changed_fields({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 3], "c": 0}) == ["tools.b[1]", "tools.c"]
    assert changed_fields([1], [1, 2]) == ["tools"]


def test_swap_experiment_flips_routing_with_ids_right_and_restores(connection: fcourse.Connection) -> None:
    experiment = swap_experiment(connection.client, connection.model)
    assert experiment.baseline.accuracy == 1.0
    assert experiment.restored.accuracy == 1.0
    assert experiment.flipped() == 2
    swapped = {r.case.id: r.got_text() for r in experiment.swapped.first_runs()}
    assert swapped["paid-refund"] == 'cancel_order({"order_id": "O-100"})'
    assert swapped["unpaid-cancel"] == 'refund_order({"order_id": "O-200"})'
    rows = experiment.rows()
    assert [row[-1] for row in rows] == ["yes"] * 4
    text = experiment.table().text()
    assert "descriptions swapped" in text and text.count("PASS") == 8


def test_run_scenarios_with_other_tools(connection: fcourse.Connection) -> None:
    vague = reference_tools()
    for tool in vague:
        tool["function"]["description"] = "Does things."
    report = run_scenarios(connection.client, connection.model, vague)
    assert report.accuracy < 1.0
