"""Your turn (chapter 3): describe a new tool so requests for it reach it, and nothing else does.

The shop gains ``send_invoice(order_id)``. The learner writes its description;
:func:`check_description` then runs the harness on cases the notebook has not
shown (``data/description_exercise.json``) and judges *behaviour*, never the
exact text of a reply, so it gives the same verdict on a provider:

- every *target* case (an invoice, a receipt, a bill, paperwork for an expense
  claim, 收据 ...) must call ``send_invoice`` and nothing else;
- no *other* case (refunds, cancellations, tracking, weather, greetings, an
  ask-back; two of them mention an invoice) may call ``send_invoice``, and one
  that got the right kind of reply and the right tool before ``send_invoice``
  existed must still get it.

Then it routes generated requests (an invoice, a receipt, a bill, 发票, 收据 for an order; a refund, a
cancellation, a parcel, the weather) with the learner's description and with the reference description side by
side, and reports the first request the reference routes right and the learner's does not (seeded, shrunk).

The notebook shows only the file's two ``examples``; the checker never uses them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from fcourse.evaluation.cases import FORMAT, Case, CaseSet, load_cases, parse_cases, with_tools
from fcourse.evaluation.charts import Table
from fcourse.evaluation.harness import run_cases
from fcourse.lab.exercises.compare import SEED, first_difference
from fcourse.lab.exercises.integrity import keep, restore

__all__ = ["NEW_TOOL", "SOLUTION", "DescriptionCheck", "check_description", "examples", "exercise_cases", "tools_with"]

#: the tool the learner describes
NEW_TOOL = "send_invoice"

#: one description that passes (the notebook reveals it on request): what it does, and when to use it
SOLUTION = ("Send the invoice or receipt for an order to the customer's email. "
            "Use it when the customer asks for an invoice, a receipt or a bill for an order.")


def exercise_cases() -> CaseSet:
    """The exercise's case file (``examples`` in ``extra``; the checked cases in ``cases``)."""
    return load_cases("description-exercise")


def tools_with(description: str, data: CaseSet | None = None) -> list[dict[str, Any]]:
    """The shop's tools plus ``send_invoice`` described by ``description``."""
    data = data or exercise_cases()
    new_tool = copy.deepcopy(data.extra["new_tool"])
    new_tool["function"]["description"] = description
    return copy.deepcopy(list(data.toolsets["shop"])) + [new_tool]


def examples() -> CaseSet:
    """The two invoice requests the notebook shows (never used by the checker)."""
    data = exercise_cases()
    return parse_cases({"format": FORMAT, "name": "description-exercise-examples",
                        "toolsets": {k: list(v) for k, v in data.toolsets.items()},
                        "default_toolset": "shop", "cases": data.extra["examples"]}, "examples")


def _is_target(case: Case) -> bool:
    return any(call.name == NEW_TOOL for call in case.calls)


@dataclass(frozen=True)
class DescriptionCheck:
    """The checker's verdict: ``passed``, one row per case, and what went wrong in words."""

    passed: bool
    rows: tuple[tuple[str, str, str, str, str], ...]
    problems: tuple[str, ...]

    def table(self) -> Table:
        """case, role, wanted (for others: what it got before the new tool), got, ok."""
        return Table.of(["case", "role", "wanted", "got", "ok"], self.rows)

    def text(self) -> str:
        """A one-line verdict, then the problems."""
        targets = sum(1 for r in self.rows if r[1] == "target" and r[4] == "yes")
        others = sum(1 for r in self.rows if r[1] == "other" and r[4] == "yes")
        n_targets = sum(1 for r in self.rows if r[1] == "target")
        n_others = sum(1 for r in self.rows if r[1] == "other")
        head = ("PASSED" if self.passed else "NOT YET") + (
            f": {targets}/{n_targets} invoice requests reach {NEW_TOOL}, "
            f"{others}/{n_others} other requests left alone")
        return "\n".join([head, *(f"- {p}" for p in self.problems)])

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": "<pre>" + _esc(self.text()) + "</pre>" + self.table().html()}


def _esc(text: str) -> str:
    import html

    return html.escape(text)


#: (id of the client, model) -> (the client, the other requests' runs on the shop without send_invoice)
_BEFORE: dict[tuple[int, str | None], tuple[Any, Any]] = {}


def _before(others: list[Case], client: Any, model: str | None) -> Any:
    """The other requests on the shop without send_invoice: the same for every description, so run once per model
    (the client is kept with it, so its id is not reused)."""
    key = (id(client), model)
    if key not in _BEFORE:
        _BEFORE[key] = (client, run_cases(others, client, model))
    return _BEFORE[key][1]


def check_description(description: Any, client: Any = None, model: str | None = None) -> DescriptionCheck:
    """Check a description of ``send_invoice`` on the hidden cases (see the module docstring).

    Each row compares outcome labels (the tool called, or ``ask`` / ``answer``), never a
    reply's text: a sampling provider words things differently on every run.
    """
    restore()
    if not isinstance(description, str) or not description.strip():
        return DescriptionCheck(False, (), ("the description must be a non-empty string",))
    if client is None:
        from fcourse.client import connect

        client, model = connect(quiet=True)
    data = exercise_cases()
    if description is SOLUTION:
        return DescriptionCheck(False, (), ("that is the revealed solution itself, imported "
                                            "(fcourse.lab.exercises.descriptions.SOLUTION): write your own",))
    quoted = [c.user for c in data if " ".join(c.user.lower().split()) in " ".join(description.lower().split())]
    if quoted:
        return DescriptionCheck(False, (), (f"your description quotes the checker's own requests ({quoted[0]!r} ...): "
                                            "describe what the tool does, in the words customers use, rather than "
                                            "listing requests",))
    targets = [c for c in data if _is_target(c)]
    others = [c for c in data if not _is_target(c)]
    before = _before(others, client, model)  # the shop without send_invoice
    tools = tools_with(description, data)
    after_targets = run_cases(with_tools(targets, tools), client, model)
    after_others = run_cases(with_tools(others, tools), client, model)
    rows, problems = [], []
    for r in after_targets.first_runs():
        ok = r.got_label == NEW_TOOL
        rows.append((r.case.id, "target", NEW_TOOL, r.got_label, "yes" if ok else "no"))
        if not ok:
            problems.append(f"{r.case.id}: {r.case.user!r} should reach {NEW_TOOL}, got {r.got_label} - your "
                            "description does not reach this request: say what the tool does in the words "
                            "customers use for it")
    for b, a in zip(before.first_runs(), after_others.first_runs()):
        stolen = NEW_TOOL in a.got_label.split("+")
        broken = not stolen and b.got_label == b.expected_label and a.got_label != b.got_label
        ok = not stolen and not broken
        rows.append((a.case.id, "other", b.got_label, a.got_label, "yes" if ok else "no"))
        if stolen:
            problems.append(f"{a.case.id}: {a.case.user!r} got {b.got_label} before, now {a.got_label} (stolen by "
                            f"the new tool) - your description claims requests that belong to another tool")
        elif broken:
            problems.append(f"{a.case.id}: {a.case.user!r} got {b.got_label} before {NEW_TOOL} existed, now "
                            f"{a.got_label} - adding the tool broke a request it should leave alone")
    if not problems:
        difference, tried = first_difference(_requests(), _compare(description, client, model, data), show=str,
                                             examples=20, budget=40)
        ok = difference is None
        rows.append((f"generated requests ({tried}, seed {SEED})", "generated", "as the reference",
                     "the same" if ok else f"differs: {difference.shown}" if difference else "", "yes" if ok else "no"))
        if difference is not None:
            problems.append(f"{difference.shown!r}: {difference.problem} - {difference.hint}")
    return DescriptionCheck(not problems, tuple(rows), tuple(problems))


def _requests() -> Any:
    """Generated requests: (the request, the tool it belongs to), from templates with an order id in them."""
    from hypothesis import strategies as st

    templates = (
        ("Could you email me the invoice for order {id}?", NEW_TOOL), ("Please send me a receipt for {id}.", NEW_TOOL),
        ("I need the bill for order {id} for my records.", NEW_TOOL), ("Can I get a VAT invoice for {id}?", NEW_TOOL),
        ("请把订单 {id} 的发票发给我。", NEW_TOOL), ("订单 {id} 能开收据吗？", NEW_TOOL),
        ("Refund order {id}, please, it arrived broken.", "refund_order"), ("订单 {id} 请退款。", "refund_order"),
        ("Cancel order {id}, I have not paid yet.", "cancel_order"), ("取消订单 {id}。", "cancel_order"),
        ("Where is the parcel of order {id}?", "track_shipment"), ("订单 {id} 的包裹到哪了？", "track_shipment"),
        ("How is the weather in Lisbon today?", "get_weather"),
    )
    return st.tuples(st.sampled_from(templates), st.integers(500, 599)).map(
        lambda t: (t[0][0].format(id=f"O-{t[1]}"), t[0][1]))


def _compare(description: str, client: Any, model: str | None, data: CaseSet) -> Any:
    from fcourse.evaluation.cases import ExpectedCall
    from fcourse.evaluation.harness import run_case

    yours, reference = tools_with(description, data), tools_with(SOLUTION, data)

    def label(request: str, tool: str, tools: list[dict[str, Any]]) -> str:
        case = Case("generated", "en", "single", request, "call", (ExpectedCall(tool, None),), tools=tuple(tools))
        return run_case(case, client, model).got_label

    def compare(value: tuple[str, str]) -> tuple[str, str] | None:
        request, tool = value
        if label(request, tool, reference) != tool:
            return None  # the reference misroutes it too: not a difference the learner can fix
        got = label(request, tool, yours)
        if got == tool:
            return None
        if tool == NEW_TOOL:
            return (f"should reach {NEW_TOOL}, yours got {got}",
                    "your description does not reach this request: say what the tool does in the words customers use "
                    "for it (invoice, receipt, bill, 发票, 收据)")
        return (f"belongs to {tool}, yours got {got}",
                "your description claims requests that belong to another tool: say what send_invoice does, not "
                "what the others do")

    return compare


keep(__name__)
