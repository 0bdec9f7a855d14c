"""Stage 3 (fcourse.teaching.deciding.intents): which of the fitting tools are called."""

from __future__ import annotations

from typing import Any

from fcourse.teaching.policy import decide
from fcourse.teaching.reading.documents import _profile


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


GARDEN = [
    tool("extend_plot", "Extend the lease of an allotment plot. Each extension adds one season.",
         {"plot_id": {"type": "string", "description": "Plot number, e.g. P-17", "pattern": "^P-[0-9]+$"}},
         ["plot_id"]),
    tool("order_seeds", "Order seed packets for the allotment plot.",
         {"variety": {"type": "string", "description": "Seed variety"},
          "packets": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many packets"}},
         ["variety", "packets"]),
]


def test_a_description_s_main_action_is_read_from_its_first_sentence() -> None:
    main, _, _ = _profile("Extend the lease of an allotment plot. Each extension adds one season.")
    assert main != "create"  # 'adds' in the second sentence is a detail, not what the tool does


def test_a_second_tool_that_only_shares_words_and_gets_no_value_is_not_called() -> None:
    d = decide({"model": "m", "messages": [{"role": "user", "content": "Extend my plot P-17 for another season"}],
                "tools": GARDEN})
    assert [(c.name, c.arguments) for c in d.tool_calls] == [("extend_plot", {"plot_id": "P-17"})]


LOCKER_ID = {"locker_id": {"type": "string", "description": "Locker, e.g. LK-12", "pattern": "^LK-[0-9]+$"}}
LOCKERS = [
    tool("cancel_locker", "Cancel a locker rental.", LOCKER_ID, ["locker_id"]),
    tool("change_locker", "Change the size or the end date of a locker rental.", LOCKER_ID, ["locker_id"]),
]


def test_a_verb_in_the_past_tense_reports_and_makes_no_second_intent() -> None:
    def calls(text: str) -> list[str]:
        d = decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": LOCKERS})
        return [c.name for c in d.tool_calls]

    assert calls("cancel locker LK-40, my plans changed") == ["cancel_locker"]
    assert calls("cancel locker LK-40 and change LK-41") == ["cancel_locker", "change_locker"]


BAR = [
    tool("close_tab", "Close a bar tab and take payment for it.",
         {"tab_id": {"type": "string", "pattern": "^T-[0-9]+$", "description": "Tab, e.g. T-12"}}, ["tab_id"]),
    tool("report_breakage", "Report a spill or something broken at a table, so staff clean it up.",
         {"table_id": {"type": "string", "pattern": "^TB-[0-9]+$", "description": "Table, e.g. TB-3"}}, ["table_id"]),
]


def test_two_requests_joined_by_a_connective_are_read_one_stretch_at_a_time() -> None:
    def calls(text: str) -> list[tuple[str, dict[str, Any]]]:
        d = decide({"model": "m", "messages": [{"role": "user", "content": text}], "tools": BAR})
        return [(c.name, c.arguments) for c in d.tool_calls]

    both = [("close_tab", {"tab_id": "T-12"}), ("report_breakage", {"table_id": "TB-3"})]
    assert calls("Close tab T-12 for me; also a glass got smashed at TB-3.") == both
    assert calls("T-12 结账，另外 TB-3 那桌有杯子打碎了。") == both
    # a stretch that fits no tool of its own adds nothing
    assert calls("Close tab T-12 for me; also thanks for tonight.") == [("close_tab", {"tab_id": "T-12"})]



def test_a_tool_whose_own_action_nobody_asked_for_is_no_second_request() -> None:
    from types import SimpleNamespace

    from fcourse.teaching.deciding.intents import _second_intents

    # two rows that fit on concepts of their own; the second tool's main action (cancel) is not what was asked
    book = {"index": 0, "_strong": {"#booking": 2.0}, "_anchors": frozenset({"#booking"})}
    cancel = {"index": 1, "_strong": {"#shipping": 1.2, "#booking": 0.6}, "_anchors": frozenset({"#shipping"})}
    conversation = SimpleNamespace(threshold=1.0, latest="再订一张去青岛的", tools=[{}, {}])
    assert len(_second_intents(conversation, [book, dict(cancel)])) == 2  # a concept of its own: a second intent
    assert _second_intents(conversation, [book, dict(cancel, main_action_not_asked="cancel")]) == [book]
