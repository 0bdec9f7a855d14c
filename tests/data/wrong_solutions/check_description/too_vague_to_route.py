"""MISTAKE: A description that too vague to route.
"""

my_description = 'Send a document about an order to the customer.'

HINT = 'in the words customers use'
