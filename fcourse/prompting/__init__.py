"""Chapter 1: models only complete text — the prompt-hack JSON action and its parsers."""
