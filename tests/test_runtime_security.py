"""fcourse.runtime.security: the one-import view re-exports the identity, confirmation and audit modules."""

from __future__ import annotations

import fcourse
from fcourse.runtime import audit, confirmation, identity, security


def test_security_re_exports_the_three_modules_objects() -> None:
    assert security.Session is identity.Session and security.arguments_hash is identity.arguments_hash
    assert security.ConfirmationGate is confirmation.ConfirmationGate
    assert security.AuditLog is audit.AuditLog and security.AuditEntry is audit.AuditEntry
    assert sorted(security.__all__) == ["AuditEntry", "AuditLog", "ConfirmationGate", "Session", "arguments_hash"]


def test_the_facade_exports_the_audit_log_and_the_confirmation_gate() -> None:
    assert fcourse.AuditLog is audit.AuditLog
    assert fcourse.ConfirmationGate is confirmation.ConfirmationGate
    assert fcourse.Session is identity.Session
