"""The teaching model: an offline, deterministic, OpenAI-compatible model (chapters 0-3).

Nothing is imported here (``import fcourse.teaching`` stays cheap). Which module does what:

The protocol (chapter 2): what the hosted API does around the model
    endpoint       Chat Completions over plain Python: routes, ids, usage, streaming; ``explain``
    validation     the request body (fields, numbers, response_format, the ``fcourse`` extension)
    validation_messages / validation_tools / validation_common
                   the messages (roles, content, tool-call pairing); the tools and tool_choice;
                   the hosted API's error wording shared by the three
    transport / server   the in-process httpx transport; the classroom HTTP server
    decision       the contract between the endpoint and the policy (``Decision``)
    failure_modes  how a plain text model's JSON breaks (read by validation and text)

The policy (chapters 0-3): what the model says, as a five-stage pipeline
    policy         the pipeline: ``decide(request) -> Decision``
    conversation   1. read the conversation  -> ``Conversation``
    routing        2. score the tools        -> ``Routing`` (BM25 over tool descriptions)
    intents        3. choose the act         -> ``Act`` (answer, or which tools, in what order)
    filling        4. fill the arguments     -> ``Proposal`` (values, sources, what is missing)
    checking       4b. check them            -> ``Proposal`` (excluded / unstated values out, dates and
                   numbers normalised, the tool's JSON Schema obeyed; ask back otherwise)
    neighbours     4c. let the values decide -> between two close tools, the one the user's values fit
    wording        5. word the reply         -> ``Decision`` and its glass-box record
    text           the model without tools: prose, JSON in a prompt's format, its failure modes
    results        answering from tool results

Reading words (used by the stages)
    analysis / lexicon / places   stemming and segmentation; concepts; a small gazetteer
    arguments      what kind of value each parameter wants, and where it was found
    meaning        routing by meaning: alike words (embeddings) and Chinese glosses, named in the record
    documents / moves
                   (stage 2) what a description says about its own tool (not sentences that send the reader to
                   another one); a request for a new day, and the tools that take one
    exclusion / given_values / given_enums / value_labels / counting
                   (stage 4b) values the user excluded by a negation; values the user gave that the filler missed
                   (enum values said or meant, and the words a description gives each; which number counts what)
    semantics / glosses / segmenter / numbers / day_resolver
                   general resources: word embeddings (wordllama); CC-CEDICT; negation-safe jieba;
                   numbers in words and Chinese numerals; dates against a stated today
    extract / dates / named_values / freetext / options / params
                   value finders: shapes and patterns; dates and times; enum values and labels;
                   free text (a reason, a note); booleans named through a gloss or a hyphenated word;
                   what a parameter's schema says about itself
"""
