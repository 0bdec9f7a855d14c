"""Charts' data: tables, the confusion chart, the xychart text."""

from __future__ import annotations

import pytest

from fcourse.evaluation.charts import Table, _width, confusion_chart, line_chart, percent
from fcourse.lab.diagrams import MERMAID_MIME


def test_percent() -> None:
    assert percent(0.875) == "87.5%" and percent(1.0) == "100%" and percent(0) == "0%"


def test_table_text_aligns_cjk_and_html_escapes() -> None:
    table = Table.of(["a", "b"], [("北京", "<x>"), ("x", "y")], "title")
    lines = table.text().splitlines()
    assert lines[0] == "title"
    # columns line up on screen: a CJK character takes two columns
    assert {_width(line[: line.index("|")]) for line in (lines[1], lines[3], lines[4])} == {5}
    assert "&lt;x&gt;" in table.html() and "<caption>title</caption>" in table.html()
    bundle = table._repr_mimebundle_()
    assert set(bundle) == {"text/plain", "text/html"}


def test_confusion_chart_shades_diagonal_and_mistakes() -> None:
    chart = confusion_chart(["refund_order", "answer"], [[3, 1], [0, 2]])
    html = chart.html()
    assert html.count("rgba(45,106,79,") == 2  # the diagonal, green
    assert html.count("rgba(192,57,43,") == 2  # off the diagonal, red (one of them empty)
    assert "expected refund_order" in chart.text()
    with pytest.raises(ValueError, match="square"):
        confusion_chart(["a"], [[1, 2]])


def test_line_chart_is_xychart_text() -> None:
    chart = line_chart("Accuracy", "tools offered", [2, 4], {"accuracy": [100.0, 87.5]})
    text = chart.text
    assert text.startswith("xychart-beta\n")
    assert 'x-axis "tools offered" ["2", "4"]' in text
    assert "line [100, 87.5]" in text
    assert chart._repr_mimebundle_()[MERMAID_MIME] == text
    two = line_chart("T", "x", ["a"], {"native": [1], "prompt": [2]}).text
    assert 'title "T (native vs prompt)"' in two and two.count("line [") == 2
    with pytest.raises(ValueError, match="2 values for 1"):
        line_chart("T", "x", ["a"], {"s": [1, 2]})
