"""Deciding: from a read conversation to a proposal - which act, which tool, which arguments.

The policy's stages 1-4: read the conversation (``conversation``), score the tools (``routing``, with
``agreement``, ``moves``, ``speech_acts``), choose the act (``intents``), fill the arguments
(``filling``, ``arguments``, ``choosing``) and check them (``checking``, with ``context_choice``,
``counting``, ``given_values``, ``given_enums``), and let the values decide between two close tools
<<<<<<< HEAD
(``neighbours``). For Structured Outputs it fills a response schema the same way (``schema_fill``, with
``response_schema``, ``result_values`` and ``schema_lists``). It also holds the contract the wire reads:
``decision`` (the ``Decision`` the policy returns) and ``failure_modes`` (how a text model's JSON may
break). It may import ``reading``, never ``wording``, ``wire`` or the policy. Importing this package
imports nothing.
=======
(``neighbours``). It also holds the contract the wire reads: ``decision`` (the ``Decision`` the policy
returns) and ``failure_modes`` (how a text model's JSON may break, and the opt-in ``obeys_tool_text``,
whose reading of tool text is ``tool_text``). It may import ``reading``, never
``wording``, ``wire`` or the policy. Importing this package imports nothing.
>>>>>>> issue37
"""
