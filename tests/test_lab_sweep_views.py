"""Sweep table, chart and progress bar: figures come from the result, text is stable."""

from __future__ import annotations

from fcourse.client import connect
from fcourse.lab.sweep_views import ProgressBar, SweepChart, SweepTable
from fcourse.prompting.sweep import run_sweep


def test_table_and_chart_show_the_computed_counts() -> None:
    result = run_sweep(*connect(backend="offline", quiet=True), 30)
    counts = result.counts()
    table = SweepTable(result).text()
    chart = SweepChart(result, width=30).text()
    for strategy, row in counts.items():
        assert f"{row['right']} (" in table.split(strategy, 1)[1].splitlines()[0]
        line = next(line for line in chart.splitlines() if line.startswith(strategy))
        bar = line.split("|")[1]
        assert len(bar) == 30
        assert (bar.count("X") > 0) == (row["wrong"] > 0)
        assert line.endswith(f"{row['right']} right · {row['loud']} loud · {row['wrong']} wrong")
    assert "30 sampled replies (temperature 1, seeds 0..29)" in table
    assert SweepTable(result)._repr_mimebundle_()["text/html"].count("<tr>") == 4
    assert "width:" in SweepChart(result).html()


def test_progress_bar_text_is_fixed_while_its_value_moves() -> None:
    bar = ProgressBar(10, "sampling")
    before = bar.placeholder()
    bar.update(4)
    assert bar.value == 4 and bar.placeholder() == before == "progress bar: sampling, 10 steps (live in JupyterLab)"
    bar.update(12, 12)
    assert bar.widget.max == 12
