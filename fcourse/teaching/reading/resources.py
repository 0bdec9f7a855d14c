"""Derived resources, built once and then opened in milliseconds: the cache the reading layer loads from.

Introduced in chapter 0 (the first reply a learner waits for). The teaching model
reads with three large tables it does not own: jieba's dictionary (half a million
word prefixes with their frequencies and part-of-speech tags), CC-CEDICT's
glosses (120,000 Chinese words) and the sentence encoder's vocabulary (128,000
pieces) and weights (65 MB). Parsing them into Python dictionaries costs seconds
in every new process - every notebook kernel, every test worker. So each is
turned once into a file that is opened, not parsed:

- word tables become ``marisa-trie`` files (a compact trie in a memory-mapped
  file: a look-up reads only the pages it touches, opening one costs about
  0.1 ms);
- arrays become ``.npy`` files, the large one memory-mapped the same way.

The files live in one folder per version of their inputs: ``$FCOURSE_CACHE_DIR``,
else ``$XDG_CACHE_HOME/fcourse``, else ``~/.cache/fcourse``, then a key made of
this module's format number, fcourse's version and the size and modification
time of every input file, so an upgrade of any of them builds afresh and never
reads a stale table. ``python -m fcourse cache`` builds them ahead of time
(``make install`` runs it); otherwise the first process that needs one builds
it (a few seconds, once) while others wait for it on a file lock.

A folder that cannot be written (read-only home, full disk) never fails a
request: the resource is built in memory for this process, as before, and one
line on standard error says so.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["artifact", "cache_folder", "cache_root"]

#: bump when a builder changes what it writes
FORMAT = 1

_warned: set[str] = set()


def cache_root() -> Path:
    """Where every version's cache folders live."""
    if os.environ.get("FCOURSE_CACHE_DIR"):
        return Path(os.environ["FCOURSE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fcourse"


def cache_folder(inputs: Iterable[Path]) -> Path:
    """The folder for resources derived from ``inputs`` (created on first write, not here)."""
    from fcourse import __version__

    key = hashlib.sha1(f"{FORMAT} {__version__}".encode())
    for path in sorted(inputs, key=str):
        stat = path.stat()
        key.update(f"\n{path.name} {stat.st_size} {stat.st_mtime_ns}".encode())
    return cache_root() / key.hexdigest()[:16]


@contextmanager
def _locked(folder: Path, name: str) -> Any:
    """Hold ``folder/name.lock`` for the length of a build, so concurrent processes build a file once."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory lock; concurrent builders each write whole files by rename
        yield
        return
    with open(folder / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def artifact(name: str, inputs: Iterable[Path], build: Callable[[Path], None]) -> Path | None:
    """The path of the cached file ``name``, built by ``build(path)`` the first time; None when no cache can be
    written (the caller then builds the resource in memory).

    ``build`` writes a complete file (or folder) at the path it is given, which does not exist yet; it is
    renamed into place only when ``build`` returns, so a reader never opens half a file, whichever process
    built it.
    """
    inputs = list(inputs)
    folder = cache_folder(inputs)
    path = folder / name
    if path.exists():
        return path
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with _locked(folder, name):
            if path.exists():  # built by another process while this one waited
                return path
            tmp = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=folder)) / name
            try:
                build(tmp)
                os.replace(tmp, path)
            finally:
                shutil.rmtree(tmp.parent, ignore_errors=True)
    except OSError as exc:
        if name not in _warned:
            _warned.add(name)
            print(f"fcourse: cannot write the resource cache in {folder} ({exc.strerror or exc}); building "
                  f"{name} in memory for this process (the first reply is slower)", file=sys.stderr)
        return None
    return path

