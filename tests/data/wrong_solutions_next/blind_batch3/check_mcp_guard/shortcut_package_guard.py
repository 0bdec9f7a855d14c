"""SHORTCUT: re-exports the package's guard, fcourse.remote.guard.Guard (the notebook's fallback), under the exercise's name."""
from fcourse.remote.guard import Guard as _PackageGuard


class Guard(_PackageGuard):
    """Pins approved tools, answers run / confirm / refuse, quotes tool results as data."""
