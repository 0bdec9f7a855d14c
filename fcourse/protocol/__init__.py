"""Chapter 2: the native tools protocol — the tool loop, the protocol linter, the transcript."""
