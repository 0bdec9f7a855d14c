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
request is new (in no case file that ships with fcourse) and appears once, and no case is taken
from :data:`SOLUTION_CASES` (a copy of it, or of one of its cases, keeps a mark; the same cases
pasted from the notebook's text are the learner's to keep); each category
fits the expected reply (``single``: one call, ``parallel``: two or more, ``ask``: an
ask-back, ``answer`` / ``dont_call``: a plain answer); each expected call's arguments fit
the tool's JSON Schema; every expected value is one the user or the context gave, whole
(``O-73`` is not given by a user who wrote ``O-739``), an id (a parameter with a pattern) in
the same letters too (chapter 3's judge: ``o-100`` is another order id than ``O-100``); each
expected reply fits its request (an ask-back only when something is missing: not when the user
names the order; a no-call case only for a request no tool serves: not one about an order or
the weather; a call about one order the request or context calls unpaid is ``cancel_order``,
one it calls paid is ``refund_order``, as the tools' descriptions say); and at
least one case wants a call and one wants none. The meaning checks are rules over the shop's
five tools, stated here so they can be argued with: an order id is what the ``order_id``
pattern matches, a request about an order is one with refund/cancel/parcel/track words.
Whether the *model* then passes them is a figure of the run, not part of the check.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from fcourse.errors import CaseFileError
from fcourse.evaluation.cases import BUNDLED, FORMAT, CaseSet, load_cases, parse_cases
from fcourse.lab.exercises.integrity import keep, restore, tampered_row
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.schema import validate

__all__ = ["MINIMUM", "SOLUTION_CASES", "case_file", "check_cases"]

#: how many cases of their own the learner writes
MINIMUM = 5

class _Revealed(dict):  # type: ignore[type-arg]
    """A dict of the revealed solution's cases. A copy keeps the type (``copy.deepcopy``, ``list(...)``, slicing,
    and ``{**case}`` keeps the dicts inside), so the checker tells cases taken from :data:`SOLUTION_CASES` from
    cases typed into the notebook; the same cases pasted from the notebook's text are plain dicts, and pass."""

    __slots__ = ()


def _revealed(value: Any) -> Any:
    if isinstance(value, dict):
        return _Revealed({key: _revealed(item) for key, item in value.items()})
    if isinstance(value, list):
        return [_revealed(item) for item in value]
    return value


def _taken(value: Any) -> bool:
    """Does ``value`` hold a dict taken from :data:`SOLUTION_CASES` (at any depth)?"""
    if isinstance(value, dict):
        return type(value) is _Revealed or any(_taken(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_taken(item) for item in value)
    return False


#: five cases that pass the check (the notebook reveals them on request)
SOLUTION_CASES: list[dict[str, Any]] = _revealed([
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
])

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


def _recycled(request: str, known: set[str]) -> bool:
    """A request that is a shipped one, or one with a few words added or changed (difflib's similarity)."""
    from difflib import SequenceMatcher

    if request in known:
        return True
    for other in known:
        if other in request and len(other) >= 0.6 * len(request):
            return True
        if abs(len(other) - len(request)) < 12 and SequenceMatcher(None, other, request).ratio() >= 0.85:
            return True
    return False


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _whole(text: str, said: str, *, exact: bool = False) -> bool:
    """Does ``text`` appear in ``said`` as a whole word or id: ``O-73`` is not in ``O-739``, ``7`` not in ``700``;
    in any letter case unless ``exact``."""
    edge = r"A-Za-z0-9_\-" if text[:1].isalnum() or text[-1:].isalnum() else ""
    pattern = rf"(?<![{edge}.]){re.escape(text)}(?![{edge}])" if edge else re.escape(text)
    return re.search(pattern, said, 0 if exact else re.IGNORECASE) is not None


def _given(value: Any, said: str, *, exact: bool = False) -> bool:
    """Is ``value`` something the user or the context wrote, whole? Strings as written (in any letter case, unless
    ``exact``: an id), numbers as digits."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, str):
        return bool(value.strip()) and _whole(value, said, exact=exact)
    if isinstance(value, int | float):
        return any(_whole(form, said) for form in {f"{value:g}", str(value)})
    return all(_given(v, said, exact=exact) for v in (value.values() if isinstance(value, dict) else value))


#: the words of a request for one of the shop's order tools (refund, cancel, track), English and Chinese
_ORDER_WORDS = re.compile(r"refund|money back|cancel|parcel|package|deliver|ship|track|where is|退款|退钱|取消|快递|"
                          r"包裹|物流|到哪|发货", re.IGNORECASE)
_WEATHER_WORDS = re.compile(r"weather|forecast|temperature|天气|气温|下雨", re.IGNORECASE)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CREATIVE_WORDS = re.compile(r"poem|story|joke|song|haiku|limerick|诗|故事|笑话|歌", re.IGNORECASE)
#: the words that say an order is not paid, and (once those are taken out) that it is
_UNPAID = re.compile(r"\bunpaid\b|\bnot (?:yet )?(?:been )?paid\b|n't (?:yet )?(?:been )?paid\b|\bnever paid\b|"
                     r"未付|没付|未支付|没有付|没支付", re.IGNORECASE)
_PAID = re.compile(r"\bpaid\b|已付|付过|付了|已支付|支付了", re.IGNORECASE)
#: the tool for an order in each state, by the shop's descriptions (refunds are for paid orders only, cancellations
#: for unpaid ones)
_FOR_STATUS = {"paid": "refund_order", "unpaid": "cancel_order"}


def _status(text: str) -> str | None:
    """``paid`` or ``unpaid`` when ``text`` says one of them (and not the other), else None."""
    unpaid, paid = bool(_UNPAID.search(text)), bool(_PAID.search(_UNPAID.sub(" ", text)))
    return "unpaid" if unpaid and not paid else "paid" if paid and not unpaid else None


def _ids(text: str, schemas: dict[str, Any]) -> list[str]:
    """The order ids in ``text``, whole (by the pattern the shop's order_id parameter declares)."""
    pattern = schemas["refund_order"]["properties"]["order_id"]["pattern"].strip("^$")
    return list(dict.fromkeys(m.group(0) for m in re.finditer(pattern, text) if _whole(m.group(0), text)))


def _meaning(case: Any, schemas: dict[str, Any]) -> str | None:
    """Why a case's expected reply does not fit its request, or None: an ask-back where nothing is missing, a
    plain answer where a tool is needed."""
    user, context = case.user, case.context or ""
    named, known = _ids(user, schemas), _ids(context, schemas)
    if case.kind == "ask":
        if len(named) == 1:
            return (f"{case.id}: the user names order {named[0]}, so nothing a tool needs is missing: an ask-back "
                    "case is a request that lacks a value (which order? which city?); this one wants a call")
        if not named and len(known) == 1 and _ORDER_WORDS.search(user):
            return (f"{case.id}: the context gives the one order ({known[0]}), so nothing is missing: an ask-back "
                    "case is a request that lacks a value; this one wants a call with the context's order")
    for call in case.calls if case.kind == "call" else ():
        wanted = (call.arguments or {}).get("order_id") if isinstance(call.arguments, dict) else None
        if named and isinstance(wanted, str) and wanted not in named and wanted in known:
            return (f"{case.id}: the user names {', '.join(named)}, but the case expects {wanted} from the context: "
                    "the order the user asks about is the user's")
    status = _status(f"{context} {user}")
    if case.kind == "call" and len(case.calls) == 1 and len({*named, *known}) <= 1 and status:
        name, other = case.calls[0].name, _FOR_STATUS["unpaid" if status == "paid" else "paid"]
        if name == other:
            return (f"{case.id}: the {'context' if _status(context) == status else 'user'} says the order is "
                    f"{status}, but the case expects {name}, which the shop's tools keep for "
                    f"{'paid' if name == 'refund_order' else 'unpaid'} orders (read its description): an order that "
                    f"is {status} wants {_FOR_STATUS[status]}")
    if case.kind == "answer":
        if (named or known) and _ORDER_WORDS.search(user):
            return (f"{case.id}: {user!r} asks about order {(named or known)[0]}, which the shop's tools act on: a "
                    "no-call case is a request no tool serves (a greeting, a sum, a policy question), or it "
                    "expects the call")
        if _WEATHER_WORDS.search(user) and not _CREATIVE_WORDS.search(user):
            return (f"{case.id}: {user!r} asks about the weather, which get_weather serves: a no-call case is a "
                    "request no tool serves, or it expects the call (or an ask-back for the city)")
    return None


def _row(case: str, expected: str, problems: list[str], notes: list[str], ok_text: str = "yes") -> CheckCase:
    notes.extend(problems)
    return CheckCase(case, expected, ok_text if not problems else f"{len(problems)} problem(s)", not problems)


def check_cases(cases: Any) -> CheckReport:
    """Review the learner's cases (see the module docstring); the report says what to fix, case by case."""
    replaced = restore()
    notes: list[str] = []
    if cases is SOLUTION_CASES or (isinstance(cases, list) and cases and all(_taken(c) for c in cases)):
        got = "SOLUTION_CASES itself" if cases is SOLUTION_CASES else "a copy of SOLUTION_CASES"
        return CheckReport.sealed((CheckCase("your own cases", "not the solution's", got, False),),
                                  ("these are the revealed solution's cases, imported: write five of your own",))
    if not isinstance(cases, list):
        return CheckReport.sealed((CheckCase("the cases are a list of dicts", "a list", type(cases).__name__, False),),
                                  ("write the cases as a Python list of dicts, one dict per case",))
    try:
        data: CaseSet = parse_cases(case_file(cases), "your cases")
    except CaseFileError as error:
        rows = [_row("the case file loads", "no problems", [f"loading: {p}" for p in error.problems], notes)]
        return CheckReport.sealed(tuple(rows), tuple(notes), "")
    rows = [CheckCase("the case file loads", "no problems", "yes", True)]
    rows.append(_row(f"at least {MINIMUM} cases", f">= {MINIMUM}",
                     [] if len(data) >= MINIMUM else [f"{len(data)} cases: write at least {MINIMUM}"],
                     notes, str(len(data))))
    known = _known_requests()
    copied = [f"{c.id}: {c.user!r} is " + ("already" if _norm(c.user) in known else "nearly word for word") +
              " in a case file that ships with fcourse; write a request of your own"
              for c in data if _recycled(_norm(c.user), known)]
    copied += [f"{raw.get('id')}: taken from SOLUTION_CASES (the revealed solution's cases, not your own): write a "
               "case of your own" for raw in cases if isinstance(raw, dict) and _taken(raw)]
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
    wrong_lang = [f"{c.id}: lang {c.lang!r}, but the request is written in "
                  f"{'Chinese' if _CJK.search(c.user) else 'English'}: lang says which language the user wrote in"
                  for c in data if (c.lang == "en") == bool(_CJK.search(c.user)) and c.lang in ("en", "zh")]
    rows.append(_row("each case's lang is the request's language", "yes", wrong_lang, notes))
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
                exact = "pattern" in ((schemas[call.name].get("properties") or {}).get(key) or {})  # an id
                if exact and _given(value, said) and not _given(value, said, exact=True):
                    invented.append(f"{c.id}: {call.name} expects {key}={value!r}, but the user or the context "
                                    f"writes it in other letters: an id is compared exactly as written (chapter 3's "
                                    f"judge: 'o-100' is another order id than 'O-100'), so the case would reward "
                                    f"the model for changing the user's value; write the id in the request as the "
                                    f"case expects it")
                elif not _given(value, said):
                    part = isinstance(value, str) and value and value.lower() in said.lower()
                    invented.append(f"{c.id}: {call.name} expects {key}={value!r}, which neither the user nor the "
                                    "context says" + (" whole (it is only part of a longer id or word there: the id "
                                                      "is the user's, whole)" if part else "") +
                                    "; a case must not ask the model to invent a value (for free text such as a "
                                    "search query, write \"arguments\": null)")
    rows.append(_row("expected arguments fit the tools' schemas", "yes", broken, notes))
    rows.append(_row("every expected value is one the user or the context gave, whole", "yes", invented, notes))
    rows.append(_row("each expected reply fits its request", "yes",
                     [problem for c in data if (problem := _meaning(c, schemas))], notes))
    kinds = {c.kind == "call" for c in data}
    balance = [] if kinds == {True, False} else [
        "every case wants a call: add one that wants none (an ask-back or a plain answer), or an unnecessary "
        "call can never be caught" if True in kinds else
        "no case wants a call: add one that does, or a missed call can never be caught"]
    rows.append(_row("some cases want a call, some want none", "yes", balance, notes))
    first = [row for row in (tampered_row(replaced),) if row is not None]
    return CheckReport.sealed((*first, *rows), tuple(notes), "your cases are ready to run")


keep(__name__)
