"""The order history: month totals by SQL, last month for the demo user is ¥0."""

from __future__ import annotations

from datetime import date

import pytest

from fcourse.shop.order_history import DEMO_TODAY, DEMO_USER, MonthTotal, OrderHistory, previous_month


def test_last_month_for_the_demo_user_is_zero() -> None:
    history = OrderHistory.demo()
    total = history.last_month_total(DEMO_USER)
    assert DEMO_TODAY == date(2026, 4, 14)
    assert total == MonthTotal(DEMO_USER, "2026-03", 0, 0) and total.yuan == "¥0.00"


def test_month_totals_are_per_user_and_per_calendar_month() -> None:
    history = OrderHistory.demo()
    assert history.month_total(DEMO_USER, 2026, 2).total_cents == 5_990 + 23_500
    assert history.month_total("U-2002", 2026, 3) == MonthTotal("U-2002", "2026-03", 50_700, 2)
    assert str(history.month_total(DEMO_USER, 2026, 2)) == "U-1001 2026-02: 2 order(s), total ¥294.90"


def test_add_and_rows_on_a_file(tmp_path) -> None:
    history = OrderHistory(str(tmp_path / "orders.db"))
    history.add("X-1", "U-9", date(2025, 12, 31), 100)
    history.add("X-2", "U-9", "2026-01-01", 250)
    assert history.last_month_total("U-9", date(2026, 1, 20)).total_cents == 100
    assert [r["order_id"] for r in history.rows("U-9")] == ["X-1", "X-2"]
    history.close()


def test_bad_orders_are_refused() -> None:
    history = OrderHistory()
    with pytest.raises(ValueError):
        history.add("X", "U", "2026-02-30", 100)
    with pytest.raises(Exception, match="CHECK"):
        history.add("Y", "U", "2026-02-03", 0)
    assert history.rows() == []


def test_previous_month_wraps_the_year() -> None:
    assert previous_month(date(2026, 1, 5)) == (date(2025, 12, 1), date(2026, 1, 1))
    assert previous_month(date(2026, 4, 14)) == (date(2026, 3, 1), date(2026, 4, 1))
