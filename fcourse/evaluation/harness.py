"""The evaluation harness: run cases against the active backend and grade every reply.

Introduced in chapter 3::

    import fcourse
    client, model = fcourse.connect()
    report = fcourse.run_cases(fcourse.load_cases("selection"), client, model)
    report.summary()            # accuracy, per language, unnecessary vs wrong calls, pass^k

Each case goes through the real ``openai`` SDK client, exactly as a learner's
own request would: ``client.chat.completions.create(model=..., messages=...,
tools=...)``. Nothing is special-cased for the teaching model, so the same call
measures a provider (set ``FCOURSE_BACKEND=openai``). A request that fails
(a provider's 400, a timeout) becomes a result with verdict ``error``; the run
goes on.

``k`` runs each case k times (pass^k). The teaching model is deterministic, so
on it k = 1 says everything; a provider samples, so k = 3..5 shows how often a
case that passed once fails on a retry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from fcourse.evaluation.cases import Case
from fcourse.evaluation.grading import classify_text, parse_arguments, verdict
from fcourse.evaluation.metrics import CaseResult, Report

__all__ = ["Classifier", "Verdict", "grade_message", "run_case", "run_cases"]

#: decides ``ask`` or ``answer`` for a reply without tool calls: (content, tools) -> kind
Classifier = Callable[[str | None, Any], str]
#: grades one reply: (case, kind, calls as (name, parsed arguments)) -> a verdict of ``grading.VERDICTS``
Verdict = Callable[[Case, str, list[tuple[str, Any]]], str]


def _get(obj: Any, key: str) -> Any:
    return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)


def _usage(response: Any) -> dict[str, int]:
    usage = _get(response, "usage")
    out: dict[str, int] = {}
    for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
        value = _get(usage, key) if usage is not None else None
        if isinstance(value, int):
            out[key] = value
    return out


def grade_message(case: Case, message: Any, classify: Classifier = classify_text, run: int = 0,
                  usage: dict[str, int] | None = None, grade: Verdict = verdict) -> CaseResult:
    """Grade one assistant message (an SDK object or a dict) against ``case`` (``grade`` gives the verdict)."""
    tool_calls = _get(message, "tool_calls") or []
    content = _get(message, "content")
    if tool_calls:
        calls = tuple(
            (str(_get(_get(c, "function"), "name")), parse_arguments(_get(_get(c, "function"), "arguments")))
            for c in tool_calls
        )
        kind = "call"
    else:
        calls, kind = (), classify(content, case.tools)
    return CaseResult(case=case, kind=kind, calls=calls, content=content, verdict=grade(case, kind, list(calls)),
                      run=run, usage=dict(usage or {}))


def run_case(case: Case, client: Any, model: str, *, run: int = 0, classify: Classifier = classify_text,
             grade: Verdict = verdict, **params: Any) -> CaseResult:
    """Send one case through ``client`` and grade the reply (API errors become verdict ``error``)."""
    try:
        response = client.chat.completions.create(
            model=model, messages=case.messages(), tools=case.tool_list(), **params
        )
    except Exception as error:  # noqa: BLE001 - an API error is a figure of the run, not a crash
        return CaseResult(case=case, kind="error", verdict="error", run=run,
                          error=f"{type(error).__name__}: {error}")
    message = response.choices[0].message
    return grade_message(case, message, classify, run, _usage(response), grade)


def run_cases(cases: Iterable[Case], client: Any = None, model: str | None = None, *, k: int = 1,
              classify: Classifier = classify_text, grade: Verdict = verdict, **params: Any) -> Report:
    """Run every case ``k`` times on ``client``/``model`` and return the graded :class:`Report`.

    Without a client, connects to the active backend (``fcourse.connect(quiet=True)``).
    ``grade`` gives each reply its verdict (``grading.verdict`` by default; chapter 3's learner
    plugs in the one they wrote). Other keyword arguments (``temperature``, ``seed``, ``parallel_tool_calls`` ...)
    go to every request. Run ``r`` of a case is sent with ``seed=r`` when you pass
    ``seed="per-run"``, so a seeded sampler gives k different samples.
    """
    if k < 1:
        raise ValueError("k must be at least 1")
    if client is None:
        from fcourse.client import connect

        client, model = connect(quiet=True)
    if model is None:
        raise ValueError("pass the model name with the client (client, model = fcourse.connect())")
    per_run_seed = params.get("seed") == "per-run"
    results = []
    for case in cases:
        for run in range(k):
            extra = dict(params)
            if per_run_seed:
                extra["seed"] = run
            results.append(run_case(case, client, model, run=run, classify=classify, grade=grade, **extra))
    return Report(results=tuple(results), k=k, model=model)
