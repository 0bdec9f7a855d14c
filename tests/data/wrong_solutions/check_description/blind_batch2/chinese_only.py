"""MISTAKE: written only in Chinese; English requests ("Could you email me an invoice", "never got a bill") must reach the tool too.

The learner saw that the Chinese examples failed and rewrote the description in Chinese,
forgetting that the same description is read against the English requests.
"""
my_description = "把订单的发票或收据发到顾客的邮箱。顾客要发票、收据或账单时使用。"
