"""Chapter 1: models only complete text — the prompt-hack JSON action and its parsers.

- ``scan``   — locating JSON-looking objects in free text (no guessing)
- ``parse``  — ``parse_prompt_reply``: the naive, defensive and repair strategies
- ``loop``   — the prompt-hack loop, packaged (``run_prompt_hack``)
- ``demo``   — the chapter's tools, handlers and sweep questions
- ``sweep``  — many sampled replies, scored right / failed loudly / parsed but wrong
"""
