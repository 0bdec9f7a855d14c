"""Your turn (chapter 3): five cases of your own, in the case file's shape, checked before they are run.

A case set is only as good as its cases. A case that expects an order id the user never wrote
teaches the model to invent one; a set with no "no call" case cannot catch an unnecessary call;
a copy of a case the model was already measured on proves nothing new. The learner writes
cases as the ``"cases"`` list of a case file (``fcourse.evaluation.cases`` documents the
shape), over the shop's five tools; :func:`check_cases` checks them the way a reviewer
would, and :func:`case_file` turns them into a file ``fcourse.load_cases`` reads::

    {"id": "my-refund-1", "lang": "en", "category": "single",
     "context": "Verified order: O-700, status: paid.",          # optional
     "user": "Money back for O-700, please.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-700"}}]}}

What is checked (each failure says what to fix): the file loads; at least five cases; every
request is new (in no case file that ships with fcourse) and appears once; each category
fits the expected reply (``single``: one call, ``parallel``: two or more, ``ask``: an
ask-back, ``answer`` / ``dont_call``: a plain answer); each expected call's arguments fit
the tool's JSON Schema; every expected value is one the user or the context gave; and at
least one case wants a call and one wants none. Whether the *model* then passes them is a
figure of the run, not part of the check.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from fcourse.errors import CaseFileError
from fcourse.evaluation.cases import BUNDLED, FORMAT, CaseSet, load_cases, parse_cases
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.schema import validate

__all__ = ["MINIMUM", "SOLUTION_CASES", "case_file", "check_cases"]

#: how many cases of their own the learner writes
MINIMUM = 5

#: five cases that pass the check (the notebook reveals them on request)
SOLUTION_CASES: list[dict[str, Any]] = [
    {"id": "my-refund-context", "lang": "en", "category": "single",
     "context": "Verified order: O-700, status: paid.",
     "user": "The blender arrived broken, I want my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-700"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single",
     "user": "我不想要了，订单 O-701 还没付款，帮我取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-701"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel",
     "user": "Refund O-703, and where is the parcel of O-704?",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-703"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-704"}}]}},
    {"id": "my-ask-track", "lang": "en", "category": "ask", "user": "Where is my parcel?", "expect": {"kind": "ask"}},
    {"id": "my-dont-poem", "lang": "en", "category": "dont_call", "user": "Write me a two-line poem about rain.",
     "expect": {"kind": "answer"}},
]

_WANTS = {"single": "call", "parallel": "call", "ask": "ask", "answer": "answer", "dont_call": "answer"}


def _shop() -> list[dict[str, Any]]:
    return copy.deepcopy(list(load_cases("selection").toolsets["shop"]))


def case_file(cases: Any, name: str = "my-cases") -> dict[str, Any]:
    """The learner's cases as a whole case file over the shop's tools (``json.dump`` it, then ``load_cases``)."""
    return {"format": FORMAT, "name": name, "description": "cases written by the learner (chapter 3)",
            "toolsets": {"shop": _shop()}, "default_toolset": "shop", "cases": copy.deepcopy(cases)}


def _known_requests() -> set[str]:
    known: set[str] = set()
    for bundled in BUNDLED:
        data = load_cases(bundled)
        known.update(_norm(c.user) for c in data)
        for extra in data.extra.values():  # e.g. the description exercise's examples
            if isinstance(extra, list):
                known.update(_norm(x["user"]) for x in extra if isinstance(x, dict) and isinstance(x.get("user"), str))
    return known


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _given(value: Any, said: str) -> bool:
    """Is ``value`` something the user or the context wrote? Strings as written, numbers as digits."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, str):
        return value.lower() in said.lower()
    if isinstance(value, int | float):
        return f"{value:g}" in said
    return all(_given(v, said) for v in (value.values() if isinstance(value, dict) else value))


def _row(case: str, expected: str, problems: list[str], notes: list[str], ok_text: str = "yes") -> CheckCase:
    notes.extend(problems)
    return CheckCase(case, expected, ok_text if not problems else f"{len(problems)} problem(s)", not problems)


def check_cases(cases: Any) -> CheckReport:
    """Review the learner's cases (see the module docstring); the report says what to fix, case by case."""
    notes: list[str] = []
    if not isinstance(cases, list):
        return CheckReport((CheckCase("the cases are a list of dicts", "a list", type(cases).__name__, False),),
                           ("write the cases as a Python list of dicts, one dict per case",))
    try:
        data: CaseSet = parse_cases(case_file(cases), "your cases")
    except CaseFileError as error:
        rows = [_row("the case file loads", "no problems", [f"loading: {p}" for p in error.problems], notes)]
        return CheckReport(tuple(rows), tuple(notes), "")
    rows = [CheckCase("the case file loads", "no problems", "yes", True)]
    rows.append(_row(f"at least {MINIMUM} cases", f">= {MINIMUM}",
                     [] if len(data) >= MINIMUM else [f"{len(data)} cases: write at least {MINIMUM}"],
                     notes, str(len(data))))
    known = _known_requests()
    copied = [f"{c.id}: {c.user!r} is already in a case file that ships with fcourse; write a request of your own"
              for c in data if _norm(c.user) in known]
    seen: dict[str, str] = {}
    for c in data:
        key = _norm((c.context or "") + " | " + c.user)
        if key in seen:
            copied.append(f"{c.id}: the same request (and context) as {seen[key]}; each case should test something new")
        seen.setdefault(key, c.id)
    rows.append(_row("every request is new, and appears once", "yes", copied, notes))
    misfiled = []
    for c in data:
        wants = _WANTS[c.category]
        if c.kind != wants:
            misfiled.append(f"{c.id}: category {c.category!r} wants kind {wants!r}, the case expects {c.kind!r}")
        elif c.category == "single" and len(c.calls) != 1:
            misfiled.append(f"{c.id}: category 'single' expects one call, the case lists {len(c.calls)}")
        elif c.category == "parallel" and len(c.calls) < 2:
            misfiled.append(f"{c.id}: category 'parallel' expects two calls or more, the case lists {len(c.calls)}")
    rows.append(_row("each category fits the expected reply", "yes", misfiled, notes))
    schemas = {t["function"]["name"]: t["function"].get("parameters") or {} for t in _shop()}
    broken, invented = [], []
    for c in data:
        said = (c.context or "") + " " + c.user
        for call in c.calls:
            if call.arguments is None:
                continue
            for issue in validate(call.arguments, schemas[call.name]):
                broken.append(f"{c.id}: {call.name} arguments {json.dumps(call.arguments, ensure_ascii=False)} "
                              f"break the tool's schema at {issue.path}: {issue.message}")
            for key, value in call.arguments.items():
                if not _given(value, said):
                    invented.append(f"{c.id}: {call.name} expects {key}={value!r}, which neither the user nor the "
                                    "context says; a case must not ask the model to invent a value (for free "
                                    "text such as a search query, write \"arguments\": null)")
    rows.append(_row("expected arguments fit the tools' schemas", "yes", broken, notes))
    rows.append(_row("every expected value is one the user or the context gave", "yes", invented, notes))
    kinds = {c.kind == "call" for c in data}
    balance = [] if kinds == {True, False} else [
        "every case wants a call: add one that wants none (an ask-back or a plain answer), or an unnecessary "
        "call can never be caught" if True in kinds else
        "no case wants a call: add one that does, or a missed call can never be caught"]
    rows.append(_row("some cases want a call, some want none", "yes", balance, notes))
    return CheckReport(tuple(rows), tuple(notes), "your cases are ready to run")
