"""The measured sweep: many sampled replies, three parsers, three outcomes each.

Introduced in chapter 1. ``run_sweep`` asks the chapter's questions (seed ``i``
asks question ``i % len(questions)``) with the prompt-hack system prompt, at a
temperature above 0 and ``seed=i`` for ``i`` in ``0..n-1``, through the real
``openai`` client. Each reply is parsed by every strategy and scored against
the question's one right call:

``right``     parsed and right: the call the user asked for;
``loud``      failed loudly: the parser refused, so the program knows it has nothing;
``wrong``     parsed but wrong: a call came out, but not the one asked for -
              dangerous, because the program would execute it;
``invented``  an invented answer shown: the reply forgot the format and is
              plain text, so the loop shows it to the user as the answer
              (:func:`fcourse.prompting.loop.answers_in_prose`); every sweep
              question needs a tool, so that text is made up - the ¥3,280
              lesson, and no parser can catch it.

The same client, model and arguments give the same counts (the teaching model
samples from ``seed`` and the request), which the tests check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fcourse.prompting.demo import SWEEP_QUESTIONS, TOOLS, Question
from fcourse.prompting.loop import action_prompt, answers_in_prose
from fcourse.prompting.parse import STRATEGIES, ParsedReply, parse_prompt_reply

__all__ = ["OUTCOMES", "OUTCOME_LABELS", "SweepReply", "SweepResult", "classify", "learner_parser", "run_sweep"]

#: the four outcomes, in the order tables show them
OUTCOMES: tuple[str, ...] = ("right", "loud", "wrong", "invented")

#: how tables and charts name the outcomes
OUTCOME_LABELS: dict[str, str] = {"right": "parsed and right", "loud": "failed loudly", "wrong": "parsed but wrong",
                                  "invented": "invented answer shown"}


def classify(parsed: ParsedReply, expected: Mapping[str, Any], reply: str | None = None) -> str:
    """The outcome of one parse of ``reply`` against the right call ``{"name", "arguments"}``.

    A refusal is ``"loud"``, unless the reply is plain text the loop shows as the answer: ``"invented"``.
    """
    if not parsed.ok:
        return "invented" if reply is not None and answers_in_prose(reply) else "loud"
    right = parsed.name == expected["name"] and dict(parsed.arguments) == dict(expected["arguments"])
    return "right" if right else "wrong"


@dataclass(frozen=True)
class SweepReply:
    """One sampled reply: which seed and question produced it, and what the model wrote."""

    seed: int
    question: Question
    reply: str
    finish_reason: str


@dataclass(frozen=True)
class SweepResult:
    """Every reply of a sweep, and each strategy's parse of it."""

    replies: tuple[SweepReply, ...]
    strategies: tuple[str, ...]
    temperature: float
    checked_against_tools: bool
    parsed: tuple[tuple[ParsedReply, ...], ...]

    @property
    def n(self) -> int:
        """How many replies were sampled."""
        return len(self.replies)

    def outcomes(self, strategy: str) -> list[str]:
        """The outcome of each reply under ``strategy``, in seed order."""
        index = self.strategies.index(strategy)
        return [classify(p[index], r.question.expected, r.reply)
                for r, p in zip(self.replies, self.parsed, strict=True)]

    def counts(self) -> dict[str, dict[str, int]]:
        """``{strategy: {outcome: count}}`` with every outcome present (0 when none)."""
        table = {}
        for strategy in self.strategies:
            found = self.outcomes(strategy)
            table[strategy] = {outcome: found.count(outcome) for outcome in OUTCOMES}
        return table

    def examples(self, strategy: str, outcome: str) -> list[tuple[SweepReply, ParsedReply]]:
        """The replies that ``strategy`` scored as ``outcome``, with its parse."""
        index = self.strategies.index(strategy)
        return [
            (reply, parsed[index])
            for reply, parsed, found in zip(self.replies, self.parsed, self.outcomes(strategy), strict=True)
            if found == outcome
        ]

    def with_strategy(self, name: str, parse: Callable[[str], ParsedReply]) -> SweepResult:
        """The same replies with one more strategy, ``parse(reply) -> ParsedReply`` (no new requests)."""
        parsed = tuple((*row, parse(reply.reply)) for reply, row in zip(self.replies, self.parsed, strict=True))
        return SweepResult(self.replies, (*self.strategies, name), self.temperature, self.checked_against_tools,
                           parsed)

    def reparsed(self, tools: Sequence[Mapping[str, Any]] | None) -> SweepResult:
        """The same replies parsed again, checked against ``tools`` (None: no schema check). No new requests."""
        parsed = tuple(
            tuple(parse_prompt_reply(r.reply, s, tools=tools) for s in self.strategies) for r in self.replies
        )
        return SweepResult(self.replies, self.strategies, self.temperature, tools is not None, parsed)


def learner_parser(
    extract: Callable[[str], Any],
    validate: Callable[[dict[str, Any], Any], list[str]] | None = None,
    tools: Sequence[Mapping[str, Any]] = TOOLS,
    name: str = "yours",
) -> Callable[[str], ParsedReply]:
    """A sweep strategy from chapter 1's exercises: ``extract(reply) -> action | None``, then ``validate``.

    ``validate(action, tools)`` returns the problems (``[]``: the action may run). A function that raises
    is a refusal here, so one bad case cannot stop a sweep; its checker has already said where.
    """
    def parse(reply: str) -> ParsedReply:
        try:
            action = extract(reply)
            problems = [] if action is None or validate is None else list(validate(action, list(tools)))
        except Exception as error:  # noqa: BLE001 - the learner's code is measured, never trusted to run clean
            return ParsedReply(False, name, error=f"raised {type(error).__name__}", code="NOT_JSON")
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            return ParsedReply(False, name, error="refused: no single action", code="NOT_JSON")
        if problems:
            return ParsedReply(False, name, error="; ".join(map(str, problems)), code="INVALID_ARGUMENTS")
        arguments = {key: value for key, value in action.items() if key != "action"}
        return ParsedReply(True, name, name=action["action"], arguments=arguments)

    return parse


def run_sweep(
    client: Any,
    model: str,
    n: int = 240,
    *,
    temperature: float = 1.0,
    questions: Sequence[Question] = SWEEP_QUESTIONS,
    tools: Sequence[Mapping[str, Any]] = TOOLS,
    strategies: Sequence[str] = STRATEGIES,
    check_tools: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> SweepResult:
    """Sample ``n`` replies (seeds ``0..n-1``) and parse each with every strategy.

    ``check_tools=False`` parses without the tools' schemas (only "is there one
    action object?"). ``progress(done, n)`` is called after each reply (for a
    progress bar); it must not print anything that changes between runs.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    if temperature <= 0:
        raise ValueError("the sweep samples: temperature must be above 0")
    system = {"role": "system", "content": action_prompt(tools)}
    replies = []
    for seed in range(n):
        question = questions[seed % len(questions)]
        response = client.chat.completions.create(
            model=model,
            messages=[system, {"role": "user", "content": question.text}],
            temperature=temperature,
            seed=seed,
        )
        choice = response.choices[0]
        replies.append(SweepReply(seed, question, choice.message.content or "", str(choice.finish_reason)))
        if progress is not None:
            progress(seed + 1, n)
    empty = SweepResult(tuple(replies), tuple(strategies), float(temperature), check_tools, ())
    return empty.reparsed(tools if check_tools else None)
