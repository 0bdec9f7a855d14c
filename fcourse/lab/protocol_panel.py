"""The protocol-mistakes panel: pick a mistake, see the transcript, the endpoint's answer and the diagram.

Introduced in chapter 2 (the native tools protocol). Every run is real: the
question "What's the weather in Beijing and Shanghai?" goes to the model with a
weather tool, the model proposes two calls, and the program then builds the
next request *with one mistake* (or none) and sends it. The panel shows

1. what happened: the endpoint's real answer (HTTP 400 and its message, or the
   model's reply) and, for the mistakes the API accepts, the damage measured
   on that reply;
2. the transcript inspector's table, with the linter's flags;
3. the sequence diagram drawn from the same messages.

Headless (nbval, CI), the default mistake's output is ordinary cell output.
"""

from __future__ import annotations

import html
import json
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets

from fcourse.lab.diagrams import MermaidDiagram, conversation_sequence
from fcourse.lab.panels import Panel
from fcourse.protocol.messages import call_parts
from fcourse.protocol.transcript import Transcript

__all__ = [
    "DEFAULT_MISTAKE",
    "DEMO_QUESTION",
    "DEMO_TOOLS",
    "DEMO_WEATHER",
    "MISTAKES",
    "MistakeRun",
    "MistakeView",
    "protocol_panel",
    "run_mistake",
]

DEMO_QUESTION = "What's the weather in Beijing and Shanghai?"
DEMO_WEATHER = {"Beijing": "Cloudy, 25°C", "Shanghai": "Light rain, 22°C"}
DEMO_TOOLS = [{
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city (demo data).",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name, e.g. Beijing"}},
            "required": ["city"],
            "additionalProperties": False,
        },
    },
}]
#: what the failing weather service's exception says (a made-up internal address and key)
_LEAK = "https://weather.internal:8443/v2/now?key=sk-demo-7f3a"

#: mistake key -> label shown in the dropdown, in the order the chapter presents them
MISTAKES = {
    "none": "no mistake (every call answered by id)",
    "forget_tool_message": "forget the tool message",
    "answer_as_user": "send the result as role user",
    "wrong_id": "answer with the wrong tool_call_id",
    "unparsed_arguments": "don't parse arguments",
    "first_call_only": "execute only the first call",
    "tool_raises": "tool raises: feed the traceback back",
}
DEFAULT_MISTAKE = "forget_tool_message"


def _weather(city: str) -> str:
    return DEMO_WEATHER.get(city, f"no demo weather data for {city}")


def _unreachable_weather_service(city: str) -> str:
    raise ConnectionError(f"weather service unreachable: GET {_LEAK}&city={city}")


def _traceback_text(error: BaseException) -> str:
    """The traceback a naive loop would send, with paths relative to the package (same on every machine)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep
    return "".join(traceback.format_exception(error)).replace(root, "")


def _tool(call_id: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def _build(mistake: str, question: dict[str, Any], proposal: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """The next request's messages with ``mistake`` made, and how many calls the program executed."""
    calls = [call_parts(call) for call in proposal.get("tool_calls") or []]
    parsed = [(i, n, json.loads(a)) for i, n, a in calls]
    if mistake == "none":
        return [question, proposal, *(_tool(i, _weather(**a)) for i, _, a in parsed)], len(calls)
    if mistake == "forget_tool_message":
        return [question, proposal], 0
    if mistake == "answer_as_user":
        return [question, proposal, *({"role": "user", "content": _weather(**a)} for _, _, a in parsed)], len(calls)
    if mistake == "wrong_id":  # a counter instead of the model's ids
        return [question, proposal, *(_tool(f"call_{k}", _weather(**a)) for k, (_, _, a) in enumerate(parsed, 1))], \
            len(calls)
    if mistake == "unparsed_arguments":  # the JSON text itself handed to the tool as the city
        return [question, proposal, *(_tool(i, _weather(raw)) for i, _, raw in calls)], len(calls)
    if mistake == "first_call_only":  # the assistant message rebuilt around tool_calls[0]
        first = proposal["tool_calls"][0]
        rebuilt = {"role": "assistant", "content": None, "tool_calls": [first]}
        return [question, rebuilt, _tool(parsed[0][0], _weather(**parsed[0][2]))], 1
    if mistake == "tool_raises":
        out = [question, proposal]
        for call_id, _, arguments in parsed:
            try:
                content = _unreachable_weather_service(**arguments)
            except ConnectionError as error:
                content = _traceback_text(error)
            out.append(_tool(call_id, content))
        return out, len(calls)
    raise ValueError(f"unknown mistake {mistake!r}; choose one of {', '.join(MISTAKES)}")


@dataclass(frozen=True)
class MistakeRun:
    """One real run with one mistake: what was sent, what the endpoint answered, the damage."""

    mistake: str
    sent: list[dict[str, Any]]
    status: int
    answer: str | None
    error: str | None
    proposed_calls: int
    executed_calls: int
    damage: str

    @property
    def transcript(self) -> Transcript:
        """The messages sent, plus the model's answer when the endpoint accepted them."""
        messages = self.sent + ([{"role": "assistant", "content": self.answer}] if self.status == 200 else [])
        return Transcript(messages, title=f"transcript: {MISTAKES[self.mistake]}")

    def diagram(self) -> MermaidDiagram:
        """The sequence diagram of the same messages; a refused request ends in a note saying so."""
        diagram = conversation_sequence(self.transcript.messages, title=MISTAKES[self.mistake], limit=70)
        if self.status == 200:
            return diagram
        return MermaidDiagram(diagram.text.rstrip("\n") + f"\n\tNote over model,program: HTTP {self.status} - "
                              "the request was refused, the model never saw it\n")


def _damage(mistake: str, answer: str, sent: list[dict[str, Any]], proposed: int, executed: int) -> str:
    facts = [city for city, weather in DEMO_WEATHER.items() if weather in answer]
    if mistake == "tool_raises":
        leaked = sum(len(m["content"]) for m in sent if m.get("role") == "tool")
        sent_key = any(_LEAK in str(m.get("content")) for m in sent if m.get("role") == "tool")
        shown = ("repeats the service's address and key to the user" if _LEAK in answer else
                 "does not show the key, but nothing stops a model from repeating what it was sent")
        return (f"accepted: the model received {leaked} characters of traceback"
                f"{', the service address and key among them' if sent_key else ''}, and its answer {shown}; "
                f"nothing in it says whether a retry could help")
    if mistake == "first_call_only":
        return (f"accepted: the model proposed {proposed} calls, the program ran {executed} and rewrote the "
                f"assistant message to hide the rest; the answer has real weather for {len(facts)} of "
                f"{len(DEMO_WEATHER)} cities ({', '.join(facts) or 'none'}) and says nothing about the missing one")
    if mistake == "unparsed_arguments":
        return (f"accepted: the tool was asked about the JSON text instead of a city; the answer has real "
                f"weather for {len(facts)} of {len(DEMO_WEATHER)} cities although the tool knows both")
    return f"none: the answer has real weather for {len(facts)} of {len(DEMO_WEATHER)} cities"


def run_mistake(mistake: str, connection: Any = None) -> MistakeRun:
    """Ask the model, build the next request with ``mistake``, send it, and measure what happened.

    ``connection`` is ``(client, model)``; by default ``fcourse.connect(quiet=True)``.
    """
    import openai

    if mistake not in MISTAKES:
        raise ValueError(f"unknown mistake {mistake!r}; choose one of {', '.join(MISTAKES)}")
    if connection is None:
        from fcourse.client import connect

        connection = connect(quiet=True)
    client, model = connection
    question = {"role": "user", "content": DEMO_QUESTION}
    first = client.chat.completions.create(model=model, messages=[question], tools=DEMO_TOOLS)
    proposal = first.choices[0].message.to_dict()
    proposed = len(proposal.get("tool_calls") or [])
    sent, executed = _build(mistake, question, proposal)
    try:
        reply = client.chat.completions.create(model=model, messages=sent, tools=DEMO_TOOLS)
    except openai.BadRequestError as error:
        message = error.body.get("message") if isinstance(error.body, dict) else str(error)
        return MistakeRun(mistake, sent, error.status_code, None, str(message), proposed, executed,
                          "none reached the model: the request was refused before it")
    answer = reply.choices[0].message.content or ""
    return MistakeRun(mistake, sent, 200, answer, None, proposed, executed,
                      _damage(mistake, answer, sent, proposed, executed))


class MistakeView:
    """The endpoint's answer and the damage, as text and HTML."""

    def __init__(self, run: MistakeRun) -> None:
        self.run = run

    def text(self) -> str:
        """The ``text/plain`` form (what nbval compares)."""
        r = self.run
        lines = [f"mistake: {MISTAKES[r.mistake]}"]
        if r.status != 200:
            lines.append(f"endpoint: HTTP {r.status} {r.error}")
        else:
            lines.append("endpoint: HTTP 200, the model answered:")
            lines += [f"  {line}" for line in (r.answer or "").splitlines()]
        lines.append(f"damage: {r.damage}")
        return "\n".join(lines)

    def html(self) -> str:
        """The ``text/html`` form JupyterLab shows."""
        r, esc = self.run, html.escape
        colour = "#c0392b" if r.status != 200 else "#1b4332"
        head = (f"HTTP {r.status}: {esc(r.error or '')}" if r.status != 200
                else "HTTP 200: the model answered")
        body = "" if r.status != 200 else f"<pre>{esc(r.answer or '')}</pre>"
        return (f"<div><p><b>mistake</b>: {esc(MISTAKES[r.mistake])}</p>"
                f"<p style='color:{colour}'><b>endpoint</b>: {head}</p>{body}"
                f"<p><b>damage</b>: {esc(r.damage)}</p></div>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}


def protocol_panel(default: str = DEFAULT_MISTAKE, run: Callable[[str], MistakeRun] | None = None) -> Panel:
    """A dropdown of protocol mistakes over real runs: answer, transcript and diagram for each.

    ``run(mistake)`` defaults to :func:`run_mistake` on one shared ``fcourse.connect(quiet=True)``.
    """
    if default not in MISTAKES:
        raise ValueError(f"unknown mistake {default!r}; choose one of {', '.join(MISTAKES)}")
    if run is None:
        from fcourse.client import connect

        connection = connect(quiet=True)

        def run(mistake: str) -> MistakeRun:
            return run_mistake(mistake, connection)

    runner = run
    dropdown = ipywidgets.Dropdown(options=[(label, key) for key, label in MISTAKES.items()], value=default,
                                   description="mistake", style={"description_width": "initial"})
    return Panel(
        {"mistake": dropdown},
        compute=lambda values: runner(values["mistake"]),
        render=lambda r: (MistakeView(r), r.transcript, r.diagram()),
        name="protocol",
        slots=3,
    )
