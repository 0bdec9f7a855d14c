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
  a key given twice, a cut-off second object, a second action whose
  ``"action"`` is null (it counts: the key is there), a key ``"Action"`` (not
  ``"action"``), and a second action after a long explanation;
- replies freshly sampled from the offline teaching model for questions the
  chapter never asks (its ``two_objects`` and ``prose`` failure modes).

Two identical copies of one action are not checked either way: refusing them
and accepting them can both be defended. A function that raises fails the case
it raised on; the checker itself never raises because of the learner's code.
What is right is what the reference does, worked out after the learner's
function has answered; then both run side by side on generated replies.
The package's tested version is ``parse_prompt_reply(reply, "defensive")``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import Outcome, compare_when_cases_pass, run_all, same_json, short
from fcourse.lab.exercises.generated import replies
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.prompting.parse import parse_prompt_reply

__all__ = ["check_extractor"]

_TWO = "collect every action object in the reply and refuse unless there is exactly one"
_COUNT = ("count the objects you parsed, not the occurrences of the text \"action\": "
          "prose and string values can say it too")
_BROKEN = ("an object that starts like an action but does not parse (single quotes, a trailing comma, cut off) "
           "is a refusal, not something to skip")
_STRINGS = "braces inside JSON strings are text: let the JSON decoder (raw_decode) find where an object ends"
_FIND = "look for the object inside prose and fences: try to decode at every '{'"
_STRICT = "a key given twice is ambiguous: parse each object with your strict_loads"
_KEY = ("an action is an object with the key \"action\", exactly as written; return it as the model wrote it (keys "
        "not changed: \"Action\" is another key, and \"City\" stays \"City\")")
#: prose long enough that an action after it is far from the start of the reply
_LONG = "Let me think about which tool fits before I answer, step by step. " * 12


def _hand_written() -> list[tuple[str, str, str]]:
    """(label, reply, what to look at): replies built to defeat shortcuts, without their verdicts."""
    return [
        ("one action inside Chinese prose", '好的，我来查：{"action": "get_weather", "city": "成都"}，请稍等。',
         _FIND),
        ("one action in a fence, braces in the prose before it",
         'Templates look like {city}; here is mine:\n```json\n{"action": "get_weather", "city": "Chengdu"}\n```',
         _FIND),
        ("the key quoted in prose, then one action",
         'I will use the "action" key as asked: {"action": "get_weather", "city": "Lhasa"}', _COUNT),
        ("a string value with braces and the word action",
         '{"action": "send_note", "text": "next \\"action\\": {\\"action\\": \\"refund\\"} }"}', _STRINGS),
        ("an unbalanced brace inside a string", 'Sure: {"action": "send_note", "text": "smile :-} or :-{ {"}',
         _STRINGS),
        ("one action with a nested object argument",
         '{"action": "search_orders", "filter": {"month": "2026-03", "status": "paid"}}', _STRINGS),
        ("one action and a second object that is not an action",
         '{"action": "get_weather", "city": "Xi\'an"}\n{"confidence": 0.9}',
         "an object without an \"action\" key is not an action"),
        ("a float and a number with an exponent", 'Here: {"action": "convert", "amount": 12.5, "rate": 1E-3}',
         "numbers with a fraction or an exponent are JSON: your strict_loads must accept them"),
        ("an action nested inside another object", 'Result: {"note": {"action": "delete_all_orders"}}',
         "only an object at the top of the reply is an action: after an object, go on after its end (raw_decode "
         "tells you where), not at the next '{' inside it"),
        ("an action written as a JSON string", '"{\\"action\\": \\"get_weather\\", \\"city\\": \\"Oslo\\"}"',
         "a JSON string that holds JSON is text, not an action: do not decode it a second time"),
        ("two different tools on one line",
         '{"action": "get_weather", "city": "杭州"} {"action": "get_last_month_total"}', _TWO),
        ("the same tool twice with different arguments, prose between",
         'First: {"action": "get_weather", "city": "Guangzhou"}. Or maybe '
         '{"action": "get_weather", "city": "Shenzhen"}',
         _TWO),
        ("two fenced blocks with different actions",
         '```json\n{"action": "get_weather", "city": "Chengdu"}\n```\nor\n'
         '```json\n{"action": "get_last_month_total"}\n```',
         _TWO),
        ("an action, then a second one in single quotes",
         '{"action": "get_weather", "city": "Oslo"}\n{\'action\': \'delete_all_orders\'}', _BROKEN),
        ("an action, then a second one cut off", '{"action": "get_weather", "city": "Oslo"} {"action": "get_weath',
         _BROKEN),
        ("one action in single quotes", "{'action': 'get_weather', 'city': 'Oslo'}", _BROKEN),
        ("one action with a trailing comma", '{"action": "get_weather", "city": "北京",}', _BROKEN),
        ("one action cut off mid-value", '{"action": "get_weather", "city": "Shang', _BROKEN),
        ("a key given twice", '{"action": "get_weather", "city": "北京", "city": "武汉"}', _STRICT),
        ("NaN in an action", '{"action": "get_weather", "days": NaN}', _STRICT),
        ("an object whose key is Action, not action", 'Noted: {"Action": "get_weather", "city": "Oslo"}', _KEY),
        ("an action with an argument key in capitals", '{"action": "get_weather", "City": "Oslo"}', _KEY),
        ("an action, then one whose action is null", '{"action": "get_weather", "city": "Oslo"} {"action": null}',
         "every object with an \"action\" key counts, whatever its value (\"\", null): two of them are not "
         "exactly one"),
        ("a second action after a long explanation",
         '{"action": "get_weather", "city": "Oslo"} ' + _LONG + '{"action": "get_last_month_total"}',
         "read the whole reply, however long: a second action can come after a long explanation"),
        ("no JSON at all (the format forgotten)", "It is sunny in Chengdu today, around 22°C.",
         "no action object means None"),
    ]


#: questions the chapter never asks, for sampled replies
_UNSEEN_QUESTIONS = ("深圳明天会下雨吗？", "Is it raining in Chengdu now?")


def _actions(text: str) -> list[dict[str, Any]]:
    from fcourse.prompting.scan import find_candidates, strict_loads

    found = []
    for candidate in find_candidates(text):
        try:
            value = strict_loads(candidate.text)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict) and "action" in value:
            found.append(value)
    return found


@cache
def _sampled_cases() -> list[tuple[str, str, str]]:
    """Replies from the offline teaching model for unseen questions (kept when they hold two different actions, or
    one in prose)."""
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
            actions = _actions(reply)
            if mode == "two_objects" and len(actions) == 2 and actions[0] != actions[1]:
                cases.append((f"a sampled reply with two different actions ({question})", reply, _TWO))
            elif mode == "prose" and len(actions) == 1:
                cases.append((f"a sampled reply with one action in prose ({question})", reply, _FIND))
    return cases


def _judge(outcome: Outcome, wanted: Any, hint: str) -> tuple[str, str | None, str]:
    """(what the learner's function returned, the problem or None, what to look at)."""
    if not outcome.returned:
        return outcome.shown(40), "it raised", "the extractor must never raise: a reply it cannot read is a " \
            "refusal (None)"
    got = "None" if outcome.value is None else short(outcome.value, 50)
    if wanted is None:
        if outcome.value is None:
            return got, None, ""
        return got, "it returned an action where the reference refuses", hint
    if outcome.value is None:
        return got, "it refused a reply with exactly one action", hint
    if not same_json(outcome.value, wanted):
        return got, "it returned another object than the one action", hint
    return got, None, ""


def _generated_hint(reply: str, wanted: Any, got: Any) -> str:
    if wanted is None:
        if reply.count('{"action"') + reply.count("{'action'") >= 2 and "'action'" not in reply:
            return _TWO
        return _BROKEN + "; " + _STRICT if ('"city": "北京", "city"' in reply or "NaN" in reply) else _BROKEN
    if got is not None:
        return _STRINGS
    return _FIND + "; " + _COUNT


def _compare(extract: Callable[[str], Any]) -> Callable[[str], tuple[str, str] | None]:
    def compare(reply: str) -> tuple[str, str] | None:
        outcome = run_all(extract, [((reply,), {})], timeout=10)[0]
        wanted = solutions.extract_action(reply)
        got, problem, hint = _judge(outcome, wanted, _generated_hint(reply, wanted, outcome.value))
        if problem is None:
            return None
        return f"{problem} (yours: {got}; the reference: {'None' if wanted is None else short(wanted, 40)})", hint

    return compare


def check_extractor(extract: Callable[[str], Any]) -> CheckReport:
    """Run ``extract(reply) -> dict | None`` on every case, then on generated replies beside the reference, and
    report, per case, what went wrong."""
    replaced = restore()
    if (early := shortcut(extract, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = [*_hand_written(), *_sampled_cases()]
    outcomes = run_all(extract, [((reply,), {}) for _, reply, _ in cases])
    rows, notes = [], []
    for (label, reply, hint), outcome in zip(cases, outcomes):
        wanted = solutions.extract_action(reply)
        got, problem, look = _judge(outcome, wanted, hint)
        rows.append(CheckCase(label, "None (refuse)" if wanted is None else short(wanted, 50), got, problem is None,
                              look))
        if problem and not notes:
            notes.append(f"first failure: {short(reply, 120, text=True)} - {problem}")
    compare_when_cases_pass(rows, notes, "replies", replies, _compare(extract), examples=40, budget=120)
    return finish(rows, notes, _VERDICT, learner=extract, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "exactly one action, or a refusal"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.extract_action": solutions.extract_action,
    "fcourse.parse_prompt_reply": parse_prompt_reply,
}

keep(__name__)
