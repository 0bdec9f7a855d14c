"""MISTAKE: Plain json.loads: the last duplicate wins, NaN and Infinity are read as floats.
"""


import json


def strict_loads(text):
    return json.loads(text)

HINT = 'a key twice in one object'
