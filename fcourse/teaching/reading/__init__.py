"""Reading the text: turn words into things the policy can weigh, with no opinion about what to do.

Segmenting and stemming (``segmenter``, ``analysis``, ``lexicon``), numbers (``numbers``), dates and
clock times (``dates``, ``day_resolver``), Chinese glosses (``glosses``, CC-CEDICT), word and sentence
embeddings (``semantics``, ``sentences``, ``meaning``), places (``places``, ``locations``), what a
description says about its own tool (``documents``), what a parameter's schema says about itself
(``params``), where a negation reaches (``exclusion``), and the value finders that pick values of one
kind out of a text (``extract``, ``named_values``, ``freetext``, ``options``, ``proper_names``,
``value_labels``). The bottom layer: its modules import each other and general libraries only,
never ``deciding``, ``wording``, ``wire`` or the policy. Importing this package imports nothing;
heavy resources (jieba's dictionary, embeddings, the dictionary database) load on first use.
"""
