"""The chapter-3 selection panel, driven headless from Python."""

from __future__ import annotations

import pytest

import fcourse
from fcourse.errors import ConfigurationError
from fcourse.evaluation.scenarios import reference_tools
from fcourse.lab.selection_panel import scenario_tools, selection_panel


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_default_state_passes_and_shows_decision_records(connection: fcourse.Connection) -> None:
    panel = selection_panel(connection)
    text = panel.text()
    assert "descriptions as written: 4/4 pass" in text
    assert "[paid-refund]" in text and "words that carried it" in text and "where each argument came from" in text
    assert len(panel.outputs()) == 2
    assert "text/html" in panel.outputs()[1]
    assert "interactive once the notebook runs" in panel.placeholder()


def test_swap_checkbox_flips_routing_live(connection: fcourse.Connection) -> None:
    panel = selection_panel(connection)
    panel.controls["swap"].value = True
    text = panel.text()
    assert "descriptions SWAPPED: 2/4 pass" in text
    assert 'cancel_order({"order_id": "O-100"})' in text and 'refund_order({"order_id": "O-200"})' in text
    panel.controls["swap"].value = False
    assert "4/4 pass" in panel.text()


def test_editing_a_description_reroutes(connection: fcourse.Connection) -> None:
    panel = selection_panel(connection)
    panel.controls["refund"].value = "Does things."
    assert "4/4 pass" not in panel.text()
    assert panel.result[0].accuracy < 1.0


def test_scenario_tools() -> None:
    tools = scenario_tools("R", "C")
    assert [t["function"]["description"] for t in tools] == ["R", "C"]
    assert [t["function"]["description"] for t in scenario_tools("R", "C", swap=True)] == ["C", "R"]
    assert [t["function"]["name"] for t in tools] == [t["function"]["name"] for t in reference_tools()]


def test_without_a_glass_box_the_panel_says_so(connection: fcourse.Connection) -> None:
    class NoExplain:
        client, model = connection.client, connection.model

        def explain(self, *args: object, **kwargs: object) -> dict:
            raise ConfigurationError("a provider cannot say why it answered")

    text = selection_panel(NoExplain()).text()
    assert "4/4 pass" in text and "not available: a provider cannot say why" in text
