"""The wire: what the hosted API does around a model, so the SDK cannot tell the difference.

``endpoint`` routes a request (Chat Completions, Responses, models, explain) and answers with the hosted
API's bodies and status codes; ``responses`` serves ``/v1/responses`` on the same policy, with
``responses_validation``, ``responses_items`` (input items, pairing by ``call_id``), ``responses_tools``,
``responses_shaping`` (output items, events) and ``responses_store`` (``previous_response_id``, one
namespace per client);
``validation`` and its helpers (``validation_messages``, ``validation_tools``, ``validation_common``)
check a request field by field with the hosted API's error wording;
``shaping`` turns the policy's ``Decision`` into a response body or a stream of chunks (ids, usage,
``finish_reason``); ``transport`` plugs the endpoint into an httpx2 client in-process, and ``server``
serves it over real HTTP on tornado, through ``handlers``, with the classroom's live view: ``room``
(who asked what, and which mistakes they hit), ``error_kinds`` (the table that reads an error reply's
kind) and ``room_page.html`` (the page). The top layer: it may import everything below it
(``fcourse.teaching.policy``, ``deciding``'s contract ``decision`` and ``failure_modes``), and nothing
below imports it. Importing this package imports nothing.
"""
