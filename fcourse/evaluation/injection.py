"""Dynamic tool injection: offer each request only the tools it seems to need, and measure it.

Introduced in chapter 3 (the checklist of the training article, one of the original articles: "a
few tools, injected per scene"). Offering every tool on every request makes similar tools compete,
and every description costs prompt tokens. The alternative is a step *before* the model: rank
the catalogue's descriptions against the request and offer only the best ``k``.

:func:`retrieve_tools` ranks with a multilingual sentence encoder (the same Universal Sentence
Encoder the teaching model reads whole requests with, shipped in its wheel), over each tool's
description and parameter descriptions, never its name. That is what tool-retrieval systems
do with an embedding model; it is also why the experiment is not independent of the teaching
model here: both read the same vectors. :func:`injection_curve` runs the chapter's harness on
the distractor cases twice per catalogue size - all ``n`` tools offered, and the top ``k`` -
and keeps the *recall* (did the tool a case needs survive the cut?) and the prompt tokens.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any

from fcourse.evaluation.cases import Case, CaseSet, load_cases
from fcourse.evaluation.grading import verdict
from fcourse.evaluation.harness import Verdict, run_cases
from fcourse.evaluation.metrics import Report

__all__ = ["Injection", "injection_curve", "retrieve_tools"]


def retrieve_tools(request: str, tools: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """The ``k`` tools whose descriptions read most like ``request`` (ties keep the catalogue's order)."""
    from fcourse.teaching.reading.sentences import sentence_similarities, tool_text

    if k >= len(tools):
        return copy.deepcopy(tools)
    scores = sentence_similarities(request, tuple(tool_text(t["function"]) for t in tools))
    order = sorted(range(len(tools)), key=lambda i: (-scores[i], i))[:k]
    return [copy.deepcopy(tools[i]) for i in sorted(order)]


@dataclass(frozen=True)
class Injection:
    """Per catalogue size: the harness offering every tool, and offering the top ``k`` retrieved."""

    k: int
    sizes: tuple[int, ...]
    everything: tuple[Report, ...]
    injected: tuple[Report, ...]
    recall: tuple[float, ...]  # share of calling cases whose needed tools were all among the k offered

    def rows(self) -> list[tuple[Any, ...]]:
        """size, accuracy with all tools, with the top k, recall, prompt tokens of each."""
        out = []
        for n, a, b, r in zip(self.sizes, self.everything, self.injected, self.recall):
            out.append((n, f"{a.passed}/{len(a)}", f"{b.passed}/{len(b)}", f"{r:.0%}",
                        a.usage().get("prompt_tokens", 0), b.usage().get("prompt_tokens", 0)))
        return out


def _needed_survive(case: Case, offered: list[dict[str, Any]]) -> bool:
    names = {t["function"]["name"] for t in offered}
    return all(call.name in names for call in case.calls)


def injection_curve(client: Any = None, model: str | None = None, *, k: int = 3, cases: CaseSet | None = None,
                    sizes: tuple[int, ...] | None = None, grade: Verdict = verdict) -> Injection:
    """Run the distractor cases with all ``n`` tools offered, then with the top ``k`` of those ``n``.

    ``grade`` gives each reply its verdict, as in :func:`run_cases` (chapter 3 passes the learner's judge).
    """
    data = cases if cases is not None else load_cases("distractors")
    base, extra = data[0].tool_list(), list(data.extra.get("distractors", []))
    sizes = tuple(sizes or data.extra.get("tool_counts", (2, 4, 8, 16)))
    everything, injected, recall = [], [], []
    for n in sizes:
        catalogue = base + copy.deepcopy(extra[: n - len(base)])
        offered_all = [replace(case, tools=tuple(catalogue)) for case in data]
        offered_top = [replace(case, tools=tuple(retrieve_tools(case.user, catalogue, k))) for case in data]
        everything.append(run_cases(offered_all, client, model, grade=grade))
        injected.append(run_cases(offered_top, client, model, grade=grade))
        calling = [c for c in offered_top if c.kind == "call"]
        recall.append(sum(_needed_survive(c, list(c.tools)) for c in calling) / len(calling) if calling else 1.0)
    return Injection(k, sizes, tuple(everything), tuple(injected), tuple(recall))
