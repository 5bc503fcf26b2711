"""The search language of the card database.

``language`` parses a query into a plain syntax tree and ``rank`` says which name words rank
the results (both pure Python); ``sql`` compiles the tree into one Django ``Q`` over ``Card``.
"""
