"""Cut odds: the chance of each player to make the top cut, estimated in the background.

``simulation`` is pure (plain data in and out); ``services`` asks, ``jobs`` does the work for
the Celery task in ``tasks``; ``selectors``, ``views`` and ``urls`` show it."""
