"""SHORTCUT: imports the package's tested version instead of writing one.

`from fcourse.prompting.scan import strict_loads` is named under the solution as "Alternatively";
the learner writes none of the hooks.
"""
from fcourse.prompting.scan import strict_loads  # noqa: F401
