"""The "your turn" checkers, one module per exercise topic; each runs a learner's code on cases it has not shown,
then beside the reference on generated inputs (compare.py, generated.py), out of reach of the answers
(integrity.py)."""
