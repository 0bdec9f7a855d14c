"""MISTAKE: Describes the mechanism (an email about an order) instead of what the tool sends, with none of the words customers use.
"""

my_description = "Email the customer a document about one of their orders."
