"""What a harness run costs on a provider, estimated from token usage before you pay for it.

Introduced in chapter 3. Run the cases once on the teaching model (free, offline):
its ``usage`` counts tokens with a rough rule (one per word, CJK character or
punctuation mark), close enough to budget with. Multiply by the number of runs
``k`` and by the provider's prices::

    report = fcourse.run_cases(cases)                      # offline, free
    estimate = fcourse.estimate_cost(report, Price(input_per_million=0.15,
                                                  output_per_million=0.60), k=5)

Prices change and differ by provider and model, so fcourse ships **no real price
list**: :data:`EXAMPLE_PRICES` holds round example numbers only to show the
arithmetic. Put in the prices from your provider's pricing page. A provider's
tokenizer counts differently (Chinese often takes more tokens per character),
and its replies can be longer, so :func:`estimate_cost` adds a ``margin``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from fcourse.evaluation.charts import Table

__all__ = ["EXAMPLE_PRICES", "CostEstimate", "Price", "estimate_cost"]


@dataclass(frozen=True)
class Price:
    """Price per million tokens, in one currency, for input (prompt) and output (completion)."""

    input_per_million: float
    output_per_million: float
    currency: str = "USD"

    def __post_init__(self) -> None:
        if self.input_per_million < 0 or self.output_per_million < 0:
            raise ValueError("prices cannot be negative")


#: EXAMPLE numbers only (not any provider's current price): replace them with your provider's
EXAMPLE_PRICES: dict[str, Price] = {
    "example-small": Price(0.15, 0.60),
    "example-large": Price(2.50, 10.00),
}


@dataclass(frozen=True)
class CostEstimate:
    """Tokens and money for ``requests`` requests, with the margin already applied."""

    requests: int
    prompt_tokens: int
    completion_tokens: int
    cost: float
    currency: str
    margin: float

    def table(self) -> Table:
        """The estimate as a small table."""
        return Table.of(["requests", "prompt tokens", "completion tokens", f"cost ({self.currency})", "margin"],
                        [(self.requests, self.prompt_tokens, self.completion_tokens, f"{self.cost:.6f}",
                          f"+{self.margin * 100:g}%")])

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return self.table()._repr_mimebundle_()


def _usages(source: Any) -> list[Mapping[str, Any]]:
    results = getattr(source, "results", None)
    if results is not None:  # a Report: one usage per result
        return [r.usage for r in results]
    return [dict(u) for u in source]


def estimate_cost(usage: Any, price: Price, *, k: int = 1, margin: float = 0.25) -> CostEstimate:
    """Cost of repeating the requests behind ``usage`` ``k`` times at ``price``, plus ``margin``.

    ``usage`` is a :class:`~fcourse.evaluation.metrics.Report` (each result's
    usage) or an iterable of usage dicts (``prompt_tokens``, ``completion_tokens``).
    """
    if k < 1:
        raise ValueError("k must be at least 1")
    if margin < 0:
        raise ValueError("margin cannot be negative")
    usages: Iterable[Mapping[str, Any]] = _usages(usage)
    prompt = completion = requests = 0
    for u in usages:
        requests += 1
        prompt += int(u.get("prompt_tokens", 0) or 0)
        completion += int(u.get("completion_tokens", 0) or 0)
    scale = k * (1 + margin)
    prompt_t, completion_t = round(prompt * scale), round(completion * scale)
    cost = (prompt_t * price.input_per_million + completion_t * price.output_per_million) / 1_000_000
    return CostEstimate(requests * k, prompt_t, completion_t, cost, price.currency, margin)
