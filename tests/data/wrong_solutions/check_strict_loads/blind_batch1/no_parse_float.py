"""MISTAKE: Refuses duplicate keys and NaN/Infinity but has no parse_float hook, so 1e999 silently becomes infinity.
"""
import json


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)
