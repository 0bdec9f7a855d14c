"""Chapter 2's third exercise: parallel calls run at the same time, answered by id; the user from the session.

Introduced in chapter 2 ("Your turn 3"). The learner extends the loop to
``tool_loop(client, model, messages, tools, handlers, max_rounds=5, session=None)``:

- the calls of one reply run **concurrently** (a thread pool), and each result
  goes back under **its own** call's id, whichever finished first;
- ``session`` (``{"user_id": 1001}``) holds values the model must never choose:
  they **overwrite** what the model wrote (and fill it in when the model left
  it out), for every tool whose schema has that key, and only those.

:func:`check_parallel_loop` proves each point by behaviour, not by timing:

- ``two calls at once``: both handlers wait at a ``threading.Barrier`` for two
  parties, which only opens when both run at the same time; run one after the
  other, the first waits in vain and both fail;
- ``four calls at once``: the same with four calls and four parties: a pool with
  fewer workers than the reply has calls (``max_workers=2``) makes the others wait;
- ``results out of order``: the first call's handler waits until the others
  have finished, so results arrive in reverse; a loop that pairs results with
  ids by the order they finished gives the wrong city its time;
- ``session overwrites`` / ``session fills in`` / ``session only where it
  belongs``: the model claims ``user_id`` 1002, or leaves it out, or the same
  reply also asks a tool that has no ``user_id``;
- ``outside input, at once``: a tool not offered, broken JSON, NaN and a failing handler, in one
  reply: run concurrently, they are still refused or answered as results;
- ``round limit still holds``: the loop of the exercise before still stops, the last round answered
  NOT_EXECUTED;
- ``two users at the same time``: two loops run at once with two sessions; each handler call gets
  its own loop's user (a session kept in a global gives one user the other's data);
- ``run_call with three arguments``: the ``run_call`` the loop calls (the name in its module) still
  answers ``run_call(tool_call, tools, handlers)``, as the rest of the chapter calls it: its new
  parameter has a default (``session=None``).

The barrier, event and lock are the checker's own references, taken when it is imported: a cell that
replaces ``threading.Barrier`` with one that never waits changes nothing here, and the report says so.

The caller's messages and session must come back unedited. Then the learner's loop and the
reference run side by side on generated scripts (parallel, repeated and failing calls, calls
that claim another user).

The cases run on the scripted model of :mod:`fcourse.lab.exercises.loop`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from threading import Barrier, BrokenBarrierError, Event, Lock, Thread
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import compare_when_cases_pass, run_all, short
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.loop import (
    LoopCase,
    calls_in,
    function_tool,
    never_ending_case,
    results_by_id,
    run_case,
    value,
)
from fcourse.lab.exercises.loop_compare import compare_loops, conversations, show_script
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.protocol.loop import run_tool_loop
from fcourse.protocol.scripted import Reply, ScriptedModel, call, text

__all__ = ["BARRIER_TIMEOUT", "CASES", "SESSION", "check_parallel_loop"]

#: how long a handler waits for the other one at the barrier (only a loop that runs calls one by one waits)
BARRIER_TIMEOUT = 1.0
#: the logged-in user, as the program's session knows it
SESSION = {"user_id": 1001}

_WEATHER = {"Oslo": "snow, -3°C", "Lima": "fog, 17°C", "Cairo": "sunny, 31°C"}
#: the cities of the four calls at once (the three above and one more)
_FOUR = {**_WEATHER, "Quito": "rain, 14°C"}
_TOTALS = {1001: 0.0, 1002: 3280.0}
_CONCURRENT = ("run the calls of one reply at the same time: submit each to a ThreadPoolExecutor, "
               "then collect the futures in the order of the calls")
_EVERY_CALL = ("give every call of a reply its own worker (ThreadPoolExecutor(max_workers=len(calls))): a pool "
               "with fewer workers than the reply has calls makes the others wait their turn")
_THREE_ARGUMENTS = ("give run_call's new parameter a default (session=None): the rest of the chapter still calls "
                    "run_call(tool_call, tools, handlers), with three arguments")
_BY_ID = "keep each result with its own call (a future per call id), not in the order they finished"
_SESSION = ("after parsing, set arguments[key] = session[key] for every session key the tool's schema has "
            "(not setdefault), then validate")


def _weather_tool() -> dict[str, Any]:
    return function_tool("get_weather", "Current weather in a city.", city="string")


def _order_tool() -> dict[str, Any]:
    return function_tool("order_total", "A user's order total in a month.", user_id="integer", month="integer")


def _cities_by_id(messages: list[dict[str, Any]]) -> dict[str, str]:
    return {c["id"]: json.loads(c["function"]["arguments"]).get("city", "?") for c in calls_in(messages)}


def _weather_verdict(model: ScriptedModel) -> str | None:
    if len(model.requests) < 2:
        return "the model was never asked again"
    cities = _cities_by_id(model.last_messages)
    got = {cities.get(i, "?"): value(content) for i, content in results_by_id(model.last_messages).items()}
    wrong = sorted(city for city, result in got.items() if result != _FOUR.get(city))
    if not wrong:
        return None
    first = got[wrong[0]]
    said = first["error_code"] if isinstance(first, dict) and "error_code" in first else f"{first!s:.30}"
    return f"wrong result for {', '.join(wrong)} ({wrong[0]}: {said})"


def _answer(messages: list[dict[str, Any]]) -> Reply:
    return text("done")


def _at_once(cities: tuple[str, ...], name: str, expected: str, hint: str) -> LoopCase:
    """One reply calls get_weather for each of ``cities``; every handler waits at a barrier for all of them."""
    barrier = Barrier(len(cities), timeout=BARRIER_TIMEOUT)  # the checker's own: threading's, as imported

    def script(messages: list[dict[str, Any]]) -> Reply:
        return call(*(("get_weather", {"city": city}) for city in cities)) \
            if messages[-1]["role"] != "tool" else _answer(messages)

    def weather(city: str) -> str:
        barrier.wait()  # opens only when every call is running at the same time
        return _FOUR[city]

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        problem = _weather_verdict(model)
        results = [value(content) for content in results_by_id(model.last_messages).values()]
        if problem and not any(isinstance(result, dict) and "error_code" in result for result in results):
            case.hint = _BY_ID  # every call ran at once and got through: the results went under the wrong ids
        return problem

    case = LoopCase(name, expected, f"Weather in {', '.join(cities)}?", [_weather_tool()], script, verify, hint)
    case.handler("get_weather", weather)
    return case


def _two_at_once() -> LoopCase:
    return _at_once(("Oslo", "Lima"), "two calls at once", "both ran together", _CONCURRENT)


def _four_at_once() -> LoopCase:
    return _at_once(tuple(_FOUR), "four calls at once", "all 4 ran together", _EVERY_CALL)


def _out_of_order() -> LoopCase:
    others_done = Event()
    finished: list[str] = []
    lock = Lock()

    def script(messages: list[dict[str, Any]]) -> Reply:
        return call(*(("get_weather", {"city": c}) for c in _WEATHER)) \
            if messages[-1]["role"] != "tool" else _answer(messages)

    def weather(city: str) -> str:
        if city == "Oslo":  # the first call finishes last
            others_done.wait(timeout=BARRIER_TIMEOUT)
        with lock:
            finished.append(city)
            if len(finished) == len(_WEATHER) - 1 and "Oslo" not in finished:
                others_done.set()
        return _WEATHER[city]

    case = LoopCase("results out of order", "each result under its call's id", "Weather in Oslo, Lima, Cairo?",
                    [_weather_tool()], script, lambda model, case, returned: _weather_verdict(model), _BY_ID)
    case.handler("get_weather", weather)
    return case


def _session_case(name: str, expected: str, proposed: dict[str, Any], with_weather: bool) -> LoopCase:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] == "tool":
            return _answer(messages)
        calls: list[tuple[str, Any]] = [("order_total", proposed)]
        return call(*calls, ("get_weather", {"city": "Cairo"})) if with_weather else call(*calls)

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        orders = [kwargs for tool, kwargs in case.ran if tool == "order_total"]
        if not orders:
            errors = [value(c) for c in results_by_id(model.last_messages).values()]
            return f"order_total never ran: {str(errors[0])[:50] if errors else 'no tool message'}"
        if orders[0].get("user_id") != SESSION["user_id"]:
            return f"order_total ran for user {orders[0].get('user_id')}, the session's user is 1001"
        if with_weather and ("get_weather", {"city": "Cairo"}) not in case.ran:
            return "get_weather did not run with {'city': 'Cairo'} (a session key it has no use for?)"
        return None

    tools = [_order_tool(), *([_weather_tool()] if with_weather else [])]
    case = LoopCase(name, expected, "What did I spend in April?", tools, script, verify, _SESSION,
                    {"session": dict(SESSION)})
    case.handler("order_total", lambda user_id, month: {"user_id": user_id, "total": _TOTALS.get(user_id, 0.0)})
    case.handler("get_weather", lambda city: _WEATHER[city])
    return case


def _optional_user() -> LoopCase:
    """A tool whose user_id is optional: the session's value still goes in, over the model's."""
    tool = function_tool("recent_orders", "A user's most recent orders.", user_id="integer", limit="integer")
    tool["function"]["parameters"]["required"] = ["limit"]

    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] == "tool":
            return _answer(messages)
        return call(("recent_orders", {"user_id": 1002, "limit": 3}), ("recent_orders", {"limit": 2}))

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        users = sorted((kwargs.get("user_id") for _, kwargs in case.ran), key=str)
        return None if users == [1001, 1001] else f"recent_orders ran for users {users}, the session's user is 1001"

    case = LoopCase("session, user_id optional", "both calls for user 1001", "My recent orders?", [tool], script,
                    verify, "a session key goes in for every tool whose schema has it among its properties, "
                            "required or not", {"session": dict(SESSION)})
    case.handler("recent_orders", lambda limit, user_id=None: {"user_id": user_id, "orders": []})
    return case


def _limit() -> LoopCase:
    case = never_ending_case(2)
    case.name = "round limit still holds"
    return case


def _outside_input() -> LoopCase:
    """Calls run concurrently are still outside input: a tool not offered, broken JSON, NaN, a failing handler."""
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(("drop_tables", {}), ("get_weather", '{"city": "Oslo"'), ("get_weather", '{"city": NaN}'),
                        ("get_weather", {"city": "Atlantis"}), ("get_weather", {"city": "Lima"}))
        return _answer(messages)

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        allowed = (("get_weather", {"city": "Lima"}), ("get_weather", {"city": "Atlantis"}))
        if any(run not in allowed for run in case.ran):
            return f"a handler ran that must not: {next(run for run in case.ran if run not in allowed)}"
        if len(model.requests) != 2:
            return "the model was not told (no second request)"
        results = [value(c) for c in results_by_id(model.last_messages).values()]
        if _WEATHER["Lima"] not in results:
            return "the valid call beside them did not get its result"
        return None

    case = LoopCase("outside input, at once", "only valid calls run; all 5 answered", "Weather in Oslo and Lima?",
                    [_weather_tool()], script, verify,
                    "run every call through run_call inside the pool: a tool that was not offered, broken JSON and "
                    "NaN are refused as results, and a handler that raises is EXECUTION_ERROR (future.result() must "
                    "not raise)")
    case.handler("get_weather", lambda city: _WEATHER[city])  # Atlantis: a KeyError
    case.handler("drop_tables", lambda: "all tables dropped")
    return case


CASES: tuple[Callable[[], LoopCase], ...] = (
    _two_at_once,
    _four_at_once,
    _out_of_order,
    lambda: _session_case("session overwrites", "handler gets user 1001", {"user_id": 1002, "month": 4}, False),
    lambda: _session_case("session fills in", "handler gets user 1001", {"month": 4}, False),
    lambda: _session_case("session only where it belongs", "weather call untouched", {"user_id": 1002, "month": 4},
                          True),
    _optional_user,
    _outside_input,
    _limit,
)


def _two_users(loop: Callable[..., Any]) -> CheckCase:
    """Two loops at the same time, for two users: each handler call must get its own loop's session user."""
    barrier = Barrier(2, timeout=BARRIER_TIMEOUT)
    got: dict[int, list[Any]] = {1001: [], 2002: []}

    def run(user: int) -> Any:
        def script(messages: list[dict[str, Any]]) -> Reply:
            if messages[-1]["role"] == "tool":
                return _answer(messages)
            try:
                barrier.wait()  # both loops have started before either runs its call
            except BrokenBarrierError:
                pass
            return call(("order_total", {"user_id": 3003, "month": 4}))

        model = ScriptedModel(script, max_requests=12)
        handlers = {"order_total": lambda user_id, month: got[user].append(user_id) or {"total": 0.0}}
        return run_all(loop, [((model.client(), model.name, [{"role": "user", "content": "My April total?"}],
                                [_order_tool()], handlers), {"session": {"user_id": user}})], timeout=30)[0]

    threads = [Thread(target=run, args=(user,), daemon=True) for user in got]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(35)
    passed = got == {1001: [1001], 2002: [2002]}
    return CheckCase("two users at the same time", "each call gets its own user", "as expected" if passed else
                     f"user 1001's call got {got[1001]}, user 2002's got {got[2002]}", passed,
                     "keep the session with the loop that was given it (pass it to run_call), never in a global: two "
                     "users' loops run at the same time")


def _three_arguments(loop: Callable[..., Any]) -> CheckCase | None:
    """The run_call the loop calls, called as exercise 1 and the Responses loop call it: (tool_call, tools, handlers).
    None when the loop's module has no ``run_call`` (a loop that is not a plain function)."""
    run_call = getattr(loop, "__globals__", {}).get("run_call")
    if not callable(run_call):
        return None
    tool_call = {"id": "call_alone", "type": "function",
                 "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}}
    outcome = run_all(run_call, [((tool_call, [_weather_tool()], {"get_weather": lambda city: _WEATHER[city]}), {})],
                      timeout=10)[0]
    passed = outcome.returned and value(outcome.value) == _WEATHER["Oslo"]
    return CheckCase("run_call with three arguments", "the result, as in exercise 1",
                     "as expected" if passed else outcome.shown(50) if not outcome.returned else short(outcome.value),
                     passed, _THREE_ARGUMENTS)


def check_parallel_loop(loop: Callable[..., Any]) -> CheckReport:
    """Run ``loop(client, model, messages, tools, handlers, max_rounds=5, session=None)`` on every case, then two
    users at once, then generated scripts beside the reference."""
    replaced = restore()
    if (early := shortcut(loop, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    rows = [run_case(loop, factory()) for factory in CASES]
    rows.append(_two_users(loop))
    notes: list[str] = []
    alone = _three_arguments(loop)
    if alone is None:
        notes.append("no run_call beside your loop: run_call(tool_call, tools, handlers) was not tried")
    else:
        rows.append(alone)
    if threading.Barrier is not Barrier:
        notes.append("threading.Barrier was replaced in this kernel: the checker used its own, taken at import "
                     "(restart the kernel to clear the patch)")
    compare_when_cases_pass(rows, notes, "conversations", lambda: conversations(session=True),
                            compare_loops(loop, solutions.parallel_tool_loop), show=show_script, examples=15, budget=40)
    return finish(rows, notes, _VERDICT, learner=loop, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "concurrent, matched by id, and the user is the session's"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.parallel_tool_loop": solutions.parallel_tool_loop,
    "fcourse.lab.exercises.solutions.run_call_in_session": solutions.run_call_in_session,
    "fcourse.run_tool_loop": run_tool_loop,
}

keep(__name__)
