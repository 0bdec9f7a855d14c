"""The cost estimate: arithmetic from token usage, k runs and a margin."""

from __future__ import annotations

import pytest

import fcourse
from fcourse.evaluation.cases import load_cases
from fcourse.evaluation.cost import EXAMPLE_PRICES, Price, estimate_cost
from fcourse.evaluation.harness import run_cases


def test_arithmetic() -> None:
    usage = [{"prompt_tokens": 1000, "completion_tokens": 100}, {"prompt_tokens": 3000, "completion_tokens": 300}]
    price = Price(input_per_million=2.0, output_per_million=10.0)
    estimate = estimate_cost(usage, price, k=5, margin=0.0)
    assert estimate.requests == 10
    assert estimate.prompt_tokens == 20_000 and estimate.completion_tokens == 2_000
    assert estimate.cost == pytest.approx((20_000 * 2 + 2_000 * 10) / 1e6)
    with_margin = estimate_cost(usage, price, k=5, margin=0.5)
    assert with_margin.cost == pytest.approx(estimate.cost * 1.5)
    assert "+50%" in with_margin.table().text()


def test_bad_inputs() -> None:
    with pytest.raises(ValueError):
        Price(-1, 1)
    with pytest.raises(ValueError):
        estimate_cost([], Price(1, 1), k=0)
    with pytest.raises(ValueError):
        estimate_cost([], Price(1, 1), margin=-0.1)
    assert estimate_cost([], Price(1, 1)).cost == 0


def test_from_an_offline_report() -> None:
    client, model = fcourse.connect("offline", quiet=True)
    report = run_cases(load_cases("reference"), client, model)
    estimate = estimate_cost(report, EXAMPLE_PRICES["example-small"], k=3)
    usage = report.usage()
    assert estimate.requests == 12
    assert estimate.prompt_tokens == round(usage["prompt_tokens"] * 3 * 1.25)
    assert estimate.cost > 0
