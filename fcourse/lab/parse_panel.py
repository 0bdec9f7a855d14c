"""Chapter 1's failure gallery and parse panel: a raw reply beside what each strategy makes of it.

Introduced in chapter 1. Both ask the model for a prompt-hack reply with one
failure mode picked explicitly (the teaching model's
``extra_body={"fcourse": {"failure_mode": ...}}``; ``"sampled"`` lets the seed
choose at temperature 1), then parse it with every strategy against the
chapter's tools (:mod:`fcourse.prompting.demo`).

The panel follows :class:`fcourse.lab.panels.Panel`: controls on top, then
ordinary outputs updated in place, so its default state is plain cell output
that nbval compares, and tests drive ``panel.controls[...]`` from Python.
The failure modes are the teaching model's; a provider ignores or rejects
the ``fcourse`` extension, so use ``"sampled"`` there.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets

from fcourse.lab.panels import Panel
from fcourse.prompting.demo import SWEEP_QUESTIONS, TOOLS, Question
from fcourse.prompting.loop import action_prompt
from fcourse.prompting.parse import STRATEGIES, ParsedReply, parse_prompt_reply
from fcourse.prompting.sweep import OUTCOME_LABELS, classify
from fcourse.teaching.deciding.failure_modes import FAILURE_MODES

__all__ = ["SAMPLED", "GalleryView", "ParseView", "Sample", "failure_gallery", "parse_panel", "sample_reply"]

#: the panel's choice that leaves the failure mode to the seed
SAMPLED = "sampled"


@dataclass(frozen=True)
class Sample:
    """One reply and each strategy's parse of it, scored against the question's right call."""

    question: Question
    mode: str
    seed: int
    reply: str
    finish_reason: str
    parsed: tuple[ParsedReply, ...]

    def outcome(self, parsed: ParsedReply) -> str:
        """``right`` / ``loud`` / ``wrong`` / ``invented`` for one strategy's parse."""
        return classify(parsed, self.question.expected, self.reply)


def sample_reply(client: Any, model: str, question: Question, mode: str = SAMPLED, seed: int = 0,
                 strategies: Sequence[str] = STRATEGIES, temperature: float = 1.0) -> Sample:
    """Ask ``question`` with the prompt hack in failure ``mode`` (or sampled) and parse the reply every way."""
    create: dict[str, Any] = {"temperature": temperature, "seed": int(seed)}
    if mode != SAMPLED:
        create["extra_body"] = {"fcourse": {"failure_mode": mode}}
    messages = [{"role": "system", "content": action_prompt(TOOLS)}, {"role": "user", "content": question.text}]
    choice = client.chat.completions.create(model=model, messages=messages, **create).choices[0]
    reply = choice.message.content or ""
    parsed = tuple(parse_prompt_reply(reply, s, tools=TOOLS) for s in strategies)
    return Sample(question, mode, int(seed), reply, str(choice.finish_reason), parsed)


#: JupyterLab right-aligns table cells by default; these tables read left to right
_TD = "<td style='text-align:left;vertical-align:top'>"


def _cell(sample: Sample, parsed: ParsedReply) -> str:
    return f"[{OUTCOME_LABELS[sample.outcome(parsed)]}] {parsed.summary()}"


class ParseView:
    """One sample: the raw reply, then one line per strategy."""

    def __init__(self, sample: Sample) -> None:
        self.sample = sample

    def text(self) -> str:
        """The ``text/plain`` form (what nbval compares)."""
        s = self.sample
        lines = [f"question: {s.question.text}", f"right call: {_call_text(s.question.expected)}",
                 f"failure mode: {s.mode}, seed {s.seed}, finish_reason {s.finish_reason}", "raw reply:"]
        lines += [f"  | {line}" for line in s.reply.splitlines() or [""]]
        lines += [f"{p.strategy:9} {_cell(s, p)}" for p in s.parsed]
        return "\n".join(lines)

    def html(self) -> str:
        """The ``text/html`` form: the reply and the strategies side by side."""
        s = self.sample
        esc = html.escape
        rows = "".join(
            f"<tr>{_TD}<code>{esc(p.strategy)}</code></td>{_TD}{esc(OUTCOME_LABELS[s.outcome(p)])}</td>"
            f"{_TD}<code>{esc(p.summary())}</code></td></tr>"
            for p in s.parsed
        )
        return (
            f"<p><b>question</b> {esc(s.question.text)} &nbsp; <b>right call</b> "
            f"<code>{esc(_call_text(s.question.expected))}</code><br><b>failure mode</b> <code>{esc(s.mode)}</code>, "
            f"seed {s.seed}, finish_reason <code>{esc(s.finish_reason)}</code></p>"
            f"<div style='display:flex;gap:1em;align-items:flex-start'>"
            f"<pre style='min-width:18em;max-width:28em;white-space:pre-wrap'>{esc(s.reply)}</pre>"
            f"<table><thead><tr><th>strategy</th><th>outcome</th><th>what it made of the reply</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
        )

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def _call_text(call: dict[str, Any]) -> str:
    return f"{call['name']} {json.dumps(call['arguments'], ensure_ascii=False, sort_keys=True)}"


class GalleryView:
    """Several samples (one per failure mode), one row each."""

    def __init__(self, samples: Sequence[Sample]) -> None:
        self.samples = list(samples)

    def text(self) -> str:
        """The ``text/plain`` gallery."""
        blocks = []
        for s in self.samples:
            lines = [f"── {s.mode} " + "─" * max(0, 40 - len(s.mode)),
                     f"reply: {json.dumps(s.reply, ensure_ascii=False)}"]
            lines += [f"  {p.strategy:9} {_cell(s, p)}" for p in s.parsed]
            blocks.append("\n".join(lines))
        return "\n".join(blocks)

    def html(self) -> str:
        """The ``text/html`` gallery: mode, raw reply, then one column per strategy."""
        esc = html.escape
        strategies = [p.strategy for p in self.samples[0].parsed] if self.samples else []
        head = "".join(f"<th>{esc(name)}</th>" for name in strategies)
        body = ""
        for s in self.samples:
            cells = "".join(
                f"<td style='text-align:left;vertical-align:top;"
                f"color:{'#c0392b' if s.outcome(p) in ('wrong', 'invented') else 'inherit'}'>"
                f"<b>{esc(OUTCOME_LABELS[s.outcome(p)])}</b><br><code>{esc(p.summary())}</code></td>"
                for p in s.parsed
            )
            body += (f"<tr>{_TD}<code>{esc(s.mode)}</code></td>{_TD}<pre style='white-space:pre-wrap;"
                     f"min-width:16em;max-width:24em;margin:0'>{esc(s.reply)}</pre></td>{cells}</tr>")
        return f"<table><thead><tr><th>mode</th><th>raw reply</th>{head}</tr></thead><tbody>{body}</tbody></table>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def failure_gallery(client: Any, model: str, question: Question = SWEEP_QUESTIONS[0], seed: int = 0,
                    modes: Sequence[str] = FAILURE_MODES) -> GalleryView:
    """Every failure mode for one question: the raw reply and each strategy's outcome."""
    return GalleryView([sample_reply(client, model, question, mode, seed) for mode in modes])


def parse_panel(client: Any = None, model: str | None = None, mode: str = "two_objects", seed: int = 0,
                question: int = 0, questions: Sequence[Question] = SWEEP_QUESTIONS) -> Panel:
    """Pick a failure mode, a seed and a question; see the raw reply and the three strategies side by side.

    ``client``/``model`` default to ``fcourse.connect(quiet=True)``. The result
    area is one :class:`ParseView`; ``panel.result`` is the :class:`Sample`.
    """
    if client is None or model is None:
        from fcourse.client import connect

        client, model = connect(quiet=True)
    options = [SAMPLED, *FAILURE_MODES]
    if mode not in options:
        raise ValueError(f"mode must be one of {options}, not {mode!r}")
    choices = [(q.text, index) for index, q in enumerate(questions)]
    controls = {
        "mode": ipywidgets.Dropdown(options=options, value=mode, description="failure mode",
                                    style={"description_width": "initial"}),
        "seed": ipywidgets.BoundedIntText(value=int(seed), min=0, max=10_000, description="seed"),
        "question": ipywidgets.Dropdown(options=choices, value=int(question), description="question",
                                        style={"description_width": "initial"}),
    }
    asked = list(questions)
    return Panel(
        controls,
        compute=lambda v: sample_reply(client, model, asked[v["question"]], v["mode"], v["seed"]),
        render=lambda sample: [ParseView(sample)],
        name="parse-panel",
        slots=1,
    )
