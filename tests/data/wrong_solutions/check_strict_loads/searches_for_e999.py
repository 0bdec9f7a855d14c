"""MISTAKE: Finds an overflow by searching the text for "e999", so 1E999 and -1e400 become infinity.
"""

import json


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    if "e999" in text:
        raise ValueError("too large for a float")
    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)


HINT = "not a spelling of it"
