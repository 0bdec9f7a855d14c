"""The instructor's live view (fcourse/teaching/wire/room_page.html) in headless Chromium, as an instructor uses it.

A real server on a real socket, the page open in Debian's Chromium (Playwright), and two
learners who connect the way a notebook does (``fcourse.connect("server")`` with
``FCOURSE_LEARNER``): alice asks well, bob answers a tool call with a ``tool_call_id`` it
never made. Without a reload the page shows both names, their notebooks, bob's mistake by
its kind, and none of what either of them wrote. Every request the page makes must be to
the server itself (anything else is aborted and fails the test).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, REQUIRED, unavailable

from fcourse.client import connect
from fcourse.teaching.wire.endpoint import MODEL_NAME
from fcourse.teaching.wire.error_kinds import KINDS
from fcourse.teaching.wire.server import TeachingServer

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
UNAVAILABLE = unavailable()
if UNAVAILABLE and not REQUIRED:
    pytest.skip(UNAVAILABLE, allow_module_level=True)

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
SECRET = "ZX-99-PRIVATE"
LABEL = {row.kind: row.label for row in KINDS}


@pytest.fixture
def server() -> Iterator[TeachingServer]:
    with TeachingServer("127.0.0.1", 0, quiet=True) as running:
        yield running


@pytest.fixture
def page(server: TeachingServer) -> Iterator[Any]:
    if UNAVAILABLE:
        pytest.fail(f"FCOURSE_REQUIRE_BROWSER is set but {UNAVAILABLE}")
    from playwright import sync_api

    root = server.url.removesuffix("/v1")
    foreign: list[str] = []

    def only_the_server(route: Any) -> None:
        if route.request.url.startswith(root + "/"):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 700})
            page.route("**/*", only_the_server)
            yield page
            assert foreign == [], f"the live view tried to reach elsewhere: {foreign}"
        finally:
            browser.close()


def learner(server: TeachingServer, name: str, notebook: str) -> openai.OpenAI:
    env = {
        "FCOURSE_BASE_URL": server.url,
        "FCOURSE_LEARNER": name,
        "JPY_SESSION_NAME": f"/home/{name}/fcourse/notebooks/{notebook}",
    }
    return connect("server", env=env, quiet=True, max_retries=0).client


def ask(client: openai.OpenAI) -> Any:
    messages: list[Any] = [{"role": "user", "content": f"Weather in Paris? My ticket is {SECRET}."}]
    return client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])


def answer_a_call_never_made(client: openai.OpenAI) -> None:
    first = ask(client)
    messages: list[Any] = [
        {"role": "user", "content": f"Weather in Paris? My ticket is {SECRET}."},
        first.choices[0].message,
        {"role": "tool", "tool_call_id": "call_not_the_one", "content": f"sunny, {SECRET}"},
    ]
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=[WEATHER])


def row(page: Any, name: str) -> Any:
    return page.locator(f'#learners tr[data-learner="{name}"]')


def test_two_learners_and_a_mistake_appear_without_a_reload(server: TeachingServer, page: Any) -> None:
    loads: list[str] = []
    page.on("load", lambda _: loads.append(page.url))
    page.goto(server.url.removesuffix("/v1") + "/")
    page.wait_for_selector("#status.live", timeout=10_000)  # the event stream is open
    assert page.locator("#learners").inner_text().strip() == "No learner has sent a request yet."
    page.evaluate("window.openedOnce = true")  # gone if the page were reloaded

    ask(learner(server, "alice", "02_tools_protocol.ipynb"))
    answer_a_call_never_made(learner(server, "bob", "02_tools_protocol.ipynb"))

    bob = row(page, "bob")
    bob.locator('.kind[data-kind="tool_call_id_not_found"]').wait_for(timeout=10_000)
    alice = row(page, "alice")
    assert alice.count() == 1 and bob.count() == 1
    assert page.evaluate("window.openedOnce") is True and len(loads) == 1  # the same page, never reloaded

    cells = [cell.strip() for cell in bob.locator("td").all_inner_texts()]
    assert cells[0].startswith("bob") and cells[1] == "02_tools_protocol.ipynb"
    assert cells[2] == "2"  # requests: the good first call and the mistaken second one
    assert LABEL["tool_call_id_not_found"] in cells[5] and "×1" in cells[5]  # errors by kind, counted
    assert LABEL["tool_call_id_not_found"] in cells[6] and "ago" in cells[6]  # the last one, with its time
    assert "tool_call_id" in cells[6]  # where in the request: the field's path
    alice_cells = [cell.strip() for cell in alice.locator("td").all_inner_texts()]
    assert alice_cells[0].startswith("alice") and alice_cells[2] == "1" and alice_cells[5] == "—"
    assert page.locator("#n-learners").inner_text() == "2" and page.locator("#n-errors").inner_text() == "1"
    assert LABEL["tool_call_id_not_found"] in page.locator("#kinds").inner_text()  # the room's summary

    text = page.locator("body").inner_text()
    assert SECRET not in text and "Paris" not in text and "call_not_the_one" not in text  # no message contents
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "room-two-learners.png"), full_page=True)


def test_the_page_says_when_the_server_is_gone(server: TeachingServer, page: Any) -> None:
    page.goto(server.url.removesuffix("/v1") + "/")
    page.wait_for_selector("#status.live", timeout=10_000)
    server.close()
    page.wait_for_selector("#status.down", timeout=10_000)
    assert "live" not in page.locator("#status").inner_text()
