"""The "your turn" checkers, one module per exercise topic; each runs a learner's code on cases it has not shown."""
