"""Wording: stage 5, what the model says - in the user's language, for a person.

``reply`` turns the earlier stages' records into the ``Decision`` (tool calls, a question back, or an
answer) and writes the decision record; ``results`` words an answer from ``role: "tool"`` results
(facts from the tool, wording from the model; a failure never as a success); ``text`` is the model
without tools (prose, JSON in a prompt's format and its failure modes), helped by ``text_templates``
(the JSON formats a prompt shows) and ``text_results`` (a result fed back as text); ``structured`` is
the reply in a response format (strict or not: schema-valid JSON or a refusal; JSON mode). It may import
``reading`` and ``deciding``, never ``wire`` or the policy. Importing this package imports nothing.
"""
