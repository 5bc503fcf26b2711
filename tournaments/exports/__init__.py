"""Exports of an event: standings as CSV, the event as a JSON document, and importing it back.

``checks`` reads a document (nothing written), ``services`` writes and exports, ``views`` and
``urls`` serve them."""
