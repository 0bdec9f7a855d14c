"""fcourse.lab.exercises.confirmation: the gate checker accepts a bound, single-use token checked and spent in one
step, and nothing less: the caller's dict edited after "confirm", a token from another gate, two redeems at once."""

from __future__ import annotations

from typing import Any

from exercise_support import learner_object, pasted

from fcourse.lab.exercises.confirmation import SolutionGate, check_confirmation

GATE = pasted(SolutionGate)["SolutionGate"]


def failed(gate: Any) -> list[str]:
    return [case.case for case in check_confirmation(gate).failures()]


def test_the_solution_as_pasted_passes_every_case_and_the_generated_sequences() -> None:
    report = check_confirmation(GATE)
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated issues, edits and redeems (")
    assert report.text().endswith("cases passed: a changed call cannot ride on the user's confirmation")


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    assert failed(SolutionGate) == ["your own code"]


def test_the_expected_column_depends_on_the_case_not_on_the_gate() -> None:
    expected = [case.expected for case in check_confirmation(GATE).cases[:-1]]
    for slug in ("bound_to_user_and_tool", "reusable_token", "crashes"):
        assert [case.expected for case in check_confirmation(learner_object("check_confirmation", slug)).cases] \
            == expected


def test_a_token_not_bound_to_the_arguments_lets_a_changed_amount_through() -> None:
    report = check_confirmation(learner_object("check_confirmation", "bound_to_user_and_tool"))
    amount = next(c for c in report.cases if c.case == "amount changed from 600.00 to 899.00")
    assert (amount.expected, amount.got, amount.passed) == ("False", "True", False)


def test_each_plausible_slip_fails_its_own_case() -> None:
    assert failed(learner_object("check_confirmation", "key_order_matters")) == [
        "keys in another order inside an object", "same arguments, keys in another order",
        "two redeems of one token at the same moment"]
    assert failed(learner_object("check_confirmation", "blind_batch2/shallow_copy_at_issue")) == [
        "a list inside the arguments edited after the confirmation"]
    assert failed(learner_object("check_confirmation", "blind_batch2/repr_of_sorted_items")) == [
        "keys in another order inside an object"]
    assert "the same token a second time" in failed(learner_object("check_confirmation", "reusable_token"))
    assert "a tampered attempt, then the real call" in failed(learner_object("check_confirmation", "burns_on_refusal"))


def test_a_gate_that_keeps_the_caller_s_dict_lets_an_edited_call_ride_on_the_confirmation() -> None:
    class KeepsTheDict:
        def __init__(self) -> None:
            self.pending: dict[str, Any] = {}

        def issue(self, user_id: str, tool: str, arguments: dict) -> str:
            self.pending["t"] = (user_id, tool, arguments)  # the caller's dict itself
            return "t"

        def redeem(self, token: str, user_id: str, tool: str, arguments: dict) -> bool:
            return self.pending.pop(token, None) == (user_id, tool, arguments)

    assert "arguments edited after the confirmation" in failed(KeepsTheDict)


def test_check_then_pop_lets_two_concurrent_redeems_through_every_time() -> None:
    for _ in range(3):  # not by luck: the token's hash makes both racers read before either spends
        report = check_confirmation(learner_object("check_confirmation", "check_then_pop"))
        race = next(c for c in report.cases if c.case == "two redeems of one token at the same moment")
        assert race.got == "2 True"


def test_only_true_and_false_count_as_answers() -> None:
    report = check_confirmation(learner_object("check_confirmation", "answers_truthy"))
    assert report.failures() and "(not a bool)" in report.failures()[0].got


def test_a_gate_that_cannot_be_built_is_reported() -> None:
    def broken() -> Any:
        raise RuntimeError("no database")

    report = check_confirmation(broken)
    assert not report.passed and "raised RuntimeError: no database" in report.cases[0].got
