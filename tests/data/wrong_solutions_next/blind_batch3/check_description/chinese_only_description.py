"""MISTAKE: written only in Chinese (发票/收据/账单), because the second example request was Chinese.

The English requests ("Could you email me an invoice...", "I never got a bill...") must reach the
tool too; a description a reader can match only through a dictionary look-up is a gamble, and on
a provider whose tokenizer splits Chinese differently the English ones may not match at all.
"""
my_description = "给客户发送订单的发票、收据或账单。客户要发票、收据或账单时使用。"
