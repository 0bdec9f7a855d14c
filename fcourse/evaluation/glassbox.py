"""Reading the teaching model's decision record, and what a black box can and cannot show.

Introduced in chapter 3. ``Connection.explain(messages, tools)`` returns the
teaching model's record of one decision; :func:`decision_tables` turns it into
two small tables (the score of each tool with the words that carried it, and
where each argument came from). It reads the record defensively - fields it does
not find are shown as ``-`` - so a richer record from a newer teaching model
still displays.

A hosted model has no such record. :data:`EVIDENCE` is the series' table (one of the original articles) of the
three kinds of evidence about *why* a model calls tools, plus a fourth this course
adds (a glass-box model's own record, which explains that model and no other), and
:func:`evidence_table` shows it beside what this chapter's own experiments observed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fcourse.evaluation.charts import Table

__all__ = ["EVIDENCE", "decision_tables", "evidence_table", "record_of"]

#: (kind of evidence, what it can show, what it cannot show) - the series, part 3, plus the glass box this course adds
EVIDENCE: tuple[tuple[str, str, str], ...] = (
    ("published methods (Toolformer, Gorilla papers)",
     "that public methods exist to train tool calling (self-labelled API calls, fine-tuning with retrieved docs)",
     "that any given commercial model was trained that way"),
    ("vendor documentation (OpenAI, June 2023; Structured Outputs)",
     "that those models were fine-tuned for function calling, and that strict schemas add constrained decoding",
     "anything about other vendors or later models: it is limited to what was announced"),
    ("black-box behaviour through the API (this chapter's experiments)",
     "what goes in and what comes out: swapping two descriptions flips the routing, ids stay right",
     "the training data, the training stages, the reward method: unknown unless the vendor says so"),
    ("a glass-box model's own record (the teaching model's decision record)",
     "why this model chose: each tool's score, the words that carried it, where each value came from",
     "anything about a hosted model: a rule-based reader's reasons are not how a trained model decides"),
)


def record_of(explanation: Mapping[str, Any]) -> Mapping[str, Any]:
    """The record inside an ``explain`` answer (or the record itself)."""
    inner = explanation.get("record")
    return inner if isinstance(inner, Mapping) else explanation


def _terms(row: Mapping[str, Any], limit: int) -> str:
    terms = row.get("top_terms") or []
    parts = []
    for term in terms[:limit]:
        if isinstance(term, Mapping):
            word = term.get("surface") or term.get("term") or "?"
            where = term.get("from")
            share = term.get("contribution")
            text = f"{word}" + (f" ({where})" if where and where != "user" else "")
            parts.append(f"{text} +{share:g}" if isinstance(share, int | float) else text)
    if row.get("words_and_sentence_agree"):  # chosen because words and meaning agree (teaching/agreement.py)
        parts.append(f"and {row['words_and_sentence_agree']}")
    return ", ".join(parts) or "-"


def decision_tables(explanation: Mapping[str, Any], terms: int = 3) -> tuple[Table, Table]:
    """(tools table, arguments table) for one decision record.

    Tools: name, score, whether it fits, the words that carried it (and from where:
    the user, or the runtime's context). Arguments: parameter, value, source, how.
    """
    record = record_of(explanation)
    chosen = set(record.get("chosen") or [])
    tool_rows = []
    for row in record.get("tools") or []:
        if not isinstance(row, Mapping):
            continue
        score = row.get("score")
        tool_rows.append((
            row.get("name", "?"),
            f"{score:.3f}" if isinstance(score, int | float) else "-",
            "yes" if row.get("fits") else "no",
            "chosen" if row.get("name") in chosen else "",
            _terms(row, terms),
        ))
    kind = record.get("kind", "?")
    reason = record.get("reason", "")
    tools = Table.of(["tool", "score", "fits", "", "words that carried it"], tool_rows,
                     f"decision: {kind} - {reason}")
    arg_rows = [
        (a.get("tool", "-"), a.get("param", "-"), a.get("value", "-"), a.get("source", "-"), a.get("how", "-"))
        for a in record.get("arguments") or [] if isinstance(a, Mapping)
    ]
    missing = record.get("missing") or {}
    for tool, params in (missing.items() if isinstance(missing, Mapping) else []):
        for param in params:
            arg_rows.append((tool, param, "(missing)", "nowhere", "asked back"))
    arguments = Table.of(["tool", "parameter", "value", "source", "how"], arg_rows, "where each argument came from")
    return tools, arguments


def evidence_table(observed: Sequence[str] | None = None) -> Table:
    """The series' three kinds of evidence; ``observed`` adds one cell per kind (what this run saw)."""
    columns = ["evidence", "can show", "cannot show"]
    rows: list[tuple[str, ...]] = [tuple(row) for row in EVIDENCE]
    if observed is not None:
        if len(observed) != len(rows):
            raise ValueError(f"observed needs one entry per kind of evidence ({len(rows)})")
        columns.append("observed here")
        rows = [(*row, cell) for row, cell in zip(rows, observed)]
    return Table.of(columns, rows)
