"""MISTAKE: describes a general "email the customer about their order" tool, including delivery updates and order status, so tracking requests drift to it.
"""
my_description = ("Email the customer anything about their order: the invoice, a receipt or a bill, "
                  "the order status, delivery updates and where the parcel is.")
