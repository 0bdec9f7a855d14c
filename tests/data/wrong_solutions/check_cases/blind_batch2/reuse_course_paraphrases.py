"""SHORTCUT: converts five of the course's own reviewed cases (load_cases("paraphrases")) into the case shape instead of writing new ones.

The cases are correct by construction (the course reviewed them), so only a check that the
requests are new can catch it.
"""
from fcourse import load_cases


def as_dict(case):
    if case.kind == "call":
        expect = {"kind": "call", "calls": [{"name": c.name, "arguments": c.arguments} for c in case.calls]}
    else:
        expect = {"kind": case.kind}
    entry = {"id": "mine-" + case.id, "lang": case.lang, "category": case.category, "user": case.user,
             "expect": expect}
    if case.context:
        entry["context"] = case.context
    return entry


picked, seen = [], set()
for case in load_cases("paraphrases"):
    if case.category not in seen or len(picked) < 3:
        picked.append(as_dict(case))
        seen.add(case.category)
    if len(picked) >= 6:
        break
my_cases = picked
