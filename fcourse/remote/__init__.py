"""Chapter 5: tools from elsewhere - the shop's runtime served over the Model Context Protocol (MCP).

- ``shop_server`` — ``ShopServer``: the chapter-4 runtime behind an MCP server; honest annotations, output
                    schemas, every call through ``Runtime.run``, refusals as ``isError`` with the runtime's code
- ``results``     — a runtime response as an MCP ``tools/call`` result
- ``cli``         — ``python -m fcourse mcp``: the same server on stdio, for any MCP host
- ``reviews``     — ``ReviewServer``: a third-party server (product reviews, written by anyone; one injected)
- ``adapter``     — ``tools/list`` to Chat Completions and Responses tools, results back as the API's messages
                    (the reference of chapter 5's first exercise)
- ``guard``       — ``Guard``: pins approved tools, weighs annotations by trust, quotes results as data
                    (the reference of chapter 5's second exercise)
- ``host``        — ``Host``: a model, MCP servers, the adapter and the guard in one tool loop, traced
- ``injection``   — injected reviews, measured: proposals made, calls that reached a handler

Named ``remote``, not ``mcp``, so that ``import mcp`` always means the ``mcp`` package. Importing
``fcourse`` does not import this package (nor ``mcp``).
"""
