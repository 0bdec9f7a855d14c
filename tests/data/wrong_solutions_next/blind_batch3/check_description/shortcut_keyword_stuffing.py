"""SHORTCUT: a bag of repeated keywords in three languages' worth of synonyms instead of a description.

It games a word-statistics reader (term frequency) rather than telling the model what the tool
does and when to use it; on a provider it reads as spam and says nothing about the tool's action.
"""
my_description = ("invoice invoice invoice receipt receipt receipt bill bill bill 发票 发票 发票 收据 收据 账单 账单 "
                  "Rechnung factura facture invoice receipt bill")
