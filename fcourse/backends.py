"""Which backend is active: ``FCOURSE_BACKEND``, read the same way everywhere (chapter 0).

``fcourse.connect()`` picks its client with it, and ``fcourse.explain`` checks
that the teaching model is the one answering (a provider has no glass box).
Kept apart from ``fcourse.client`` so reading the setting imports no SDK.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from fcourse.errors import ConfigurationError

__all__ = ["BACKENDS", "TEACHING_BACKENDS", "active_backend"]

#: The backends ``connect()`` knows, in the order the docs present them.
BACKENDS = ("offline", "server", "openai")

#: The backends that run the teaching model (in-process, or on a classroom server).
TEACHING_BACKENDS = ("offline", "server")


def active_backend(backend: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The backend in use: ``backend`` if given, else ``FCOURSE_BACKEND``, else ``"offline"``.

    Raises ``ConfigurationError`` for a name that is not one of ``BACKENDS``.
    """
    env = os.environ if env is None else env
    setting = env.get("FCOURSE_BACKEND", "").strip() or None
    chosen = (backend or setting or "offline").strip().lower()
    if chosen not in BACKENDS:
        raise ConfigurationError(
            f"unknown backend {chosen!r}: FCOURSE_BACKEND (or connect(backend=...)) must be one "
            f"of {', '.join(BACKENDS)}"
        )
    return chosen
