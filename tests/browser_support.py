"""What the headless-Chromium tests share: Debian's browser, its offline flags, and when to skip.

Without Playwright or Chromium a browser test skips with the reason; with
``FCOURSE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) that absence is a failure.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

REQUIRED = os.environ.get("FCOURSE_REQUIRE_BROWSER", "") not in ("", "0")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: launch flags that keep the browser off the network
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def unavailable() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None
