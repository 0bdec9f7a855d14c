"""The runtime chapter 4 teaches: the model proposes, this code decides.

- ``registry``  — tool definitions, the checks before a handler runs, structured errors as data
- ``recovery``  — what to do after a side-effecting tool fails, decided by idempotency status
- ``breaker``   — a circuit breaker that probes with a health check, never a real action
- ``security``  — session identity, confirmation tokens and the audit trail
"""
