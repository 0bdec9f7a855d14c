"""The example business the runtime serves: a shop with orders and refunds.

- ``refunds``      — the refund flow: exactly one refund per idempotency key, across crashes and processes
- ``ledger``       — orders and the append-only refund ledger (the truth of what was refunded)
- ``idempotency``  — the idempotency records (who holds a key, what to replay), kept apart from the ledger
- ``faults``       — the order service that injects timeouts, crashes and outages on purpose
- ``world``        — the chapter-4 world: domain, service, registry, audit, gate and runtime on one database
- ``scenarios``    — the seven refund scenarios through the real runtime
- ``demo``         — ``python -m fcourse demo refund``
- ``order_history`` — dated orders and month totals by SQL (chapter 1's hook: the truth is ¥0)
"""
