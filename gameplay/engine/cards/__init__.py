"""The card scripts: one package per product (``core``, ``kings_of_the_sea``, ...) whose modules
register, as they are imported, the scripts of the cards whose text needs code, and the shared
vocabulary (``vocabulary/``) they are written in.

A product package imports the engine and the vocabulary, never another product
(tests/test_architecture.py). The one engine module that imports the products is
``gameplay/engine/scripts.py``; the printed card facts live below the rules in
``gameplay/engine/card_facts.py``.
"""
