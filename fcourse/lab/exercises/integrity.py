"""What a checker makes sure of before it trusts its own report: the learner's code is not the reference itself,
and the checker's code is still the checker's.

Introduced in chapter 0 with the first checker; every checker calls both.

- :func:`borrowed` says whether the learner's function *is* the reference solution (imported from
  ``fcourse.lab.exercises.solutions``, say) or the package's tested version of the same exercise, or calls it:
  it follows the names the learner's code uses (its globals, its closures, the methods of a class) to the objects
  they name. A solution pasted from the notebook's "Show a solution" is the learner's own code (its own code
  object) and passes; the reference imported under the exercise's name does not.
- :func:`keep` records, at the end of each checker module, the functions and classes it defines (and the
  methods and properties of those classes); :func:`restore` puts back any that were replaced since, and names
  them. A notebook cell that patched a checker's helper (``loop.run_case = ...``) or the report class
  (``CheckReport.passed = property(...)``) is undone before the checker runs, and the report says so.

A learner who wants to cheat still can (a checker runs in the learner's own process); the point is that the
checkers hold no answer for the taking and notice the usual ways of bypassing them.
"""

from __future__ import annotations

import builtins
import inspect
import sys
import types
from collections.abc import Iterator
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.report import CheckCase

__all__ = ["borrowed", "borrowed_row", "finish", "keep", "restore", "shortcut", "tampered_row"]

#: module name -> {attribute: the object the module defined}; class attributes as "Class.attribute"
_KEPT: dict[str, dict[str, Any]] = {}


def keep(module_name: str) -> None:
    """Record what ``module_name`` defines, so :func:`restore` can put it back (call at the end of the module)."""
    module = sys.modules[module_name]
    kept: dict[str, Any] = {}
    for name, value in vars(module).items():
        if not str(getattr(value, "__module__", "")).startswith("fcourse") or not (inspect.isfunction(value)
                                                                                    or inspect.isclass(value)):
            continue
        kept[name] = value
        if inspect.isclass(value) and value.__module__ == module_name:
            for attribute, member in vars(value).items():
                if not attribute.startswith("__") or attribute in ("__repr__", "__init__", "__call__"):
                    kept[f"{name}.{attribute}"] = member
    _KEPT[module_name] = kept


def restore() -> list[str]:
    """Put back every kept function, class and class member that was replaced; the names of those that were."""
    replaced = []
    for module_name, kept in _KEPT.items():
        module = sys.modules.get(module_name)
        if module is None:
            continue
        for name, original in kept.items():
            owner_name, _, attribute = name.rpartition(".")
            owner = kept.get(owner_name) if owner_name else module
            current = vars(owner).get(attribute or name, _MISSING)
            if current is not original:
                setattr(owner, attribute or name, original)
                replaced.append(f"{module_name}.{name}")
    return replaced


_MISSING = object()


def tampered_row(replaced: list[str]) -> CheckCase | None:
    """The report row that says which parts of the checker were replaced (None when none were)."""
    if not replaced:
        return None
    return CheckCase("the checker's own code", "as fcourse defines it", f"{len(replaced)} part(s) replaced", False,
                     f"your code replaced {', '.join(replaced[:3])}: the checker put it back and checked your "
                     "function as it is (restart the kernel to clear the patch)")


def _codes(obj: Any) -> Iterator[types.CodeType]:
    """The code objects of a function, or of every method of a class."""
    if inspect.isfunction(obj):
        yield obj.__code__
    elif inspect.isclass(obj):
        for member in vars(obj).values():
            function = getattr(member, "__func__", member)
            if inspect.isfunction(function):
                yield function.__code__


def _nested(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _nested(constant)


def borrowed(learner: Any, references: dict[str, Any]) -> str | None:
    """The name of the reference (one of ``references``, name -> object) that ``learner`` is, subclasses or calls;
    None when it uses none of them. Code in the fcourse package is not followed further (only the learner's)."""
    by_id = {id(obj): name for name, obj in references.items()}
    by_code = {code: name for name, obj in references.items() for code in _codes(obj)}
    seen: set[int] = set()
    stack = [learner]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if id(obj) in by_id:
            return by_id[id(obj)]
        if inspect.ismethod(obj) or isinstance(obj, staticmethod | classmethod):
            stack.append(obj.__func__)
        elif hasattr(obj, "func") and callable(getattr(obj, "func", None)):  # functools.partial
            stack.append(obj.func)
        elif inspect.isclass(obj):
            base = next((by_id[id(b)] for b in obj.__mro__ if id(b) in by_id), None)
            if base:
                return base
            if not obj.__module__.startswith("fcourse"):
                stack.extend(vars(obj).values())
        elif inspect.isfunction(obj):
            if obj.__code__ in by_code:
                return by_code[obj.__code__]
            if (obj.__module__ or "").startswith("fcourse"):
                continue
            stack.extend(cell.cell_contents for cell in obj.__closure__ or () if _filled(cell))
            stack.extend(obj.__defaults__ or ())
            for code in _nested(obj.__code__):
                for name in code.co_names:
                    value = obj.__globals__.get(name, getattr(builtins, name, None))
                    if isinstance(value, types.ModuleType):
                        stack.extend(getattr(value, attribute, None) for attribute in code.co_names)
                    else:
                        stack.append(value)
    return None


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises
    except ValueError:
        return False
    return True


keep("fcourse.lab.exercises.report")
keep(solutions.__name__)  # the references the checkers compare with


def borrowed_row(learner: Any, references: dict[str, Any]) -> CheckCase | None:
    """The report row that says the learner's code is (or calls) the reference; None when it is their own."""
    name = borrowed(learner, references)
    if name is None:
        return None
    return CheckCase("your own code", "not the reference", f"uses {name}", False,
                     f"yours is, or calls, {name} - the reference the checker compares with: write your own (the "
                     "notebook runs on the reference anyway until yours passes)")


def finish(rows: list[CheckCase], notes: list[str], verdict: str, *, learner: Any, references: dict[str, Any],
           replaced: list[str], report: Any = None, **extra: Any) -> Any:
    """The checker's sealed report: first the rows that say the checker was patched or the learner's code is the
    reference (when either is so), then ``rows``."""
    from fcourse.lab.exercises.report import CheckReport

    first = [row for row in (tampered_row(replaced), borrowed_row(learner, references)) if row is not None]
    return (report or CheckReport).sealed(tuple(first + list(rows)), tuple(notes), verdict, **extra)


def shortcut(learner: Any, references: dict[str, Any], replaced: list[str], verdict: str, report: Any = None,
             **extra: Any) -> Any:
    """The finished report when the learner's code is the reference itself (nothing else is worth running), else
    None."""
    if borrowed(learner, references) is None:
        return None
    return finish([], [], verdict, learner=learner, references=references, replaced=replaced, report=report, **extra)
