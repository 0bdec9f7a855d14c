"""MISTAKE: the key words are misspelled ("invioce", "reciept", "bil"), so the customers' words do not match the description.

An honest typo: the sentence reads fine to a person skimming it, but a model that matches
the description against the request finds none of the words customers use.
"""
my_description = ("Send the invioce or reciept for an order to the customer's email. "
                  "Use it when the customer asks for an invioce, a reciept or a bil for an order.")
