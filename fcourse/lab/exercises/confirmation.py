"""Chapter 4 exercise: a confirmation token bound to the exact call, so a changed amount is refused.

Introduced in chapter 4. A high-risk call (a refund above 500.00) runs only
with a token the *user* got by pressing "confirm" for that call. The learner
writes a small gate class with two methods::

    gate = MyGate()
    token = gate.issue(user_id, tool, arguments)          # the user confirmed this call
    gate.redeem(token, user_id, tool, arguments) -> bool   # may this call run now?

``check_confirmation(MyGate)`` runs it on cases the notebook does not show,
each on a fresh gate: the confirmed call (once), the token a second time, a
changed amount, another order, an order id in small letters, another user,
another tool, the same arguments in another key order (inside an object
too), a list in another order, a long key changed at its very end, a token
that was never issued, a token another gate issued, a
refused attempt that must not spend the user's token, two tokens that must not
mix, the caller's arguments edited *after* "confirm" (the gate must keep what
was confirmed, not a reference to the caller's dict, nor a shallow copy
that shares a list inside it), and two redeems of one
token at the same moment (exactly one may pass). The gate must not edit the
arguments it is given. What is right is what the reference gate answers on the
same steps, worked out after the learner's gate has answered; then both play
generated sequences of issues, edits and redeems side by side.

``SolutionGate`` is one answer (a dict of pending tokens, bound to the user,
the tool and a hash of the canonical arguments; single use, checked and spent
under a lock). The package's tested version is ``fcourse.ConfirmationGate``:
the same binding, stored in SQLite, signed with HMAC-SHA256, with an expiry.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises.compare import changed, first_difference, generated_row, run_all, short, snapshot
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.runtime.confirmation import ConfirmationGate

__all__ = ["SolutionGate", "check_confirmation"]

USER = "U-1001"
TOOL = "refund_order"
#: how long the first of two racing redeems waits for the second inside the token's hash (seconds)
RACE_WAIT = 0.3


class SolutionGate:
    """One answer to the exercise: tokens bound to (user, tool, arguments hash), each usable once."""

    def __init__(self) -> None:
        self.pending: dict[str, tuple[str, str, str]] = {}  # token -> what it allows
        self.issued = 0
        self.lock = threading.Lock()  # check and spend a token in one step

    @staticmethod
    def digest(arguments: dict[str, Any]) -> str:
        """The same hash for the same arguments, whatever the key order."""
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id: str, tool: str, arguments: dict[str, Any]) -> str:
        """A token for this user to make exactly this call once."""
        with self.lock:
            self.issued += 1
            token = f"cf-{self.issued}"
            self.pending[token] = (user_id, tool, self.digest(arguments))  # the hash: later edits change nothing
        return token

    def redeem(self, token: str, user_id: str, tool: str, arguments: dict[str, Any]) -> bool:
        """True (and the token is spent) only for the call it was issued for."""
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:  # two redeems at the same moment: one passes, the other finds the token spent
            if self.pending.get(token) != wanted:
                return False  # a refused attempt leaves the token for the real call
            del self.pending[token]
        return True


def _arguments() -> dict[str, dict[str, Any]]:
    """The calls the cases use, by name; each case gets its own copies."""
    confirmed = {"order_id": "O-300", "amount_cents": 60_000, "idempotency_key": "refund-O-300-e1"}
    long_key = "refund-O-300-" + "x" * 80
    return {
        "confirmed": confirmed,
        "amount": {**confirmed, "amount_cents": 89_900},
        "order": {**confirmed, "order_id": "O-100"},
        "small": {**confirmed, "order_id": "o-300"},
        "text": {**confirmed, "amount_cents": "60000"},
        "reordered": dict(reversed(list(confirmed.items()))),
        "second": {**confirmed, "idempotency_key": "refund-O-300-e2", "amount_cents": 20_000},
        "float": {**confirmed, "amount_cents": 60_000.0},
        "notify": {**confirmed, "notify_customer": True},
        "notify1": {**confirmed, "notify_customer": 1},
        "items": {**confirmed, "items": ["cup", "plate"], "address": {"city": "Oslo", "zip": "0150"}},
        "inner_keys": {**confirmed, "items": ["cup", "plate"], "address": {"zip": "0150", "city": "Oslo"}},
        "list_order": {**confirmed, "items": ["plate", "cup"], "address": {"city": "Oslo", "zip": "0150"}},
        "long1": {**confirmed, "idempotency_key": long_key + "1"},
        "long2": {**confirmed, "idempotency_key": long_key + "2"},
    }


_ARGS_HINT = "bind the token to the call's arguments (a hash of them), not only to the user and the tool"
_CANONICAL = ("hash the whole canonical form of the arguments (json.dumps(..., sort_keys=True)), untruncated and "
              "not case-folded: o-300 is not O-300, \"60000\" is not 60000, and a key's last character counts")


def _cases() -> list[tuple[str, list[tuple[Any, ...]], str]]:
    """(case, steps, what it is about). A step is ("issue", token, user, tool, args), ("redeem", token, user, tool,
    args), ("edit", args, changes: the caller changes its dict after "confirm"), ("gate", name: a second fresh gate;
    the steps after it use that gate), ("race", token, user, tool, args: two redeems at the same moment) or
    ("append", args, key, item: the caller appends to the list at ``key`` after "confirm"). No step says what the
    answer should be: the reference gate plays the same steps afterwards."""
    t = ("issue", "t", USER, TOOL, "confirmed")
    ok = ("redeem", "t", USER, TOOL, "confirmed")
    return [
        ("the confirmed call", [t, ok], "the token must let the exact call the user confirmed through"),
        ("the same token a second time", [t, ok, ok], "a token is used once: forget it when it is redeemed"),
        ("amount changed from 600.00 to 899.00", [t, ("redeem", "t", USER, TOOL, "amount")], _ARGS_HINT),
        ("another order (O-100)", [t, ("redeem", "t", USER, TOOL, "order")], _ARGS_HINT),
        ("the order id in small letters", [t, ("redeem", "t", USER, TOOL, "small")], _CANONICAL),
        ("the amount as text", [t, ("redeem", "t", USER, TOOL, "text")], _CANONICAL),
        ("the amount as 60000.0", [t, ("redeem", "t", USER, TOOL, "float")], _CANONICAL + "; 60000.0 is not 60000"),
        ("1 where true was confirmed", [("issue", "t", USER, TOOL, "notify"), ("redeem", "t", USER, TOOL, "notify1")],
         _CANONICAL + "; Python's == says True == 1, JSON does not"),
        ("a list and an object among the arguments",
         [("issue", "t", USER, TOOL, "items"), ("redeem", "t", USER, TOOL, "items")],
         "arguments can hold lists and objects: hash their JSON text (json.dumps), which any JSON value has"),
        ("keys in another order inside an object",
         [("issue", "t", USER, TOOL, "items"), ("redeem", "t", USER, TOOL, "inner_keys")],
         "key order carries no meaning at any depth: sort the keys of the objects inside the arguments too "
         "(json.dumps(..., sort_keys=True) does; sorted(arguments.items()) sorts only the top level)"),
        ("a list in another order", [("issue", "t", USER, TOOL, "items"), ("redeem", "t", USER, TOOL, "list_order")],
         "a JSON list's order is part of its value: hash the list as it is (only an object's keys are sorted)"),
        ("a long key changed at its end", [("issue", "t", USER, TOOL, "long1"), ("redeem", "t", USER, TOOL, "long2")],
         _CANONICAL),
        ("another user", [t, ("redeem", "t", "U-2002", TOOL, "confirmed")], "bind the token to the user it was "
                                                                           "issued to"),
        ("the user id in small letters", [t, ("redeem", "t", "u-1001", TOOL, "confirmed")],
         "bind the token to the user exactly as issued: u-1001 is not U-1001"),
        ("another tool (cancel_order)", [t, ("redeem", "t", USER, "cancel_order", "confirmed")],
         "bind the token to the tool it was issued for"),
        ("same arguments, keys in another order", [t, ("redeem", "t", USER, TOOL, "reordered")],
         "hash a canonical form of the arguments (sorted keys): key order carries no meaning"),
        ("a token that was never issued", [t, ("redeem", "forged", USER, TOOL, "confirmed")],
         "only a token the gate issued may be redeemed"),
        ("a token another gate issued", [t, ("gate", "B"), ok],
         "a token is valid only at the gate that issued it: keep the tokens you issued (or sign them with a secret "
         "key); a hash anyone can compute from the call is a token anyone can forge"),
        ("a tampered attempt, then the real call", [t, ("redeem", "t", USER, TOOL, "amount"), ok],
         "the tampered call must be refused (bind the arguments), and a refused attempt must not spend the token: "
         "the real call needs it"),
        ("two confirmed calls, tokens swapped",
         [t, ("issue", "u", USER, TOOL, "second"), ("redeem", "t", USER, TOOL, "second"),
          ("redeem", "u", USER, TOOL, "second")],
         "each token belongs to one call (bind the arguments): another confirmed call's token does not fit, and "
         "refusing it spends nothing"),
        ("two confirmed calls, both redeemed",
         [t, ("issue", "u", USER, TOOL, "second"), ok, ("redeem", "u", USER, TOOL, "second")],
         "keep one pending entry per token: a second confirmation of the same user and tool must not replace the "
         "first"),
        ("arguments edited after the confirmation", [t, ("edit", "confirmed", {"amount_cents": 89_900}), ok],
         "keep what the user confirmed (a hash or a deep copy) at issue: the caller's dict can change afterwards, "
         "and the edited call must not ride on the confirmation"),
        ("a list inside the arguments edited after the confirmation",
         [("issue", "t", USER, TOOL, "items"), ("append", "items", "items", "bowl"),
          ("redeem", "t", USER, TOOL, "items")],
         "keep a deep copy (copy.deepcopy) or a hash at issue: dict(arguments) copies only the top level, so a list "
         "or object inside is still the caller's, and an item added after \"confirm\" rides on the confirmation"),
        ("two redeems of one token at the same moment", [t, ("race", "t", USER, TOOL, "confirmed")],
         "check and spend the token in one step (a threading.Lock around the check and the del, or one pop): "
         "two redeems at the same moment must not both pass"),
    ]


class _RacingToken(str):
    """The token, as a string whose *second* hash in each thread (a redeem looks the token up, then spends it)
    waits a little for the other racer: two redeems that both read the token before either spends it then both
    get through every time, not by luck; a redeem that checks and spends under a lock makes the other wait, and
    carries on alone after :data:`RACE_WAIT`."""

    barrier: threading.Barrier
    hashes: dict[int, int]

    def __hash__(self) -> int:
        me = threading.get_ident()
        self.hashes[me] = self.hashes.get(me, 0) + 1
        if self.hashes[me] == 2:
            try:
                self.barrier.wait(RACE_WAIT)
            except threading.BrokenBarrierError:
                pass  # the other racer is behind a lock, or done: carry on alone
        return str.__hash__(self)

    def __eq__(self, other: object) -> bool:
        return str.__eq__(self, other)


def _race(gate: Any, token: Any, call: tuple[Any, ...]) -> str:
    """Two redeems of ``token`` at the same moment; ``"1 True"`` is right."""
    if isinstance(token, str):
        racing = _RacingToken(token)
        racing.barrier, racing.hashes = threading.Barrier(2), {}
        token = racing
    start, answers = threading.Barrier(2), []

    def redeem() -> None:
        start.wait(5)
        try:
            answers.append(gate.redeem(token, *call))
        except Exception as error:  # noqa: BLE001 - reported below
            answers.append(f"raised {type(error).__name__}")

    threads = [threading.Thread(target=redeem, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    raised = [a for a in answers if isinstance(a, str)]
    return f"{sum(a is True for a in answers)} True" + (f", {raised[0]}" if raised else "")


def _play(make_gate: Callable[[], Any], steps: list[tuple[Any, ...]]) -> list[str]:
    """Play ``steps`` on fresh gates; the answers of every redeem and race, as text (the first exception ends it)."""
    calls = {name: snapshot(arguments) for name, arguments in _arguments().items()}
    given: dict[str, Any] = {}  # a copy of what each dict held when it was last handed to the gate
    answers: list[str] = []
    try:
        gate = make_gate()
    except Exception as error:  # noqa: BLE001 - the learner's class is what is being checked
        return [f"building the gate raised {type(error).__name__}: {error}"]
    tokens: dict[str, Any] = {}
    for step in steps:
        kind = step[0]
        try:
            if kind == "gate":
                gate = make_gate()
            elif kind == "edit":
                calls[step[1]].update(step[2])
            elif kind == "append":  # the caller adds to a list inside its dict
                calls[step[1]][step[2]].append(step[3])
            elif kind == "issue":
                given[step[4]] = snapshot(calls[step[4]])
                tokens[step[1]] = gate.issue(step[2], step[3], calls[step[4]])
            elif kind == "race":
                answers.append(_race(gate, tokens.get(step[1]), (step[2], step[3], calls[step[4]])))
            else:
                given[step[4]] = snapshot(calls[step[4]])
                token = tokens.get(step[1], f"{tokens.get('t', '')}-forged")
                answer = gate.redeem(token, step[2], step[3], calls[step[4]])
                answers.append(repr(answer) + ("" if isinstance(answer, bool) else " (not a bool)"))
        except Exception as error:  # noqa: BLE001
            answers.append(f"{kind} raised {type(error).__name__}: {error}")
            break
        if kind in ("issue", "redeem") and changed(given[step[4]], calls[step[4]]):
            answers.append(f"{kind} changed the arguments it was given")
            break
    return answers


def _verdict(got: list[str], wanted: list[str]) -> tuple[str, bool]:
    """(the answers up to the first wrong one, passed)."""
    shown = []
    for answer, right in zip(got, wanted):
        shown.append(answer)
        if answer != right:
            return ", ".join(shown), False
    return ", ".join(got), len(got) == len(wanted)


def check_confirmation(make_gate: Callable[[], Any]) -> CheckReport:
    """Check a learner's confirmation gate class (or any zero-argument factory of gates).

    Each case runs on a fresh gate; a case passes when every ``redeem`` in it answers exactly ``True`` or
    ``False`` as the reference gate does, nothing raises, and the arguments come back as they were given.
    """
    replaced = restore()
    if (early := shortcut(make_gate, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = _cases()
    played = run_all(lambda: [_play(make_gate, steps) for _, steps, _ in cases], [((), {})], timeout=60)[0]
    results = played.value if played.returned else [[played.shown()]] * len(cases)
    rows, notes = [], []
    for (name, steps, about), got in zip(cases, results):
        wanted = _play(SolutionGate, steps)
        shown, passed = _verdict(got, wanted)
        rows.append(CheckCase(name, ", ".join(wanted), shown, passed))
        if not passed:
            mutated = any("changed the arguments" in answer for answer in got)
            notes.append(f"{name}: " + ("the gate must not edit the caller's arguments (no pop, no update, no sort "
                                        "in place): read them, keep your own copy or hash" if mutated else about))
    if all(row.passed for row in rows):
        difference, tried = first_difference(_sequences(), _compare(make_gate), show=_show, examples=30, budget=90)
        rows.append(generated_row("generated issues, edits and redeems", difference, tried, notes))
    else:
        notes.append("generated sequences of issues and redeems are compared with the reference once every case "
                     "above passes")
    return finish(rows, notes, _VERDICT, learner=make_gate, replaced=replaced, references=_REFERENCES)


def _sequences() -> Any:
    from hypothesis import strategies as st

    names = sorted(_arguments())
    issue = st.tuples(st.just("issue"), st.sampled_from(["t", "u"]), st.sampled_from([USER, USER, "u-1001", "U-10010"]),
                      st.sampled_from([TOOL, TOOL, "Refund_Order"]), st.sampled_from(names))
    redeem = st.tuples(st.just("redeem"), st.sampled_from(["t", "u", "v"]), st.sampled_from([USER, USER, "u-1001"]),
                       st.sampled_from([TOOL, TOOL, "Refund_Order"]), st.sampled_from(names))
    edit = st.tuples(st.just("edit"), st.sampled_from(names),
                     st.sampled_from([{"amount_cents": 1}, {"order_id": "o-300"}, {"note": "x"}]))
    append = st.tuples(st.just("append"), st.sampled_from(["items", "inner_keys", "list_order"]), st.just("items"),
                       st.sampled_from(["bowl", "cup"]))
    return st.lists(st.one_of(issue, redeem, redeem, edit, append), min_size=2, max_size=6)


def _show(value: Any) -> str:
    return "; ".join(f"{step[0]}({', '.join(str(part) for part in step[1:])})" for step in value)


def _compare(make_gate: Callable[[], Any]) -> Callable[[Any], tuple[str, str] | None]:
    def compare(steps: Any) -> tuple[str, str] | None:
        got = run_all(_play, [((make_gate, list(steps)), {})], timeout=10)[0]
        answers = got.value if got.returned else [got.shown()]
        wanted = _play(SolutionGate, list(steps))
        shown, passed = _verdict(answers, wanted)
        if passed:
            return None
        theirs = short(", ".join(wanted), 80, text=True)
        return (f"yours answered {short(shown, 80, text=True)}, the reference {theirs}",
                "bind each token to exactly what was confirmed (user, tool, canonical arguments, hashed or copied at "
                "issue), spend it once, and refuse everything else")

    return compare


#: the last words of a report whose every case passed
_VERDICT = "a changed call cannot ride on the user's confirmation"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.confirmation.SolutionGate": SolutionGate,
    "fcourse.ConfirmationGate": ConfirmationGate,
}

keep(__name__)
