"""Chapter 4 exercise: a confirmation token bound to the exact call, so a changed amount is refused.

Introduced in chapter 4. A high-risk call (a refund above 500.00) runs only
with a token the *user* got by pressing "confirm" for that call. The learner
writes a small gate class with two methods::

    gate = MyGate()
    token = gate.issue(user_id, tool, arguments)          # the user confirmed this call
    gate.redeem(token, user_id, tool, arguments) -> bool   # may this call run now?

``check_confirmation(MyGate)`` runs it on cases the notebook does not show,
each on a fresh gate: the confirmed call (once), the token a second time, a
changed amount, another order, another user, another tool, the same
arguments in another key order, a token that was never issued, a refused
attempt that must not spend the user's token, and two tokens that must not
mix. ``solution_gate`` is one answer (a dict of pending tokens, bound to the
user, the tool and a hash of the canonical arguments; single use).

The package's tested version is ``fcourse.ConfirmationGate``: the same
binding, stored in SQLite, signed with HMAC-SHA256, with an expiry.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = ["HINTS", "SolutionGate", "check_confirmation"]

USER = "U-1001"
OTHER_USER = "U-2002"
TOOL = "refund_order"
#: The call the user confirmed: 600.00 of order O-300.
CONFIRMED: dict[str, Any] = {"order_id": "O-300", "amount_cents": 60_000, "idempotency_key": "refund-O-300-e1"}


class SolutionGate:
    """One answer to the exercise: tokens bound to (user, tool, arguments hash), each usable once."""

    def __init__(self) -> None:
        self.pending: dict[str, tuple[str, str, str]] = {}  # token -> what it allows
        self.issued = 0

    @staticmethod
    def digest(arguments: dict[str, Any]) -> str:
        """The same hash for the same arguments, whatever the key order."""
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id: str, tool: str, arguments: dict[str, Any]) -> str:
        """A token for this user to make exactly this call once."""
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> bool:
        """True (and the token is spent) only for the call it was issued for."""
        if self.pending.get(token) != (user_id, tool, self.digest(arguments)):
            return False  # a refused attempt leaves the token for the real call
        del self.pending[token]
        return True


def _changed(**changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(CONFIRMED), **changes}


def _reordered() -> dict[str, Any]:
    return dict(reversed(list(copy.deepcopy(CONFIRMED).items())))


#: Each case: its name, then the steps; a step is ("issue", name, user, tool, args) or
#: ("redeem", token name, user, tool, args, expected answer). The last redeem is the case's verdict line.
_CASES: list[tuple[str, list[tuple[Any, ...]]]] = [
    ("the confirmed call", [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "t", USER, TOOL, CONFIRMED, True)]),
    (
        "the same token a second time",
        [
            ("issue", "t", USER, TOOL, CONFIRMED),
            ("redeem", "t", USER, TOOL, CONFIRMED, True),
            ("redeem", "t", USER, TOOL, CONFIRMED, False),
        ],
    ),
    (
        "amount changed from 600.00 to 899.00",
        [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "t", USER, TOOL, _changed(amount_cents=89_900), False)],
    ),
    (
        "another order (O-100)",
        [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "t", USER, TOOL, _changed(order_id="O-100"), False)],
    ),
    ("another user", [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "t", OTHER_USER, TOOL, CONFIRMED, False)]),
    (
        "another tool (cancel_order)",
        [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "t", USER, "cancel_order", CONFIRMED, False)],
    ),
    (
        "same arguments, keys in another order",
        [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "t", USER, TOOL, _reordered(), True)],
    ),
    (
        "a token that was never issued",
        [("issue", "t", USER, TOOL, CONFIRMED), ("redeem", "forged", USER, TOOL, CONFIRMED, False)],
    ),
    (
        "a tampered attempt, then the real call",
        [
            ("issue", "t", USER, TOOL, CONFIRMED),
            ("redeem", "t", USER, TOOL, _changed(amount_cents=89_900), False),
            ("redeem", "t", USER, TOOL, CONFIRMED, True),
        ],
    ),
    (
        "two confirmed calls, tokens swapped",
        [
            ("issue", "t", USER, TOOL, CONFIRMED),
            ("issue", "u", USER, TOOL, _changed(idempotency_key="refund-O-300-e2", amount_cents=20_000)),
            ("redeem", "t", USER, TOOL, _changed(idempotency_key="refund-O-300-e2", amount_cents=20_000), False),
            ("redeem", "u", USER, TOOL, _changed(idempotency_key="refund-O-300-e2", amount_cents=20_000), True),
        ],
    ),
]


#: what each case is about, shown when a gate gets it wrong
HINTS: dict[str, str] = {
    "the confirmed call": "the token must let the exact call the user confirmed through",
    "the same token a second time": "a token is used once: forget it when it is redeemed",
    "amount changed from 600.00 to 899.00": "bind the token to the call's arguments (a hash of them), "
                                            "not only to the user and the tool",
    "another order (O-100)": "bind the token to the call's arguments (a hash of them), "
                             "not only to the user and the tool",
    "another user": "bind the token to the user it was issued to",
    "another tool (cancel_order)": "bind the token to the tool it was issued for",
    "same arguments, keys in another order": "hash a canonical form of the arguments (sorted keys): key order "
                                             "carries no meaning",
    "a token that was never issued": "only a token the gate issued may be redeemed",
    "a tampered attempt, then the real call": "the tampered call must be refused (bind the arguments), and a "
                                              "refused attempt must not spend the token: the real call needs it",
    "two confirmed calls, tokens swapped": "each token belongs to one call (bind the arguments): another "
                                           "confirmed call's token does not fit, and refusing it spends nothing",
}


def _run_case(make_gate: Callable[[], Any], steps: list[tuple[Any, ...]]) -> tuple[str, str, bool]:
    """Run one case on a fresh gate: (every answer it should give, the answers it gave, passed).

    The expected column depends on the case only, never on the gate: the answers a gate gave are
    listed up to the first wrong one (or the error that stopped it).
    """
    expected = ", ".join(repr(step[5]) for step in steps if step[0] == "redeem")
    try:
        gate = make_gate()
    except Exception as error:  # noqa: BLE001 - the learner's class is what is being checked
        return expected, f"building the gate raised {type(error).__name__}: {error}", False
    tokens: dict[str, Any] = {}
    answers: list[str] = []
    for step in steps:
        if step[0] == "issue":
            _, name, user, tool, arguments = step
            try:
                tokens[name] = gate.issue(user, tool, copy.deepcopy(arguments))
            except Exception as error:  # noqa: BLE001
                return expected, f"issue raised {type(error).__name__}: {error}", False
            continue
        _, name, user, tool, arguments, want = step
        token = tokens.get(name, f"{tokens.get('t', '')}-forged")
        try:
            answer = gate.redeem(token, user, tool, copy.deepcopy(arguments))
        except Exception as error:  # noqa: BLE001
            return expected, ", ".join([*answers, f"redeem raised {type(error).__name__}: {error}"]), False
        answers.append(repr(answer) + ("" if isinstance(answer, bool) else " (not a bool)"))
        if answer is not want:  # exactly True or False
            return expected, ", ".join(answers), False
    return expected, ", ".join(answers), True


def check_confirmation(make_gate: Callable[[], Any]) -> CheckReport:
    """Check a learner's confirmation gate class (or any zero-argument factory of gates).

    Each case runs on a fresh gate; a case passes when every ``redeem`` in
    it answers exactly ``True`` or ``False`` as it should and nothing raises.
    """
    cases, notes = [], []
    for name, steps in _CASES:
        expected, got, passed = _run_case(make_gate, steps)
        cases.append(CheckCase(name, expected, got, passed))
        if not passed:
            notes.append(f"{name}: {HINTS[name]}")
    return CheckReport(tuple(cases), tuple(notes), "a changed call cannot ride on the user's confirmation")
