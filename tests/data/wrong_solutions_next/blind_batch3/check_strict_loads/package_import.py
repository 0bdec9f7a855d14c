"""SHORTCUT: imports the package's tested strict_loads instead of writing it.

The notebook names it as an alternative: `from fcourse.prompting.scan import strict_loads`.
"""
from fcourse.prompting.scan import strict_loads  # noqa: F401
