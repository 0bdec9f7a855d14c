"""The runtime chapter 4 teaches: the model proposes, this code decides.

- ``registry``      — the registry: registered tools, and the one door every proposed call goes through
- ``tools``         — tool definitions checked at registration; JSON Schemas derived from typed functions
- ``arguments``     — what a model sent, turned into JSON data as JSON defines it (or why not)
- ``checks``        — the checks before a handler runs: permission, schema, availability, confirmation
- ``responses``     — ``ToolResponse`` and the error codes: every outcome as data
- ``recovery``      — after a side-effecting tool fails: ask the domain, then replay, retry once, or wait
- ``status``        — the contract between recovery and a domain: ``IdempotencyStatus``, ``StatusReport``
- ``breaker``       — a circuit breaker that probes with a health check, never a real action
- ``identity``      — the session: who calls, set by the application; the arguments hash
- ``confirmation``  — single-use confirmation tokens for high-risk calls
- ``audit``         — the append-only audit log, written before a handler runs
- ``security``      — ``identity``, ``confirmation`` and ``audit`` as one import

The runtime imports nothing from ``fcourse.shop`` or ``fcourse.lab``.
"""
