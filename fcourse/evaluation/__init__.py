"""Chapter 3: why the model picks a tool — the evaluation harness and its case files."""
