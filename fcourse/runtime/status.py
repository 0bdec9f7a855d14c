"""What a domain tells recovery about an idempotency key: the status and the report.

Introduced in chapter 4. The runtime (``fcourse.runtime.recovery``) owns the
decision; the domain owns the fact. This module is the contract between them:
``IdempotencyStatus`` names the three branches of the recovery flow, and a
domain's status lookup answers with a ``StatusReport`` (``fcourse.shop.refunds``
is the course's domain).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

__all__ = ["IdempotencyStatus", "StatusReport"]


class IdempotencyStatus(enum.StrEnum):
    """What the domain can say about an idempotency key: the three branches of the flow."""

    SUCCEEDED = "SUCCEEDED"
    NOT_EXECUTED = "NOT_EXECUTED"
    UNKNOWN = "UNKNOWN"


@dataclass(frozen=True)
class StatusReport:
    """The domain's answer to "what happened to this key?".

    ``result`` is the refund result for ``SUCCEEDED`` (stored, or rebuilt from
    the ledger), ``reason`` a sentence, ``record_state`` the raw record state
    (None: no record), ``ledger_rows`` how many ledger rows the key has (0/1).
    ``arguments_hash`` is the hash recorded for the key (ledger first, then the
    record; None: nothing recorded) and ``arguments_match`` whether it is the
    hash the caller asked about (None: no hash asked about, or nothing recorded).
    A replay is only ever right when ``arguments_match`` is True.
    """

    status: IdempotencyStatus
    idempotency_key: str
    reason: str
    result: dict[str, Any] | None = None
    record_state: str | None = None
    ledger_rows: int = 0
    arguments_hash: str | None = None
    arguments_match: bool | None = None
