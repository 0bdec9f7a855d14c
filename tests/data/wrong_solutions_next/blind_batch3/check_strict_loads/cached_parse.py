"""MISTAKE: memoises results with functools.lru_cache, so every call with the same text returns the same object.

Texts repeat (the same reply is parsed by several strategies), so the learner caches. The
caller that changes the dict it got back changes what the next caller gets: the exercise
says a new object on every call, keeping nothing between calls.
"""
import functools
import json
import math


@functools.lru_cache(maxsize=256)
def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
