"""The teaching model: an offline, deterministic, OpenAI-compatible model (chapters 0-3).

Nothing is imported here (``import fcourse.teaching`` stays cheap). Four subpackages, one per stage of
the way a request travels, each importing only the ones above it in this list:

    reading/    reading the text: segmenting, numbers, dates, glosses, embeddings, value finders
    deciding/   stages 1-4: read the conversation, score the tools, choose the act, fill and check the
                arguments; and the ``Decision`` contract
    wording/    stage 5: word the reply, answer from tool results; the plain text model
    policy.py   the pipeline that joins them: ``decide(request) -> Decision``
    wire/       what the hosted API does around the model: the endpoint, request validation,
                response shaping, the in-process transport and the HTTP server

Each subpackage's ``__init__`` says what it holds and what it may import; ``tests/test_teaching_layout.py``
holds them to it.
"""
