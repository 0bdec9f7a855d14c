"""The shop's order history on SQLite: the private data a text model cannot know.

Introduced in chapter 1 (the hook). Asked "what was my order total last
month?", a model without tools invents a confident figure (¥3,280 in the
source story). The truth is a query away, in the shop's own database: this
module keeps dated orders per user and sums a calendar month with real SQL.

The refund domain's ``orders`` table (:mod:`fcourse.shop.refunds`, chapter 4)
has no order dates, so the history lives in its own table here, on a
connection opened by :func:`fcourse.db.connect` (``":memory:"`` by default).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, date, datetime

from fcourse.clock import DEMO_EPOCH
from fcourse.db import open_database, transaction

__all__ = ["DEMO_ORDERS", "DEMO_TODAY", "DEMO_USER", "MonthTotal", "OrderHistory", "previous_month"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS order_history (
    order_id     TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL,
    placed_on    TEXT NOT NULL CHECK (date(placed_on) IS placed_on),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    currency     TEXT NOT NULL DEFAULT 'CNY'
);
CREATE INDEX IF NOT EXISTS order_history_by_user_day ON order_history (user_id, placed_on);
"""

#: the logged-in user of the chapter-1 shop
DEMO_USER = "U-1001"

#: "today" in the demo: the day the source post was published (``fcourse.clock.DEMO_EPOCH``)
DEMO_TODAY: date = datetime.fromtimestamp(DEMO_EPOCH, UTC).date()

#: (order id, user, day placed, amount in cents): U-1001 ordered in January and February, not in March
DEMO_ORDERS: tuple[tuple[str, str, str, int], ...] = (
    ("H-0107", DEMO_USER, "2026-01-07", 12_800),
    ("H-0219", DEMO_USER, "2026-02-19", 5_990),
    ("H-0228", DEMO_USER, "2026-02-28", 23_500),
    ("H-0305", "U-2002", "2026-03-05", 41_900),
    ("H-0331", "U-2002", "2026-03-31", 8_800),
    ("H-0402", DEMO_USER, "2026-04-02", 6_600),
)


def previous_month(today: date) -> tuple[date, date]:
    """The first day of the month before ``today``'s, and the first day of ``today``'s month."""
    first = today.replace(day=1)
    start = first.replace(year=first.year - 1, month=12) if first.month == 1 else first.replace(month=first.month - 1)
    return start, first


@dataclass(frozen=True)
class MonthTotal:
    """One user's orders in one calendar month, summed by the database."""

    user_id: str
    month: str
    total_cents: int
    orders: int
    currency: str = "CNY"

    @property
    def yuan(self) -> str:
        """The total as the shop writes it: ``¥0.00``."""
        return f"¥{self.total_cents / 100:,.2f}"

    def __str__(self) -> str:
        return f"{self.user_id} {self.month}: {self.orders} order(s), total {self.yuan}"


class OrderHistory:
    """Dated orders per user in SQLite, with month totals computed by SQL."""

    def __init__(self, path: str = ":memory:") -> None:
        self.conn: sqlite3.Connection = open_database(path)
        self.conn.executescript(SCHEMA)

    @classmethod
    def demo(cls, path: str = ":memory:") -> OrderHistory:
        """A history holding :data:`DEMO_ORDERS`."""
        history = cls(path)
        for order_id, user_id, day, cents in DEMO_ORDERS:
            history.add(order_id, user_id, day, cents)
        return history

    def add(self, order_id: str, user_id: str, placed_on: date | str, amount_cents: int,
            currency: str = "CNY") -> None:
        """Record one order (``placed_on`` as a date or ``YYYY-MM-DD``; an impossible day is a ValueError)."""
        # date.fromisoformat refuses 2026-02-30, which SQLite's date() would let through
        day = (placed_on if isinstance(placed_on, date) else date.fromisoformat(str(placed_on))).isoformat()
        with transaction(self.conn):
            self.conn.execute(
                "INSERT INTO order_history (order_id, user_id, placed_on, amount_cents, currency) "
                "VALUES (?, ?, ?, ?, ?)",
                (order_id, user_id, day, int(amount_cents), currency),
            )

    def month_total(self, user_id: str, year: int, month: int) -> MonthTotal:
        """The sum of ``user_id``'s orders placed in ``year``-``month`` (0 when there are none)."""
        start = date(year, month, 1)
        end = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
        total, count = self.conn.execute(
            "SELECT COALESCE(SUM(amount_cents), 0), COUNT(*) FROM order_history "
            "WHERE user_id = ? AND placed_on >= ? AND placed_on < ?",
            (user_id, start.isoformat(), end.isoformat()),
        ).fetchone()
        return MonthTotal(user_id, f"{year:04d}-{month:02d}", int(total), int(count))

    def last_month_total(self, user_id: str, today: date = DEMO_TODAY) -> MonthTotal:
        """The total for the calendar month before ``today``'s (the question in chapter 1's hook)."""
        start, _ = previous_month(today)
        return self.month_total(user_id, start.year, start.month)

    def rows(self, user_id: str | None = None) -> list[dict[str, object]]:
        """The orders (of one user, or all), oldest first, as plain dicts."""
        sql = "SELECT order_id, user_id, placed_on, amount_cents, currency FROM order_history"
        params: tuple[str, ...] = ()
        if user_id is not None:
            sql, params = sql + " WHERE user_id = ?", (user_id,)
        return [dict(row) for row in self.conn.execute(sql + " ORDER BY placed_on, order_id", params)]

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()
