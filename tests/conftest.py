"""Test-wide settings: property-based tests draw the same examples on every run.

``make test`` must give the same verdict on every machine and every run (CI lands
a change only on a green run), so Hypothesis is derandomized by default: a
latent bug is found by whoever looks for it, not by whichever CI run happens to
draw it. To explore with fresh random examples, run
``HYPOTHESIS_PROFILE=explore pytest tests``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("fcourse", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fcourse"))
