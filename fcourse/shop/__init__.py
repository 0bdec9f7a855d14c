"""The example business the runtime serves: a shop with orders and refunds.

- ``refunds``  — the SQLite refund domain: the ledger and the idempotency records
- ``faults``   — the order service that injects timeouts, crashes and outages on purpose
- ``demo``     — the scenarios (one world per fault) and ``python -m fcourse demo``
- ``order_history`` — dated orders and month totals by SQL (chapter 1's hook: the truth is ¥0)
"""
