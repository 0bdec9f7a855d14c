"""Chapter 1's second exercise: the defensive extractor - exactly one action, or a refusal.

Introduced in chapter 1 ("Your turn 2"). The learner's ``extract_action(reply)``
returns the one action object a reply holds (a dict with an ``"action"`` key)
or ``None`` to refuse. It must find the action in prose and in a markdown
fence, step over braces that are not JSON, and refuse what it cannot read
without guessing: two actions, an action that is cut off or is not valid JSON
(single quotes, a trailing comma), a key given twice.

:func:`check_extractor` runs it on replies the notebook has not shown:

- hand-written ones, several built to defeat shortcuts: the text ``"action"``
  quoted in prose (counting that text refuses a good reply), an action whose
  string value holds braces and the word action, a broken second action in
  single quotes (a parser that skips what it cannot read runs the first one),
  a key given twice, a cut-off second object;
- replies freshly sampled from the offline teaching model for questions the
  chapter never asks (its ``two_objects`` and ``prose`` failure modes).

Two identical copies of one action are not checked either way: refusing them
and accepting them can both be defended. A function that raises fails the case
it raised on; the checker itself never raises because of the learner's code.
The package's tested version is ``parse_prompt_reply(reply, "defensive")``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = ["ExerciseCase", "check_extractor", "exercise_cases"]


@dataclass(frozen=True)
class ExerciseCase:
    """One reply, what it is (``label``), the object to return (None: refuse), and what to look at if wrong."""

    label: str
    reply: str
    expected: dict[str, Any] | None
    hint: str = ""


_TWO = "collect every action object in the reply and refuse unless there is exactly one"
_COUNT = ("count the objects you parsed, not the occurrences of the text \"action\": "
          "prose and string values can say it too")
_BROKEN = ("an object that starts like an action but does not parse (single quotes, a trailing comma, cut off) "
           "is a refusal, not something to skip")
_STRINGS = "braces inside JSON strings are text: let the JSON decoder (raw_decode) find where an object ends"
_FIND = "look for the object inside prose and fences: try to decode at every '{'"

_HAND_WRITTEN: tuple[ExerciseCase, ...] = (
    ExerciseCase("one action inside Chinese prose",
                 '好的，我来查：{"action": "get_weather", "city": "成都"}，请稍等。',
                 {"action": "get_weather", "city": "成都"}, _FIND),
    ExerciseCase("one action in a fence, braces in the prose before it",
                 'Templates look like {city}; here is mine:\n'
                 '```json\n{"action": "get_weather", "city": "Chengdu"}\n```',
                 {"action": "get_weather", "city": "Chengdu"}, _FIND),
    ExerciseCase("the key quoted in prose, then one action",
                 'I will use the "action" key as asked: {"action": "get_weather", "city": "Lhasa"}',
                 {"action": "get_weather", "city": "Lhasa"}, _COUNT),
    ExerciseCase("a string value with braces and the word action",
                 '{"action": "send_note", "text": "next \\"action\\": {\\"action\\": \\"refund\\"} }"}',
                 {"action": "send_note", "text": 'next "action": {"action": "refund"} }'}, _STRINGS),
    ExerciseCase("an unbalanced brace inside a string",
                 'Sure: {"action": "send_note", "text": "smile :-} or :-{ {"}',
                 {"action": "send_note", "text": "smile :-} or :-{ {"}, _STRINGS),
    ExerciseCase("one action with a nested object argument",
                 '{"action": "search_orders", "filter": {"month": "2026-03", "status": "paid"}}',
                 {"action": "search_orders", "filter": {"month": "2026-03", "status": "paid"}}, _STRINGS),
    ExerciseCase("one action and a second object that is not an action",
                 '{"action": "get_weather", "city": "Xi\'an"}\n{"confidence": 0.9}',
                 {"action": "get_weather", "city": "Xi'an"}, "an object without an \"action\" key is not an action"),
    ExerciseCase("two different tools on one line",
                 '{"action": "get_weather", "city": "杭州"} {"action": "get_last_month_total"}', None, _TWO),
    ExerciseCase("the same tool twice with different arguments, prose between",
                 'First: {"action": "get_weather", "city": "Guangzhou"}. Or maybe '
                 '{"action": "get_weather", "city": "Shenzhen"}', None, _TWO),
    ExerciseCase("two fenced blocks with different actions",
                 '```json\n{"action": "get_weather", "city": "Chengdu"}\n```\nor\n'
                 '```json\n{"action": "get_last_month_total"}\n```', None, _TWO),
    ExerciseCase("an action, then a second one in single quotes",
                 '{"action": "get_weather", "city": "Oslo"}\n{\'action\': \'delete_all_orders\'}', None, _BROKEN),
    ExerciseCase("an action, then a second one cut off",
                 '{"action": "get_weather", "city": "Oslo"} {"action": "get_weath', None, _BROKEN),
    ExerciseCase("one action in single quotes", "{'action': 'get_weather', 'city': 'Oslo'}", None, _BROKEN),
    ExerciseCase("one action with a trailing comma", '{"action": "get_weather", "city": "北京",}', None, _BROKEN),
    ExerciseCase("one action cut off mid-value", '{"action": "get_weather", "city": "Shang', None, _BROKEN),
    ExerciseCase("a key given twice", '{"action": "get_weather", "city": "北京", "city": "武汉"}', None,
                 "a key given twice is ambiguous: parse each object with your strict_loads"),
    ExerciseCase("no JSON at all (the format forgotten)", "It is sunny in Chengdu today, around 22°C.", None,
                 "no action object means None"),
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
                cases.append(ExerciseCase(f"a sampled reply with two different actions ({question})", reply, None,
                                          _TWO))
            elif mode == "prose" and len(actions) == 1:
                cases.append(ExerciseCase(f"a sampled reply with one action in prose ({question})", reply,
                                          actions[0], _FIND))
    return cases


def exercise_cases() -> list[ExerciseCase]:
    """Every case the checker runs (hand-written, then sampled from the teaching model)."""
    return [*_HAND_WRITTEN, *_sampled_cases()]


def _short(value: Any, limit: int = 50) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _judge(case: ExerciseCase, extract: Callable[[str], Any]) -> CheckCase:
    expected = "None (refuse)" if case.expected is None else _short(case.expected)
    try:
        returned = extract(case.reply)
    except Exception as error:  # noqa: BLE001 - the learner's bug is reported, not raised
        return CheckCase(case.label, expected, f"raised {type(error).__name__}", False,
                         "the extractor must never raise: a reply it cannot read is a refusal (None)")
    if case.expected is None:
        return CheckCase(case.label, expected, _short(returned), returned is None, "" if returned is None
                         else case.hint)
    if returned == case.expected:
        return CheckCase(case.label, expected, _short(returned), True)
    return CheckCase(case.label, expected, "None" if returned is None else _short(returned), False, case.hint)


def check_extractor(extract: Callable[[str], Any]) -> CheckReport:
    """Run ``extract(reply) -> dict | None`` on every case and report, per case, what went wrong."""
    return CheckReport(tuple(_judge(case, extract) for case in exercise_cases()),
                       verdict="exactly one action, or a refusal")
