"""What every checker shares: calling the learner's code out of the checker's reach, catching what it must never
do, and comparing it with the reference on generated inputs.

Introduced in chapter 0 with the first checker; every chapter's checkers use it.

- :func:`run_all` calls the learner's function on a list of inputs in a worker thread of its own, *before*
  the checker works out what the right answers are: a function that reads the caller's stack
  (``inspect.stack()``, ``sys._getframe``) finds its own thread's frames and, in every other thread, no
  expected value, because none exists yet. A call that does not return within ``timeout`` seconds is
  reported, not waited for.
- :func:`changed` says where a value differs from a deep copy taken before the call: the learner's code must
  not edit the caller's tools, messages, arguments or session.
- :func:`assert_lines` finds the ``assert`` statements in the learner's code (their function, the functions
  nested in it and the functions of their own it calls): ``python -O`` removes every one, so a check written as
  an ``assert`` is no check there.
- :func:`first_difference` runs a comparison (the learner's answer against the reference's, on the same
  input) on inputs drawn by a ``hypothesis`` strategy, with a fixed seed so a report is reproducible, and
  returns the first input where they differ, shrunk by hypothesis to a small example. Hidden cases anticipate
  the mistakes someone thought of; generated inputs find the ones nobody did (a cache keyed by tool name, a
  float that is refused, a key folded to lower case). ``budget`` caps how many inputs may be compared in all,
  shrinking included, so a checker stays within a few seconds.

hypothesis is imported when a comparison runs, not when fcourse is imported.
"""

from __future__ import annotations

import copy
import dis
import inspect
import json
import threading
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.report import CheckCase

__all__ = [
    "SEED",
    "Difference",
    "Outcome",
    "assert_lines",
    "changed",
    "compare_when_cases_pass",
    "first_difference",
    "generated_row",
    "run_all",
    "same_json",
    "short",
    "snapshot",
]

#: the generator's seed: the same inputs, in the same order, on every run and every machine
SEED = 39


@dataclass(frozen=True)
class Outcome:
    """One call of the learner's function: what it returned, or what it raised, or that it never returned."""

    value: Any = None
    error: BaseException | None = None
    timed_out: bool = False

    @property
    def returned(self) -> bool:
        """It returned (neither raised nor hung)."""
        return self.error is None and not self.timed_out

    def shown(self, limit: int = 60) -> str:
        """What happened, in a few words: the value, ``raised KeyError: ...`` or ``did not return``."""
        if self.timed_out:
            return "did not return"
        if self.error is not None:
            return short(f"raised {type(self.error).__name__}: {self.error}", limit, text=True)
        return short(self.value, limit)


def run_all(function: Callable[..., Any], calls: Sequence[tuple[tuple[Any, ...], dict[str, Any]]],
            timeout: float = 30.0) -> list[Outcome]:
    """``function(*args, **kwargs)`` for each call, one after the other, in one worker thread.

    The checker's frames hold the inputs only while the learner's code runs: the expected answers are
    worked out afterwards. Returns one :class:`Outcome` per call; if the calls together take longer than
    ``timeout`` seconds, the one running then and those after it are ``timed_out`` (the thread is left to
    finish on its own: Python cannot stop it).
    """
    done: list[Outcome] = []

    def work() -> None:
        for args, kwargs in calls:
            try:
                done.append(Outcome(function(*args, **kwargs)))
            except BaseException as error:  # noqa: BLE001 - the learner's failure is reported, not raised
                done.append(Outcome(error=error))

    worker = threading.Thread(target=work, name="fcourse-learner-code", daemon=True)
    worker.start()
    worker.join(timeout)
    finished = list(done)
    return finished + [Outcome(timed_out=True)] * (len(calls) - len(finished))


def short(value: Any, limit: int = 60, *, text: bool = False) -> str:
    """``value`` as one line of at most ``limit`` characters (JSON where it can be, else ``repr``)."""
    if text:
        shown = str(value)
    else:
        try:
            shown = json.dumps(value, ensure_ascii=False, allow_nan=True)
        except (TypeError, ValueError):
            shown = repr(value)
    shown = " ".join(shown.split())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values, types included: ``1`` is not ``True`` or ``1.0``, ``"3"`` is not ``3``, a
    dict's key order does not count, a list's does."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[key], b[key]) for key in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and a != a:  # NaN is not equal to itself, but it is the same value here
        return b != b
    return bool(a == b)


def changed(before: Any, after: Any, where: str = "") -> str | None:
    """The first place (``[0].function.parameters``) where ``after`` differs from the copy ``before``; None if
    it is the same."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            if key not in after or key not in before:
                return f"{where}[{key!r}]"
            found = changed(before[key], after[key], f"{where}[{key!r}]")
            if found:
                return found
        return None
    if isinstance(before, list) and isinstance(after, list):
        for index, (x, y) in enumerate(zip(before, after)):
            found = changed(x, y, f"{where}[{index}]")
            if found:
                return found
        return None if len(before) == len(after) else f"{where} (its length)"
    if callable(before) or callable(after):
        return None if before is after else where or "it"
    return None if same_json(before, after) else (where or "it")


def snapshot(value: Any) -> Any:
    """A deep copy of the data in ``value``, to compare with after the learner's call; functions and other objects
    that are not data (a handler) are kept as they are."""
    if isinstance(value, dict):
        return {key: snapshot(item) for key, item in value.items()}
    if isinstance(value, list):
        return [snapshot(item) for item in value]
    if isinstance(value, tuple):
        return tuple(snapshot(item) for item in value)
    return value if callable(value) else copy.deepcopy(value)


def assert_lines(function: Any) -> list[int]:
    """The line numbers of the ``assert`` statements in ``function``, the code nested in it, and the functions it
    names that were defined where it was (the learner's own helpers); [] when there are none.

    An ``assert`` compiles to an instruction that loads ``AssertionError`` (``LOAD_ASSERTION_ERROR``), which
    ``python -O`` leaves out with the whole statement: this looks for that instruction, so it finds an assert
    however it is written, and nothing else.
    """
    lines: list[int] = []
    seen: set[int] = set()
    stack = [function]
    while stack:
        current = stack.pop()
        if id(current) in seen or not inspect.isfunction(current) or current.__module__ != function.__module__:
            continue
        seen.add(id(current))
        codes = [current.__code__]
        while codes:
            code = codes.pop()
            codes.extend(const for const in code.co_consts if isinstance(const, types.CodeType))
            lines += [instruction.positions.lineno or 0 for instruction in dis.get_instructions(code)
                      if instruction.opname == "LOAD_ASSERTION_ERROR" and instruction.positions]
            stack.extend(current.__globals__.get(name) for name in code.co_names)
    return sorted(set(lines))


@dataclass(frozen=True)
class Difference:
    """The first generated input where the learner's code and the reference disagree, after shrinking."""

    shown: str
    problem: str
    hint: str
    tried: int


class _Differs(Exception):
    """Raised inside the hypothesis test when the comparison finds a difference."""


def first_difference(strategy: Any, compare: Callable[[Any], tuple[str, str] | None], *,
                     show: Callable[[Any], str] = repr, examples: int = 25, budget: int = 80,
                     seed: int = SEED) -> tuple[Difference | None, int]:
    """Compare on ``examples`` inputs drawn from ``strategy``; ``(the first difference, shrunk, or None; how many
    inputs were compared)``.

    ``compare(value)`` runs the learner's code and the reference on ``value`` and returns None when they agree,
    else ``(what differed, what to look at)``. It must be deterministic for a given value: the results are
    remembered per input (by ``repr``), which also keeps hypothesis's final replay of the shrunk example
    free. Once ``budget`` distinct inputs have been compared, new inputs count as agreeing, so shrinking
    stops at the smallest difference found so far.
    """
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as fixed_seed

    results: dict[str, tuple[str, str] | None] = {}
    found: list[tuple[Any, tuple[str, str]]] = []

    def probe(value: Any) -> None:
        key = repr(value)
        if key not in results:
            if len(results) >= budget:
                return
            results[key] = compare(value)
        result = results[key]
        if result is not None:
            found.append((value, result))
            raise _Differs

    test = given(strategy)(probe)
    test = settings(max_examples=examples, database=None, deadline=None, derandomize=False,
                    phases=(Phase.generate, Phase.shrink), suppress_health_check=list(HealthCheck),
                    verbosity=Verbosity.quiet, report_multiple_bugs=False, print_blob=False)(test)
    test = fixed_seed(seed)(test)
    try:
        test()
    except _Differs:
        pass
    if not found:
        return None, len(results)
    value, (problem, hint) = found[-1]  # hypothesis replays the shrunk example last
    return Difference(show(value), problem, hint, len(results)), len(results)


def generated_row(label: str, difference: Difference | None, tried: int, notes: list[str]) -> CheckCase:
    """The report row of a comparison on generated inputs; a difference also adds a note with the input."""
    name = f"{label} ({tried} generated, seed {SEED})"
    if difference is None:
        return CheckCase(name, "what the reference does", "the same on every one", True)
    notes.append(f"first generated input where yours differs (shrunk): {difference.shown} - {difference.problem}")
    return CheckCase(name, "what the reference does", "differs: " + short(difference.shown, 50, text=True), False,
                     difference.hint)


def compare_when_cases_pass(rows: list[CheckCase], notes: list[str], what: str, strategy: Callable[[], Any],
                            compare: Callable[[Any], tuple[str, str] | None], **options: Any) -> None:
    """Once every case in ``rows`` passed, compare with the reference on generated ``what`` (``strategy()`` draws
    them; ``options`` go to :func:`first_difference`) and add the row; until then, a note that the comparison waits."""
    if all(row.passed for row in rows):
        difference, tried = first_difference(strategy(), compare, **options)
        rows.append(generated_row(f"generated {what}", difference, tried, notes))
    else:
        notes.append(f"generated {what} are compared with the reference once every case above passes")
