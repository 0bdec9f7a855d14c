"""Chapter 4's own diagrams: the refund through a real payment provider.

Introduced in chapter 4, in the section beyond the seed: what changes when the
refund leaves our database and goes to a payment provider's API. The text is
built with mermaid-py's sequence builders and shown with
:class:`fcourse.lab.diagrams.MermaidDiagram` (offline, byte-stable); see that
module for why ``mermaid.Mermaid`` is never constructed.
"""

from __future__ import annotations

from collections.abc import Sequence

from mermaid.sequence import ArrowTypes, Link, Note, NotePosition, Participant, SequenceDiagram

from fcourse.lab.diagrams import MermaidDiagram

__all__ = ["provider_sequence"]


def provider_sequence(
    retry_delays: Sequence[float],
    key: str = "refund-O-100-a1",
    title: str = "A refund through a payment provider",
) -> MermaidDiagram:
    """The refund's round trips with a provider: the key header, retries after backoff, reconciliation.

    ``retry_delays`` are the waits (seconds) before each retry, as a backoff
    with jitter computed them; every attempt but the last times out, the
    last gets the provider's *stored* answer for the key. A reconciliation
    job then compares the provider's report with the ledger.
    """
    if not retry_delays:
        raise ValueError("provider_sequence needs at least one retry delay")
    runtime = Participant("Runtime")
    domain = Participant("Refund domain")
    provider = Participant("Provider")
    job = Participant("Reconciliation job")
    request = f"POST /v1/refunds · Idempotency-Key {key}"
    elements: list[object] = [
        runtime,
        domain,
        provider,
        job,
        Link(runtime, domain, ArrowTypes.SOLID_ARROW, f"refund_order, key {key}"),
        Note("claim the key (BEGIN IMMEDIATE) · state IN_PROGRESS", domain, NotePosition.RIGHT_OF),
        Link(domain, provider, ArrowTypes.SOLID_ARROW, request),
        Note("the provider refunds and stores its answer under the key", provider, NotePosition.RIGHT_OF),
        Link(provider, domain, ArrowTypes.DOTTED_CROSS, "answer lost · timeout"),
    ]
    for attempt, delay in enumerate(retry_delays, start=1):
        elements.append(
            Note(f"retry {attempt} after {delay:.2f}s (backoff with jitter)", domain, NotePosition.RIGHT_OF)
        )
        elements.append(Link(domain, provider, ArrowTypes.SOLID_ARROW, f"{request} (same key)"))
        if attempt < len(retry_delays):
            elements.append(Link(provider, domain, ArrowTypes.DOTTED_CROSS, "timeout"))
    elements += [
        Link(provider, domain, ArrowTypes.DOTTED_ARROW, "200 · the stored refund re_1 (no second refund)"),
        Note("ledger row + state SUCCEEDED, one transaction", domain, NotePosition.RIGHT_OF),
        Link(domain, runtime, ArrowTypes.DOTTED_ARROW, "SUCCESS · refund re_1"),
        Link(job, provider, ArrowTypes.SOLID_ARROW, "list yesterday's refunds (report or webhooks)"),
        Link(job, domain, ArrowTypes.SOLID_ARROW, "compare with the ledger"),
        Note("IN_PROGRESS + provider has it → SUCCEEDED · provider lacks it, stale → NOT_EXECUTED",
             job, NotePosition.LEFT_OF),
    ]
    return MermaidDiagram(SequenceDiagram(title, elements).script)  # type: ignore[arg-type]
