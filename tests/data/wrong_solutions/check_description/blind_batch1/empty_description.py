"""MISTAKE: Leaves the description empty, expecting the tool name send_invoice to be enough.
"""

my_description = ""
