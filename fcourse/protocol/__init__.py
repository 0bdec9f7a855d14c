"""Chapter 2: the native tools protocol — the tool loop, the protocol linter, the transcript.

- ``loop``        the tool loop (rounds, round limit, concurrent calls matched by id, events)
- ``execute``     safe execution of one call (allow-list, parse, session values, schema; errors as results)
- ``lint``        the protocol linter: what the API will reject (or silently accept), before sending
- ``transcript``  the transcript inspector: a conversation as a table, results linked to their calls
- ``messages``    messages as the plain dicts that go over the wire
- ``scripted``    a scripted model behind the real SDK, for cases the teaching model cannot play
- ``legacy``      the June 2023 ``functions`` request rewritten into the November 2023 ``tools`` shape
- ``responses_loop``      the same loop on the Responses API (items, outputs by ``call_id``); tool menu converters
- ``scripted_responses``  the scripted model behind ``client.responses``
- ``shapes``      the round trip in three vendors' shapes (OpenAI Chat Completions, OpenAI Responses, Anthropic)
"""
