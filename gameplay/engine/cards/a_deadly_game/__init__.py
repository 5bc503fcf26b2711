"""Card scripts of A Deadly Game (w_21 to w_40), a chapter pack of the Secrets and Schemes
cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""
