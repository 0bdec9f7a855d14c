"""Sessions, confirmation and audit, as one import (chapter 4): see the three modules that own them.

``fcourse.runtime.identity`` (``Session``, ``arguments_hash``),
``fcourse.runtime.confirmation`` (``ConfirmationGate``) and
``fcourse.runtime.audit`` (``AuditLog``, ``AuditEntry``). This module only
re-exports them, so code written against the older single module still runs.
"""

from __future__ import annotations

from fcourse.runtime.audit import AuditEntry, AuditLog
from fcourse.runtime.confirmation import ConfirmationGate
from fcourse.runtime.identity import Session, arguments_hash

__all__ = ["AuditEntry", "AuditLog", "ConfirmationGate", "Session", "arguments_hash"]
