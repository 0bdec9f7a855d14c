"""fcourse.lab.exercises.confirmation: the gate checker accepts a bound, single-use token and nothing less."""

from __future__ import annotations

import json
from typing import Any

from fcourse.lab.exercises.confirmation import SolutionGate, check_confirmation


class BoundToUserAndToolOnly:
    """The plausible first try: the token remembers who and what tool, not which call."""

    def __init__(self) -> None:
        self.pending: dict[str, tuple[str, str]] = {}
        self.issued = 0

    def issue(self, user_id: str, tool: str, arguments: dict[str, Any]) -> str:
        self.issued += 1
        token = f"t{self.issued}"
        self.pending[token] = (user_id, tool)
        return token

    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> bool:
        if self.pending.get(token) != (user_id, tool):
            return False
        del self.pending[token]
        return True


class KeyOrderMatters(SolutionGate):
    @staticmethod
    def digest(arguments: dict[str, Any]) -> str:
        return json.dumps(arguments)


class ReusableToken(SolutionGate):
    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> bool:
        return self.pending.get(token) == (user_id, tool, self.digest(arguments))


class BurnsOnRefusal(SolutionGate):
    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> bool:
        return self.pending.pop(token, None) == (user_id, tool, self.digest(arguments))


class AnswersTruthy(SolutionGate):
    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> Any:
        return "yes" if super().redeem(token, user_id, tool, arguments) else ""


class Crashes:
    def issue(self, user_id: str, tool: str, arguments: dict[str, Any]) -> str:
        return "t"

    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> bool:
        raise KeyError(token)


def failed(gate: Any) -> list[str]:
    return [case.case for case in check_confirmation(gate).failures()]


def test_the_solution_passes_every_case() -> None:
    report = check_confirmation(SolutionGate)
    assert report.passed, report.text()
    assert len(report.cases) == 10
    assert report.text().endswith("10/10 cases passed: a changed call cannot ride on the user's confirmation")


def test_a_token_not_bound_to_the_arguments_lets_a_changed_amount_through() -> None:
    report = check_confirmation(BoundToUserAndToolOnly)
    assert not report.passed
    amount = next(c for c in report.cases if c.case == "amount changed from 600.00 to 899.00")
    assert (amount.expected, amount.got, amount.passed) == ("False", "True", False)
    assert "another order (O-100)" in failed(BoundToUserAndToolOnly)


def test_each_plausible_slip_fails_its_own_case() -> None:
    assert failed(KeyOrderMatters) == ["same arguments, keys in another order"]
    assert failed(ReusableToken) == ["the same token a second time"]
    assert failed(BurnsOnRefusal) == ["a tampered attempt, then the real call"]


def test_only_true_and_false_count_as_answers() -> None:
    report = check_confirmation(AnswersTruthy)
    assert report.failures() and "(not a bool)" in report.failures()[0].got


def test_a_raising_gate_is_a_failed_case_not_an_exception() -> None:
    report = check_confirmation(Crashes)
    assert not report.passed
    assert all("raised KeyError" in case.got for case in report.cases)


def test_a_gate_that_cannot_be_built_is_reported() -> None:
    def broken() -> Any:
        raise RuntimeError("no database")

    report = check_confirmation(broken)
    assert not report.passed and "raised RuntimeError: no database" in report.cases[0].got
