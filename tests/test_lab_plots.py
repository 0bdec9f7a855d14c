"""fcourse.lab.plots: PNG charts whose text states the numbers drawn, byte-stable between runs."""

from __future__ import annotations

import base64

import pytest

from fcourse.lab.plots import Plot, bar_chart, cumulative, heatmap, line_plot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_a_line_plot_is_a_png_whose_text_lists_every_series() -> None:
    plot = line_plot("Accuracy", "tools offered", [2, 4, 8], {"all": [100, 83.3, 75.0], "retrieved": [100, 90, 90]})
    assert isinstance(plot, Plot) and plot.png.startswith(PNG_MAGIC)
    assert plot.summary.splitlines() == [
        "Accuracy (accuracy (%) by tools offered: 2, 4, 8)",
        "  all: 100, 83.3, 75",
        "  retrieved: 100, 90, 90",
    ]
    bundle = plot._repr_mimebundle_()
    assert base64.b64decode(bundle["image/png"]) == plot.png and bundle["text/plain"] == plot.summary


def test_the_same_chart_gives_the_same_bytes() -> None:
    make = lambda: line_plot("t", "x", [1, 2], {"a": [1.0, 2.0]}, y_range=None)  # noqa: E731
    assert make().png == make().png


def test_a_long_series_is_summarised_by_its_last_point() -> None:
    plot = line_plot("Doubles", "try", list(range(1, 201)), {"naive": cumulative([1] * 200)}, step=True,
                     y_label="double refunds so far", y_range=None)
    assert plot.summary.splitlines()[1] == "  naive: 200 (last point)"


def test_a_heatmap_names_the_diagonal_and_every_mistake() -> None:
    plot = heatmap("Confusion", ["a", "b", "ask"], [[3, 1, 0], [0, 2, 0], [0, 0, 4]])
    assert plot.png.startswith(PNG_MAGIC)
    assert plot.summary.splitlines() == ["Confusion: 9 of 10 on the diagonal (expected = got)",
                                         "  expected a, got b: 1"]


@pytest.mark.parametrize(("call", "message"), [
    (lambda: line_plot("t", "x", [1, 2], {"a": [1.0]}), "has 1 values for 2"),
    (lambda: line_plot("t", "x", [1], {}), "at least one series"),
    (lambda: heatmap("t", ["a", "b"], [[1, 0]]), "square"),
])
def test_bad_input_is_refused_with_the_reason(call, message: str) -> None:  # noqa: ANN001
    with pytest.raises(ValueError, match=message):
        call()


def test_cumulative_is_a_running_total() -> None:
    assert cumulative([0, 1, 0, 2]) == [0, 1, 1, 3] and cumulative([]) == []


def test_a_bar_chart_is_a_png_whose_text_lists_each_group_and_is_byte_stable() -> None:
    make = lambda: bar_chart("Injected reviews", "set-up", ["off", "on"],  # noqa: E731
                             {"proposals": [0, 12], "handler runs": [0, 0]}, y_label="reviews or calls")
    plot = make()
    assert plot.png.startswith(PNG_MAGIC) and plot.png == make().png
    assert plot.summary.splitlines() == ["Injected reviews (reviews or calls by set-up)",
                                         "  off: proposals 0, handler runs 0", "  on: proposals 12, handler runs 0"]
    with pytest.raises(ValueError, match="2 values for 3 groups"):
        bar_chart("t", "x", ["a", "b", "c"], {"s": [1, 2]})
    with pytest.raises(ValueError, match="at least one series"):
        bar_chart("t", "x", ["a"], {})
