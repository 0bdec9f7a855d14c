"""Take the README's screenshot of the instructor's live view: a small room, with its mistakes, in Chromium.

    python tools/room_screenshot.py [--out docs/images/live-view.png]

Starts ``fcourse serve``'s server in-process on a free loopback port, plays a short workshop
through it - five learners who connect as a notebook does (``fcourse.connect("server")``, four
with ``FCOURSE_LEARNER``, one without) and make the chapter-2 mistakes for real (the endpoint
answers each with its 400) - then opens ``GET /`` in headless Chromium and saves a screenshot.
The room's clock is shifted back while the workshop plays, so "last seen" reads like the middle
of a session rather than "0 s ago" everywhere; every row, count and kind on the page is what the
server recorded from those requests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import openai  # noqa: E402
from browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from fcourse.client import connect  # noqa: E402
from fcourse.teaching.wire.endpoint import MODEL_NAME  # noqa: E402
from fcourse.teaching.wire.room import Room  # noqa: E402
from fcourse.teaching.wire.server import TeachingServer  # noqa: E402

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
QUESTION = {"role": "user", "content": "What's the weather in Paris?"}


class Clock:
    """Real time, shifted back by ``behind`` seconds while the workshop is played."""

    def __init__(self) -> None:
        self.behind = 0.0

    def __call__(self) -> float:
        return time.time() - self.behind


def learner(server: TeachingServer, name: str | None, notebook: str) -> openai.OpenAI:
    env = {"FCOURSE_BASE_URL": server.url, "JPY_SESSION_NAME": f"notebooks/{notebook}"}
    if name:
        env["FCOURSE_LEARNER"] = name
    return connect("server", env=env, quiet=True, max_retries=0).client


def first_call(client: openai.OpenAI) -> Any:
    return client.chat.completions.create(model=MODEL_NAME, messages=[QUESTION], tools=[WEATHER])


def mistaken(client: openai.OpenAI, messages: list[Any]) -> None:
    try:
        client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])
    except openai.BadRequestError:
        return
    raise SystemExit("a mistake the endpoint accepted: the screenshot would not show it")


def good_round(client: openai.OpenAI) -> None:
    reply = first_call(client)
    call = reply.choices[0].message.tool_calls[0]
    tool = {"role": "tool", "tool_call_id": call.id, "content": '{"temp_c": 21}'}
    messages = [QUESTION, reply.choices[0].message, tool]
    client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])


def wrong_id(client: openai.OpenAI) -> None:
    reply = first_call(client)
    tool = {"role": "tool", "tool_call_id": "call_123", "content": '{"temp_c": 21}'}
    mistaken(client, [QUESTION, reply.choices[0].message, tool])


def no_results(client: openai.OpenAI) -> None:
    reply = first_call(client)
    mistaken(client, [QUESTION, reply.choices[0].message, {"role": "user", "content": "and?"}])


def tool_first(client: openai.OpenAI) -> None:
    mistaken(client, [QUESTION, {"role": "tool", "tool_call_id": "call_1", "content": "21 C"}])


def object_arguments(client: openai.OpenAI) -> None:
    call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}
    mistaken(client, [QUESTION, {"role": "assistant", "tool_calls": [call]}])


def play(server: TeachingServer, clock: Clock) -> None:
    alice = learner(server, "alice", "02_tools_protocol.ipynb")
    bob = learner(server, "bob", "02_tools_protocol.ipynb")
    zhang = learner(server, "张伟", "02_tools_protocol.ipynb")
    priya = learner(server, "priya", "03_tool_selection.ipynb")
    unnamed = learner(server, None, "01_prompt_hack_json.ipynb")
    steps = [
        (1500, lambda: good_round(alice)),
        (1400, lambda: first_call(unnamed)),
        (1300, lambda: wrong_id(bob)),
        (1100, lambda: good_round(priya)),
        (900, lambda: tool_first(zhang)),
        (700, lambda: object_arguments(priya)),
        (600, lambda: good_round(priya)),
        (500, lambda: wrong_id(bob)),
        (420, lambda: good_round(alice)),
        (300, lambda: no_results(zhang)),
        (200, lambda: tool_first(zhang)),
        (150, lambda: tool_first(zhang)),  # three errors in a row: the page marks "stuck?"
        (90, lambda: good_round(bob)),
        (40, lambda: good_round(alice)),
    ]
    for behind, step in steps:
        clock.behind = behind
        step()
    clock.behind = 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "images" / "live-view.png"))
    out = Path(parser.parse_args().out)
    from playwright import sync_api

    clock = Clock()
    with TeachingServer("127.0.0.1", 0, quiet=True) as server:
        server.room = Room(clock=clock)
        play(server, clock)
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 640}, device_scale_factor=1)
                page.goto(server.url.removesuffix("/v1") + "/")
                page.wait_for_selector('#learners tr[data-learner="alice"]', timeout=10_000)
                page.wait_for_selector("#status.live", timeout=10_000)
                out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(out), full_page=True)
            finally:
                browser.close()
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
