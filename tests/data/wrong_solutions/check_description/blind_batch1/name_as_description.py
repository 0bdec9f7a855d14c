"""MISTAKE: Repeats the tool's name as its description, so there is nothing for the model to match a request against.
"""

my_description = "send_invoice"
