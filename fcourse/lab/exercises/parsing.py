"""Chapter 1's exercise: make an action extractor refuse a reply that holds two different actions.

Introduced in chapter 1 ("Your turn"). The learner's function takes a reply
(a string) and returns the action object it found (a dict with an ``"action"``
key) or ``None`` to refuse. :func:`check_extractor` runs it on replies the
notebook has not shown:

- hand-written ones (two actions on one line, two fences, the same tool with
  other arguments, nested arguments, braces inside strings and prose, a
  second object that is not an action, no JSON at all);
- replies freshly sampled from the offline teaching model for questions the
  chapter never asks (its ``two_objects`` and ``prose`` failure modes).

Two identical copies of one action are not checked either way: refusing them
and accepting them can both be defended. A function that raises fails the case
it raised on; the checker itself never raises because of the learner's code.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["CaseResult", "ExerciseCase", "ExerciseReport", "check_extractor", "exercise_cases"]


@dataclass(frozen=True)
class ExerciseCase:
    """One reply, what it is (``label``), and the object to return (None: refuse)."""

    label: str
    reply: str
    expected: dict[str, Any] | None


_HAND_WRITTEN: tuple[ExerciseCase, ...] = (
    ExerciseCase("two different tools on one line",
                 '{"action": "get_weather", "city": "杭州"} {"action": "get_last_month_total"}', None),
    ExerciseCase("the same tool twice with different arguments, prose between",
                 'First: {"action": "get_weather", "city": "Guangzhou"}. Or maybe '
                 '{"action": "get_weather", "city": "Shenzhen"}', None),
    ExerciseCase("two fenced blocks with different actions",
                 '```json\n{"action": "get_weather", "city": "Chengdu"}\n```\nor\n'
                 '```json\n{"action": "get_last_month_total"}\n```', None),
    ExerciseCase("an action with a nested argument, then a second action",
                 '{"action": "search_orders", "filter": {"month": "2026-03"}}\n{"action": "get_last_month_total"}',
                 None),
    ExerciseCase("one action inside Chinese prose",
                 '好的，我来查：{"action": "get_weather", "city": "成都"}，请稍等。',
                 {"action": "get_weather", "city": "成都"}),
    ExerciseCase("one action whose argument holds braces",
                 '{"action": "send_note", "text": "use {name} and {city} here"}',
                 {"action": "send_note", "text": "use {name} and {city} here"}),
    ExerciseCase("one action with a nested object argument",
                 '{"action": "search_orders", "filter": {"month": "2026-03", "status": "paid"}}',
                 {"action": "search_orders", "filter": {"month": "2026-03", "status": "paid"}}),
    ExerciseCase("braces in prose before one fenced action",
                 'Templates look like {city}; here is mine:\n'
                 '```json\n{"action": "get_weather", "city": "Chengdu"}\n```',
                 {"action": "get_weather", "city": "Chengdu"}),
    ExerciseCase("one action and a second object that is not an action",
                 '{"action": "get_weather", "city": "Xi\'an"}\n{"confidence": 0.9}',
                 {"action": "get_weather", "city": "Xi'an"}),
    ExerciseCase("no JSON at all (the format forgotten)", "It is sunny in Chengdu today, around 22°C.", None),
)

#: questions the chapter never asks, for sampled replies
_UNSEEN_QUESTIONS = ("深圳明天会下雨吗？", "Is it raining in Chengdu now?")


def _objects(text: str) -> list[dict[str, Any]]:
    from fcourse.prompting.scan import find_candidates, strict_loads

    found = []
    for candidate in find_candidates(text):
        try:
            value = strict_loads(candidate.text)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            found.append(value)
    return found


def _sampled_cases() -> list[ExerciseCase]:
    """Replies from the offline teaching model for unseen questions, with their right answer derived from them."""
    from fcourse.client import connect
    from fcourse.prompting.demo import TOOLS
    from fcourse.prompting.loop import action_prompt

    client, model = connect(backend="offline", quiet=True)
    cases = []
    for index, question in enumerate(_UNSEEN_QUESTIONS):
        messages = [{"role": "system", "content": action_prompt(TOOLS)}, {"role": "user", "content": question}]
        for mode in ("two_objects", "prose"):
            reply = client.chat.completions.create(
                model=model, messages=messages, temperature=1.0, seed=100 + index,
                extra_body={"fcourse": {"failure_mode": mode}},
            ).choices[0].message.content or ""
            actions = [o for o in _objects(reply) if "action" in o]
            if mode == "two_objects" and len(actions) == 2 and actions[0] != actions[1]:
                cases.append(ExerciseCase(f"a sampled reply with two different actions ({question})", reply, None))
            elif mode == "prose" and len(actions) == 1:
                cases.append(ExerciseCase(f"a sampled reply with one action in prose ({question})", reply, actions[0]))
    return cases


def exercise_cases() -> list[ExerciseCase]:
    """Every case the checker runs (hand-written, then sampled from the teaching model)."""
    return [*_HAND_WRITTEN, *_sampled_cases()]


@dataclass(frozen=True)
class CaseResult:
    """How the learner's function did on one case."""

    case: ExerciseCase
    returned: Any
    passed: bool
    problem: str


@dataclass(frozen=True)
class ExerciseReport:
    """The checker's verdict on every case, as text and HTML."""

    results: tuple[CaseResult, ...]

    @property
    def passed(self) -> bool:
        """True when every case passed."""
        return all(r.passed for r in self.results)

    def failures(self) -> list[CaseResult]:
        """The cases that failed."""
        return [r for r in self.results if not r.passed]

    def text(self) -> str:
        """The ``text/plain`` report (what nbval compares)."""
        done = sum(r.passed for r in self.results)
        lines = [f"{done} of {len(self.results)} cases passed" + (": well done!" if self.passed else "")]
        for r in self.results:
            lines.append(f"  {'PASS' if r.passed else 'FAIL'}  {r.case.label}" + ("" if r.passed else f": {r.problem}"))
        return "\n".join(lines)

    def html(self) -> str:
        """The ``text/html`` report."""
        esc = html.escape
        rows = "".join(
            f"<tr><td>{'✅' if r.passed else '❌'}</td><td style='text-align:left'>{esc(r.case.label)}</td>"
            f"<td style='text-align:left'>{esc(r.problem)}</td></tr>"
            for r in self.results
        )
        done = sum(r.passed for r in self.results)
        return (f"<p><b>{done} of {len(self.results)} cases passed</b></p>"
                f"<table><thead><tr><th></th><th>case</th><th>problem</th></tr></thead><tbody>{rows}</tbody></table>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 80 else text[:79] + "…"


def _judge(case: ExerciseCase, extract: Callable[[str], Any]) -> CaseResult:
    try:
        returned = extract(case.reply)
    except Exception as error:  # noqa: BLE001 - the learner's bug is reported, not raised
        return CaseResult(case, None, False, f"raised {type(error).__name__}: {error}")
    if case.expected is None:
        if returned is None:
            return CaseResult(case, returned, True, "")
        return CaseResult(case, returned, False, f"should refuse (return None), returned {_short(returned)}")
    if returned == case.expected:
        return CaseResult(case, returned, True, "")
    if returned is None:
        return CaseResult(case, returned, False, f"refused, but the reply holds one action: {_short(case.expected)}")
    return CaseResult(case, returned, False, f"returned {_short(returned)}, expected {_short(case.expected)}")


def check_extractor(extract: Callable[[str], Any]) -> ExerciseReport:
    """Run ``extract(reply) -> dict | None`` on every case and report, per case, what went wrong."""
    return ExerciseReport(tuple(_judge(case, extract) for case in exercise_cases()))
