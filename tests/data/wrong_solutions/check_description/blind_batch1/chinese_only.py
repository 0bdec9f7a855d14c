"""MISTAKE: Writes the description only in Chinese, so English requests for an invoice find no words to match.
"""

my_description = "发送订单的发票、收据或账单给客户。当客户要发票、收据或账单时使用。"
