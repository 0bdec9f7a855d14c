"""MISTAKE: A timeout is a failure, so try again: the notebook's starter.
"""




def decide(situation):
    return "RETRY_ONCE"

HINT = 'retried after SUCCEEDED'
