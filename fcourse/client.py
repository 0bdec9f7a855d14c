"""``connect()``: a real ``openai.OpenAI`` client on the backend you chose.

Introduced in chapter 0 (start here). Every notebook opens with::

    client, model = fcourse.connect()      # prints one line: which backend, which model
    reply = client.chat.completions.create(model=model, messages=messages, tools=tools)

``connect()`` returns a ``Connection``, a small frozen record that unpacks into
``(client, model)`` and also has ``.client``, ``.model``, ``.backend``,
``.banner`` and ``.explain(messages, tools)`` (the teaching model's decision
record, chapter 3). ``client`` is always the genuine ``openai.OpenAI`` client, so
learners meet the SDK's real types and errors whichever backend runs.

Backends, chosen by the ``backend`` argument or ``FCOURSE_BACKEND``:

- ``offline`` (default): the teaching model, in-process. No key, no socket,
  no network, byte-stable replies. ``OPENAI_API_KEY`` is never read.
- ``server``: a classroom ``python -m fcourse serve`` over HTTP, at
  ``FCOURSE_BASE_URL`` (for example ``http://192.168.1.10:8765/v1``). Each request
  also tells the server who is asking, for the instructor's live view
  (``classroom_headers``): the learner's name from ``FCOURSE_LEARNER`` if set, an
  anonymous id of the machine account, and the notebook's file name when the kernel
  knows it; never what is asked. Nothing of this goes to a provider.
- ``openai``: any OpenAI-compatible provider (OpenAI, DeepSeek, a local
  Ollama / vLLM / llama.cpp server): ``OPENAI_API_KEY`` (any non-empty value
  for a local server), optional ``OPENAI_BASE_URL``, and ``FCOURSE_MODEL``
  (required unless the base URL is OpenAI's own, where it defaults to
  ``DEFAULT_OPENAI_MODEL``).

Settings that are missing or malformed raise ``fcourse.errors.ConfigurationError``
naming the variable to set.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import platform
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit

import httpx2
import openai

from fcourse.backends import BACKENDS, TEACHING_BACKENDS, active_backend
from fcourse.errors import ConfigurationError
from fcourse.teaching.wire.transport import teaching_transport
from fcourse.teaching.wire.validation import MODEL_NAME

__all__ = [
    "BACKENDS",
    "DEFAULT_OPENAI_MODEL",
    "OFFLINE_BASE_URL",
    "Connection",
    "classroom_headers",
    "connect",
]

#: The offline client's base URL. ``.invalid`` is a reserved TLD: it can never resolve.
OFFLINE_BASE_URL = "http://teaching-model.invalid/v1"

#: The model used on OpenAI's own API when ``FCOURSE_MODEL`` is not set.
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"

_OPENAI_API = "https://api.openai.com/v1"


@dataclass(frozen=True)
class Connection:
    """A connected client and the model to ask; unpacks as ``client, model``."""

    client: openai.OpenAI = field(repr=False)
    model: str
    backend: str
    base_url: str

    def __iter__(self) -> Iterator[Any]:
        """``client, model = fcourse.connect()``."""
        return iter((self.client, self.model))

    @property
    def banner(self) -> str:
        """One line that says which backend and model are active."""
        if self.backend == "offline":
            return f"backend: offline teaching model ({self.model}), in-process, no network"
        if self.backend == "server":
            return f"backend: classroom teaching model server at {self.base_url} ({self.model})"
        return f"backend: OpenAI-compatible provider at {self.base_url} (model {self.model})"

    def __repr__(self) -> str:
        return self.banner

    def explain(self, messages: list[Any], tools: list[Any] | None = None, **params: Any) -> dict[str, Any]:
        """The teaching model's decision record for this request (chapter 3's glass box).

        Sends the same body as ``client.chat.completions.create`` to the teaching
        model's ``/v1/fcourse/explain`` route (in-process or on a classroom server).
        A provider has no glass box: that raises ``ConfigurationError``.
        """
        if self.backend not in TEACHING_BACKENDS:
            raise ConfigurationError(
                "explain() needs the teaching model (backend offline or server); a provider "
                "cannot say why it answered"
            )
        body: dict[str, Any] = {"model": self.model, "messages": messages, **params}
        if tools is not None:
            body["tools"] = tools
        record: dict[str, Any] = self.client.post("/fcourse/explain", cast_to=object, body=body)
        return record

    def __str__(self) -> str:
        return self.banner


def _setting(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def _anonymous_client() -> str:
    """A stable id for this machine account that names neither: a hash of user and host names."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError):  # no user name to be had (some containers)
        user = str(os.getuid()) if hasattr(os, "getuid") else ""
    return hashlib.sha256(f"fcourse-classroom:{user}@{platform.node()}".encode()).hexdigest()[:16]


def classroom_headers(env: Mapping[str, str]) -> dict[str, str]:
    """What ``connect()`` tells a classroom server about who is asking (the README's "Running a classroom").

    ``X-Fcourse-Learner``: ``FCOURSE_LEARNER``, when set; ``X-Fcourse-Client``: an anonymous id of
    the machine account (a hash), so learners without a name who share an address (a JupyterHub)
    are still told apart; ``X-Fcourse-Notebook``: the notebook's file name, when the kernel can
    tell (Jupyter sets ``JPY_SESSION_NAME``), never its folder. Values are percent-encoded UTF-8.
    """
    headers = {"X-Fcourse-Client": _anonymous_client()}
    name = _setting(env, "FCOURSE_LEARNER")
    if name is not None:
        headers["X-Fcourse-Learner"] = quote(name[:60], safe="")
    session = _setting(env, "JPY_SESSION_NAME")
    if session is not None:
        headers["X-Fcourse-Notebook"] = quote(session.replace("\\", "/").rsplit("/", 1)[-1][:60], safe="")
    return headers


def _check_url(url: str, source: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigurationError(
            f"{source} must be an http(s) URL such as http://127.0.0.1:8765/v1, got {url!r}"
        )
    try:
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError:
        raise ConfigurationError(f"{source} has an invalid port: {url!r}") from None
    return url.rstrip("/")


def connect(
    backend: str | None = None,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    quiet: bool = False,
    env: Mapping[str, str] | None = None,
    **client_options: Any,
) -> Connection:
    """Connect to the teaching model (default) or to a provider, and print the banner.

    ``backend`` overrides ``FCOURSE_BACKEND``; ``model``, ``base_url`` and
    ``api_key`` override the matching environment variables; other keyword
    arguments (``timeout``, ``max_retries``, ...) go to ``openai.OpenAI``.
    ``quiet=True`` skips the banner line; ``env`` replaces ``os.environ``.
    """
    env = os.environ if env is None else env
    chosen = active_backend(backend, env)
    if chosen == "offline":
        connection = _offline(model, base_url, api_key, client_options)
    elif chosen == "server":
        connection = _server(env, model, base_url, api_key, client_options)
    else:
        connection = _provider(env, model, base_url, api_key, client_options)
    if not quiet:
        print(connection.banner)
    return connection


def _offline(
    model: str | None, base_url: str | None, api_key: str | None, options: dict[str, Any]
) -> Connection:
    if model not in (None, MODEL_NAME):
        raise ConfigurationError(
            f"the offline backend serves only {MODEL_NAME!r}, not {model!r}; to use another "
            "model set FCOURSE_BACKEND=openai (and OPENAI_API_KEY, FCOURSE_MODEL)"
        )
    if base_url is not None:
        raise ConfigurationError(
            "the offline backend runs in-process and takes no base_url; for a served "
            "teaching model use backend='server' with FCOURSE_BASE_URL"
        )
    # No retries: the teaching model is deterministic, so a retry would only repeat
    # the same answer after a delay.
    options = {"max_retries": 0, **options}
    client = openai.OpenAI(
        api_key=api_key or "offline",
        base_url=OFFLINE_BASE_URL,
        http_client=httpx2.Client(transport=teaching_transport()),
        **options,
    )
    return Connection(client, MODEL_NAME, "offline", OFFLINE_BASE_URL)


def _server(
    env: Mapping[str, str],
    model: str | None,
    base_url: str | None,
    api_key: str | None,
    options: dict[str, Any],
) -> Connection:
    url = base_url or _setting(env, "FCOURSE_BASE_URL")
    if url is None:
        raise ConfigurationError(
            "FCOURSE_BACKEND=server needs FCOURSE_BASE_URL, the address of a running "
            "`python -m fcourse serve`, e.g. http://127.0.0.1:8765/v1"
        )
    url = _check_url(url, "FCOURSE_BASE_URL")
    name = model or _setting(env, "FCOURSE_MODEL") or MODEL_NAME
    key = api_key or _setting(env, "FCOURSE_API_KEY") or "classroom"
    headers = {**classroom_headers(env), **options.pop("default_headers", {})}
    client = openai.OpenAI(api_key=key, base_url=url, default_headers=headers, **options)
    return Connection(client, name, "server", url)


def _provider(
    env: Mapping[str, str],
    model: str | None,
    base_url: str | None,
    api_key: str | None,
    options: dict[str, Any],
) -> Connection:
    key = api_key or _setting(env, "OPENAI_API_KEY")
    if key is None:
        raise ConfigurationError(
            "FCOURSE_BACKEND=openai needs OPENAI_API_KEY (for a local Ollama, vLLM or "
            "llama.cpp server any non-empty value works, e.g. OPENAI_API_KEY=local)"
        )
    url = _check_url(base_url or _setting(env, "OPENAI_BASE_URL") or _OPENAI_API, "OPENAI_BASE_URL")
    name = model or _setting(env, "FCOURSE_MODEL")
    if name is None:
        if url != _OPENAI_API:
            raise ConfigurationError(
                f"FCOURSE_MODEL is required with OPENAI_BASE_URL={url}: name the model that "
                "provider serves (e.g. deepseek-chat, qwen2.5:7b)"
            )
        name = DEFAULT_OPENAI_MODEL
    client = openai.OpenAI(api_key=key, base_url=url, **options)
    return Connection(client, name, "openai", url)
