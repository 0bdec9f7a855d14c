"""Sweep table, chart and progress bar: figures come from the result, text is stable."""

from __future__ import annotations

import base64

from fcourse.client import connect
from fcourse.lab.sweep_views import OUTCOME_HATCHES, ProgressBar, SweepChart, SweepTable
from fcourse.prompting.sweep import OUTCOME_LABELS, OUTCOMES, run_sweep


def test_table_and_chart_show_the_computed_counts() -> None:
    result = run_sweep(*connect(backend="offline", quiet=True), 30)
    counts = result.counts()
    table = SweepTable(result).text()
    chart = SweepChart(result)
    for strategy, row in counts.items():
        assert f"{row['right']} (" in table.split(strategy, 1)[1].splitlines()[0]
        line = next(line for line in chart.text().splitlines() if line.startswith(strategy))
        assert line.endswith(f"{row['right']} parsed and right · {row['loud']} failed loudly · "
                             f"{row['wrong']} parsed but wrong · {row['invented']} invented answer shown")
    assert "30 sampled replies (temperature 1, seeds 0..29)" in table
    assert SweepTable(result)._repr_mimebundle_()["text/html"].count("<tr>") == 4


def test_the_chart_is_a_png_with_labelled_axes_a_legend_and_hatched_bars() -> None:
    result = run_sweep(*connect(backend="offline", quiet=True), 30)
    chart = SweepChart(result)
    bundle = chart._repr_mimebundle_()
    png = base64.b64decode(bundle["image/png"])
    assert png.startswith(b"\x89PNG") and bundle["text/plain"] == chart.text()
    assert chart.png() == png  # the same bytes every time: no timestamp, no version
    axes = chart.figure().axes[0]
    assert axes.get_xlabel() == "sampled replies (of 30)" and axes.get_ylabel() == "parsing strategy"
    assert [t.get_text() for t in axes.get_legend().get_texts()] == [OUTCOME_LABELS[o] for o in OUTCOMES]
    assert len(set(OUTCOME_HATCHES.values())) == len(OUTCOMES)  # each outcome its own hatch, for greyscale
    assert [t.get_text() for t in axes.get_yticklabels()] == list(result.strategies)


def test_progress_bar_text_is_fixed_while_its_value_moves() -> None:
    bar = ProgressBar(10, "sampling")
    before = bar.placeholder()
    bar.update(4)
    assert bar.value == 4 and bar.placeholder() == before == "progress bar: sampling, 10 steps (live in JupyterLab)"
    bar.update(12, 12)
    assert bar.widget.max == 12
